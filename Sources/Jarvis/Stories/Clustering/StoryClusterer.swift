import Foundation
import Logging
import SentenceEmbedding

/// Online, incremental clustering of articles into stories.
///
/// Each article is compared with a bounded set of candidate stories, found through an inverted
/// index (feature → the stories most recently posted under it, at most `postingCap`), using
/// the article's most informative features. Cost per article depends on those bounds and not
/// on the size of the store; stories whose latest article is older than `storyWindow` leave
/// the index (their membership is kept, their centroid is dropped).
///
/// Similarity of an article to a story: TF-IDF cosine against the story's centroid (sum of its
/// articles' normalised term vectors, weighted with the current IDF), shared entities and shared
/// quantities (IDF-weighted fraction of the article's), multiplied by a time-proximity factor.
/// IDF is smoothed, `log((1 + N) / (1 + df)) + 1`, over every article seen, updated incrementally,
/// with a background prior for common news words (`BackgroundVocabulary`) against cold starts.
///
/// Copies always join (`CopyIndex`): the same canonical URL or content hash, or a near-identical text
/// (SimHash within `syndicationMaxDistance` bits, through 4 banded 16-bit lookups).
///
/// Merging: when the article is similar enough to several stories and their centroids are alike,
/// they are merged. The survivor is the story with the most articles, then the oldest (earliest
/// article), then the one created first; absorbed ids keep resolving to the survivor
/// (`storyId(resolving:)`, `articles(in:)`, `story(of:)`).
///
/// Not thread-safe: one caller at a time (keep it inside an actor or a `Mutex`). Feature
/// extraction, the expensive part, is pure and may run elsewhere: `ArticleFeatures`.
public final class StoryClusterer {
    public let configuration: ClusteringConfiguration
    /// The learned join decision; nil decides on the hand-weighted similarity (`configuration`).
    /// Used only with an embedder that makes the vectors it reads (its meaning features, its event branch).
    public let joinModel: JoinModel?
    private let analyzer = TextAnalyzer()
    /// How articles are read (features for `assign(_:features:)` must come from the same one).
    public let extractor: ArticleFeatureExtractor
    private let makeStoryId: () -> String
    private let logger = Logger(label: "jarvis.stories.clustering")

    // Feature vocabulary: terms as they are, entities "@…", quantities "#…".
    private var vocabulary: [String: UInt32] = [:]
    /// Document frequency per feature, background prior included.
    private var documentFrequency: [Float] = []
    /// Per feature: 1, or `placeEntityWeight` for an entity that is a country or region.
    private var featureScale: [Float] = []
    /// Per feature: an entity of two words or more that is not a place (an organisation or a person).
    private var isActor: [Bool] = []
    /// Per feature: an entity that is a country or region.
    private var isPlace: [Bool] = []
    private var logDocumentFrequency: [Float] = []
    private var postings: [[Int32]] = []
    private var documentCount = 0
    private var logDocumentCount: Float

    private var stories: [Story] = []
    private var storyIndexById: [String: Int32] = [:]
    private var storyOfArticle: [String: Int32] = [:]
    private var copies = CopyIndex()
    private var indexedStories: [Int32] = []
    /// The indexed stories' meaning, row `Story.slot` for `indexedStories[slot]`.
    private var meaning = MeaningIndex()
    private var hitScratch: [Float] = []
    private var clock: Double = -.infinity
    private var assignmentsSinceSweep = 0
    /// Stories created with one article, per entry of `configuration.reofferAfter`, in creation order.
    private var lonely: [LoneStoryQueue] = []
    /// Stories keep their latest articles' headlines and embeddings (`StoryMembers`) for the
    /// learned join decision: with an embedder only (the words-only path never reads them).
    private let keepsMembers: Bool

    /// Stories that exist (not merged away, not removed).
    public private(set) var storyCount = 0
    /// Stories still open to new articles (in the index).
    public var indexedStoryCount: Int { indexedStories.count }
    /// Articles assigned or restored.
    public var articleCount: Int { storyOfArticle.count }

    /// - Parameters:
    ///   - embedder: sentence embeddings for the meaning part of the similarity
    ///     (`semanticWeight`); without one, articles are compared on words, entities and figures.
    ///   - makeStoryId: new story ids (default `story_` + 16 random hex digits); an id already in
    ///     use is drawn again.
    ///   - joinModel: the learned join decision (`JoinModel`), used when there is an embedder that makes the
    ///     vectors it reads (the event branch it names, if any).
    public init(
        configuration: ClusteringConfiguration = .init(), embedder: (any TextEmbedder)? = nil,
        joinModel: JoinModel? = nil,
        makeStoryId: @escaping () -> String = StoryClusterer.randomStoryId
    ) {
        // The model needs the embedder, and the event branch it names among the embedder's.
        let readable = embedder.map { embedder in joinModel?.eventEncoder.map(embedder.branchIdentifiers.contains) ?? true }
        self.joinModel = readable == true ? joinModel : nil
        var configuration = configuration
        if let wanted = self.joinModel?.eventEncoder { configuration.eventVectorModel = wanted }
        self.configuration = configuration
        keepsMembers = embedder != nil
        extractor = ArticleFeatureExtractor(configuration: configuration, embedder: embedder)
        self.makeStoryId = makeStoryId
        logDocumentCount = log(Float(1 + configuration.backgroundDocuments))
    }

