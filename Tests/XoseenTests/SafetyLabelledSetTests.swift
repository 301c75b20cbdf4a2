import Foundation
import Testing
import Xoseen

/// The scanner measured on the labelled sets in `Resources/xoseen/safety` (the figures `make eval-safety`
/// prints), and the evaluation's own arithmetic and input errors.
@Suite struct SafetyLabelledSetTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/xoseen/safety")

    /// Overall floors one message under the figures `make eval-safety` measured on 2026-12-06 (docs/results.md):
    /// messages.jsonl P 1.000 R 0.994 (356 / 358), heldout.jsonl P 1.000 R 0.984 (123 / 125), heldout2.jsonl
    /// P 0.983 R 0.983 (59 / 60, one benign message blocked); benign blocked at most as many as measured.
    static let overallFloors: [String: (precision: Double, recall: Double, benignBlocked: Int)] = [
        "messages.jsonl": (0.99, 0.99, 0),
        "heldout.jsonl": (0.99, 0.975, 0),
        "heldout2.jsonl": (0.96, 0.965, 1),
    ]

    @Test(arguments: ["messages.jsonl", "heldout.jsonl", "heldout2.jsonl"])
    func shippedSetsMeetTheTargets(_ file: String) throws {
        let messages = try LabelledMessage.load(contentsOf: Self.directory.appendingPathComponent(file))
        #expect(messages.count >= 100)
        let evaluation = SafetyEvaluation(messages: messages, scanner: SafetyTesting.scanner)
        let mistakes = evaluation.mistakes.map {
            "\($0.message.category?.rawValue ?? "benign") → \($0.verdict): \($0.message.text)"
        }
        let floor = Self.overallFloors[file]!
        #expect(evaluation.overall.precision >= floor.precision, "\(mistakes.joined(separator: "\n"))")
        #expect(evaluation.overall.recall >= floor.recall, "\(mistakes.joined(separator: "\n"))")
        #expect(evaluation.benignBlocked <= floor.benignBlocked, "\(mistakes.joined(separator: "\n"))")
        for category in SafetyCategory.allCases {
            #expect(evaluation.byCategory[category]!.support > 0, "no \(category) messages in \(file)")
        }
    }

    /// Per-category floors one message under the figures measured with the learned classifier on 2026-12-03
    /// (docs/results.md): a change that costs more than a message per category fails here.
    static let floors: [String: [SafetyCategory: (precision: Double, recall: Double)]] = [
        "messages.jsonl": [
            .offPlatform: (0.98, 0.98), .moneyScam: (0.98, 0.98), .harassment: (0.98, 0.97),
            .sexualCoercion: (0.98, 0.98), .personalData: (0.98, 0.96),
        ],
        "heldout.jsonl": [
            .offPlatform: (0.96, 0.96), .moneyScam: (0.96, 0.88), .harassment: (0.96, 0.96),
            .sexualCoercion: (0.96, 0.92), .personalData: (0.96, 0.96),
        ],
        "heldout2.jsonl": [
            .offPlatform: (0.91, 0.83), .moneyScam: (0.91, 0.91), .harassment: (0.91, 0.91),
            .sexualCoercion: (0.91, 0.83), .personalData: (0.85, 0.91),
        ],
    ]

    @Test(arguments: ["messages.jsonl", "heldout.jsonl", "heldout2.jsonl"])
    func perCategoryFloors(_ file: String) throws {
        let messages = try LabelledMessage.load(contentsOf: Self.directory.appendingPathComponent(file))
        let evaluation = SafetyEvaluation(messages: messages, scanner: SafetyTesting.scanner)
        for (category, floor) in Self.floors[file]!.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let counts = evaluation.byCategory[category]!
            #expect(counts.precision >= floor.precision, "\(file) \(category) precision \(counts.precision)")
            #expect(counts.recall >= floor.recall, "\(file) \(category) recall \(counts.recall)")
        }
        #expect(evaluation.falsePositiveRate <= 0.02, "\(file) benign blocked \(evaluation.falsePositiveRate)")
    }

    /// The split `scripts/train-safety.py` computes for the same texts (two SHA-256 buckets; see
    /// ``LabelledMessage/split``): "message 39" was in the first split's test part, read case by case, so it is
    /// never in the new held-out part whatever its second bucket (15).
    @Test(arguments: [
        ("message 0", LabelledMessage.Split.train), ("message 1", .validation), ("message 10", .test),
        ("message 2", .train), ("message 16", .validation), ("message 39", .train),
    ])
    func splitMatchesTheTrainingScript(_ text: String, _ split: LabelledMessage.Split) {
        #expect(LabelledMessage(text: text, category: nil).split == split)
    }

    @Test func countsFollowTheDefinitions() throws {
        let messages = try LabelledMessage.parse(
            """
            {"text": "add me on snap: kev_22", "label": "off_platform"}
            {"text": "send me $300 please", "label": "off_platform"}
            {"text": "how was your day?", "label": "harassment"}
            {"text": "send nudes", "label": "benign"}

            {"text": "dinner's on me", "label": "benign"}
            """)
        #expect(messages.count == 5)
        let evaluation = SafetyEvaluation(messages: messages, scanner: SafetyTesting.scanner)
        // Overall: 2 of 3 risky blocked (any category), 1 benign blocked.
        #expect(evaluation.overall == SafetyEvaluation.Counts(truePositives: 2, falsePositives: 1, falseNegatives: 1))
        // Per category: the money message counts against off_platform's recall and money_scam's precision.
        #expect(
            evaluation.byCategory[.offPlatform] == SafetyEvaluation.Counts(truePositives: 1, falsePositives: 0, falseNegatives: 1)
        )
        #expect(
            evaluation.byCategory[.moneyScam] == SafetyEvaluation.Counts(truePositives: 0, falsePositives: 1, falseNegatives: 0))
        #expect(
            evaluation.byCategory[.harassment] == SafetyEvaluation.Counts(truePositives: 0, falsePositives: 0, falseNegatives: 1))
        #expect(
            evaluation.byCategory[.sexualCoercion]
                == SafetyEvaluation.Counts(truePositives: 0, falsePositives: 1, falseNegatives: 0))
        #expect(evaluation.mistakes.count == 3)
        #expect(abs(evaluation.overall.precision - 2.0 / 3.0) < 1e-9)
    }

    /// Benign-labelled messages blocked by policy (a phone number, whatever the label says) are counted by reason and
    /// left out of the second rate only; a false alarm of another reason stays in both.
    @Test func benignBlocksAreCountedByReason() throws {
        let messages = try LabelledMessage.parse(
            """
            {"text": "call me at 917 555 0142 tonight", "label": "benign", "source_dataset": "dialogue"}
            {"text": "send nudes", "label": "benign", "source_dataset": "dialogue"}
            {"text": "how was your day?", "label": "benign", "source_dataset": "dialogue"}
            {"text": "dinner's on me", "label": "benign", "source_dataset": "dialogue"}
            {"text": "you worthless piece of shit", "label": "risky", "category": "harassment"}
            """)
        let evaluation = SafetyEvaluation(messages: messages, scanner: SafetyTesting.scanner)
        #expect(evaluation.benignCount == 4)
        #expect(evaluation.benignBlocked == 2)
        #expect(evaluation.benignBlockedByReason["off_platform/phone_number"] == 1)
        #expect(evaluation.benignBlockedByReason.values.reduce(0, +) == 2)
        #expect(evaluation.benignBlockedByPolicy == 1)
        #expect(abs(evaluation.falsePositiveRate - 0.5) < 1e-9)
        #expect(abs(evaluation.falsePositiveRateWithoutPolicyBlocks - 1.0 / 3.0) < 1e-9)
        #expect(evaluation.benignBySource["dialogue"]?.blocked == 2)
    }

    @Test func unknownLabelsNameTheLine() {
        let input = """
            {"text": "hi", "label": "benign"}
            {"text": "hi", "label": "spam"}
            """
        #expect {
            _ = try LabelledMessage.parse(input)
        } throws: { error in
            guard let error = error as? LabelledMessage.FormatError else { return false }
            return error.line == 2 && error.message.contains("spam")
        }
    }

    @Test func malformedLinesNameTheLine() {
        #expect {
            _ = try LabelledMessage.parse("{\"text\": \"hi\", \"label\": \"benign\"}\nnot json")
        } throws: { error in
            (error as? LabelledMessage.FormatError)?.line == 2
        }
    }
}
