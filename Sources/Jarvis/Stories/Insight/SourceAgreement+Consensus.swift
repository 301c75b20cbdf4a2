import Foundation

/// What a strict majority of a story's voices (two at least) report: figures of one value per unit, not disputed,
/// and proper names.
struct AgreedFacts {
    /// Each agreed group of equal figures: the voices behind it and the report shown for it (its most precise exact
    /// one: "€14.2 billion", not another's "about €14bn").
    var figures: [(figure: Figure, voices: Set<Int>, shown: Figure)]
    /// Each agreed name and the voices that name it.
    var names: [String: Set<Int>]
    let proper: ProperNames

    var isEmpty: Bool { figures.isEmpty && names.isEmpty }

    /// How many voices report the figure's value, nil when it is not agreed.
    func support(of figure: Figure) -> Int? {
        figures.first { $0.figure.unit == figure.unit && $0.figure.sameValue(as: figure) }?.voices.count
    }
}

/// Which voices say what a body sentence says: their own sentences of TF-IDF cosine ≥ 0.45 with it. A sentence
/// that says the same with other numbers ("Eight of the 12 members…" against "Nine of the 12 members…") is a
/// different report, not an echo. Each voice's distinct sentences are compared once; answers are cached per
/// sentence text.
struct SentenceEchoes {
    private let story: PreparedStory
    private var voiceSentences: [[(vector: TermVector, numbers: Set<String>)]]
    private var vectorByKey: [String: (vector: TermVector, numbers: Set<String>)] = [:]
    private var cache: [String: Set<Int>] = [:]

    init(story: PreparedStory, space: TermSpace, numbers: (String) -> Set<String>) {
        self.story = story
        voiceSentences = Array(repeating: [], count: story.voiceCount)
        var seenPerVoice = [Set<String>](repeating: [], count: story.voiceCount)
        for features in story.articles {
            for (s, sentence) in features.sentences.enumerated() {
                let key = Normalized.key(sentence)
                let entry = vectorByKey[key] ?? (space.vector(features.sentenceTerms[s]), numbers(sentence))
                vectorByKey[key] = entry
                if seenPerVoice[features.voice].insert(key).inserted { voiceSentences[features.voice].append(entry) }
            }
        }
    }

    /// The voices stating sentence `s` of article `a`, its own included.
    mutating func support(_ a: Int, _ s: Int) -> Int {
        let key = Normalized.key(story.articles[a].sentences[s])
        if cache[key] == nil {
            let (vector, numbers) = vectorByKey[key]!
            func echoes(_ other: (vector: TermVector, numbers: Set<String>)) -> Bool {
                guard other.vector.cosine(vector) >= 0.45 else { return false }
                return numbers.isEmpty || other.numbers.isEmpty || numbers == other.numbers
            }
            var supporters = Set<Int>()
            for v in voiceSentences.indices where voiceSentences[v].contains(where: echoes) { supporters.insert(v) }
            cache[key] = supporters
        }
        return cache[key]!.union([story.articles[a].voice]).count
    }

    /// Another voice says the same with other numbers: the sentence's claim is disputed, whatever it shares.
    func contested(_ a: Int, _ s: Int) -> Bool {
        let (vector, numbers) = vectorByKey[Normalized.key(story.articles[a].sentences[s])]!
        guard !numbers.isEmpty else { return false }
        return voiceSentences.indices.contains { v in
            v != story.articles[a].voice
                && voiceSentences[v].contains { other in
                    !other.numbers.isEmpty && other.numbers != numbers && other.vector.cosine(vector) >= 0.45
                }
        }
    }
}

extension SourceAgreement {
    /// The consensus line, from the first of: the body sentence that states only agreed facts; the plainest sentence
    /// carrying a shared quantity, quoted and attributed; a list of the shared figures and names. Nil when the story
    /// has one voice or nothing agreed.
    func consensus() -> String? {
        guard story.voiceCount >= 2 else { return nil }
        let facts = agreedFacts()
        guard !facts.isEmpty else { return nil }
        var echoes = SentenceEchoes(story: story, space: space, numbers: numberWords)
        var figuresAt: [Int: [Int: [Figure]]] = [:]
        for figure in figures where figure.sentence >= 0 {
            figuresAt[figure.article, default: [:]][figure.sentence, default: []].append(figure)
        }
        return agreedStatement(facts, &echoes, figuresAt) ?? quotedStatement(facts, echoes, figuresAt)
            ?? listedFacts(facts)
    }

    private func agreed(_ support: Int) -> Bool { support >= 2 && support * 2 > story.voiceCount }

