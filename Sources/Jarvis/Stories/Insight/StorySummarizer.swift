import Foundation

/// An extractive, cross-source summary of 2–3 sentences (never empty, never the headline).
///
/// 1. Candidates: the reports' body sentences (an opinion piece's only when no report gives one: `OpinionPiece`;
///    first 8 per article, at most 60 articles, most authoritative first) of 5+ content terms and 40–350 characters; questions, truncated teasers ("…"),
///    fragments, sentences leaning on the one before (`SentenceOpening`: "It", "However", "In tweets, he"),
///    boilerplate ("Read more", "Subscribe") and photo captions (`PhotoCaptions`) are dropped, syndicated
///    duplicates kept once, and sentences nearly identical to the headline (TF-IDF cosine ≥ 0.7, or ≥ 0.9 to
///    any other headline) skipped.
/// 2. Several sources: `ConceptCoverage` — greedy coverage of the story's content stems, each weighted by how
///    likely an editor's summary is to use it (`WordImportance`, learned from real events), with a lead
///    bonus, gain per word; no sentence redundant with one already picked (cosine ≥ 0.4, or 40% of the
///    shorter one's terms shared); until 3 sentences or ~400 characters. Measured on real events
///    (docs/jarvis-stories.md): it beats LexRank, Centroid, Gillick & Favre's ILP and Lin & Bilmes'
///    submodular selection at the same length.
/// 3. One source, or no concept shared: LexRank centrality, i.e. PageRank (damping 0.85) over the graph of
///    TF-IDF cosines ≥ 0.1 (an edge between two sentences of the same source counts half), scored
///    0.9 · c · (1 + 0.3 · lead) / 1.3 + 0.1 · authority/100 with several voices, and
///    0.35 · c + 0.55 · lead + 0.10 · authority with one (its lead is its best summary); c = LexRank/max
///    (× terms/8 below 8 terms), lead = 1/(1 + position in its article).
/// 4. Either way the picked sentences are ordered lead sentences first (by position in their article, then by
///    report time).
/// 5. Fallbacks, in order: shorter or truncated body sentences; the other sources' headlines
///    ("Also reported by …"); an honest "Source reports: headline. No further details…".
struct StorySummarizer {
    let story: PreparedStory
    let headline: String
    let configuration: InsightConfiguration

    private struct Candidate {
        var text: String
        var terms: [String]
        /// Terms written capitalised after the first word: names, for `WordImportance`.
        var capitalised: Set<String>
        var article: Int
        var position: Int
        var voice: Int
        var authority: Int
        var vector = TermVector()
        var score = 0.0

        var wordImportanceSentence: WordImportance.Sentence {
            .init(terms: terms, capitalised: capitalised, voice: voice, position: position)
        }
    }

    private static let boilerplate = [
        "click here", "read more", "subscribe", "sign up", "all rights reserved", "follow us", "cookie",
        "newsletter", "advertisement", "the post ", "appeared first on", "continue reading", "download our app",
        "copyright", "(c) ",
    ]

    private var maxCharacters: Int { max(configuration.summaryMaxCharacters, 80) }

    func summary() -> String {
        var candidates = strictCandidates()
        if candidates.isEmpty { candidates = collect(strict: false, opinions: true) }
        var sentences = candidates.isEmpty ? [] : select(from: candidates)
        if sentences.count < 2, let others = otherHeadlines(budget: maxCharacters - joinedLength(sentences) - 1) {
            sentences.append(others)
        }
        let result = sentences.joined(separator: " ")
        if !result.isEmpty && Normalized.key(result) != Normalized.key(headline) { return result }
        return honestFallback()
    }

    /// The features `WordImportance` reads for each term of the candidates a summary is chosen from (for
    /// `scripts/train-summary-words.py`, through `StoryAnalyzer.summaryWordFeatures`).
    func wordFeatures() -> [String: [Double]] { wordFeatures(of: strictCandidates()) }

    private func wordFeatures(of candidates: [Candidate]) -> [String: [Double]] {
        WordImportance.features(
            of: candidates.map(\.wordImportanceSentence), headlines: story.articles.map(\.headlineTerms),
            voiceCount: story.voiceCount)
    }

    // MARK: Candidates

    /// The reports' standalone sentences; an opinion piece's only when no report has one.
    private func strictCandidates() -> [Candidate] {
        let reports = collect(strict: true, opinions: false)
        return reports.isEmpty ? collect(strict: true, opinions: true) : reports
    }

    /// Terms of the words written capitalised after the sentence's first word.
    private static func capitalisedTerms(_ sentence: String) -> Set<String> {
        let words = InsightText.analyzer.words(sentence).dropFirst().filter { $0.first?.isUppercase == true }
        return Set(InsightText.analyzer.terms(words.joined(separator: " ")))
    }

