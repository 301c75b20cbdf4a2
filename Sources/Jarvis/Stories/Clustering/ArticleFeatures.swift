import Foundation
import StableHash

/// What the clusterer compares, extracted from one article. Pure and `Sendable`: callers may
/// compute it off the clusterer's serial path (`StoryClusterer.assign(_:features:)`).
public struct ArticleFeatures: Sendable, Equatable {
    /// Stemmed terms, sorted, with their sublinear weighted frequency (title counts `titleWeight`).
    public var terms: [String]
    public var termWeights: [Float]
    /// The headline's stemmed terms alone, sorted, unique (what the headline centroid compares).
    public var titleTerms: [String]
    /// Named entities (lower-cased phrases) and their words, sorted, unique.
    public var entities: [String]
    /// Quantities as "value unit" ("27.5 %", "12 peopl"), sorted, unique.
    public var quantities: [String]
    /// 64-bit SimHash of the terms: syndicated copies land within a few bits of each other.
    public var simhash: UInt64
    /// The event time: `publishedAt`, unless the feed claims a time after we first saw it.
    public var time: Date
    public var urlKey: UInt64?
    public var contentKey: UInt64?
    /// The sentence embedding of `embeddingText(of:)` (unit length), empty without an embedder;
    /// computed by `ArticleFeatureExtractor`, which embeds a batch at once.
    public var embedding: [Float]
    /// The sentence embedding of the headline alone (unit length), empty without an embedder: a report whose
    /// lead opens on a scene rather than the news still meets its story through its headline.
    public var headlineEmbedding: [Float]
    /// The event branch's vector of `embeddingText(of:)` (unit length), empty without one: the encoder's top
    /// layer tuned on real labelled events so that reports of one event land close and same-day reports of
    /// others apart (`ClusteringConfiguration.eventVectorModel`, scripts/train-event-branch.py).
    public var eventEmbedding: [Float]

    public init(
        article: StoryArticle, analyzer: TextAnalyzer = TextAnalyzer(),
        configuration: ClusteringConfiguration = .init(), embedding: [Float] = [], headlineEmbedding: [Float] = [],
        eventEmbedding: [Float] = []
    ) {
        let body =
            article.body.count > configuration.bodyCharacterLimit
            ? String(article.body.prefix(configuration.bodyCharacterLimit)) : article.body

        var counts: [String: Double] = [:]
        let headlineTerms = analyzer.terms(article.headline).map(Self.folded)
        for term in headlineTerms { counts[term, default: 0] += configuration.titleWeight }
        titleTerms = Set(headlineTerms).sorted()
        for term in analyzer.terms(body) { counts[Self.folded(term), default: 0] += 1 }
        let sortedTerms = counts.keys.sorted()
        terms = sortedTerms
        termWeights = sortedTerms.map { Float(1 + log(max(1, counts[$0]!))) }

        var entitySet = Set<String>()
        // Title-case headlines ("Harbour Board Approves Levy") would make every word an entity.
        let headlineWords = analyzer.words(article.headline)
        let capitalised = headlineWords.filter { $0.first?.isUppercase == true }.count
        let entityText =
            headlineWords.count > 0 && Double(capitalised) / Double(headlineWords.count) <= 0.5
            ? article.headline + ".\n" + body : body
        let found = analyzer.namedEntities(entityText)
        // A lone capitalised word that only ever opens a sentence is probably grammar ("Rain fell
        // overnight"), unless it is a place, an acronym or an inner-capital brand, or is capitalised elsewhere.
        var capitalisedInside = Set<String>()
        for entity in found where !entity.sentenceStart { capitalisedInside.insert(entity.phrase) }
        for entity in found where entity.phrase.contains(" ") {
            for part in entity.phrase.split(separator: " ").dropFirst() { capitalisedInside.insert(String(part)) }
        }
        for candidate in found {
            let phrase = candidate.phrase
            let parts = phrase.split(separator: " ")
            if candidate.sentenceStart && parts.count == 1 && !capitalisedInside.contains(phrase)
                && Demonyms.place[phrase] == nil && !Demonyms.places.contains(phrase)
                && !Self.looksLikeName(phrase, in: entityText)
            {
                continue
            }
            let entity = Demonyms.place[phrase] ?? phrase
            entitySet.insert(entity)
            guard parts.count > 1 else { continue }
            // A name that opens with a demonym is also about that place ("Icelandic Football Association").
            for length in [2, 1] where parts.count > length {
                if let place = Demonyms.place[parts.prefix(length).joined(separator: " ")] {
                    entitySet.insert(place)
                    break
                }
            }
            // Parts let "Brandvoll" meet "Senator Ilse Brandvoll"; initials let "WHO" meet
            // "World Health Organization".
            var initials = ""
            for part in parts where !StopWords.english.contains(String(part)) && !Self.connectors.contains(part) {
                if part.count >= 3 { entitySet.insert(Demonyms.place[String(part)] ?? String(part)) }
                initials.append(part.first!)
            }
            if initials.count >= 2 { entitySet.insert(initials) }
        }
        entities = entitySet.sorted()

        var quantitySet = Set<String>()
        for (value, unit) in analyzer.quantities(article.headline + ".\n" + body) {
            let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            let cleanUnit = Self.unitAliases[unit.lowercased()] ?? unit.lowercased()
            if cleanUnit.isEmpty || StopWords.english.contains(cleanUnit) || cleanUnit.first?.isNumber == true {
                quantitySet.insert(number)
            } else {
                quantitySet.insert(number + " " + (analyzer.terms(cleanUnit).first ?? cleanUnit))
            }
        }
        quantities = quantitySet.sorted()

        simhash = Self.simhash(terms: sortedTerms, weights: termWeights)
        time = min(article.publishedAt, article.firstSeenAt)
        urlKey = article.canonicalUrl.flatMap(Self.normalisedURL).map(MixedHash.of)
        contentKey = article.contentHash.isEmpty ? nil : MixedHash.of(article.contentHash)
        self.embedding = embedding
        self.headlineEmbedding = headlineEmbedding
        self.eventEmbedding = eventEmbedding
    }

