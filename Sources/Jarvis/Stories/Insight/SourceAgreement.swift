import Foundation

/// Consensus and conflict between a story's independent sources. Conservative by design:
/// precision over recall, and every statement is extracted or attributed, never invented.
///
/// Consensus (≥ 2 independent sources and a strict majority of them): facts are figures
/// (same unit, same value up to rounding) and proper names (entities seen mid-sentence or of
/// two or more words) in body text. The statement is the body sentence carrying the most agreed
/// facts (figures count double) whose figures are all agreed and at least half of whose names
/// are agreed: "Most sources agree (3 of 4): the Central Bank of Nigeria raised its rate to
/// 27.5%." Without such a sentence, agreed figures (and the names beside them) are listed when at
/// least one figure is shared; names alone are no fact. Nothing shared: nil.
///
/// Conflict: figures of the same unit and the same subject (death toll, injured, inflation,
/// rate…; read from keywords near the number) for which sources that state exactly one value
/// disagree beyond rounding, unless some other source gives both values ("rose from 12 to 15").
/// The sides' sentences must share content (cosine ≥ 0.2), and be near-identical (≥ 0.5) for
/// figures of unknown subject. Claims: one source only denying and another only confirming, in sentences about the
/// same thing (cosine ≥ 0.35 without the verbs, a shared name). Each side names its sources.
struct SourceAgreement {
    let story: PreparedStory
    let text: TextAnalyzer
    private let figures: [Figure]
    private let space: TermSpace
    /// The quantities the sources dispute (`findDisputes`), found once: the conflict states them and the
    /// consensus leaves them out.
    private var disputes: [Dispute] = []

    init(story: PreparedStory, text: TextAnalyzer) {
        self.story = story
        self.text = text
        var figures: [Figure] = []
        var space = TermSpace()
        for (a, features) in story.articles.enumerated() {
            figures += FigureReader.figures(in: features.headline, article: a, index: -1, text: text)
            for (s, sentence) in features.sentences.enumerated() {
                figures += FigureReader.figures(in: sentence, article: a, index: s, text: text)
                space.addDocument(features.sentenceTerms[s])
            }
        }
        self.figures = figures
        self.space = space
        disputes = findDisputes()
    }

    private func voice(_ figure: Figure) -> Int { story.articles[figure.article].voice }
    private func sourceKey(_ figure: Figure) -> String { story.articles[figure.article].sourceKey }

    private func terms(article: Int, sentence: Int) -> [String] {
        sentence < 0 ? story.articles[article].headlineTerms : story.articles[article].sentenceTerms[sentence]
    }

    // MARK: - Consensus

