import ClusterTesting
import Foundation
import HTTPTesting
import Testing

/// The learned ranker's registry across instances: a model trained and promoted by one instance's
/// trainer serves on another whose data directory never held the model file, and promotions and
/// rollbacks from an operator's shell reach every instance.
extension XoseenClusterTests {
    static func health(_ instance: ProductInstance) async throws -> [String: Any] {
        let response = try await HTTPTestClient(port: instance.port).get("/ml/health")
        return (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    /// Polls `/ml/health` until `done` holds or `timeout` passes; returns the last answer.
    static func health(
        _ instance: ProductInstance, within timeout: Duration, until done: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        var last = try await health(instance)
        while !done(last) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(250))
            last = try await health(instance)
        }
        return last
    }

    /// `xoseen COMMAND…` as an operator runs it from a shell on a third machine (its own data directory).
    static func operatorCommand(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("xoseen")
        let shell = NSTemporaryDirectory() + "xoseen-shell-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: shell) }
        process.arguments = arguments + ["--data-dir", shell]
        process.environment = environment.merging(["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]) { $1 }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aModelPromotedOnOneInstanceServesOnTheOther() async throws {
        let environment = try Self.environment([:])
        let base = NSTemporaryDirectory() + "xoseen-cluster-\(UUID().uuidString.prefix(8))"
        // A loads the seed population and trains on it; B never trains, so no model file reaches its directory.
        let a = try ProductInstance(
            "xoseen", dataDirectory: base + "/a",
            environment: environment.merging(["XOSEEN_SEED_COUNT": "400", "XOSEEN_TRAIN_INTERVAL_SEC": "3"]) { $1 })
        let b = try ProductInstance(
            "xoseen", dataDirectory: base + "/b", environment: environment.merging(["XOSEEN_TRAIN_INTERVAL_SEC": "0"]) { $1 })
        defer { b.stop() }

        let onA = try await Self.health(a, within: .seconds(180)) { $0["servingRanker"] as? String == "learned" }
        a.stop()  // no further training runs; B must now serve from the database alone
        let version = try #require(onA["modelVersion"] as? String, "A's trainer promoted nothing: \(onA)")
        #expect(version.hasPrefix("v"))
        #expect(!FileManager.default.fileExists(atPath: base + "/b/models/\(version).json"))
        let onB = try await Self.health(b, within: .seconds(30)) { $0["modelVersion"] as? String == version }
        #expect(onB["servingRanker"] as? String == "learned", "B must serve A's \(version): \(onB)")
        #expect(onB["modelVersion"] as? String == version)

        // A rollback to the rules, then a half rollout of the model, each from an operator's shell.
        #expect(try Self.operatorCommand(["rules"], environment: environment) == 0)
        let rules = try await Self.health(b, within: .seconds(30)) { $0["servingRanker"] as? String == "rule_based" }
        #expect(rules["modelVersion"] as? String == "rules-v1", "\(rules)")
        #expect(try Self.operatorCommand(["promote", version, "0.5"], environment: environment) == 0)
        let rollout = try await Self.health(b, within: .seconds(30)) { $0["servingRanker"] as? String == "rollout" }
        #expect(rollout["modelVersion"] as? String == version && rollout["rolloutPct"] as? Double == 0.5, "\(rollout)")
    }
}