    public static func randomStoryId() -> String {
        let hex = String(UInt64.random(in: .min ... .max), radix: 16)
        return "story_" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    // MARK: Decisions

    /// Puts the article into the story it reports on, or a new one.
    @discardableResult
    public func assign(_ article: StoryArticle) -> StoryAssignment {
        assign(article, features: features(of: article))
    }

    /// As `assign(_:)`, with features computed beforehand (e.g. on another thread). A new story
    /// takes `proposedStoryId` when given and free (the article's provisional story, so ids stay
    /// stable from the first store), else an id from `makeStoryId`.
    @discardableResult
    public func assign(_ article: StoryArticle, features: ArticleFeatures, proposedStoryId: String? = nil) -> StoryAssignment {
        if let existing = storyOfArticle[article.id], let live = resolve(existing) {
            return .joined(stories[Int(live)].id)
        }
        let time = features.time.timeIntervalSinceReferenceDate
        let interned = intern(features)
        defer { finishArticle(interned, time: time) }

        if let copy = copies.story(
            of: features, time: time, distinctTerms: interned.terms.count, configuration: configuration, resolve: resolve)
        {
            add(articleId: article.id, features: features, interned: interned, time: time, to: copy)
            return .joined(stories[Int(copy)].id)
        }

        let scored = score(interned, time: time)
        let rule = joinRule(for: interned)
        guard let best = scored.first,
            best.score >= Float(rule.threshold)
                || (!rule.learned && rule.semantic && standsOut(scored, threshold: rule.threshold))
        else {
            let index = createStory(proposing: proposedStoryId, time: time)
            add(articleId: article.id, features: features, interned: interned, time: time, to: index)
            // Restored stories are not queued: after a restart they keep the chances they had.
            if !configuration.reofferAfter.isEmpty {
                if lonely.isEmpty { lonely = Array(repeating: LoneStoryQueue(), count: configuration.reofferAfter.count) }
                lonely[0].append(index)
            }
            return .newStory(stories[Int(index)].id)
        }

        let (survivor, absorbedIds) = merge(bridged(by: scored, mergeThreshold: rule.mergeThreshold))
        add(articleId: article.id, features: features, interned: interned, time: time, to: survivor)
        let id = stories[Int(survivor)].id
        if absorbedIds.isEmpty { return .joined(id) }
        logger.debug("stories merged", ["survivor": id, "absorbed": absorbedIds.joined(separator: ",")])
        return .joinedAndMerged(survivor: id, absorbed: absorbedIds)
    }

    /// Offers each story still holding its one article to the other stories again, `reofferAfter[k]` after
    /// that article (by the newest article seen), with the same decision as `assign` makes: an early or
    /// oddly worded report meets the story its event became. Returns the stories merged, lone story absorbed
    /// (its id resolves to the survivor's from now on, as for any merge). Call after each `assign` (the service
    /// does, within a batch): due times are read against the newest article seen.
    public func reconsiderLoneArticles() -> [(survivor: String, absorbed: String)] {
        var merges: [(survivor: String, absorbed: String)] = []
        for stage in lonely.indices {
            while let index = lonely[stage].first, stories[Int(index)].first + configuration.reofferAfter[stage] <= clock {
                lonely[stage].popFirst()
                guard stories[Int(index)].state == .indexed, stories[Int(index)].articleIds.count == 1 else { continue }
                let group = secondChance(index)
                if !group.isEmpty {
                    let (survivor, absorbed) = merge(group + [index])
                    merges += absorbed.map { (stories[Int(survivor)].id, $0) }
                } else if stage + 1 < lonely.count {
                    lonely[stage + 1].append(index)
                }
            }
        }
        return merges
    }

    /// The story a lone story's article would join now and those it bridges to it (the same model, thresholds
    /// and merge rule as `assign`); empty when it would stay alone.
    private func secondChance(_ index: Int32) -> [Int32] {
        let story = stories[Int(index)]
        // Its centroid is the article's vectors (members are kept with an embedder only).
        let member = story.members.count == 1
        let article = InternedArticle(
            terms: story.terms, title: story.title, entities: story.entities.ids, quantities: story.quantities.ids,
            embedding: member ? story.members.embedding(0) : [], headline: member ? story.members.headline(0) : [],
            event: member ? story.members.event(0) : [])
        let scored = score(article, time: story.first, excluding: index)
        let rule = joinRule(for: article)
        guard let best = scored.first, best.score >= Float(rule.threshold) else { return [] }
        return bridged(by: scored, mergeThreshold: rule.mergeThreshold)
    }

    /// Which decision applies to an article: the learned model's thresholds when it has an embedding to read,
    /// else the hand rule's (with meaning, or on words, entities and figures alone).
    private func joinRule(for article: InternedArticle) -> (
        threshold: Double, mergeThreshold: Double, learned: Bool, semantic: Bool
    ) {
        let learned = joinModel != nil && !article.embedding.isEmpty
        let semantic = !article.embedding.isEmpty && configuration.semanticWeight > 0
        let threshold =
            learned ? joinModel!.threshold : semantic ? configuration.semanticJoinThreshold : configuration.joinThreshold
        return (threshold, learned ? joinModel!.mergeThreshold : configuration.mergeThreshold, learned, semantic)
    }

    /// Merges the stories into the one that survives them (`survives`); returns it and the absorbed ids.
    private func merge(_ group: [Int32]) -> (survivor: Int32, absorbed: [String]) {
        let survivor = group.max { a, b in !survives(a, over: b) }!
        let absorbed = group.filter { $0 != survivor }
        let ids = absorbed.map { stories[Int($0)].id }
        for story in absorbed { absorb(story, into: survivor) }
        return (survivor, ids)
    }

    /// The best story and the others the article bridges to it: at `mergeThreshold` or above, with a centroid
    /// that agrees with the best's (text or meaning).
    private func bridged(by scored: [Scored], mergeThreshold: Double) -> [Int32] {
        guard let best = scored.first else { return [] }
        var group = [best.story]
        for other in scored.dropFirst() where other.score >= Float(mergeThreshold) {
            if centroidSimilarity(best.story, other.story) >= Float(configuration.mergeCentroidThreshold)
                || semanticCentroidSimilarity(best.story, other.story) >= Float(configuration.mergeSemanticThreshold)
            {
                group.append(other.story)
            }
        }
        return group
    }

    /// Below the join threshold, the best story still wins when it reaches `clearWinnerShare` of
    /// the threshold and scores `clearWinnerRatio` times the next story (or more): one story is
    /// plainly where the article belongs, in other words than its reports so far.
    private func standsOut(_ scored: [Scored], threshold: Double) -> Bool {
        guard let best = scored.first, configuration.clearWinnerRatio > 0,
            Double(best.score) >= threshold * configuration.clearWinnerShare
        else { return false }
        let next = scored.count > 1 ? Double(scored[1].score) : 0
        return Double(best.score) >= next * configuration.clearWinnerRatio
    }

    /// Rebuilds the index from a stored assignment without deciding anything (at startup, in
    /// time order). An unknown story id creates that story.
    public func restore(article: StoryArticle, storyId: String) {
        restore(article: article, features: features(of: article), storyId: storyId)
    }

    /// As `restore(article:storyId:)`, with features computed beforehand (by `extractor`).
    public func restore(article: StoryArticle, features: ArticleFeatures, storyId: String) {
        guard storyOfArticle[article.id] == nil else { return }
        let time = features.time.timeIntervalSinceReferenceDate
        let interned = intern(features)
        let index = storyIndexById[storyId].flatMap(resolve) ?? createStory(id: storyId, time: time)
        add(articleId: article.id, features: features, interned: interned, time: time, to: index)
        finishArticle(interned, time: time)
    }

    // MARK: Queries

    /// The candidate stories and their similarity to the article, best first, without assigning
    /// it (tuning and debugging; copies are not looked for).
    public func candidates(for article: StoryArticle) -> [(storyId: String, similarity: Double)] {
        let features = self.features(of: article)
        return score(intern(features), time: features.time.timeIntervalSinceReferenceDate)
            .map { (stories[Int($0.story)].id, Double($0.score)) }
    }

    /// The candidate stories with the join features against each (what `JoinModel` reads), in
    /// the order they were found, without assigning the article: the training pairs
    /// (`Sources/Tools/StoryPairs`) are read through this. Copies are not looked for.
    public func joinCandidates(for article: StoryArticle, features: ArticleFeatures) -> [(
        storyId: String, features: JoinFeatures
    )] {
        let interned = intern(features)
        var found: [(storyId: String, features: JoinFeatures)] = []
        _ = score(interned, time: features.time.timeIntervalSinceReferenceDate) { story, join in
            found.append((self.stories[Int(story)].id, join))
        }
        return found
    }

    /// Text cosine of two stories' centroids (what merging requires), nil unless both are in the index.
    public func storySimilarity(_ first: String, _ second: String) -> Double? {
        guard let a = storyIndexById[first].flatMap(resolve), let b = storyIndexById[second].flatMap(resolve),
            stories[Int(a)].state == .indexed, stories[Int(b)].state == .indexed
        else { return nil }
        return Double(centroidSimilarity(a, b))
    }

    /// The article ids of a story (merged-away ids answer with their survivor's), in arrival order.
    public func articles(in storyId: String) -> [String] {
        guard let index = storyIndexById[storyId].flatMap(resolve) else { return [] }
        return stories[Int(index)].articleIds
    }

    /// The story an article belongs to now (after any merges).
    public func story(of articleId: String) -> String? {
        storyOfArticle[articleId].flatMap(resolve).map { stories[Int($0)].id }
    }

    /// The id a story id stands for now: itself, its survivor after merges, or nil when unknown or removed.
    public func storyId(resolving storyId: String) -> String? {
        storyIndexById[storyId].flatMap(resolve).map { stories[Int($0)].id }
    }

    /// Forgets a story (e.g. gone stale): it leaves the index and its articles are unassigned.
    public func remove(storyId: String) {
        guard let index = storyIndexById[storyId].flatMap(resolve) else { return }
        let i = Int(index)
        for articleId in stories[i].articleIds { storyOfArticle[articleId] = nil }
        storyIndexById[stories[i].id] = nil
        if stories[i].state == .indexed { meaning.clear(Int(stories[i].slot)) }
        stories[i].state = .removed
        stories[i].clearFeatures()
        stories[i].articleIds = []
        storyCount -= 1
    }

    // MARK: Features and IDF

    /// What the clusterer compares.
    public func features(of article: StoryArticle) -> ArticleFeatures { extractor(article) }

    private func idf(_ id: UInt32) -> Float { logDocumentCount - logDocumentFrequency[Int(id)] + 1 }

    /// An entity's weight as evidence: its IDF, scaled down for places (`placeEntityWeight`).
    private func entityIdf(_ id: UInt32) -> Float { idf(id) * featureScale[Int(id)] }

    private func featureId(_ key: String) -> UInt32 {
        if let id = vocabulary[key] { return id }
        let id = UInt32(documentFrequency.count)
        vocabulary[key] = id
        let prior = isBackground(key) ? Float(configuration.backgroundDocuments * configuration.backgroundShare) : 0
        documentFrequency.append(prior)
        let place = key.first == "@" && Demonyms.places.contains(String(key.dropFirst()))
        featureScale.append(place ? Float(configuration.placeEntityWeight) : 1)
        isActor.append(key.first == "@" && !place && key.contains(" "))
        isPlace.append(place)
        logDocumentFrequency.append(log(1 + prior))
        postings.append([])
        return id
    }

    /// Common news words, and single-word entities that are common words ("Bank", "Police").
    private func isBackground(_ key: String) -> Bool {
        switch key.first {
        case "#": return false
        case "@":
            let word = key.dropFirst()
            guard !word.contains(" ") else { return false }
            return analyzer.terms(String(word)).first.map(BackgroundVocabulary.stems.contains) ?? false
        default: return BackgroundVocabulary.stems.contains(key)
        }
    }

    private func intern(_ features: ArticleFeatures) -> InternedArticle {
        var pairs: [(UInt32, Float)] = []
        pairs.reserveCapacity(features.terms.count)
        var norm: Float = 0
        for (term, weight) in zip(features.terms, features.termWeights) {
            pairs.append((featureId(term), weight))
            norm += weight * weight
        }
        norm = norm.squareRoot()
        pairs.sort { $0.0 < $1.0 }
        var terms = SparseVector()
        terms.ids = pairs.map(\.0)
        terms.values = pairs.map { norm > 0 ? $0.1 / norm : 0 }
        let entities = features.entities.map { featureId("@" + $0) }.sorted()
        let quantities = features.quantities.map { featureId("#" + $0) }.sorted()
        var title = SparseVector()
        title.ids = features.titleTerms.map(featureId).sorted()
        title.values = Array(repeating: title.ids.isEmpty ? 0 : 1 / Float(title.ids.count).squareRoot(), count: title.ids.count)
        return InternedArticle(
            terms: terms, title: title, entities: entities, quantities: quantities, embedding: features.embedding,
            headline: features.headlineEmbedding, event: features.eventEmbedding)
    }

    /// The article's features by informativeness: tf-idf for terms, idf for entities/quantities.
    private func rankedFeatures(_ article: InternedArticle, limit: Int, requirePostings: Bool) -> [(id: UInt32, weight: Float)] {
        let maxTerm = article.terms.values.max() ?? 1
        var ranked: [(id: UInt32, weight: Float)] = []
        ranked.reserveCapacity(article.terms.count + article.entities.count + article.quantities.count)
        for (id, value) in zip(article.terms.ids, article.terms.values) { ranked.append((id, idf(id) * value / maxTerm)) }
        for id in article.entities { ranked.append((id, idf(id) * 0.9)) }
        for id in article.quantities { ranked.append((id, idf(id) * 0.7)) }
        if requirePostings { ranked.removeAll { postings[Int($0.id)].isEmpty } }
        ranked.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.id < $1.id }
        return Array(ranked.prefix(limit))
    }

