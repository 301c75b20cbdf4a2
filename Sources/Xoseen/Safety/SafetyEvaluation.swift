import COpenSSL
import Foundation

/// A message with the verdict a person gave it. Two formats, one a line:
/// - ours (`Resources/xoseen/safety/*.jsonl`): `{"text": "...", "label": "benign" | "off_platform" | …}`;
/// - the real labelled sets (`chat-safety.jsonl`): `{"text": "...", "label": "benign" | "risky",
///   "category": "hate" | "harassment" | …}`, the source category mapped by ``realCategories``.
public struct LabelledMessage: Sendable, Hashable, Codable {
    public var text: String
    /// nil for benign, and for what the chat allows by policy (untargeted profanity, `kind` "profanity").
    public var category: SafetyCategory?
    /// The label as written: our category name, "benign", or the real set's category ("hate", "spam"…), for
    /// per-kind recall.
    public var kind: String
    /// The real sets' `source_dataset` (nil in ours), for false-positive rates per source: "benign" means
    /// different things in different sources (EDOS "not sexist" posts may still be racist).
    public var source: String?

    public init(text: String, category: SafetyCategory?, kind: String? = nil, source: String? = nil) {
        self.text = text
        self.category = category
        self.kind = kind ?? category?.rawValue ?? Self.benignLabel
        self.source = source
    }

    public static let benignLabel = "benign"
    /// Real-set categories the chat lets through: swearing that targets nobody ("this fucking traffic") is how
    /// adults talk; aimed at the other person it is an insult and blocked (docs/xoseen-safety.md).
    public static let allowedKinds: Set<String> = ["profanity"]

    /// The real sets' categories as ours: abuse of a person or group is harassment, spam and scams are money_scam.
    public static let realCategories: [String: SafetyCategory] = [
        "hate": .harassment, "harassment": .harassment, "threat_violence": .harassment,
        "sexual_harassment": .harassment, "spam": .moneyScam, "spam_self_promotion": .moneyScam,
        "scam_fraud": .moneyScam,
    ]

    /// Whether the message is allowed by policy rather than benign (left out of precision, recall and FPR).
    public var isAllowedByPolicy: Bool { Self.allowedKinds.contains(kind) }

    /// The split fixed for the real sets (the same as `scripts/train-safety.py`). Two hashes of the text, first 8
    /// bytes of SHA-256 big-endian mod 100: `first` of the text alone (the first split, whose test part was read
    /// case by case and is now development data) and `second` of "xoseen-safety-2:" + text. Held-out test:
    /// `first` < 85 (never in the first test part) and `second` < 18; otherwise validation when `second` ≥ 80,
    /// else train. Identical texts always share a split.
    public enum Split: String, Sendable, CaseIterable {
        case train, validation, test
    }

    public var split: Split {
        let first = Self.bucket(Array(text.utf8))
        let second = Self.bucket(Array(("xoseen-safety-2:" + text).utf8))
        if first < 85 && second < 18 { return .test }
        return second >= 80 ? .validation : .train
    }

    private static func bucket(_ bytes: [UInt8]) -> UInt64 {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = SHA256(bytes, bytes.count, &digest)
        return digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 100
    }

    public struct FormatError: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Reads a JSON Lines file; blank lines are skipped, anything else malformed is an error naming the line.
    public static func load(contentsOf url: URL) throws -> [LabelledMessage] {
        let data = try Data(contentsOf: url)
        guard let text = String(data: data, encoding: .utf8) else {
            throw FormatError(line: 0, message: "the file is not UTF-8")
        }
        return try parse(text)
    }

    public static func parse(_ text: String) throws -> [LabelledMessage] {
        struct Line: Decodable {
            let text: String
            let label: String
            let category: String?
            let source_dataset: String?
        }
        var messages: [LabelledMessage] = []
        let decoder = JSONDecoder()
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let entry: Line
            do {
                entry = try decoder.decode(Line.self, from: Data(line.utf8))
            } catch {
                throw FormatError(line: offset + 1, message: "expected {\"text\": …, \"label\": …}")
            }
            if entry.label == benignLabel {
                messages.append(LabelledMessage(text: entry.text, category: nil, source: entry.source_dataset))
            } else if entry.label == "risky", let kind = entry.category {
                if allowedKinds.contains(kind) {
                    messages.append(LabelledMessage(text: entry.text, category: nil, kind: kind))
                } else if let category = realCategories[kind] {
                    messages.append(LabelledMessage(text: entry.text, category: category, kind: kind))
                } else {
                    throw FormatError(line: offset + 1, message: "unknown category '\(kind)'")
                }
            } else if let category = SafetyCategory(rawValue: entry.label) {
                messages.append(LabelledMessage(text: entry.text, category: category))
            } else {
                let known = ([benignLabel] + SafetyCategory.allCases.map(\.rawValue)).joined(separator: ", ")
                throw FormatError(line: offset + 1, message: "unknown label '\(entry.label)' (one of \(known))")
            }
        }
        return messages
    }
}