    /// What the embedder reads: the headline, then the lead (the encoder keeps the first tokens).
    static func embeddingText(of article: StoryArticle) -> String {
        let lead = article.body.count > 1_000 ? String(article.body.prefix(1_000)) : article.body
        guard !lead.isEmpty else { return article.headline }
        let end = article.headline.last.map { ".!?".contains($0) } ?? true
        return article.headline + (end ? " " : ". ") + lead
    }

    /// Demonyms become their place ("icelandic" → "iceland"): one word for one country.
    /// (Single-word demonyms stem to themselves, or to themselves less a final "e".)
    static let foldedTerms: [String: String] = {
        var map: [String: String] = [:]
        let analyzer = TextAnalyzer()
        for (demonym, place) in Demonyms.place where !demonym.contains(" ") {
            if let stem = analyzer.terms(demonym).first, let placeStem = analyzer.terms(place).first { map[stem] = placeStem }
        }
        return map
    }()

    static func folded(_ term: String) -> String { foldedTerms[term] ?? term }

    /// Written with more than its first letter in capitals somewhere ("NASA", "YouTube", "G7+"),
    /// or with a digit: a name, not a capitalised common word.
    static func looksLikeName(_ lowered: String, in text: String) -> Bool {
        guard let range = text.range(of: lowered, options: .caseInsensitive) else { return false }
        let written = text[range]
        return written.dropFirst().contains(where: \.isUppercase) || written.contains(where: \.isNumber)
    }

    static let connectors: Set<Substring> = ["of", "de", "du", "al", "bin", "van", "von", "and"]

    /// One spelling per unit, so "27.5%", "27.5 percent" and "27.5 per cent" are one quantity.
    static let unitAliases: [String: String] = [
        "percent": "%", "per": "%", "pct": "%", "percentage": "%",
        "billion": "bn", "b": "bn", "million": "m", "mn": "m", "trillion": "tn", "thousand": "k",
        "bp": "bps", "bps": "bps", "basis": "bps",
    ]

    /// Charikar's SimHash: each term votes ±weight on each of 64 bits of its hash.
    static func simhash(terms: [String], weights: [Float]) -> UInt64 {
        var votes = [Float](repeating: 0, count: 64)
        for (term, weight) in zip(terms, weights) {
            let h = MixedHash.of(term)
            for bit in 0..<64 { votes[bit] += (h >> UInt64(bit)) & 1 == 1 ? weight : -weight }
        }
        var result: UInt64 = 0
        for bit in 0..<64 where votes[bit] > 0 { result |= 1 << UInt64(bit) }
        return result
    }

    /// Scheme, "www.", fragment, trailing slash and utm_* parameters do not make a different page.
    static func normalisedURL(_ url: String) -> String? {
        var s = url.trimmingCharacters(in: .whitespaces).lowercased()
        guard !s.isEmpty else { return nil }
        if let hash = s.firstIndex(of: "#") { s = String(s[..<hash]) }
        for prefix in ["https://", "http://"] where s.hasPrefix(prefix) { s.removeFirst(prefix.count) }
        if s.hasPrefix("www.") { s.removeFirst(4) }
        if let q = s.firstIndex(of: "?") {
            let kept = s[s.index(after: q)...].split(separator: "&").filter { !$0.hasPrefix("utm_") }
            s = String(s[..<q]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        while s.hasSuffix("/") { s.removeLast() }
        return s
    }
}

/// FNV-1a 64 with a final avalanche (splitmix64's): stable across processes, and every bit mixed — FNV's low
/// bits mix poorly for short keys, and a SimHash reads all 64.
enum MixedHash {
    static func of(_ s: String) -> UInt64 {
        var h = FNV1a64.hash(s)
        h ^= h >> 30
        h = h &* 0xbf58_476d_1ce4_e5b9
        h ^= h >> 27
        h = h &* 0x94d0_49bb_1331_11eb
        h ^= h >> 31
        return h
    }
}