    /// Figures grouped by equal value per unit and names per voice, kept where a strict majority of voices agree;
    /// a quantity the sources dispute is the conflict's to state, not agreement, however many report one value
    /// (any figure of a disputed value, whatever subject its sentence gives it: "its $48 million Series B").
    private func agreedFacts() -> AgreedFacts {
        var figureSupport: [(figure: Figure, voices: Set<Int>, shown: Figure)] = []
        for figure in figures.sorted(by: FigureOrder.byUnitValue) {
            if let last = figureSupport.indices.last, figureSupport[last].figure.unit == figure.unit,
                figureSupport[last].figure.sameValue(as: figure)
            {
                figureSupport[last].voices.insert(voice(figure))
                let shown = figureSupport[last].shown
                if (figure.approximate ? 0 : 1, figure.decimals) > (shown.approximate ? 0 : 1, shown.decimals) {
                    figureSupport[last].shown = figure
                }
            } else {
                figureSupport.append((figure, [voice(figure)], figure))
            }
        }
        let disputed = disputes.flatMap { $0.sides.map(\.figure) }
        func isDisputed(_ figure: Figure) -> Bool {
            disputed.contains { $0.unit == figure.unit && $0.sameValue(as: figure) }
        }
        let proper = ProperNames(story: story, text: text)
        var nameVoices: [String: Set<Int>] = [:]
        for (a, features) in story.articles.enumerated() {
            for name in proper.perArticle[a] { nameVoices[name, default: []].insert(features.voice) }
        }
        return AgreedFacts(
            figures: figureSupport.filter { agreed($0.voices.count) && !isDisputed($0.figure) },
            names: nameVoices.filter { agreed($0.value.count) }, proper: proper)
    }

    /// The body sentence that carries the most agreed facts, and nothing that is not agreed: a report's, never an
    /// opinion piece's (its writer may repeat a shared fact, as a voice it still counts).
    private func agreedStatement(
        _ facts: AgreedFacts, _ echoes: inout SentenceEchoes, _ figuresAt: [Int: [Int: [Figure]]]
    ) -> String? {
        let voices = story.voiceCount
        var best: (score: Int, authority: Int, article: Int, sentence: Int, supportCount: Int)?
        for (a, features) in story.articles.enumerated() where !features.isOpinion {
            for (s, sentence) in features.sentences.enumerated()
            where sentence.count <= 260 && !ReportedFact.isOpinion(sentence) && ReportedFact.isStatement(sentence)
                && ReportedFact.endsLikeASentence(sentence)
            {
                let sentenceFigures = figuresAt[a]?[s] ?? []
                let supports = sentenceFigures.map { facts.support(of: $0) }
                guard !supports.contains(where: { $0 == nil }) else { continue }
                let sentenceNames = facts.proper.perSentence[a][s]
                guard sentenceNames.allSatisfy({ facts.names[$0] != nil }) else { continue }
                let counts = supports.compactMap { $0 } + sentenceNames.map { facts.names[$0]!.count }
                guard !counts.isEmpty else { continue }
                // A sentence leaning on the one before ("But …", "That would …") is no statement on its own.
                guard !SentenceOpening.leansOnPrevious(sentence) else { continue }
                let echoed = echoes.support(a, s)
                let claimAgreed = agreed(echoed)
                // A fact the sources share: agreed figures, or a relation between names that another voice
                // also states (two of these names in one of its sentences), or the claim itself echoed.
                let factual =
                    !supports.isEmpty
                    || (sentenceNames.count >= 2 && relationVoices(sentenceNames, names: facts.proper.perSentence) >= 2)
                // The claim itself must be reported by another voice, or carry shared figures and names.
                guard claimAgreed || (factual && !supports.isEmpty && !sentenceNames.isEmpty) else { continue }
                guard !echoes.contested(a, s) else { continue }
                let score = 2 * supports.count + sentenceNames.count + (claimAgreed ? echoed : 0)
                let count = factual ? counts.min()! : echoed
                let candidate = (score, features.authority, a, s, count)
                if let current = best,
                    (candidate.0, candidate.1, -candidate.2, -candidate.3) <= (
                        current.score, current.authority, -current.article, -current.sentence
                    )
                {
                    continue
                }
                best = candidate
            }
        }
        guard let best else { return nil }
        let sentence = ReportedFact.withoutClosingRemark(story.articles[best.article].sentences[best.sentence])
        return "\(agreementPrefix(best.supportCount, of: voices)): \(SourceAgreement.lowercasingArticle(sentence))"
    }