/// Precision, recall and F1 of the scanner on a labelled set. Overall, a risky message counts as found when it
/// is blocked, whatever the category; per category, by the category predicted.
public struct SafetyEvaluation: Sendable {
    public struct Counts: Sendable, Hashable {
        public var truePositives = 0
        public var falsePositives = 0
        public var falseNegatives = 0

        public init(truePositives: Int = 0, falsePositives: Int = 0, falseNegatives: Int = 0) {
            self.truePositives = truePositives
            self.falsePositives = falsePositives
            self.falseNegatives = falseNegatives
        }

        public var precision: Double {
            truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
        }
        public var recall: Double {
            truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
        }
        public var f1: Double {
            precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        }
        /// Messages with this label.
        public var support: Int { truePositives + falseNegatives }
    }

    public struct Mistake: Sendable, Hashable {
        public let message: LabelledMessage
        public let verdict: SafetyVerdict
    }

    public private(set) var overall = Counts()
    public private(set) var byCategory: [SafetyCategory: Counts] = [:]
    public private(set) var mistakes: [Mistake] = []
    public private(set) var benignCount = 0
    /// Benign messages blocked, any category.
    public private(set) var benignBlocked = 0
    /// By label as written (``LabelledMessage/kind``): messages and how many were blocked (any category).
    public private(set) var byKind: [String: (messages: Int, blocked: Int)] = [:]
    /// Benign messages of the real sets by source: messages and how many were blocked.
    public private(set) var benignBySource: [String: (messages: Int, blocked: Int)] = [:]
    /// Benign messages blocked, by the verdict's `category/reason`: how many false alarms each reason makes. A
    /// `harassment/slur` count on a real set is mostly labels that judged something else (EDOS judged sexism
    /// only: its "not sexist" posts include racist ones with slurs, which the chat blocks on purpose).
    public private(set) var benignBlockedByReason: [String: Int] = [:]

    /// Blocked share of benign messages.
    public var falsePositiveRate: Double { benignCount == 0 ? 0 : Double(benignBlocked) / Double(benignCount) }

    /// Reasons the chat blocks whatever a data set's label says: a listed slur, contact details or ID numbers, and
    /// a sender under 18 (DailyDialog's "benign" dialogues give phone numbers and addresses; EDOS's "not sexist"
    /// posts include racist slurs and a schoolboy asking for dating advice). Benign-labelled messages blocked for
    /// these are counted apart, beside the rate, never instead of it.
    public static let policyReasons: Set<String> = [
        "harassment/slur", "off_platform/phone_number", "off_platform/email_address", "off_platform/contact_handle",
        "personal_data/home_address", "personal_data/government_id", "personal_data/card_number",
        "sexual_coercion/underage",
    ]

    /// Benign-labelled messages blocked for one of ``policyReasons``.
    public var benignBlockedByPolicy: Int {
        benignBlockedByReason.filter { Self.policyReasons.contains($0.key) }.reduce(0) { $0 + $1.value }
    }

    /// The false-positive rate with the benign-labelled messages blocked by policy left out of both counts.
    public var falsePositiveRateWithoutPolicyBlocks: Double {
        let policy = benignBlockedByPolicy
        return benignCount - policy <= 0 ? 0 : Double(benignBlocked - policy) / Double(benignCount - policy)
    }

    public init(messages: [LabelledMessage], scanner: SafetyScanner) {
        for category in SafetyCategory.allCases { byCategory[category] = Counts() }
        for message in messages {
            let verdict = scanner.scan(message.text)
            let predicted = verdict.category
            byKind[message.kind, default: (0, 0)].messages += 1
            if verdict.isBlocked { byKind[message.kind, default: (0, 0)].blocked += 1 }
            guard !message.isAllowedByPolicy else { continue }
            if message.category == nil {
                benignCount += 1
                if case .blocked(let category, let reason) = verdict {
                    benignBlocked += 1
                    benignBlockedByReason["\(category.rawValue)/\(reason.rawValue)", default: 0] += 1
                }
                if let source = message.source {
                    benignBySource[source, default: (0, 0)].messages += 1
                    if verdict.isBlocked { benignBySource[source, default: (0, 0)].blocked += 1 }
                }
            }
            switch (message.category != nil, verdict.isBlocked) {
            case (true, true): overall.truePositives += 1
            case (false, true): overall.falsePositives += 1
            case (true, false): overall.falseNegatives += 1
            case (false, false): break
            }
            if predicted == message.category {
                if let predicted { byCategory[predicted]!.truePositives += 1 }
            } else {
                if let predicted { byCategory[predicted]!.falsePositives += 1 }
                if let label = message.category { byCategory[label]!.falseNegatives += 1 }
                mistakes.append(Mistake(message: message, verdict: verdict))
            }
        }
    }
}
