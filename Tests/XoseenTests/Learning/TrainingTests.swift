import Foundation
import SQLStore
import Testing

@testable import Xoseen

/// The learning loop's domain: the solver, the metrics, leakage, the promotion gate, the registry.
@Suite struct TrainingTests {
    static func gazetteer() throws -> Gazetteer {
        try Gazetteer(
            resourcesDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/xoseen").path)
    }

    @Test func logisticRegressionRecoversAKnownModel() {
        var random = SplitMix64(seed: 42)
        let truth = [2.0, -1.5, 0.5]
        let bias = -0.3
        var rows: [Double] = []
        var labels: [Double] = []
        for _ in 0..<20_000 {
            let x = (0..<3).map { _ in random.unit() }
            let z = bias + zip(truth, x).reduce(0) { $0 + $1.0 * $1.1 }
            rows += x
            labels.append(random.unit() < 1 / (1 + exp(-z)) ? 1 : 0)
        }
        let model = LogisticTrainer(lambda: 1e-6).fit(
            rows: rows, dimension: 3, labels: labels,
            weights: Array(repeating: 1, count: labels.count), names: ["a", "b", "c"])
        for (learned, actual) in zip(model.weights, truth) { #expect(abs(learned - actual) < 0.2, "\(model.weights)") }
        #expect(abs(model.bias - bias) < 0.2)
    }

    @Test func aucAndCalibrationAreRight() {
        #expect(RankingMetrics.auc(scores: [0.1, 0.4, 0.35, 0.8], labels: [0, 0, 1, 1]) == 0.75)
        #expect(RankingMetrics.auc(scores: [0.5, 0.5], labels: [0, 1]) == 0.5, "ties count half")
        let m = RankingMetrics(scores: [0.2, 0.2, 0.2, 0.2, 0.2], labels: [1, 0, 0, 0, 0])
        #expect(m.calibrationError < 1e-9, "20% predicted, 20% observed")
        #expect(m.saturatedShare == 0 && m.scoreStdDev == 0)
    }

    @Test func aFeatureNeverSeesItsOwnLabel() throws {
        let gazetteer = try Self.gazetteer()
        let personas = SeedPopulation(gazetteer: gazetteer).generate(count: 3)
        let now = Date()
        let profiles = personas.map { p in
            Profile(
                userId: p.userId, displayName: p.displayName, ageDisplayed: p.ageDisplayed, trustScore: p.trustScore,
                intent: p.intent,
                interests: p.interests, cityArea: p.cityArea, ageMin: p.ageMin, ageMax: p.ageMax, maxDistanceKm: p.maxDistanceKm,
                gender: p.gender, seeking: p.seeking, asexual: p.asexual, asexualOnly: p.asexualOnly, bio: p.bio,
                textingStyle: p.textingStyle, photoSeed: "x", verified: true, isSeed: true, createdAt: now, updatedAt: now)
        }
        let (a, b, c) = (profiles[0].userId, profiles[1].userId, profiles[2].userId)
        let events = [
            TrainingSet.Event(viewer: a, candidate: b, action: "like", at: now),
            TrainingSet.Event(viewer: a, candidate: c, action: "like", at: now + 1),
            TrainingSet.Event(viewer: c, candidate: b, action: "pass", at: now + 2),
        ]
        let set = TrainingSet(
            events: events, profiles: Dictionary(uniqueKeysWithValues: profiles.map { ($0.userId, $0) }), talked: [],
            ranker: RuleBasedRanker(gazetteer: gazetteer))
        let index = Dictionary(uniqueKeysWithValues: PairFeatures.names.enumerated().map { ($1, $0) })
        let history = index["viewer_history"]!
        let likedRate = index["candidate_liked_rate"]!
        let userTaste = index["user_taste"]!
        // The first event: nobody has any history yet, whatever its label.
        #expect(set.examples[0].features[history] == 0)
        // The second: a's one earlier like counts; this like does not.
        #expect(set.examples[1].features[history] > 0)
        // c has decided nothing before the third event, so no decider about b agrees or disagrees with c yet.
        #expect(set.examples[2].features[userTaste] == 0)
        // Flipping an event's label never moves its own features or any earlier ones (taste features included).
        for flippedIndex in 0..<3 {
            var flipped = events
            flipped[flippedIndex].action = flipped[flippedIndex].action == "like" ? "pass" : "like"
            let other = TrainingSet(
                events: flipped, profiles: Dictionary(uniqueKeysWithValues: profiles.map { ($0.userId, $0) }),
                talked: [], ranker: RuleBasedRanker(gazetteer: gazetteer))
            for i in 0...flippedIndex { #expect(other.examples[i].features == set.examples[i].features, "event \(i)") }
            #expect(other.examples[flippedIndex].label != set.examples[flippedIndex].label)
        }
        // b's liked-rate at the third event reflects a's like (earlier), not c's pass (this event)
        // (as log-odds / 4 with 5 pseudo-decisions).
        let prior = (2.0 + 3) / (2 + 10)
        let rate = (1 + 5 * prior) / (1 + 5)
        #expect(abs(set.examples[2].features[likedRate] - log(rate / (1 - rate)) / 4) < 1e-9)
    }

    @Test func trainsOnTheSeedPopulationWithoutSaturating() async throws {
        let directory = NSTemporaryDirectory() + "xoseen-train-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await DatabaseConfiguration(url: .sqlite(path: directory + "/x.sqlite")).open(
            migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        let gazetteer = try Self.gazetteer()
        try await SeedLoader(database: database).loadIfEmpty(
            population: SeedPopulation(gazetteer: gazetteer), count: 400, now: Date())
        let registry = ModelRegistry(database: database, dataDirectory: directory)
        let training = RankerTraining(database: database, registry: registry, ranker: RuleBasedRanker(gazetteer: gazetteer))
        let queued = TrainingQueue.finished.load(ordering: .relaxed)
        let outcome = try await training.run(at: Date())
        #expect(
            TrainingQueue.finished.load(ordering: .relaxed) >= queued + 2,
            "the examples and the fit are computed on the training queue, off the cooperative pool")
        let r = outcome.report
        print(
            "seed training:", r.trainExamples, r.holdoutExamples, "learned AUC", r.learned.auc, "rule AUC", r.ruleBased.auc,
            "logloss", r.learned.logLoss, r.ruleBased.logLoss, "ECE", r.learned.calibrationError, "sd", r.learned.scoreStdDev,
            "match@10", r.learnedMatchRateAt10, r.ruleMatchRateAt10, "secs", r.trainingSeconds, outcome.decision,
            "history AUC", r.historyOnly?.auc ?? -1)
        #expect(outcome.version == "v0001")
        #expect(r.learned.auc > r.ruleBased.auc, "the hidden preferences are learnable")
        // Floors near what docs/results.md reports for this holdout (learned 0.786, rules 0.675): the seed's
        // likes depend on pair compatibility, so the model must beat like rates alone, and the rules chance.
        let history = try #require(r.historyOnly)
        #expect(r.learned.auc > history.auc + 0.03, "learned \(r.learned.auc) vs history \(history.auc)")
        #expect(r.learned.auc > 0.76)
        #expect(r.ruleBased.auc > 0.63, "rules \(r.ruleBased.auc)")
        #expect(r.learned.saturatedShare < 0.01 && r.learned.scoreStdDev >= 0.05)
        #expect(r.learned.calibrationError < 0.05)
    }

    @Test func thePromotionGateNeedsTheMarginAndNoSaturation() async throws {
        let directory = NSTemporaryDirectory() + "xoseen-gate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await DatabaseConfiguration(url: .sqlite(path: directory + "/x.sqlite")).open(
            migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        var training = RankerTraining(
            database: database, registry: ModelRegistry(database: database, dataDirectory: directory),
            ranker: RuleBasedRanker(gazetteer: try Self.gazetteer()))
        training.promotionMargin = 0.02
        func report(learned: [Double], rules: [Double]) -> TrainingReport {
            let labels: [Double] = [0, 0, 1, 1]
            return TrainingReport(
                trainExamples: 1000, holdoutExamples: 4, learned: RankingMetrics(scores: learned, labels: labels),
                ruleBased: RankingMetrics(scores: rules, labels: labels), learnedMatchRateAt10: 0,
                ruleMatchRateAt10: 0, trainingSeconds: 0)
        }
        let better = report(learned: [0.1, 0.2, 0.6, 0.7], rules: [0.1, 0.5, 0.4, 0.7])
        #expect(try await training.gate(better, serving: .none).0, "AUC 1.0 vs 0.75")
        let tied = report(learned: [0.1, 0.5, 0.4, 0.7], rules: [0.1, 0.5, 0.4, 0.7])
        #expect(try await !training.gate(tied, serving: .none).0, "equal is not better by the margin")
        let saturated = report(learned: [0.1, 0.2, 0.995, 0.999], rules: [0.1, 0.5, 0.4, 0.7])
        let (promoted, why) = try await training.gate(saturated, serving: .none)
        #expect(!promoted && why.contains("0.99"))
    }
}