    private func finishArticle(_ article: InternedArticle, time: Double) {
        for id in article.terms.ids { countDocument(id) }
        for id in article.entities { countDocument(id) }
        for id in article.quantities { countDocument(id) }
        documentCount += 1
        logDocumentCount = log(Float(1 + Double(documentCount) + configuration.backgroundDocuments))
        if time > clock { clock = time }
        assignmentsSinceSweep += 1
        if assignmentsSinceSweep >= configuration.sweepInterval { sweep() }
    }

    private func countDocument(_ id: UInt32) {
        let i = Int(id)
        documentFrequency[i] += 1
        logDocumentFrequency[i] = log(1 + documentFrequency[i])
    }

    // MARK: Similarity

    private struct Scored {
        var story: Int32
        var score: Float
    }

    /// Candidate stories from the postings of the article's top features, scored in full, best first.
    private func score(
        _ article: InternedArticle, time: Double, excluding excluded: Int32 = -1,
        observe: ((Int32, JoinFeatures) -> Void)? = nil
    ) -> [Scored] {
        // Posting hits per story, summed in a scratch array (cheaper than a dictionary per article).
        if hitScratch.count < stories.count {
            hitScratch.append(contentsOf: repeatElement(0, count: stories.count - hitScratch.count))
        }
        var touched: [Int32] = []
        for (feature, weight) in rankedFeatures(article, limit: configuration.queryFeatures, requirePostings: true) {
            let f = Int(feature)
            if postings[f].contains(where: { stories[Int($0)].state != .indexed }) {
                postings[f].removeAll { stories[Int($0)].state != .indexed }
            }
            for story in postings[f] where story != excluded {
                if hitScratch[Int(story)] == 0 { touched.append(story) }
                hitScratch[Int(story)] += weight
            }
        }
        // Stories close in meaning whatever their words: the few nearest by embedding, among those
        // in the index (bounded by the story window, not by the store).
        let neighbours = semanticNeighbours(article.embedding)
        guard !touched.isEmpty || neighbours.contains(where: { $0 != excluded }) else { return [] }
        // Best hits first, ties by story index: one packed key per story sorts much faster than tuples
        // (positive Float bit patterns order like the floats).
        var keys = touched.map { UInt64(hitScratch[Int($0)].bitPattern) << 32 | UInt64(UInt32.max - UInt32(bitPattern: $0)) }
        for story in touched { hitScratch[Int(story)] = 0 }
        keys.sort(by: >)
        var candidates = keys.prefix(configuration.maxCandidates).map {
            Int32(bitPattern: UInt32.max - UInt32(truncatingIfNeeded: $0))
        }
        for story in neighbours where story != excluded && !candidates.contains(story) { candidates.append(story) }

        var query = article.terms
        for i in query.values.indices { query.values[i] *= idf(query.ids[i]) }
        let queryNorm = query.norm { _ in 1 }
        let entityWeights = article.entities.map(entityIdf)
        let quantityWeights = article.quantities.map(idf)
        let anchors = anchorEntities(article.entities, entityWeights)
        var title = article.title
        for i in title.values.indices { title.values[i] *= idf(title.ids[i]) }
        let titleNorm = title.norm { _ in 1 }
        let learned = joinModel != nil && !article.embedding.isEmpty
        var found: [(story: Int32, hand: Float, join: JoinFeatures)] = []
        for story in candidates {
            guard
                let (hand, join) = similarity(
                    query: query, queryNorm: queryNorm, title: title, titleNorm: titleNorm,
                    article: article, entityWeights: entityWeights, quantityWeights: quantityWeights,
                    anchors: anchors, time: time, story: story,
                    compareMembers: learned || observe != nil)
            else { continue }
            found.append((story, hand, join))
        }
        if learned || observe != nil { Self.setMargins(&found) }
        var scored: [Scored] = []
        for (story, hand, join) in found {
            observe?(story, join)
            scored.append(Scored(story: story, score: learned ? Float(joinModel!.probability(join)) : hand))
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.story < $1.story }
        return scored
    }

