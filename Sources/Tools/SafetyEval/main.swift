import Foundation
import Xoseen

// `safety-eval [file.jsonl …] [--split train|validation|test] [--resources DIR] [--verbose]`: precision,
// recall and F1 of the chat safety scanner on labelled sets (default: the shipped development set), per
// category and overall, the benign false-positive rate, recall per label as written (the real sets' "hate",
// "spam"…), and the scan time per message (mean and p99). Reads our format and the real sets' format
// (`../shared/data/chat-safety.jsonl`); `--split` keeps only that part of the fixed hash split (the one
// `scripts/train-safety.py` trained and calibrated on: report `--split test`).
// `--verdicts` prints only each message's verdict ("allowed" or "category/reason"), one a line, in file order:
// the determinism test compares two processes' outputs.
// Exit status 1 when the overall targets (precision ≥ 0.95, recall ≥ 0.90) are missed, 2 on bad input.

let arguments = Array(CommandLine.arguments.dropFirst())
let verbose = arguments.contains("--verbose") || arguments.contains("-v")
let verdictsOnly = arguments.contains("--verdicts")
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let splitName = option("--split")
let resources = option("--resources") ?? "Resources/xoseen"
let optionValues = Set([splitName, option("--resources")].compactMap { $0 })
let paths = arguments.filter { !$0.hasPrefix("-") && !optionValues.contains($0) }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("safety-eval: \(message)\n".utf8))
    exit(2)
}

var split: LabelledMessage.Split?
if let splitName {
    guard let value = LabelledMessage.Split(rawValue: splitName) else { fail("--split: one of train, validation, test") }
    split = value
}
let scanner: SafetyScanner
do {
    scanner = try SafetyScanner(resourcesDirectory: resources)
} catch {
    fail("\(error)")
}

var allMet = true
for path in paths.isEmpty ? ["Resources/xoseen/safety/messages.jsonl"] : paths {
    var messages: [LabelledMessage]
    do {
        messages = try LabelledMessage.load(contentsOf: URL(fileURLWithPath: path))
    } catch {
        fail("\(path): \(error)")
    }
    if let split { messages = messages.filter { $0.split == split } }
    guard !messages.isEmpty else { fail("\(path): no messages") }
    if verdictsOnly {
        for message in messages { print(describe(scanner.scan(message.text))) }
        continue
    }
    if !evaluate(path: path, messages: messages) { allMet = false }
}
exit(allMet ? 0 : 1)

func describe(_ verdict: SafetyVerdict) -> String {
    switch verdict {
    case .allowed: "allowed"
    case .blocked(let category, let reason): "\(category.rawValue)/\(reason)"
    }
}

func row(_ name: String, _ counts: SafetyEvaluation.Counts) -> String {
    let cells = [
        name.padding(toLength: 16, withPad: " ", startingAt: 0),
        String(format: "%9.3f %9.3f %9.3f", counts.precision, counts.recall, counts.f1),
        String(
            format: "%8d %5d %5d %5d", counts.support, counts.truePositives, counts.falsePositives,
            counts.falseNegatives),
    ]
    return cells.joined(separator: " ")
}

@MainActor func evaluate(path: String, messages: [LabelledMessage]) -> Bool {
    let evaluation = SafetyEvaluation(messages: messages, scanner: scanner)
    let policy = messages.filter(\.isAllowedByPolicy).count
    print(
        "\(path)\(split.map { " [\($0.rawValue) split]" } ?? ""): \(messages.count) messages, "
            + "\(evaluation.benignCount) benign, \(messages.count - evaluation.benignCount - policy) risky"
            + (policy > 0 ? ", \(policy) allowed by policy" : ""))
    print("category         precision    recall        f1  support    tp    fp    fn")
    for category in SafetyCategory.allCases {
        print(row(category.rawValue, evaluation.byCategory[category]!))
    }
    print(row("overall", evaluation.overall))
    print(
        String(
            format: "benign false-positive rate: %.4f (%d of %d blocked)", evaluation.falsePositiveRate,
            evaluation.benignBlocked, evaluation.benignCount))
    if !evaluation.benignBySource.isEmpty { print("benign blocked by source:") }
    for (source, counts) in evaluation.benignBySource.sorted(by: { $0.key < $1.key }) {
        print(
            String(
                format: "  %@ %6d messages, %6.4f blocked", source.padding(toLength: 44, withPad: " ", startingAt: 0),
                counts.messages, Double(counts.blocked) / Double(max(counts.messages, 1))))
    }
    if !evaluation.benignBlockedByReason.isEmpty { print("benign blocked by reason:") }
    for (reason, count) in evaluation.benignBlockedByReason.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
        print("  \(reason.padding(toLength: 44, withPad: " ", startingAt: 0)) \(count)")
    }
    if evaluation.benignBlockedByPolicy > 0 {
        print(
            String(
                format: "benign false-positive rate without the %d benign-labelled messages blocked by policy "
                    + "(slur, contact details, ID numbers, a minor): %.4f",
                evaluation.benignBlockedByPolicy, evaluation.falsePositiveRateWithoutPolicyBlocks))
    }
    print("blocked by label as written (any category):")
    for (kind, counts) in evaluation.byKind.sorted(by: { $0.key < $1.key }) {
        let note = LabelledMessage.allowedKinds.contains(kind) ? "  (allowed by policy)" : ""
        print(
            String(
                format: "  %@ %6d messages, %6.3f blocked%@", kind.padding(toLength: 20, withPad: " ", startingAt: 0),
                counts.messages, Double(counts.blocked) / Double(max(counts.messages, 1)), note))
    }

    // Timing: every message timed alone, several rounds, each message's fastest round kept (the machine is
    // shared); mean and 99th percentile over messages.
    var fastest = [UInt64](repeating: .max, count: messages.count)
    let rounds = messages.count > 5000 ? 3 : 10
    for _ in 0..<rounds {
        for (index, message) in messages.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = scanner.scan(message.text)
            fastest[index] = min(fastest[index], DispatchTime.now().uptimeNanoseconds - start)
        }
    }
    let sorted = fastest.sorted()
    let p99 = Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]) / 1000
    let mean = Double(fastest.reduce(0, +)) / Double(fastest.count) / 1000
    let bytes = messages.reduce(0) { $0 + $1.text.utf8.count }
    print(
        String(
            format: "scan time: mean %.1f µs, p99 %.1f µs per message (%d messages, %.0f bytes each; fastest of %d rounds)",
            mean, p99, messages.count, Double(bytes) / Double(messages.count), rounds))

    if verbose {
        print("\nmisclassified (\(evaluation.mistakes.count)):")
        for mistake in evaluation.mistakes {
            let got = describe(mistake.verdict)
            print("  [\(mistake.message.kind) → \(got)] \(mistake.message.text.prefix(300))")
            for line in scanner.explain(mistake.message.text) { print("      \(line)") }
        }
    }

    let met = evaluation.overall.precision >= 0.95 && evaluation.overall.recall >= 0.90
    print(met ? "targets met (precision ≥ 0.95, recall ≥ 0.90)\n" : "targets MISSED (precision ≥ 0.95, recall ≥ 0.90)\n")
    return met
}