    /// No sentence says only what the sources share: the plainest sentence that carries a shared quantity (every
    /// figure in it shared), quoted and attributed to its source, after the shared figures.
    private func quotedStatement(
        _ facts: AgreedFacts, _ echoes: SentenceEchoes, _ figuresAt: [Int: [Int: [Figure]]]
    ) -> String? {
        var quoted: (facts: Int, names: Int, authority: Int, article: Int, sentence: Int)?
        for (a, features) in story.articles.enumerated() where !features.isOpinion {
            for (s, sentence) in features.sentences.enumerated()
            where sentence.count <= 220 && !ReportedFact.isOpinion(sentence) && ReportedFact.isStatement(sentence)
                && ReportedFact.endsLikeASentence(sentence) && !PhotoCaptions.looksLikeCaption(sentence)
            {
                let sentenceFigures = figuresAt[a]?[s] ?? []
                let shared = sentenceFigures.filter { facts.support(of: $0) != nil }
                guard !shared.isEmpty, shared.count == sentenceFigures.count else { continue }
                guard !SentenceOpening.leansOnPrevious(sentence), !echoes.contested(a, s) else { continue }
                // Quantities before dates ("take effect on Jan. 15" is quoted when nothing else is shared).
                let quantities = shared.filter { $0.unit != "date" }.count
                // Then the sentence that names most of what the sources name: who did what, not a remark on it.
                let named = facts.proper.perSentence[a][s].filter { facts.names[$0] != nil }.count
                let candidate = (quantities * 10 + shared.count, named, features.authority, a, s)
                if let current = quoted,
                    (candidate.0, candidate.1, candidate.2, -candidate.3, -candidate.4) <= (
                        current.facts, current.names, current.authority, -current.article, -current.sentence
                    )
                {
                    continue
                }
                quoted = candidate
            }
        }
        guard let quoted else { return nil }
        let all = figuresAt[quoted.article]?[quoted.sentence] ?? []
        let figuresHere = all.contains { $0.unit != "date" } ? all.filter { $0.unit != "date" } : all
        var shown: [String] = []
        for figure in figuresHere where !shown.contains(figure.display) { shown.append(figure.display) }
        let counts = figuresHere.compactMap { facts.support(of: $0) }
        let prefix = agreementPrefix(counts.min() ?? 2, of: story.voiceCount, verb: false)
        let article = story.articles[quoted.article]
        let sentence = article.sentences[quoted.sentence]
        return "\(prefix) report \(SourceAgreement.list(Array(shown.prefix(3)))). \(article.article.source): “\(sentence)”"
    }

    /// Nothing quotable: list what is shared. Names alone are no fact ("name Brennan, CIA and John Brennan" says
    /// nothing happened): a list needs a shared figure.
    private func listedFacts(_ facts: AgreedFacts) -> String? {
        let figureList = facts.figures.map(\.shown.display)
        guard !figureList.isEmpty else { return nil }
        let ranked = facts.names.keys.sorted { (facts.names[$0]!.count, $1) > (facts.names[$1]!.count, $0) }
        let nameList = ProperNames.listedNames(ranked.compactMap { facts.proper.display[$0] }).prefix(3)
        let counts = facts.figures.map(\.voices.count) + facts.names.values.map(\.count)
        var parts: [String] = []
        parts.append("report " + SourceAgreement.list(Array(figureList.prefix(3))))
        if !nameList.isEmpty { parts.append("name " + SourceAgreement.list(Array(nameList))) }
        let prefix = agreementPrefix(counts.min() ?? story.voiceCount, of: story.voiceCount, verb: false)
        return "\(prefix) \(parts.joined(separator: " and "))."
    }

    private static let countWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "dozen",
        "hundred", "thousand", "million", "billion", "half", "third", "quarter",
    ]

    /// The numbers a sentence states, as written: figures and count words.
    private func numberWords(_ sentence: String) -> Set<String> {
        // A currency sign is the figure's unit, not part of its number: "€1.1 billion" and "1.1 billion euros" state
        // the same numbers.
        Set(
            text.words(sentence).map { String($0.lowercased().drop { FigureReader.currencySymbols.contains($0) }) }
                .filter { word in word.first?.isNumber == true || SourceAgreement.countWords.contains(word) })
    }

    /// Voices with a sentence naming at least two of `names` together.
    private func relationVoices(_ names: Set<String>, names perSentence: [[Set<String>]]) -> Int {
        var voices = Set<Int>()
        for (a, sentences) in perSentence.enumerated() where !voices.contains(story.articles[a].voice) {
            if sentences.contains(where: { $0.intersection(names).count >= 2 }) { voices.insert(story.articles[a].voice) }
        }
        return voices.count
    }
}