    /// What a margin is measured from when no other candidate comes closer: a lone candidate of the
    /// same topic is no clear winner. The hand rule's least score for a clear winner (0.7 × 0.27), and a
    /// meaning cosine that unrelated reports of one topic reach.
    static let handMarginFloor = 0.19
    static let meaningMarginFloor = 0.5

    /// Each candidate's hand score and meaning cosine above the best other candidate's (or the floor).
    private static func setMargins(_ found: inout [(story: Int32, hand: Float, join: JoinFeatures)]) {
        // The two highest, so each candidate can be set against the best other.
        var topHand = [handMarginFloor, handMarginFloor]
        var topMeaning = [meaningMarginFloor, meaningMarginFloor]
        for entry in found {
            let hand = Double(entry.hand)
            if hand > topHand[0] { topHand = [hand, topHand[0]] } else if hand > topHand[1] { topHand[1] = hand }
            let meaning = entry.join.meaningCosine
            if meaning > topMeaning[0] {
                topMeaning = [meaning, topMeaning[0]]
            } else if meaning > topMeaning[1] {
                topMeaning[1] = meaning
            }
        }
        for i in found.indices {
            let hand = Double(found[i].hand)
            let meaning = found[i].join.meaningCosine
            found[i].join.handScore = hand
            found[i].join.handMargin = hand - (hand >= topHand[0] ? topHand[1] : topHand[0])
            found[i].join.meaningMargin = meaning - (meaning >= topMeaning[0] ? topMeaning[1] : topMeaning[0])
        }
    }

