/// A story's proper names, as consensus counts them: entities seen capitalised away from a sentence start, or of
/// several words, in the reports' body sentences (the sources' own names and months left out). A name proper
/// anywhere in the story counts wherever it appears.
struct ProperNames {
    /// Per article, per body sentence: the proper names it carries (lower-cased).
    let perSentence: [[Set<String>]]
    /// Per article: the proper names of all its sentences.
    let perArticle: [Set<String>]
    /// Each name as a sentence first prints it capitalised ("Congress"), for lists.
    let display: [String: String]

    init(story: PreparedStory, text: TextAnalyzer) {
        let excluded = Set(story.articles.map(\.sourceKey))
        var display: [String: String] = [:]
        var candidates: [[[String]]] = []
        var proper = Set<String>()
        var cache: [String: (all: [String], mid: Set<String>)] = [:]
        for features in story.articles {
            var perSentence: [[String]] = []
            for sentence in features.sentences {
                let found: (all: [String], mid: Set<String>)
                if let cached = cache[sentence] {
                    found = cached
                } else {
                    var decapitalised = sentence
                    if let first = decapitalised.first { decapitalised = first.lowercased() + decapitalised.dropFirst() }
                    // "The European Commission’s fine" names the European Commission.
                    found = (
                        text.entities(sentence).map(ProperNames.possessiveStripped),
                        Set(text.entities(decapitalised).map(ProperNames.possessiveStripped))
                    )
                    cache[sentence] = found
                }
                var names: [String] = []
                for entity in found.all {
                    guard entity.count >= 3, !excluded.contains(entity), !FigureReader.months.contains(entity) else { continue }
                    names.append(entity)
                    if found.mid.contains(entity) || entity.contains(" ") {
                        proper.insert(entity)
                        if display[entity] == nil, let printed = ProperNames.printedCapitalised(entity, in: sentence) {
                            display[entity] = printed
                        }
                    }
                }
                perSentence.append(names)
            }
            candidates.append(perSentence)
        }
        let perSentence = candidates.map { article in article.map { Set($0).intersection(proper) } }
        self.perSentence = perSentence
        self.perArticle = perSentence.map { $0.reduce(into: Set<String>()) { $0.formUnion($1) } }
        self.display = display
    }

    /// The name as the sentence prints it capitalised: "Congress", not the "congress" of "congressional" before it.
    static func printedCapitalised(_ name: String, in sentence: String) -> String? {
        var from = sentence.startIndex
        while let range = sentence.range(of: name, options: .caseInsensitive, range: from..<sentence.endIndex) {
            if sentence[range.lowerBound].isUppercase { return String(sentence[range]) }
            from = range.upperBound
        }
        return nil
    }

    /// The name without its possessive ending: "Nigeria’s" is Nigeria.
    static func possessiveStripped(_ name: String) -> String { String(TextAnalyzer.withoutPossessive(Substring(name))) }

    /// Names as printed, each once: "Bolsonaro’s" is Bolsonaro; a name inside a longer one ("Adeyemi" of "Governor
    /// Tunde Adeyemi") is the same person; a plural ("Republicans") is its singular's group; function words and
    /// contractions capitalised inside quotations ("Even", "I’m") are no names. Order kept.
    static func listedNames(_ printed: [String]) -> [String] {
        func isWord(_ name: String) -> Bool {
            let lower = name.lowercased()
            // An adjective of nationality alone ("Italian") describes, it names no one.
            return StopWords.english.contains(lower) || lower.contains("’") || lower.contains("'")
                || SentenceOpening.continuing.contains(lower) || notNames.contains(lower)
                || Demonyms.place[lower] != nil
                // A month or title abbreviation ("Nov." of "Nov. 6", "Gen.") is part of a date or a name, not one.
                || StopWords.abbreviations.contains(lower.hasSuffix(".") ? lower : lower + ".")
        }
        let names = printed.map(possessiveStripped).filter { !isWord($0) }
        let lowered = Set(names.map { $0.lowercased() })
        let padded = names.map { " " + $0.lowercased() + " " }
        var listed = Set<String>()
        return names.filter { name in
            let lower = name.lowercased()
            let insideLonger = padded.contains { $0.count > lower.count + 2 && $0.contains(" " + lower + " ") }
            let pluralOfListed = name.hasSuffix("s") && lowered.contains(String(lower.dropLast()))
            return !insideLonger && !pluralOfListed && listed.insert(lower).inserted
        }
    }

    /// Capitalised words that name no one alone: sentence adverbs capitalised at a sentence's start ("Despite",
    /// "Indeed", "Accordingly" — the real events set listed them), a bare title, a party's adjective.
    private static let notNames: Set<String> = [
        "even", "just", "now", "yes", "no", "despite", "indeed", "accordingly", "many", "read", "ultimately",
        "president", "democratic", "republican",
    ]
}