    func consensus() -> String? {
        let voices = story.voiceCount
        guard voices >= 2 else { return nil }
        func agreed(_ support: Int) -> Bool { support >= 2 && support * 2 > voices }

        // Figures: group equal values per unit, count the voices behind each group.
        // Each group is shown as its most precise exact report ("€14.2 billion", not another's "about €14bn").
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
        // A quantity the sources dispute is the conflict's to state, not agreement, however many report one value.
        // (Any figure of a disputed value, whatever subject its sentence gives it: "its $48 million Series B".)
        let disputed = disputes.flatMap { $0.sides.map(\.figure) }
        func isDisputed(_ figure: Figure) -> Bool {
            disputed.contains { $0.unit == figure.unit && $0.sameValue(as: figure) }
        }
        let agreedFigures = figureSupport.filter { agreed($0.voices.count) && !isDisputed($0.figure) }
        func support(of figure: Figure) -> Int? {
            agreedFigures.first { $0.figure.unit == figure.unit && $0.figure.sameValue(as: figure) }?.voices.count
        }

        // Names: proper entities in body text, per voice.
        let names = properNames()
        var nameVoices: [String: Set<Int>] = [:]
        for (a, features) in story.articles.enumerated() {
            for name in names.perArticle[a] { nameVoices[name, default: []].insert(features.voice) }
        }
        let agreedNames = nameVoices.filter { agreed($0.value.count) }
        guard !agreedFigures.isEmpty || !agreedNames.isEmpty else { return nil }

        // Sentences echoed by other voices (a shared claim even without shared figures). Each
        // voice's distinct sentences are compared once; results are cached per sentence text.
        // A sentence that says the same with other numbers ("Eight of the 12 members…" against "Nine of the 12
        // members…") is a different report, not an echo.
        var voiceSentences = [[(vector: TermVector, numbers: Set<String>)]](repeating: [], count: voices)
        var seenPerVoice = [Set<String>](repeating: [], count: voices)
        var vectorByKey: [String: (vector: TermVector, numbers: Set<String>)] = [:]
        for features in story.articles {
            for (s, sentence) in features.sentences.enumerated() {
                let key = Normalized.key(sentence)
                let entry = vectorByKey[key] ?? (space.vector(features.sentenceTerms[s]), numberWords(sentence))
                vectorByKey[key] = entry
                if seenPerVoice[features.voice].insert(key).inserted { voiceSentences[features.voice].append(entry) }
            }
        }
        var echoCache: [String: Set<Int>] = [:]
        func claimSupport(_ a: Int, _ s: Int) -> Int {
            let key = Normalized.key(story.articles[a].sentences[s])
            if echoCache[key] == nil {
                let (vector, numbers) = vectorByKey[key]!
                func echoes(_ other: (vector: TermVector, numbers: Set<String>)) -> Bool {
                    guard other.vector.cosine(vector) >= 0.45 else { return false }
                    return numbers.isEmpty || other.numbers.isEmpty || numbers == other.numbers
                }
                var supporters = Set<Int>()
                for v in 0..<voices where voiceSentences[v].contains(where: echoes) { supporters.insert(v) }
                echoCache[key] = supporters
            }
            return echoCache[key]!.union([story.articles[a].voice]).count
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
        var figuresAt: [Int: [Int: [Figure]]] = [:]
        for figure in figures where figure.sentence >= 0 {
            figuresAt[figure.article, default: [:]][figure.sentence, default: []].append(figure)
        }

        // The body sentence that carries the most agreed facts, and nothing that is not agreed: a report's, never an
        // opinion piece's (its writer may repeat a shared fact, as a voice it still counts).
        var best: (score: Int, authority: Int, article: Int, sentence: Int, supportCount: Int)?
        for (a, features) in story.articles.enumerated() where !features.isOpinion {
            for (s, sentence) in features.sentences.enumerated()
            where sentence.count <= 260 && !ReportedFact.isOpinion(sentence) && ReportedFact.isStatement(sentence)
                && ReportedFact.endsLikeASentence(sentence)
            {
                let sentenceFigures = figuresAt[a]?[s] ?? []
                let supports = sentenceFigures.map { support(of: $0) }
                guard !supports.contains(where: { $0 == nil }) else { continue }
                let sentenceNames = names.perSentence[a][s]
                guard sentenceNames.allSatisfy({ agreedNames[$0] != nil }) else { continue }
                let facts = supports.compactMap { $0 } + sentenceNames.map { agreedNames[$0]!.count }
                guard !facts.isEmpty else { continue }
                // A sentence leaning on the one before ("But …", "That would …") is no statement on its own.
                guard !SentenceOpening.leansOnPrevious(sentence) else { continue }
                let echoed = claimSupport(a, s)
                let claimAgreed = agreed(echoed)
                // A fact the sources share: agreed figures, or a relation between names that another voice
                // also states (two of these names in one of its sentences), or the claim itself echoed.
                let factual =
                    !supports.isEmpty
                    || (sentenceNames.count >= 2 && relationVoices(sentenceNames, names: names.perSentence) >= 2)
                // The claim itself must be reported by another voice, or carry shared figures and names.
                guard claimAgreed || (factual && !supports.isEmpty && !sentenceNames.isEmpty) else { continue }
                guard !contested(a, s) else { continue }
                let score = 2 * supports.count + sentenceNames.count + (claimAgreed ? echoed : 0)
                let count = factual ? facts.min()! : echoed
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
        if let best {
            let sentence = ReportedFact.withoutClosingRemark(story.articles[best.article].sentences[best.sentence])
            return "\(agreementPrefix(best.supportCount, of: voices)): \(SourceAgreement.lowercasingArticle(sentence))"
        }

        // No sentence says only what the sources share: the plainest sentence that carries a shared quantity
        // (every figure in it shared), quoted and attributed to its source, after the shared figures.
        var quoted: (facts: Int, names: Int, authority: Int, article: Int, sentence: Int)?
        for (a, features) in story.articles.enumerated() where !features.isOpinion {
            for (s, sentence) in features.sentences.enumerated()
            where sentence.count <= 220 && !ReportedFact.isOpinion(sentence) && ReportedFact.isStatement(sentence)
                && ReportedFact.endsLikeASentence(sentence) && !PhotoCaptions.looksLikeCaption(sentence)
            {
                let sentenceFigures = figuresAt[a]?[s] ?? []
                let shared = sentenceFigures.filter { support(of: $0) != nil }
                guard !shared.isEmpty, shared.count == sentenceFigures.count else { continue }
                guard !SentenceOpening.leansOnPrevious(sentence), !contested(a, s) else { continue }
                // Quantities before dates ("take effect on Jan. 15" is quoted when nothing else is shared).
                let quantities = shared.filter { $0.unit != "date" }.count
                // Then the sentence that names most of what the sources name: who did what, not a remark on it.
                let named = names.perSentence[a][s].filter { agreedNames[$0] != nil }.count
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
        if let quoted {
            let all = figuresAt[quoted.article]?[quoted.sentence] ?? []
            let figuresHere = all.contains { $0.unit != "date" } ? all.filter { $0.unit != "date" } : all
            var shown: [String] = []
            for figure in figuresHere where !shown.contains(figure.display) { shown.append(figure.display) }
            let counts = figuresHere.compactMap { support(of: $0) }
            let prefix = agreementPrefix(counts.min() ?? 2, of: voices, verb: false)
            let article = story.articles[quoted.article]
            let sentence = article.sentences[quoted.sentence]
            return "\(prefix) report \(SourceAgreement.list(Array(shown.prefix(3)))). \(article.article.source): “\(sentence)”"
        }

        // Nothing quotable: list what is shared. Names alone are no fact ("name Brennan, CIA and John Brennan"
        // says nothing happened): a list needs a shared figure.
        let figureList = agreedFigures.map(\.shown.display)
        guard !figureList.isEmpty else { return nil }
        let ranked = agreedNames.keys.sorted { (agreedNames[$0]!.count, $1) > (agreedNames[$1]!.count, $0) }
        let nameList = SourceAgreement.listedNames(ranked.compactMap { names.display[$0] }).prefix(3)
        let counts = agreedFigures.map(\.voices.count) + agreedNames.values.map(\.count)
        var parts: [String] = []
        parts.append("report " + SourceAgreement.list(Array(figureList.prefix(3))))
        if !nameList.isEmpty { parts.append("name " + SourceAgreement.list(Array(nameList))) }
        let prefix = agreementPrefix(counts.min() ?? voices, of: voices, verb: false)
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

    private func agreementPrefix(_ support: Int, of voices: Int, verb: Bool = true) -> String {
        if support >= voices {
            let all = voices == 2 ? "Both sources" : "All \(voices) sources"
            return verb ? all + " agree" : all
        }
        return verb ? "Most sources agree (\(support) of \(voices))" : "Most sources (\(support) of \(voices))"
    }

    /// Names that are proper: seen capitalised away from a sentence start, or of several words.
    private func properNames() -> (
        perArticle: [Set<String>], perSentence: [[Set<String>]], all: Set<String>,
        display: [String: String]
    ) {
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
                        text.entities(sentence).map(SourceAgreement.possessiveStripped),
                        Set(text.entities(decapitalised).map(SourceAgreement.possessiveStripped))
                    )
                    cache[sentence] = found
                }
                var names: [String] = []
                for entity in found.all {
                    guard entity.count >= 3, !excluded.contains(entity), !FigureReader.months.contains(entity) else { continue }
                    names.append(entity)
                    if found.mid.contains(entity) || entity.contains(" ") {
                        proper.insert(entity)
                        if display[entity] == nil, let printed = SourceAgreement.printedCapitalised(entity, in: sentence) {
                            display[entity] = printed
                        }
                    }
                }
                perSentence.append(names)
            }
            candidates.append(perSentence)
        }
        // A name proper anywhere in the story counts wherever it appears.
        let perSentence = candidates.map { article in article.map { Set($0).intersection(proper) } }
        let perArticle = perSentence.map { $0.reduce(into: Set<String>()) { $0.formUnion($1) } }
        return (perArticle, perSentence, proper, display)
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

    /// Names as printed, each once: "Bolsonaro’s" is Bolsonaro; a name inside a longer one ("Adeyemi" of "Governor
    /// Tunde Adeyemi") is the same person; a plural ("Republicans") is its singular's group; function words and
    /// contractions capitalised inside quotations ("Even", "I’m") are no names. Order kept.
    static func possessiveStripped(_ name: String) -> String { String(TextAnalyzer.withoutPossessive(Substring(name))) }

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

    static func lowercasingArticle(_ sentence: String) -> String {
        for article in ["The ", "A ", "An "] where sentence.hasPrefix(article) {
            return article.lowercased() + sentence.dropFirst(article.count)
        }
        return sentence
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    // MARK: - Conflict

    func conflict() -> String? {
        guard story.voiceCount >= 2 else { return nil }
        var statements = figureConflicts()
        if let claim = claimConflict() { statements.append(claim) }
        guard !statements.isEmpty else { return nil }
        return statements.prefix(2).joined(separator: " ")
    }

    private struct Side {
        var figure: Figure
        var sources: [String]  // display names, first report first
        var firstArticle: Int
        var sourceKeys: Set<String> = []
    }

    /// A quantity the sources report with different values: its key (unit and subject), its figures, and one
    /// side per value.
    private struct Dispute {
        var key: String
        var group: [Figure]
        var sides: [Side]
    }

    /// What a disputed figure counts: its subject's name ("the death toll"), except a vote count of something
    /// other than votes — "41 voting districts" are districts: "the number of voting districts".
    private static func disputeLabel(_ figure: Figure) -> String {
        guard let subject = figure.subject else { return figure.unit == "date" ? "the date" : "the figures" }
        let counted = figure.unit.split(separator: " ").last.map(String.init) ?? figure.unit
        if subject == .votes, !["vote", "ballot"].contains(counted) {
            let noun = figure.display.split(separator: " ").dropFirst().joined(separator: " ")
            if !noun.isEmpty { return "the number of " + noun }
        }
        return subject.label
    }

    /// The quantity a figure measures, as disputes are keyed: unit and subject.
    private static func quantityKey(_ figure: Figure) -> String { figure.unit + "|" + (figure.subject?.rawValue ?? "?") }

    private func figureConflicts() -> [String] {
        disputes.map { dispute in
            let subject = dispute.group[0].subject
            let sides = dispute.sides.sorted { $0.firstArticle < $1.firstArticle }
            let label = Self.disputeLabel(dispute.group[0])
            let claims = sides.map { side in
                let value = subject?.countsPeople == true ? FigureOrder.number(side.figure) : side.figure.display
                let names = SourceAgreement.list(side.sources.sorted { story.sourceRank($0) < story.sourceRank($1) })
                return "\(names) \(side.sources.count == 1 ? "reports" : "report") \(value)"
            }
            return (
                involved: sides.reduce(0) { $0 + $1.sources.count }, key: dispute.key,
                text: "Sources differ on \(label): \(claims.joined(separator: ", "))."
            )
        }
        .sorted { ($0.involved, $1.key) > ($1.involved, $0.key) }.map(\.text)
    }

    /// The quantities in dispute: each source's exact value of one quantity, two or more values, no source
    /// explaining them (a rise, a range), and the reports about the same thing.
    private func findDisputes() -> [Dispute] {
        var byKey: [String: [Figure]] = [:]
        for figure in figures where !figure.approximate {
            byKey[Self.quantityKey(figure), default: []].append(figure)
        }
        // Every figure of a unit by source, estimated or not, whatever its subject: what each source gives at all.
        var byUnitAndSource: [String: [String: [Figure]]] = [:]
        for figure in figures { byUnitAndSource[figure.unit, default: [:]][sourceKey(figure), default: []].append(figure) }
        var found: [Dispute] = []
        for key in byKey.keys.sorted() {
            let group = byKey[key]!
            let subject = group[0].subject
            // Each source's distinct values for this key.
            var perSource: [String: [Figure]] = [:]
            for figure in group.sorted(by: FigureOrder.byArticleSentence) {
                let source = sourceKey(figure)
                if !(perSource[source] ?? []).contains(where: { $0.sameValue(as: figure) }) {
                    perSource[source, default: []].append(figure)
                }
            }
            var sides: [Side] = []
            for source in perSource.keys.sorted() where perSource[source]!.count == 1 {
                let figure = perSource[source]![0]
                let name = story.articles[figure.article].article.source
                if let s = sides.firstIndex(where: { $0.figure.sameValue(as: figure) }) {
                    sides[s].sources.append(name)
                    sides[s].firstArticle = min(sides[s].firstArticle, figure.article)
                    sides[s].sourceKeys.insert(source)
                } else {
                    sides.append(Side(figure: figure, sources: [name], firstArticle: figure.article, sourceKeys: [source]))
                }
            }
            guard sides.count >= 2 else { continue }
            // A source on one side that also gives another side's value, however it words it ("about 260 miles
            // and 167 miles"; "the deficit surged 26%" beside "revenues grew 4%"), reports two things, not a
            // different count of one.
            let givenBySource = byUnitAndSource[group[0].unit] ?? [:]
            if sides.contains(where: { side in
                sides.contains { other in
                    other.figure.value != side.figure.value
                        && side.sourceKeys.contains { source in
                            (givenBySource[source] ?? []).contains { $0.sameValue(as: other.figure) }
                        }
                }
            }) {
                continue
            }
            // Money rounded in print ("$600 million" for $601 million): within 1%, one amount.
            let values = sides.map(\.figure.value)
            if Figure.isMoney(unit: group[0].unit), let low = values.min(), let high = values.max(), high <= low * 1.01 {
                continue
            }
            // A source that gives several of the disputed values explains them (a rise, a range).
            let explained = perSource.values.contains { values in
                values.count > 1 && sides.filter { side in values.contains { $0.sameValue(as: side.figure) } }.count >= 2
            }
            if explained { continue }
            // Same unit and subject is not yet the same quantity ("240 votes" in the House, "28 votes" in a
            // committee): the two reports must also be about the same thing — sentences of shared content
            // (cosine ≥ 0.2), or near-identical ones (≥ 0.5) when the subject is unknown.
            if !sidesShareSentence(sides, in: group, threshold: subject == nil ? 0.5 : 0.2) { continue }
            found.append(Dispute(key: key, group: group, sides: sides))
        }
        return found
    }

    /// Some pair of figures across sides comes from sentences of two voices whose TF-IDF cosine (the figures'
    /// own sentences; the headline for a headline figure) reaches `threshold`.
    private func sidesShareSentence(_ sides: [Side], in group: [Figure], threshold: Double) -> Bool {
        func vector(_ f: Figure) -> TermVector { space.vector(terms(article: f.article, sentence: f.sentence)) }
        for i in sides.indices {
            for j in sides.indices where j > i {
                let left = group.filter { $0.sameValue(as: sides[i].figure) }
                let right = group.filter { $0.sameValue(as: sides[j].figure) }
                for l in left {
                    for r in right where voice(l) != voice(r) && vector(l).cosine(vector(r)) >= threshold { return true }
                }
            }
        }
        return false
    }

    private static let denyStems = stems(["denied", "denies", "deny", "refuted", "refutes"])
    private static let confirmStems = stems(["confirmed", "confirms", "confirm", "admitted", "admits", "acknowledged"])

    private static func stems(_ words: [String]) -> Set<String> {
        Set(words.flatMap { InsightText.analyzer.terms($0) })
    }

    private func claimConflict() -> String? {
        struct Claim {
            var article: Int
            var sentence: Int
            var denies: Bool
        }
        var claims: [String: [Claim]] = [:]
        for (a, features) in story.articles.enumerated() {
            for (s, sentence) in features.sentences.enumerated() {
                let lower = " " + sentence.lowercased() + " "
                if lower.contains(" not ") || lower.contains("n't ") || lower.contains(" no ") || lower.contains(" never ") {
                    continue
                }
                let terms = Set(features.sentenceTerms[s])
                let denies = !terms.isDisjoint(with: SourceAgreement.denyStems)
                let confirms = !terms.isDisjoint(with: SourceAgreement.confirmStems)
                guard denies != confirms else { continue }
                claims[features.sourceKey, default: []].append(Claim(article: a, sentence: s, denies: denies))
            }
        }
        let claimStems = SourceAgreement.denyStems.union(SourceAgreement.confirmStems)
        func vector(_ c: Claim) -> TermVector {
            space.vector(story.articles[c.article].sentenceTerms[c.sentence].filter { !claimStems.contains($0) })
        }
        let deniers = claims.keys.sorted().filter { claims[$0]!.allSatisfy(\.denies) }
        let confirmers = claims.keys.sorted().filter { claims[$0]!.allSatisfy { !$0.denies } }
        for d in deniers {
            for c in confirmers {
                for x in claims[d]! {
                    for y in claims[c]! where story.articles[x.article].voice != story.articles[y.article].voice {
                        let sx = story.articles[x.article].sentences[x.sentence]
                        let sy = story.articles[y.article].sentences[y.sentence]
                        let sharedName = !Set(text.entities(sx)).isDisjoint(with: text.entities(sy))
                        guard sharedName, vector(x).cosine(vector(y)) >= 0.35 else { continue }
                        let denier = story.articles[x.article].article.source
                        let confirmer = story.articles[y.article].article.source
                        return
                            "Sources contradict each other: \(denier) reports a denial (“\(Normalized.truncate(sx, to: 110))”), "
                            + "while \(confirmer) reports a confirmation (“\(Normalized.truncate(sy, to: 110))”)."
                    }
                }
            }
        }
        return nil
    }
}

extension PreparedStory {
    /// Order of a source's first report, for listing sources deterministically.
    func sourceRank(_ name: String) -> Int {
        articles.firstIndex { $0.article.source == name } ?? Int.max
    }
}

enum FigureOrder {
    static func byUnitValue(_ a: Figure, _ b: Figure) -> Bool {
        (a.unit, a.value, a.article, a.sentence) < (b.unit, b.value, b.article, b.sentence)
    }

    static func byArticleSentence(_ a: Figure, _ b: Figure) -> Bool {
        (a.article, a.sentence, a.value) < (b.article, b.sentence, b.value)
    }

    /// The number as written, without its unit.
    static func number(_ figure: Figure) -> String {
        String(figure.display.prefix { $0.isNumber || $0 == "." || $0 == "," || "$€£₦¥₵₹".contains($0) })
    }
}