    /// The hand-weighted similarity of the article to the story (the no-model decision) and the
    /// join features the learned decision reads; nil beyond the story window.
    private func similarity(
        query: SparseVector, queryNorm: Float, title: SparseVector, titleNorm: Float,
        article: InternedArticle, entityWeights: [Float], quantityWeights: [Float],
        anchors: (ids: [UInt32], weights: [Float]), time: Double, story: Int32,
        compareMembers: Bool
    ) -> (Float, JoinFeatures)? {
        let i = Int(story)
        let distance = time < stories[i].first ? stories[i].first - time : max(0, time - stories[i].latest)
        guard distance <= configuration.storyWindow else { return nil }
        var join = JoinFeatures()

        let storyNorm = centroidNorm(i)
        let cosine = queryNorm > 0 && storyNorm > 0 ? query.dot(stories[i].terms) { idf($0) } / (queryNorm * storyNorm) : 0
        join.textCosine = Double(cosine)
        let storyTitleNorm = stories[i].title.norm { idf($0) }
        if titleNorm > 0 && storyTitleNorm > 0 {
            join.titleCosine = Double(title.dot(stories[i].title) { idf($0) } / (titleNorm * storyTitleNorm))
        }
        var total = Float(configuration.textWeight) * cosine
        var quantityMiss = false
        var weights = Float(configuration.textWeight)
        if !article.entities.isEmpty {
            let articleShare = sharedMass(article.entities, entityWeights, stories[i].entities)
            let storyShare = coveredMass(of: stories[i].entities, by: article.entities)
            let mix = Float(configuration.entityStoryShare)
            total += Float(configuration.entityWeight) * ((1 - mix) * articleShare + mix * storyShare)
            weights += Float(configuration.entityWeight)
            join.hasEntities = 1
            join.entityArticleShare = Double(articleShare)
            join.entityStoryShare = Double(storyShare)
            join.placeConflict = disjoint(article.entities, stories[i].entities) { isPlace[Int($0)] } ? 1 : 0
            join.actorConflict = disjoint(article.entities, stories[i].entities) { isActor[Int($0)] } ? 1 : 0
        }
        if !article.quantities.isEmpty {
            let shared = sharedMass(article.quantities, quantityWeights, stories[i].quantities)
            total += Float(configuration.numberWeight) * shared
            weights += Float(configuration.numberWeight)
            if shared == 0 && !stories[i].quantities.isEmpty { quantityMiss = true }
            join.hasQuantities = 1
            join.quantityShare = Double(shared)
            join.quantityMiss = quantityMiss ? 1 : 0
        }
        var factor: Float = quantityMiss ? Float(configuration.quantityMissFactor) : 1
        if !anchors.ids.isEmpty {
            let share = sharedMass(anchors.ids, anchors.weights, stories[i].entities)
            join.anchorShare = Double(share)
            if configuration.anchorWeight > 0 {
                total += Float(configuration.anchorWeight) * share
                weights += Float(configuration.anchorWeight)
            }
            if share == 0, let dominant = dominantEntity(i), article.entities.binarySearchContains(dominant) == false {
                factor *= Float(configuration.anchorMissFactor)
                join.anchorMiss = 1
            }
        }
        if !article.embedding.isEmpty, meaning.has(Int(stories[i].slot), dimension: article.embedding.count) {
            let cosine = meaning.cosine(article.embedding, slot: Int(stories[i].slot))
            join.meaningCosine = Double(cosine)
            if configuration.semanticWeight > 0 {
                total += Float(configuration.semanticWeight) * semanticSimilarity(cosine)
                weights += Float(configuration.semanticWeight)
            }
        }
        let hours = distance / 3600
        join.timeGap = log1p(hours) / log1p(96)
        join.shortArticle = article.terms.count < 40 ? 1 : 0
        // The member comparisons feed only the learned decision (and its training pairs): the hand
        // rule's path skips them.
        if compareMembers {
            if let dot = stories[i].members.maxMeaningDot(article.embedding) { join.meaningMax = max(0, Double(dot)) }
            if let dots = stories[i].members.headlines.dots(article.headline) {
                join.headlineMax = max(0, Double(dots.max))
                join.headlineMean = max(0, Double(dots.mean))
            }
            if let dots = stories[i].members.events.dots(article.event) {
                join.eventMax = max(0, Double(dots.max))
                join.eventMean = max(0, Double(dots.mean))
            }
            for memberTitle in stories[i].members.titles {
                let memberTitleNorm = memberTitle.norm { idf($0) }
                if titleNorm > 0 && memberTitleNorm > 0 {
                    join.titleMax = max(join.titleMax, Double(title.dot(memberTitle) { idf($0) } / (titleNorm * memberTitleNorm)))
                }
            }
        }
        let floor = configuration.timeFloor
        let proximity = floor + (1 - floor) * exp(-hours / configuration.timeDecayHours)
        return (total / weights * Float(proximity) * factor, join)
    }