    /// Candidate sentences; an opinion piece's (`OpinionPiece`) only with `opinions`.
    private func collect(strict: Bool, opinions: Bool) -> [Candidate] {
        let order = story.articles.indices.sorted { a, b in
            let x = story.articles[a]
            let y = story.articles[b]
            return x.authority != y.authority ? x.authority > y.authority : a < b
        }
        var seen = Set<String>()
        var candidates: [Candidate] = []
        let headlineKeys = Set(story.articles.map { Normalized.key($0.headline) })
        for index in order.filter({ !story.articles[$0].sentences.isEmpty }).prefix(60)
        where opinions || !story.articles[index].isOpinion {
            let features = story.articles[index]
            for (position, sentence) in features.sentences.enumerated() {
                if strict && position >= 8 { break }
                let terms = features.sentenceTerms[position]
                guard acceptable(sentence, terms: terms, strict: strict) else { continue }
                let key = Normalized.key(sentence)
                guard !key.isEmpty, !headlineKeys.contains(key), seen.insert(key).inserted else { continue }
                candidates.append(
                    Candidate(
                        text: sentence, terms: terms, capitalised: StorySummarizer.capitalisedTerms(sentence),
                        article: index, position: position,
                        voice: features.voice, authority: features.authority))
            }
        }
        guard !candidates.isEmpty else { return [] }

        var space = TermSpace()
        for c in candidates { space.addDocument(c.terms) }
        for a in story.articles { space.addDocument(a.headlineTerms) }
        for i in candidates.indices { candidates[i].vector = space.vector(candidates[i].terms) }
        let canonical = space.vector(InsightText.analyzer.terms(headline))
        let others = story.articles.map { space.vector($0.headlineTerms) }
        candidates.removeAll { c in
            c.vector.cosine(canonical) >= 0.7 || others.contains { c.vector.cosine($0) >= 0.9 }
        }
        return candidates
    }

    private func acceptable(_ sentence: String, terms: [String], strict: Bool) -> Bool {
        let lower = sentence.lowercased()
        if StorySummarizer.boilerplate.contains(where: { lower.contains($0) }) || PageFurniture.isFurniture(sentence)
            || PhotoCaptions.looksLikeCaption(sentence)
        {
            return false
        }
        guard strict else { return terms.count >= 3 && sentence.count >= 20 }
        guard terms.count >= 5, (40...350).contains(sentence.count) else { return false }
        if sentence.hasSuffix("?") || sentence.hasSuffix("…") || sentence.hasSuffix("...") { return false }
        // A sentence ends: a list item ("06:04 – a change starts rolling out"), a heading or an excerpt cut
        // mid-sentence does not, and reads as a fragment in a summary.
        guard let last = sentence.last, ".!\"”’)".contains(last) else { return false }
        if let first = sentence.first(where: { $0.isLetter || $0.isNumber }), first.isLowercase { return false }
        // Sentences that lean on a previous one read badly out of context.
        if SentenceOpening.leansOnPrevious(sentence) { return false }
        // A writer or speaker in the first person ("I feel for …", "We must have …", "physicists we asked") is one
        // voice, not the story; half a quotation (its other half in the sentence before: "… in space,” Trump said")
        // is someone's words without their start.
        if ReportedFact.firstPersonOutsideQuotes(sentence) || ReportedFact.unbalancedQuotes(sentence) { return false }
        return true
    }

    // MARK: Ranking and selection

    private func select(from input: [Candidate]) -> [String] {
        if story.voiceCount > 1 {
            let chosen = ConceptCoverage.select(
                input.map {
                    .init(
                        terms: $0.terms, position: $0.position, words: $0.text.split(separator: " ").count,
                        characters: $0.text.count)
                },
                weights: WordImportance.weights(from: wordFeatures(of: input)),
                maxSentences: max(configuration.summaryMaxSentences, 1), maxCharacters: maxCharacters,
                redundant: { i, j in
                    StorySummarizer.redundant(input[i].terms, input[i].vector, input[j].terms, input[j].vector)
                })
            if !chosen.isEmpty {
                return chosen.sorted { (input[$0].position, input[$0].article) < (input[$1].position, input[$1].article) }
                    .map { input[$0].text }
            }
        }
        var candidates = input
        let rank = StorySummarizer.lexRank(candidates.map(\.vector), voices: candidates.map(\.voice))
        let best = rank.max() ?? 1
        let single = story.voiceCount == 1
        for i in candidates.indices {
            let c = candidates[i]
            // Short sentences get high cosines from a single shared word; damp them.
            let substance = min(1, Double(c.terms.count) / 8)
            let centrality = (best > 0 ? rank[i] / best : 0) * substance
            let lead = 1 / Double(1 + c.position)
            let authority = Double(c.authority) / 100
            // Several sources: the lead bonus scales centrality, so an off-topic lead gains little.
            candidates[i].score =
                single
                ? 0.35 * centrality + 0.55 * lead + 0.10 * authority
                : 0.9 * centrality * (1 + 0.3 * lead) / 1.3 + 0.10 * authority
        }
        let ranked = candidates.indices.sorted { a, b in
            let x = candidates[a]
            let y = candidates[b]
            if abs(x.score - y.score) > 1e-12 { return x.score > y.score }
            return (x.article, x.position) < (y.article, y.position)
        }
        var picked: [Int] = []
        var length = 0
        let limit = max(configuration.summaryMaxSentences, 1)
        for i in ranked where picked.count < limit {
            let c = candidates[i]
            if picked.contains(where: {
                StorySummarizer.redundant(candidates[$0].terms, candidates[$0].vector, c.terms, c.vector)
            }) {
                continue
            }
            let added = c.text.count + (picked.isEmpty ? 0 : 1)
            if length + added > maxCharacters { continue }
            picked.append(i)
            length += added
        }
        if picked.isEmpty, let first = ranked.first {
            return [Normalized.truncate(candidates[first].text, to: maxCharacters)]
        }
        picked.sort { (candidates[$0].position, candidates[$0].article) < (candidates[$1].position, candidates[$1].article) }
        return picked.map { candidates[$0].text }
    }

