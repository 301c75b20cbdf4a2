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

    /// The sentence encoder's WordPiece vocabulary (`scripts/setup.sh` fetches it): its whole lower-case words
    /// are about 22,000 common English words, which a rule word, its slips or its splits must not read as.
    static let commonWords: [String] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("third_party/sentence-model/vocab.txt").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { word in
            !word.isEmpty && word.allSatisfy { $0.isASCII && $0.isLowercase }
        }
    }()

    /// ``commonWords``, failing the test when the vocabulary is missing.
    static func requireCommonWords(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try #require(
            commonWords.count > 20_000, "third_party/sentence-model/vocab.txt is missing: run scripts/setup.sh",
            sourceLocation: sourceLocation)
        return commonWords
    }

    /// Expects the scanner's verdict on `text`, showing the evidence it found when the verdict differs.
    static func expect(
        _ text: String, gets expected: SafetyVerdict, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let verdict = scanner.scan(text)
        #expect(verdict == expected, "\(text) → \(verdict)\n\(scanner.explain(text))", sourceLocation: sourceLocation)
    }
}