    /// Both sorted lists hold an id of the kind, and no id of the kind is in both.
    private func disjoint(_ article: [UInt32], _ story: SparseVector, kind: (UInt32) -> Bool) -> Bool {
        var articleHas = false
        var storyHas = false
        for id in article where kind(id) {
            articleHas = true
            if story.value(of: id) != nil { return false }
        }
        for id in story.ids where kind(id) {
            storyHas = true
            break
        }
        return articleHas && storyHas
    }

    /// The `semanticCandidates` stories whose mean embedding is closest to this one (above
    /// `semanticFloor`), best first, among the `semanticScanLimit` newest stories in the index:
    /// one dot product a story over contiguous rows, bounded whatever the size of the store or the window.
    private func semanticNeighbours(_ embedding: [Float]) -> [Int32] {
        let k = configuration.semanticCandidates
        guard k > 0, configuration.semanticWeight > 0, !embedding.isEmpty else { return [] }
        return meaning.nearest(
            to: embedding, k: k, floor: Float(configuration.semanticFloor), limit: configuration.semanticScanLimit
        ).map { indexedStories[$0.slot] }.filter { stories[Int($0)].state == .indexed }
    }

    /// A meaning cosine rescaled from `semanticFloor...1` to `0...1`.
    private func semanticSimilarity(_ cosine: Float) -> Float {
        let floor = Float(configuration.semanticFloor)
        return max(0, (cosine - floor) / (1 - floor))
    }

