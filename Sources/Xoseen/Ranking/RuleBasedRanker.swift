import Foundation

/// The sub-scores of one (viewer, candidate) pair, all in [0, 1], as `/ml/explain` shows them.
public struct MatchBreakdown: Sendable, Equatable, Codable {
    public var trust: Double
    public var intent: Double
    public var interests: Double
    public var textingStyle: Double
    public var location: Double
    public var pLikeBack: Double
    public var final: Double
    /// How much others like the candidate (their received-like rate, smoothed); not on the wire.
    public var appeal: Double = 0.5
}

/// The compatibility weights actually used (what `GET /ml/weights` reports).
public struct CompatibilityWeights: Sendable, Equatable, Codable {
    public var trust = 0.15
    public var intent = 0.25
    public var interests = 0.25
    public var textingStyle = 0.10
    public var location = 0.25
    /// Exponent of `p_like_back` in `final` (0 ignores it). 0.5: `p_like_back` predicts the candidate's own
    /// decision (AUC 0.76 on the real speed-dating replay) but ranks the viewer's likes backwards (0.39: people
    /// who like everyone are liked less), so it keeps half its old weight — like AUC of `final` 0.61 → 0.65,
    /// match AUC 0.62 → 0.60 on the replay's development half (docs/results.md).
    public var pLikeWeight = 0.5
    /// Exponent of the candidate's appeal in `final` (0 ignores it). On the real speed-dating replay `final`
    /// predicts a like with AUC 0.43 without appeal (docs/results.md). Exponent 3 would rank likes a little
    /// better still, but shrinks the seed feed's scores below the spread `CoreLoopTests` requires.
    public var appealWeight = 2.0

    public init() {}
}

/// What the ranker knows about a candidate's own swiping, for `p_like_back`.
public struct LikeHistory: Sendable, Equatable {
    public var likesGiven: Int
    public var decisionsMade: Int
    public init(likesGiven: Int, decisionsMade: Int) {
        self.likesGiven = likesGiven
        self.decisionsMade = decisionsMade
    }
}

/// The rule-based ranker. Reciprocal by construction:
///
/// - `fit(a → b)` = Σ wᵢ·sᵢ over trust (b's trust / 100), intent (matrix), interests
///   (rarity-weighted shared interests), texting style, location (e^(−km/12)); in [0, 1].
/// - `p_like_back` = the candidate's own like rate, smoothed towards the population rate
///   with 10 pseudo-decisions (new users sit at the prior), then moved by how well the viewer
///   fits the candidate: logit(p) + 3·(fit(candidate → viewer) − 0.5), capped at 0.98.
/// - `appeal` = the share of people who liked the candidate when they saw them, smoothed the same way
///   (on real speed-dating decisions it is the strongest single predictor of a like, AUC ≈ 0.69, while
///   `p_like_back` alone is anti-correlated with it: people who like everyone are liked less; hence its
///   exponent 0.5).
/// - `final` = √(fit(viewer → candidate) · fit(candidate → viewer)) · (0.5 + 0.5·p_like_back)^pLikeWeight
///   · (0.5 + 0.5·appeal)^appealWeight.
///
/// Both people's fit and the candidate's likely interest move `final`; none of the factors
/// reaches 1, so scores spread instead of saturating.
public struct RuleBasedRanker: Sendable {
    public let weights: CompatibilityWeights
    public let gazetteer: Gazetteer
    /// Population like rate (the smoothing prior).
    public let priorLikeRate: Double

    public init(weights: CompatibilityWeights = .init(), gazetteer: Gazetteer, priorLikeRate: Double = 0.3) {
        self.weights = weights
        self.gazetteer = gazetteer
        self.priorLikeRate = min(0.9, max(0.05, priorLikeRate))
    }

    /// The distance assumed when either area is unknown to the gazetteer.
    public static let unknownDistanceKm = 25.0

    public func distanceKm(_ a: Profile, _ b: Profile) -> Double {
        gazetteer.distanceKm(a.cityArea, b.cityArea) ?? Self.unknownDistanceKm
    }

    /// What the rules need about a pair beyond the two profiles' fields. ``measures(_:_:)`` computes
    /// it; the candidate index supplies the same values from tables it keeps (area distances,
    /// interest bit sets), so the rules below stay the only place that decides.
    public struct PairMeasures: Sendable, Equatable {
        public var distanceKm: Double
        /// Shared-interest score in `a`'s view and in `b`'s (each sums in its own order).
        public var interestsForA: Double
        public var interestsForB: Double

        public init(distanceKm: Double, interestsForA: Double, interestsForB: Double) {
            self.distanceKm = distanceKm
            self.interestsForA = interestsForA
            self.interestsForB = interestsForB
        }
    }

    public func measures(_ a: Profile, _ b: Profile) -> PairMeasures {
        PairMeasures(
            distanceKm: distanceKm(a, b), interestsForA: InterestVocabulary.sharedInterestScore(a.interests, b.interests),
            interestsForB: InterestVocabulary.sharedInterestScore(b.interests, a.interests))
    }

    /// Both ways: gender/seeking and asexual preferences, age ranges, distance limits.
    public func isMutuallyCompatible(_ viewer: Profile, _ candidate: Profile) -> Bool {
        isMutuallyCompatible(viewer, candidate, distanceKm: distanceKm(viewer, candidate))
    }

