import Foundation
import Testing

@testable import Jarvis

/// Field-level conformance: each `Fixtures/expected/NAME.json` names a fixture `Fixtures/feeds/NAME.*`
/// and the values its `jarvis parse` JSON (`FeedParseReport`) must hold. Only the keys written in
/// the expected file are compared (objects key by key, arrays element by element and of equal
/// length), so each file states what its fixture is about. An optional `"given": {"contentType": …}`
/// is the HTTP `Content-Type` the document is parsed with. `scripts/check-parse-conformance.py`
/// runs the same files through the `jarvis parse` binary.
struct FeedConformanceTests {
    static let expectedDirectory = FeedCorpusTests.fixtures.deletingLastPathComponent().appendingPathComponent("expected")

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var testDescription: String { name }
    }

    static var cases: [Case] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: expectedDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { Case(name: String($0.dropLast(5))) }
    }

    /// The fixture a check names (same base name, any extension).
    static func fixture(named name: String) throws -> URL {
        let files = try FileManager.default.contentsOfDirectory(atPath: FeedCorpusTests.fixtures.path)
        let file = try #require(files.first { ($0 as NSString).deletingPathExtension == name }, "no fixture for \(name)")
        return FeedCorpusTests.fixtures.appendingPathComponent(file)
    }

    @Test func thereAreChecks() {
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: cases) func fixtureMatchesExpectedFields(_ check: Case) throws {
        let expectedData = try Data(contentsOf: Self.expectedDirectory.appendingPathComponent(check.name + ".json"))
        var expected = try #require(try JSONSerialization.jsonObject(with: expectedData) as? [String: Any])
        let given = expected.removeValue(forKey: "given") as? [String: Any]
        let document = try Data(contentsOf: try Self.fixture(named: check.name))
        let feed = try FeedParser.parse(
            data: document, baseURL: FeedCorpusTests.feedURL,
            contentType: given?["contentType"] as? String, now: FeedCorpusTests.now)
        let actual = try JSONSerialization.jsonObject(with: try FeedParseReport(feed).json())
        let differences = Self.differences(expected: expected, actual: actual, path: "")
        #expect(differences.isEmpty, "\(check.name):\n\(differences.joined(separator: "\n"))")
    }

    /// Every place where `actual` does not hold what `expected` says, as "path: expected … got …".
    static func differences(expected: Any, actual: Any, path: String) -> [String] {
        switch (expected, actual) {
        case (let e as [String: Any], let a as [String: Any]):
            return e.keys.sorted().flatMap { key -> [String] in
                guard let value = a[key] else { return ["\(path).\(key): missing"] }
                return differences(expected: e[key]!, actual: value, path: "\(path).\(key)")
            }
        case (let e as [Any], let a as [Any]):
            guard e.count == a.count else { return ["\(path): \(e.count) elements expected, got \(a.count)"] }
            return zip(e, a).enumerated().flatMap { differences(expected: $1.0, actual: $1.1, path: "\(path)[\($0)]") }
        default:
            return isEqual(expected, actual) ? [] : ["\(path): expected \(describe(expected)), got \(describe(actual))"]
        }
    }

    private static func isEqual(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (is NSNull, is NSNull): return true
        case (let x as String, let y as String): return x == y
        case (let x as NSNumber, let y as NSNumber): return x == y
        default: return false
        }
    }

    private static func describe(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let s = value as? String { return s.debugDescription }
        return "\(value)"
    }
}
