import Foundation
import Testing
import Xoseen

/// The learned safety classifier: Swift scores what `scripts/train-safety.py` scored (same features, same
/// weights), a broken model file is refused, and verdicts are the same in separate processes.
@Suite struct LearnedSafetyModelTests {
    struct Fixture: Decodable {
        let text: String
        let scores: [String: Double]
    }

    @Test func swiftScoresMatchTheTrainingScript() throws {
        let url = URL(fileURLWithPath: SafetyTesting.resources + "/safety/classifier-fixtures.json")
        let fixtures = try JSONDecoder().decode([Fixture].self, from: Data(contentsOf: url))
        #expect(fixtures.count >= 8)
        for fixture in fixtures {
            let scores = SafetyTesting.scanner.model.scores(fixture.text)
            #expect(Set(scores.keys) == Set(fixture.scores.keys))
            for (name, expected) in fixture.scores {
                let got = scores[name] ?? .nan
                #expect(abs(got - expected) < 1e-9, "\(fixture.text): \(name) \(got) vs \(expected) in Python")
            }
        }
        // The fixtures are not all alike: the parity covers texts the model tells apart.
        let spread = fixtures.map { $0.scores["benign"] ?? 0 }
        #expect((spread.max() ?? 0) - (spread.min() ?? 0) > 0.5)
    }

    /// The validation figures the training script recorded for the shipped model (learned half alone, thresholds
    /// chosen there) hold the claims of docs/xoseen-safety.md: a retrained model that blocks more benign messages
    /// or finds less hate, spam or threats than the one documented fails here. (The real data is not needed:
    /// the figures are in `classifier.json`.)
    @Test func shippedModelKeepsItsValidationClaims() throws {
        struct Recorded: Decodable {
            struct Figures: Decodable { let validation: [String: Double] }
            let figures: Figures
            let thresholds: [String: Double]
        }
        let url = URL(fileURLWithPath: SafetyTesting.resources + "/safety/classifier.json")
        let recorded = try JSONDecoder().decode(Recorded.self, from: Data(contentsOf: url))
        let validation = recorded.figures.validation
        #expect(Set(recorded.thresholds.keys) == ["harassment", "money_scam"])
        #expect((validation["benign_fpr"] ?? 1) <= 0.0065)
        #expect((validation["recall_hate"] ?? 0) >= 0.23)
        #expect((validation["recall_threat_violence"] ?? 0) >= 0.21)
        #expect((validation["recall_spam"] ?? 0) >= 0.92)
        #expect((validation["recall_spam_self_promotion"] ?? 0) >= 0.87)
    }

    @Test func truncatedWeightsAreRefused() throws {
        let directory = NSTemporaryDirectory() + "safety-model-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = SafetyTesting.resources + "/safety/"
        try FileManager.default.copyItem(
            atPath: source + LearnedSafetyModel.metadataFile,
            toPath: directory + "/" + LearnedSafetyModel.metadataFile)
        let weights = try Data(contentsOf: URL(fileURLWithPath: source + LearnedSafetyModel.weightsFile))
        try weights.prefix(weights.count / 2).write(to: URL(fileURLWithPath: directory + "/" + LearnedSafetyModel.weightsFile))
        #expect(throws: LearnedSafetyModel.LoadError.self) { try LearnedSafetyModel(directory: directory) }
        #expect(throws: LearnedSafetyModel.LoadError.self) { try LearnedSafetyModel(directory: directory + "/missing") }
    }

    /// Swift seeds its hashing per process, so dictionary order differs between runs: two `safety-eval`
    /// processes must still give every message the same verdict and reason, and the same as this process.
    @Test func verdictsAreTheSameInSeparateProcesses() throws {
        let file = SafetyTesting.resources + "/safety/messages.jsonl"
        func run() throws -> [String] {
            let process = Process()
            process.executableURL = Self.binary("safety-eval")
            process.arguments = [file, "--verdicts", "--resources", SafetyTesting.resources]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let first = try run()
        let second = try run()
        let messages = try LabelledMessage.load(contentsOf: URL(fileURLWithPath: file))
        #expect(first.count == messages.count)
        #expect(first == second)
        let here = messages.map { message -> String in
            switch SafetyTesting.scanner.scan(message.text) {
            case .allowed: "allowed"
            case .blocked(let category, let reason): "\(category.rawValue)/\(reason)"
            }
        }
        #expect(first == here)
    }

    /// A message with evidence for two reasons of equal weight in one category gets the same reason whatever
    /// order the evidence is found in.
    @Test(arguments: ["you're a stupid slut, I'll hurt you", "I'll hurt you, you're a stupid slut"])
    func tiesBetweenReasonsAreBrokenByName(_ text: String) {
        let verdict = SafetyTesting.scanner.scan(text)
        #expect(verdict.category == .harassment)
        #expect(verdict == SafetyTesting.scanner.scan("I'll hurt you, you're a stupid slut"))
    }

    static func binary(_ name: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }
}