    /// The story's main entity: the most articles naming it, weighted by IDF.
    private func dominantEntity(_ i: Int) -> UInt32? {
        let e = stories[i].entities
        var best: (id: UInt32, weight: Float)?
        for (id, count) in zip(e.ids, e.values) {
            let w = count * entityIdf(id)
            if best == nil || w > best!.weight { best = (id, w) }
        }
        return best?.id
    }

    /// The article's `anchorEntities` rarest entities (highest IDF), sorted by id, with their IDF.
    private func anchorEntities(_ ids: [UInt32], _ weights: [Float]) -> (ids: [UInt32], weights: [Float]) {
        let k = configuration.anchorEntities
        guard k > 0, !ids.isEmpty else { return ([], []) }
        let top = ids.indices.sorted { weights[$0] != weights[$1] ? weights[$0] > weights[$1] : ids[$0] < ids[$1] }.prefix(k)
            .sorted()
        return (top.map { ids[$0] }, top.map { weights[$0] })
    }

    /// IDF-weighted share of the article's features that the story has too (both lists sorted).
    private func sharedMass(_ features: [UInt32], _ weights: [Float], _ story: SparseVector) -> Float {
        var shared: Float = 0
        var all: Float = 0
        var j = 0
        let ids = story.ids
        for (id, w) in zip(features, weights) {
            all += w
            while j < ids.count && ids[j] < id { j += 1 }
            if j < ids.count && ids[j] == id { shared += w }
        }
        return all > 0 ? shared / all : 0
    }

    /// IDF-weighted share of the story's entity mass (each entity counted once per article naming
    /// it) that the article names too: how much of what the story is about the article mentions.
    private func coveredMass(of story: SparseVector, by features: [UInt32]) -> Float {
        var shared: Float = 0
        var all: Float = 0
        var j = 0
        for (id, count) in zip(story.ids, story.values) {
            let w = count * entityIdf(id)
            all += w
            while j < features.count && features[j] < id { j += 1 }
            if j < features.count && features[j] == id { shared += w }
        }
        return all > 0 ? shared / all : 0
    }

    /// The centroid's tf-idf norm, cached: IDF drifts slowly, so a norm computed within the last
    /// 1% of documents (at least 64) is reused until the story itself changes.
    private func centroidNorm(_ i: Int) -> Float {
        if stories[i].normAt >= 0 && documentCount - stories[i].normAt <= max(64, documentCount / 100) {
            return stories[i].norm
        }
        let norm = stories[i].terms.norm { idf($0) }
        stories[i].norm = norm
        stories[i].normAt = documentCount
        return norm
    }

    /// Text cosine of two story centroids.
    private func centroidSimilarity(_ a: Int32, _ b: Int32) -> Float {
        let x = stories[Int(a)].terms
        let y = stories[Int(b)].terms
        let nx = centroidNorm(Int(a))
        let ny = centroidNorm(Int(b))
        guard nx > 0, ny > 0 else { return 0 }
        return x.dot(y) {
            let w = idf($0)
            return w * w
        } / (nx * ny)
    }

    /// Cosine of two stories' mean embeddings (0 without embeddings).
    private func semanticCentroidSimilarity(_ a: Int32, _ b: Int32) -> Float {
        meaning.cosine(Int(stories[Int(a)].slot), Int(stories[Int(b)].slot))
    }

    /// The merge rule: more articles, then older, then created first.
    private func survives(_ a: Int32, over b: Int32) -> Bool {
        let x = stories[Int(a)]
        let y = stories[Int(b)]
        if x.articleIds.count != y.articleIds.count { return x.articleIds.count > y.articleIds.count }
        if x.first != y.first { return x.first < y.first }
        return a < b
    }

    // MARK: Story state

    private func resolve(_ index: Int32) -> Int32? {
        var i = index
        while true {
            switch stories[Int(i)].state {
            case .indexed, .archived: return i
            case .removed: return nil
            case .absorbed(let into): i = into
            }
        }
    }

    /// A new story under `proposed` or a fresh id; an id already in use is drawn again.
    private func createStory(proposing proposed: String?, time: Double) -> Int32 {
        var storyId = proposed ?? makeStoryId()
        while storyIndexById[storyId] != nil { storyId = makeStoryId() }
        return createStory(id: storyId, time: time)
    }

