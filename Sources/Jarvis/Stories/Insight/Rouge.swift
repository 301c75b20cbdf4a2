import Foundation

/// ROUGE-1 (Lin 2004): unigram overlap between a candidate summary and a reference, with
/// clipped counts, on lower-cased words (letters and digits; no stemming, stop words kept,
/// as in the original ROUGE-1.5.5 defaults). Shared with the evaluation harness.
public enum Rouge {
    public struct Scores: Sendable, Equatable {
        public var recall: Double
        public var precision: Double
        public var f1: Double
    }

    public static func rouge1(candidate: String, reference: String) -> Scores {
        let c = counts(candidate)
        let r = counts(reference)
        let overlap = r.reduce(0) { $0 + min($1.value, c[$1.key] ?? 0) }
        let cTotal = c.values.reduce(0, +)
        let rTotal = r.values.reduce(0, +)
        let recall = rTotal == 0 ? 0 : Double(overlap) / Double(rTotal)
        let precision = cTotal == 0 ? 0 : Double(overlap) / Double(cTotal)
        let f1 = recall + precision == 0 ? 0 : 2 * recall * precision / (recall + precision)
        return Scores(recall: recall, precision: precision, f1: f1)
    }

    /// Share of the reference's words that the candidate contains.
    public static func unigramRecall(candidate: String, reference: String) -> Double {
        rouge1(candidate: candidate, reference: reference).recall
    }

    public static func unigramPrecision(candidate: String, reference: String) -> Double {
        rouge1(candidate: candidate, reference: reference).precision
    }

    public static func f1(candidate: String, reference: String) -> Double {
        rouge1(candidate: candidate, reference: reference).f1
    }

    /// Lower-cased runs of letters and digits ("27.5%" → "27", "5"; as ROUGE's tokenizer does).
    public static func tokens(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    private static func counts(_ text: String) -> [String: Int] {
        var result: [String: Int] = [:]
        for token in tokens(text) { result[token, default: 0] += 1 }
        return result
    }
}