    /// Says the same thing: TF-IDF cosine ≥ 0.4, or 40% of the shorter sentence's terms shared.
    static func redundant(_ a: [String], _ va: TermVector, _ b: [String], _ vb: TermVector) -> Bool {
        if va.cosine(vb) >= 0.4 { return true }
        let x = Set(a)
        let y = Set(b)
        guard !x.isEmpty, !y.isEmpty else { return false }
        return Double(x.intersection(y).count) / Double(min(x.count, y.count)) >= 0.4
    }

    /// PageRank over the thresholded cosine graph (LexRank, Erkan & Radev 2004).
    static func lexRank(_ vectors: [TermVector], voices: [Int], threshold: Double = 0.1, damping: Double = 0.85) -> [Double] {
        let n = vectors.count
        guard n > 1 else { return [Double](repeating: 1, count: n) }
        var weights = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for i in 0..<n {
            for j in (i + 1)..<n {
                let similarity = vectors[i].cosine(vectors[j])
                guard similarity >= threshold else { continue }
                let w = voices[i] == voices[j] ? similarity / 2 : similarity
                weights[i][j] = w
                weights[j][i] = w
            }
        }
        let rowSums = weights.map { $0.reduce(0, +) }
        var rank = [Double](repeating: 1 / Double(n), count: n)
        for _ in 0..<100 {
            var next = [Double](repeating: (1 - damping) / Double(n), count: n)
            for j in 0..<n {
                if rowSums[j] == 0 {
                    for i in 0..<n { next[i] += damping * rank[j] / Double(n) }
                } else {
                    for i in 0..<n where weights[j][i] > 0 { next[i] += damping * rank[j] * weights[j][i] / rowSums[j] }
                }
            }
            let change = zip(next, rank).reduce(0) { $0 + abs($1.0 - $1.1) }
            rank = next
            if change < 1e-10 { break }
        }
        return rank
    }

    // MARK: Fallbacks

    private func joinedLength(_ sentences: [String]) -> Int {
        sentences.reduce(0) { $0 + $1.count } + max(sentences.count - 1, 0)
    }

    /// "Also reported by Nairobi Courier (“…”) and Accra Times (“…”)." for headlines that say
    /// something the canonical one does not.
    private func otherHeadlines(budget: Int) -> String? {
        let canonicalKey = Normalized.key(headline)
        var seenKeys: Set<String> = [canonicalKey]
        var seenSources = Set<String>()
        var parts: [String] = []
        let lead = "Also reported by "
        var length = lead.count + 1
        let byAuthority = story.articles.indices.sorted { i, j in
            let x = story.articles[i]
            let y = story.articles[j]
            return x.authority != y.authority ? x.authority > y.authority : i < j
        }
        for a in byAuthority.map({ story.articles[$0] }) {
            let key = Normalized.key(a.headline)
            guard !key.isEmpty, !seenSources.contains(a.sourceKey), seenKeys.insert(key).inserted else { continue }
            let part = "\(a.article.source) (“\(a.headline)”)"
            guard length + part.count + 5 <= budget else { continue }
            parts.append(part)
            seenSources.insert(a.sourceKey)
            length += part.count + 5
            if parts.count == 2 { break }
        }
        guard !parts.isEmpty else { return nil }
        return lead + parts.joined(separator: " and ") + "."
    }

    private func honestFallback() -> String {
        let names = story.sourceNames
        let who =
            names.count <= 1
            ? (names.first ?? "One source")
            : names.dropLast().prefix(3).joined(separator: ", ") + " and " + (names.count > 4 ? "others" : names.last!)
        let verb = names.count <= 1 ? "reports" : "report"
        var title = headline.trimmingCharacters(in: .whitespacesAndNewlines)
        if let last = title.last, !".!?".contains(last) { title += "." }
        let text = "\(who) \(verb): \(title) No further details were available yet."
        return Normalized.truncate(text, to: maxCharacters)
    }
}

enum Normalized {
    /// Letters and digits only, lower-cased: equal keys mean "the same sentence".
    static func key(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Cuts at a word boundary and adds "…" when `text` is longer than `limit` characters.
    static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(max(limit - 1, 1)))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        return cut.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)) + "…"
    }
}