    private func createStory(id storyId: String, time: Double) -> Int32 {
        let index = Int32(stories.count)
        var story = Story(id: storyId, first: time, latest: time)
        story.slot = Int32(indexedStories.count)
        stories.append(story)
        storyIndexById[storyId] = index
        indexedStories.append(index)
        meaning.append()
        storyCount += 1
        return index
    }

    private func add(articleId: String, features: ArticleFeatures, interned: InternedArticle, time: Double, to index: Int32) {
        let i = Int(index)
        stories[i].articleIds.append(articleId)
        storyOfArticle[articleId] = index
        copies.recordKeys(of: features, story: index)
        stories[i].first = min(stories[i].first, time)
        stories[i].latest = max(stories[i].latest, time)
        // An archived story keeps its members but no longer has a centroid to update.
        guard stories[i].state == .indexed else { return }

        stories[i].terms.add(interned.terms)
        stories[i].title.add(interned.title)
        stories[i].normAt = -1
        stories[i].entities.add(SparseVector(ids: interned.entities, values: Array(repeating: 1, count: interned.entities.count)))
        stories[i].quantities.add(
            SparseVector(ids: interned.quantities, values: Array(repeating: 1, count: interned.quantities.count)))
        meaning.add(interned.embedding, to: Int(stories[i].slot))
        if keepsMembers {
            stories[i].members.append(
                title: interned.title, embedding: interned.embedding, headline: interned.headline, event: interned.event,
                time: time,
                keeping: configuration.joinMembers)
        }
        pruneCentroid(i)
        for (feature, _) in rankedFeatures(interned, limit: configuration.postedFeatures, requirePostings: false) {
            post(index, under: feature)
        }
        copies.recordSimhash(
            of: features, story: index, time: time, distinctTerms: interned.terms.count, clock: clock,
            configuration: configuration)
    }

    private func pruneCentroid(_ i: Int) {
        let termCap = configuration.centroidTerms
        let entityCap = configuration.centroidEntities
        // Pruning re-sorts; doing it only past 1.5× the cap keeps it amortised.
        if stories[i].terms.count > termCap + termCap / 2 { stories[i].terms.prune(to: termCap) { idf($0) } }
        let titleCap = configuration.centroidTitleTerms
        if stories[i].title.count > titleCap + titleCap / 2 { stories[i].title.prune(to: titleCap) { idf($0) } }
        if stories[i].entities.count > entityCap + entityCap / 2 { stories[i].entities.prune(to: entityCap) { idf($0) } }
        if stories[i].quantities.count > entityCap + entityCap / 2 { stories[i].quantities.prune(to: entityCap) { idf($0) } }
    }

    /// Moves the story to the most recent end of the feature's posting list (bounded by `postingCap`).
    private func post(_ story: Int32, under feature: UInt32) {
        let f = Int(feature)
        if let at = postings[f].lastIndex(of: story) {
            if at == postings[f].count - 1 { return }
            postings[f].remove(at: at)
        } else if postings[f].count >= configuration.postingCap {
            postings[f].removeFirst()
        }
        postings[f].append(story)
    }

    private func absorb(_ absorbed: Int32, into survivor: Int32) {
        let a = Int(absorbed)
        let s = Int(survivor)
        stories[s].articleIds.append(contentsOf: stories[a].articleIds)
        stories[s].terms.add(stories[a].terms)
        stories[s].title.add(stories[a].title)
        stories[s].normAt = -1
        stories[s].entities.add(stories[a].entities)
        stories[s].quantities.add(stories[a].quantities)
        meaning.move(Int(stories[a].slot), into: Int(stories[s].slot))
        stories[s].members.merge(stories[a].members, keeping: configuration.joinMembers)
        stories[s].first = min(stories[s].first, stories[a].first)
        stories[s].latest = max(stories[s].latest, stories[a].latest)
        pruneCentroid(s)
        // The survivor takes the absorbed story's place in the postings of its main features.
        var top = stories[a].terms
        top.prune(to: configuration.postedFeatures) { idf($0) }
        for feature in top.ids { post(survivor, under: feature) }
        stories[a].state = .absorbed(into: survivor)
        stories[a].articleIds = []
        stories[a].clearFeatures()
        storyCount -= 1
    }

    /// Drops stories whose latest article is older than the window out of the index.
    private func sweep() {
        assignmentsSinceSweep = 0
        var kept: [Int32] = []
        var keptSlots: [Int] = []
        kept.reserveCapacity(indexedStories.count)
        var archived = 0
        for (slot, index) in indexedStories.enumerated() {
            let i = Int(index)
            guard stories[i].state == .indexed else {
                stories[i].slot = -1
                continue
            }
            if clock - stories[i].latest > configuration.storyWindow {
                stories[i].slot = -1
                stories[i].state = .archived
                stories[i].clearFeatures()
                archived += 1
            } else {
                stories[i].slot = Int32(kept.count)
                kept.append(index)
                keptSlots.append(slot)
            }
        }
        indexedStories = kept
        meaning.compact(keeping: keptSlots)
        if archived > 0 {
            logger.debug("stories left the index", ["archived": String(archived), "indexed": String(kept.count)])
        }
    }
}