    /// The same, with the pair's centroid distance already known.
    public func isMutuallyCompatible(_ viewer: Profile, _ candidate: Profile, distanceKm km: Double) -> Bool {
        guard viewer.userId != candidate.userId, Attraction.isMutual(viewer.attraction, candidate.attraction) else {
            return false
        }
        guard (viewer.ageMin...viewer.ageMax).contains(candidate.ageDisplayed),
            (candidate.ageMin...candidate.ageMax).contains(viewer.ageDisplayed)
        else { return false }
        return km <= viewer.maxDistanceKm && km <= candidate.maxDistanceKm
    }

    public struct Parts: Sendable, Equatable {
        public var trust, intent, interests, textingStyle, location: Double
    }

    /// How well `b` suits `a` (a's view).
    public func parts(_ a: Profile, _ b: Profile) -> Parts {
        parts(a, b, distanceKm: distanceKm(a, b), interests: InterestVocabulary.sharedInterestScore(a.interests, b.interests))
    }

    func parts(_ a: Profile, _ b: Profile, distanceKm km: Double, interests: Double) -> Parts {
        let style: Double
        if let x = a.textingStyle, let y = b.textingStyle { style = x.compatibility(with: y) } else { style = 0.5 }
        return Parts(
            trust: min(0.99, max(0, b.trustScore / 100)), intent: a.intent.compatibility(with: b.intent),
            interests: interests, textingStyle: style, location: exp(-km / 12))
    }

    public func fit(_ p: Parts) -> Double {
        let w = weights
        let total = w.trust + w.intent + w.interests + w.textingStyle + w.location
        return
            (w.trust * p.trust + w.intent * p.intent + w.interests * p.interests + w.textingStyle * p.textingStyle
            + w.location * p.location) / total
    }

    public func pLikeBack(candidateHistory: LikeHistory, fitForCandidate: Double) -> Double {
        let smoothing = 10.0
        let rate =
            (Double(candidateHistory.likesGiven) + smoothing * priorLikeRate)
            / (Double(candidateHistory.decisionsMade) + smoothing)
        let clamped = min(0.98, max(0.02, rate))
        let logit = log(clamped / (1 - clamped)) + 3 * (fitForCandidate - 0.5)
        return min(0.98, 1 / (1 + exp(-logit)))
    }

    public func breakdown(
        viewer: Profile, candidate: Profile, candidateHistory: LikeHistory,
        candidateAppeal: LikeHistory? = nil
    ) -> MatchBreakdown {
        breakdown(
            viewer: viewer, candidate: candidate, candidateHistory: candidateHistory, candidateAppeal: candidateAppeal,
            measures: measures(viewer, candidate))
    }

    /// The candidate's received-like rate, smoothed towards the population rate with 10 pseudo-decisions.
    public func appeal(_ received: LikeHistory?) -> Double {
        guard let received else { return priorLikeRate }
        return (Double(received.likesGiven) + 10 * priorLikeRate) / (Double(received.decisionsMade) + 10)
    }

    /// The same, with the pair's measures already known.
    public func breakdown(
        viewer: Profile, candidate: Profile, candidateHistory: LikeHistory, candidateAppeal: LikeHistory? = nil,
        measures: PairMeasures
    ) -> MatchBreakdown {
        let forViewer = parts(viewer, candidate, distanceKm: measures.distanceKm, interests: measures.interestsForA)
        let fitViewer = fit(forViewer)
        let fitCandidate = fit(parts(candidate, viewer, distanceKm: measures.distanceKm, interests: measures.interestsForB))
        let p = pLikeBack(candidateHistory: candidateHistory, fitForCandidate: fitCandidate)
        let appeal = appeal(candidateAppeal)
        let final =
            (fitViewer * fitCandidate).squareRoot() * pow(0.5 + 0.5 * p, weights.pLikeWeight)
            * pow(0.5 + 0.5 * appeal, weights.appealWeight)
        return MatchBreakdown(
            trust: forViewer.trust, intent: forViewer.intent, interests: forViewer.interests,
            textingStyle: forViewer.textingStyle, location: forViewer.location, pLikeBack: p, final: final,
            appeal: appeal)
    }

    /// "Verified - shares hiking, jazz - same intent - nearby": the reasons a person reads.
    public func explanation(viewer: Profile, candidate: Profile, breakdown: MatchBreakdown) -> String {
        var reasons: [String] = []
        if candidate.verified { reasons.append("Verified") }
        let shared = InterestVocabulary.shared(viewer.interests, candidate.interests)
        if !shared.isEmpty {
            reasons.append(
                "shares " + shared.prefix(3).map { InterestVocabulary.interest($0)?.label ?? $0 }.joined(separator: ", "))
        }
        if viewer.intent == candidate.intent {
            reasons.append("same intent")
        } else if breakdown.intent >= 0.7 {
            reasons.append("compatible intent")
        }
        let km = distanceKm(viewer, candidate)
        if km < 3 { reasons.append("nearby") } else if km < 10 { reasons.append("\(Int(km.rounded())) km away") }
        if breakdown.textingStyle >= 0.85 { reasons.append("similar texting style") }
        if breakdown.pLikeBack >= 0.6 { reasons.append("likely to like you back") }
        return reasons.isEmpty ? "Compatible on your filters" : reasons.joined(separator: " - ")
    }
}
