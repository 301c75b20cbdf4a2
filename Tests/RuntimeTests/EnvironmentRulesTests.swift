import Foundation
import Runtime
import Testing

/// A bad setting is a start-up error naming it: the rules, and the real executable refusing.
@Suite struct EnvironmentRulesTests {
    @Test(arguments: [
        ("JARVIS_MAX_FEEDS", "5O0"), ("JARVIS_SAMPLE_FEEDS", "yes"), ("HTTP_IDLE_TIMEOUT_SEC", "0"),
        ("HTTP_WEBSOCKET_THREADS", "65"), ("JARVIS_MAX_FEEDS_PER_HOST", "-1"),
    ])
    func jarvisRefusesABadValueNamingIt(_ name: String, _ value: String) throws {
        #expect(throws: UsageError.self) { try EnvironmentRules.check(EnvironmentRules.rules(for: "jarvis"), in: [name: value]) }
        do {
            try EnvironmentRules.check(EnvironmentRules.rules(for: "jarvis"), in: [name: value])
        } catch {
            #expect(error.message.hasPrefix(name + ":"))
        }
    }

    @Test(arguments: [
        ("JARVIS_PAGE_FETCH", "on"), ("JARVIS_PAGE_MAX_BYTES", "0"), ("JARVIS_PAGE_CONCURRENCY", "four"),
        ("JARVIS_PAGE_PER_HOST", "5"), ("JARVIS_PAGE_SPACING_MS", "-1"), ("JARVIS_CLUSTER_BODY_CHARS", "0"),
    ])
    func jarvisPageAndClusteringSettingsAreCheckedToo(_ name: String, _ value: String) throws {
        do {
            try EnvironmentRules.check(EnvironmentRules.rules(for: "jarvis"), in: [name: value])
            Issue.record("\(name)=\(value) was accepted")
        } catch {
            #expect(error.message.hasPrefix(name + ":"))
        }
        try EnvironmentRules.check(EnvironmentRules.rules(for: "xoseen"), in: [name: value])
    }

    @Test func goodValuesAndOtherProductsPass() throws {
        try EnvironmentRules.check(
            EnvironmentRules.rules(for: "jarvis"),
            in: [
                "JARVIS_MAX_FEEDS": " 500 ", "JARVIS_SAMPLE_FEEDS": "1",
                "XOSEEN_CHAT_RATE": "nope",
            ])
        try EnvironmentRules.check(
            EnvironmentRules.rules(for: "xoseen"), in: ["XOSEEN_CHAT_RATE": "0.5", "XOSEEN_PROMOTION_MARGIN": "0"])
        #expect(throws: UsageError.self) {
            try EnvironmentRules.check(EnvironmentRules.rules(for: "xoseen"), in: ["XOSEEN_CHAT_RATE": "0"])
        }
        #expect(throws: UsageError.self) {
            try EnvironmentRules.check(EnvironmentRules.rules(for: "xoseen"), in: ["XOSEEN_CHAT_RATE": "nan"])
        }
    }

    @Test func theExecutableExitsWith64AndNamesTheVariable() throws {
        let process = Process()
        process.executableURL = ExecutableTests.binary("jarvis")
        process.arguments = ["serve", "--port", "0", "--data-dir", NSTemporaryDirectory() + "env-\(UUID().uuidString)"]
        var environment = ProcessInfo.processInfo.environment
        environment["JARVIS_MAX_FEEDS"] = "lots"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains(
                "JARVIS_MAX_FEEDS: 'lots'"))
    }
}
