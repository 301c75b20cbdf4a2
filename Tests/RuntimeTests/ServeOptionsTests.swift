import Logging
import Runtime
import Testing

@Suite struct ServeOptionsTests {
    let defaults = ServeOptions(port: 8080)

    @Test func defaultsWhenNothingIsGiven() throws {
        let options = try ServeOptions.parse([], product: "jarvis", defaults: defaults, environment: [:])
        #expect(options.port == 8080)
        #expect(options.host == "0.0.0.0")
        #expect(options.dataDirectory == "./data")
    }

    @Test func environmentOverridesDefaultsAndFlagsOverrideEnvironment() throws {
        let environment = ["JARVIS_PORT": "9000", "JARVIS_DATA_DIR": "/tmp/env", "LOG_LEVEL": "debug", "XOSEEN_PORT": "1"]
        let fromEnvironment = try ServeOptions.parse([], product: "jarvis", defaults: defaults, environment: environment)
        #expect(fromEnvironment.port == 9000)
        #expect(fromEnvironment.dataDirectory == "/tmp/env")
        #expect(fromEnvironment.logLevel == .debug)
        let fromFlags = try ServeOptions.parse(
            ["--port", "9100", "--data-dir=/tmp/flag", "--threads", "3"], product: "jarvis",
            defaults: defaults, environment: environment)
        #expect(fromFlags.port == 9100)
        #expect(fromFlags.dataDirectory == "/tmp/flag")
        #expect(fromFlags.threads == 3)
    }

    @Test(arguments: [
        ["--port", "70000"], ["--port"], ["--threads", "0"], ["--log-level", "loud"], ["--bogus"], ["--port", "abc"],
    ])
    func badInputIsAUsageError(_ arguments: [String]) {
        #expect(throws: UsageError.self) {
            try ServeOptions.parse(arguments, product: "jarvis", defaults: defaults, environment: [:])
        }
    }

    @Test func badEnvironmentIsAUsageErrorNamingTheVariable() {
        #expect(throws: UsageError("JARVIS_PORT: 'eighty' is not a port (0-65535)")) {
            try ServeOptions.parse([], product: "jarvis", defaults: defaults, environment: ["JARVIS_PORT": "eighty"])
        }
    }

    @Test func passthroughFlagsAreSkipped() throws {
        let options = try ServeOptions.parse(
            ["--static-dir", "/x", "--port", "1"], product: "bench", defaults: defaults,
            passthrough: ["--static-dir"], environment: [:])
        #expect(options.port == 1)
    }
}
