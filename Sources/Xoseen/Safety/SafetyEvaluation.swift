import Foundation

/// A message with the verdict a person gave it: the format of `Resources/xoseen/safety/*.jsonl`
/// (`{"text": "...", "label": "benign" | "off_platform" | …}`, one a line).
public struct LabelledMessage: Sendable, Hashable, Codable {
    public var text: String
    /// nil for benign.
    public var category: SafetyCategory?

    public init(text: String, category: SafetyCategory?) {
        self.text = text
        self.category = category
    }

    public static let benignLabel = "benign"

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
                messages.append(LabelledMessage(text: entry.text, category: nil))
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

    public init(messages: [LabelledMessage], scanner: SafetyScanner = SafetyScanner()) {
        for category in SafetyCategory.allCases { byCategory[category] = Counts() }
        for message in messages {
            let verdict = scanner.scan(message.text)
            let predicted = verdict.category
            if message.category == nil { benignCount += 1 }
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
