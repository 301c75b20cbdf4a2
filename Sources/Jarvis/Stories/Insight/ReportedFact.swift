import Foundation

/// Whether a sentence reports something sources can share (who did what, a figure, a decision) or voices a
/// view. Consensus is only ever a reported fact: a leader's "… is therefore welcome — and fragile" or a
/// columnist's "we should …" is not something two outlets *agree on*, even when both print it.
enum ReportedFact {
    /// Words and phrases that mark judgement, advice or the writer's own voice.
    private static let markers: [String] = [
        "i", "we", "our", "us", "my", "me", "you", "your",
        "i'm", "i've", "i'd", "i'll", "we're", "we've", "we'd", "we'll", "you're", "you've", "you'd", "you'll",
        "should", "must", "ought", "shouldn't", "mustn't",
        "welcome", "welcomed news", "fragile", "therefore", "thus", "clearly", "obviously", "arguably", "surely",
        "of course", "unfortunately", "fortunately", "hopefully", "sadly", "thankfully", "regrettably",
        "shameful", "disgrace", "disgraceful", "outrageous", "absurd", "ridiculous", "brilliant", "terrible",
        "wonderful", "remarkable", "deserves", "deserve", "a mistake", "foolish", "reckless", "misguided",
        "good news", "bad news", "it is time", "it's time", "in my view", "in our view", "opinion", "editorial",
        "needs to", "need to", "has to be", "have to be", "let us", "let's",
        "indeed", "appears to", "appear to", "seems to", "seem to", "maybe", "perhaps", "probably", "likely",
    ]

    private static let single: Set<String> = Set(markers.filter { !$0.contains(" ") })
    private static let phrases: [String] = markers.filter { $0.contains(" ") }

    static func isOpinion(_ sentence: String) -> Bool {
        let trimmed = sentence.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first, let last = trimmed.last else { return false }
        if last == "?" || last == "!" { return true }
        // A sentence that opens with a quotation is someone's words, not the sources' shared report.
        if "\"“‘'".contains(first) { return true }
        // Half a quotation (the sentence splitter cut it, or it closes one opened before): someone's words.
        if unbalancedQuotes(trimmed) { return true }
        let lower = trimmed.lowercased()
        let words = lower.split { !($0.isLetter || $0 == "'" || $0 == "’") }.map { $0.replacingOccurrences(of: "’", with: "'") }
        // No subject, a negated verb first: a post's or a speaker's aside ("Didn’t know he was the head of the Mob."),
        // or an order ("Don't go.").
        if let first = words.first, first.hasSuffix("n't") { return true }
        // "US" is a country, not the pronoun.
        let usAsCountry = trimmed.contains("US") || trimmed.contains("U.S.")
        for word in words where single.contains(word) {
            if word == "us" && usAsCountry { continue }
            return true
        }
        let spaced = " " + words.joined(separator: " ") + " "
        return phrases.contains { spaced.contains(" " + $0 + " ") }
    }

    /// A statement of its own: six words at least ("Unanue agreed." reports nothing), and words, not a table
    /// row (a ticker line is mostly figures and capitals: "FDX FEDEX CORPORATION 156.23 -4.99 -3.10%").
    static func isStatement(_ sentence: String) -> Bool {
        let words = sentence.split(whereSeparator: \.isWhitespace)
        guard words.count >= 6 else { return false }
        let tabular = words.filter { word in
            word.contains(where: \.isNumber) || (word.count > 1 && word.allSatisfy { $0.isUppercase || !$0.isLetter })
        }
        return tabular.count * 5 < words.count * 2
    }

    /// Ends as a sentence does (a full stop, question or exclamation mark, or a closing quote): not a headline or
    /// list line printed inside a body, not a lead-in ending in a colon, not an excerpt cut mid-sentence.
    static func endsLikeASentence(_ sentence: String) -> Bool {
        ".!?\"”’".contains(sentence.last ?? " ")
    }

    /// The writer or an unquoted speaker in the first person: "I", "We", "My" or "Our" opening the sentence, or
    /// "we", "us", "our", "my", "me" outside quotation marks ("Two physicists we asked said …"). A summary speaks for
    /// several outlets, so one outlet's "we" has no one to refer to. As written: "US" is a country; quoted words are
    /// the speaker's, attributed.
    static func firstPersonOutsideQuotes(_ sentence: String) -> Bool {
        let opening = String(sentence.prefix { $0.isLetter })
        if ["I", "We", "My", "Our"].contains(opening) { return true }
        var unquoted = ""
        var inQuote = false
        for c in sentence {
            switch c {
            case "“": inQuote = true
            case "”": inQuote = false
            case "\"": inQuote.toggle()
            default: if !inQuote { unquoted.append(c) }
            }
        }
        return unquoted.split { !($0.isLetter || $0 == "'" || $0 == "’") }.contains {
            ["we", "us", "our", "ours", "my", "me"].contains($0)
        }
    }

    /// The sentence without a closing clause that states no fact of its own: a clause coordinated after a comma
    /// (", and it …", ", but they …") whose subject is a pronoun and which names no one and gives no figure. What
    /// the sources share is the first clause; such a tail is one outlet's framing ("…, and it lands at an awkward
    /// moment for transatlantic relations"). The sentence as it is when it has no such tail, or when the cut would
    /// leave fewer than six words or half a quotation.
    static func withoutClosingRemark(_ sentence: String) -> String {
        let words = sentence.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 10 else { return sentence }
        for k in stride(from: words.count - 4, through: 6, by: -1) {
            guard words[k - 1].hasSuffix(","), ["and", "but", "yet"].contains(words[k]),
                tailPronouns.contains(words[k + 1].lowercased())
            else { continue }
            let tail = words[(k + 1)...]
            let namesOrFigures = tail.dropFirst().contains { word in
                word.contains(where: \.isNumber) || word.first(where: \.isLetter)?.isUppercase == true
            }
            guard !namesOrFigures else { return sentence }
            let head = words[..<k].joined(separator: " ").dropLast()
            guard !unbalancedQuotes(String(head)) else { return sentence }
            return head + "."
        }
        return sentence
    }

    private static let tailPronouns: Set<String> = ["it", "they", "this", "that", "these", "those"]

    /// Curly quotes that do not pair up, or an odd number of straight double quotes.
    static func unbalancedQuotes(_ text: String) -> Bool {
        var open = 0
        var straight = 0
        for c in text {
            switch c {
            case "“": open += 1
            case "”":
                if open == 0 { return true }
                open -= 1
            case "\"": straight += 1
            default: break
            }
        }
        return open != 0 || straight % 2 != 0
    }
}
