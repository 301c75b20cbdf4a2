import Foundation
import Xoseen

// `safety-eval [file.jsonl] [--verbose]`: precision, recall and F1 of the chat safety scanner on a labelled
// set (default: the shipped development set), per category and overall, and the scan time per message.
// Exit status 1 when the overall targets (precision ≥ 0.95, recall ≥ 0.90) are missed, 2 on bad input.

let arguments = CommandLine.arguments.dropFirst()
let verbose = arguments.contains("--verbose") || arguments.contains("-v")
let paths = arguments.filter { !$0.hasPrefix("-") }
let path = paths.first ?? "Resources/xoseen/safety/messages.jsonl"

let messages: [LabelledMessage]
do {
    messages = try LabelledMessage.load(contentsOf: URL(fileURLWithPath: path))
} catch {
    FileHandle.standardError.write(Data("safety-eval: \(path): \(error)\n".utf8))
    exit(2)
}
guard !messages.isEmpty else {
    FileHandle.standardError.write(Data("safety-eval: \(path): no messages\n".utf8))
    exit(2)
}

let scanner = SafetyScanner()
let evaluation = SafetyEvaluation(messages: messages, scanner: scanner)

func row(_ name: String, _ counts: SafetyEvaluation.Counts) -> String {
    let cells = [
        name.padding(toLength: 16, withPad: " ", startingAt: 0),
        String(format: "%9.3f %9.3f %9.3f", counts.precision, counts.recall, counts.f1),
        String(format: "%8d %5d %5d %5d", counts.support, counts.truePositives, counts.falsePositives,
               counts.falseNegatives),
    ]
    return cells.joined(separator: " ")
}

print("\(path): \(messages.count) messages, \(evaluation.benignCount) benign, "
    + "\(messages.count - evaluation.benignCount) risky")
print("category         precision    recall        f1  support    tp    fp    fn")
for category in SafetyCategory.allCases {
    print(row(category.rawValue, evaluation.byCategory[category]!))
}
print(row("overall", evaluation.overall))

// Timing: every message, several rounds, best round kept (the machine is shared).
var best = Double.infinity
var blocked = 0
for _ in 0..<25 {
    blocked = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for message in messages where scanner.scan(message.text).isBlocked { blocked += 1 }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
let bytes = messages.reduce(0) { $0 + $1.text.utf8.count }
print(String(format: "scan time: %.2f µs per message (mean over %d messages, %.0f bytes each; best of 25 rounds)",
             best * 1e6 / Double(messages.count), messages.count, Double(bytes) / Double(messages.count)))

if verbose {
    print("\nmisclassified (\(evaluation.mistakes.count)):")
    for mistake in evaluation.mistakes {
        let label = mistake.message.category?.rawValue ?? LabelledMessage.benignLabel
        let got: String
        switch mistake.verdict {
        case .allowed: got = "allowed"
        case .blocked(let category, let reason): got = "\(category.rawValue)/\(reason)"
        }
        print("  [\(label) → \(got)] \(mistake.message.text)")
        for line in scanner.explain(mistake.message.text) { print("      \(line)") }
    }
}

let met = evaluation.overall.precision >= 0.95 && evaluation.overall.recall >= 0.90
print(met ? "targets met (precision ≥ 0.95, recall ≥ 0.90)" : "targets MISSED (precision ≥ 0.95, recall ≥ 0.90)")
exit(met ? 0 : 1)
