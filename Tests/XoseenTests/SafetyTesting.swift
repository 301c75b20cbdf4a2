import Foundation
import Testing
import Xoseen

/// The shipped scanner (rules and the learned classifier from `Resources/xoseen/safety`) for the safety tests.
enum SafetyTesting {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/xoseen").path
    static let scanner: SafetyScanner = {
        do {
            return try SafetyScanner(resourcesDirectory: resources)
        } catch {
            fatalError("the shipped safety classifier does not load: \(error)")
        }
    }()

    /// Expects the scanner's verdict on `text`, showing the evidence it found when the verdict differs.
    static func expect(
        _ text: String, gets expected: SafetyVerdict, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let verdict = scanner.scan(text)
        #expect(verdict == expected, "\(text) → \(verdict)\n\(scanner.explain(text))", sourceLocation: sourceLocation)
    }
}
