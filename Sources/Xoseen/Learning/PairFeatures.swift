import Foundation

/// The learned ranker's inputs for "will `viewer` like `candidate`?", every one bounded to
/// [0, 1] (or a one-hot), so no single input can drive a score to saturation:
/// - the rule-based sub-scores from the viewer's side (trust, intent, interests, texting style,
///   location) and the candidate's side (how well the viewer suits the candidate);
/// - the intent pair (same intent; either side `new_friends`/`figuring_out`);
/// - interest overlap (shared count / 5, capped), age gap (/ 20 years, capped), distance (/ 30 km, capped);
/// - both users' like-rates and liked-rates (as log-odds / 4, clamped to ±1: the model is additive in
///   log-odds, so a picky viewer and a popular candidate combine as they do in people) and how much history
///   each has (log-scaled), all from `ActivityStats` counted strictly before the event;
/// - collaborative taste from `TasteGraph` (item taste, user taste, the viewer's recent like rate, the
///   candidate's appeal net of their deciders' like rates and the viewer's pickiness net of the appeal of
///   those they judged), also strictly before the event.
public enum PairFeatures {
    public static let names = [
        "trust", "intent", "interests", "texting_style", "location",
        "their_intent", "their_interests", "their_texting_style",
        "same_intent", "open_intent", "shared_interests", "age_gap", "distance",
        "viewer_like_rate", "viewer_history", "candidate_liked_rate", "candidate_like_rate", "candidate_history",
        "viewer_liked_rate", "item_taste", "user_taste", "recent_like_rate",
        "appeal_beyond_pickiness", "pickiness_beyond_appeal",
    ]

    public static var count: Int { names.count }

    public static func vector(
        viewer: Profile, candidate: Profile, ranker: RuleBasedRanker, viewerStats: ActivityStats,
        candidateStats: ActivityStats, prior: Double, taste: TasteGraph.Signals
    ) -> [Double] {
        let mine = ranker.parts(viewer, candidate)
        let theirs = ranker.parts(candidate, viewer)
        let shared = InterestVocabulary.shared(viewer.interests, candidate.interests).count
        let open: Set<Intent> = [.newFriends, .figuringOut]
        func history(_ n: Int) -> Double { min(1, log1p(Double(n)) / log1p(500)) }
        func odds(_ rate: Double) -> Double {
            let p = min(0.98, max(0.02, rate))
            return log(p / (1 - p)) / 4
        }
        return [
            mine.trust, mine.intent, mine.interests, mine.textingStyle, mine.location,
            theirs.intent, theirs.interests, theirs.textingStyle,
            viewer.intent == candidate.intent ? 1 : 0, open.contains(viewer.intent) || open.contains(candidate.intent) ? 1 : 0,
            min(1, Double(shared) / 5), min(1, Double(abs(viewer.ageDisplayed - candidate.ageDisplayed)) / 20),
            min(1, ranker.distanceKm(viewer, candidate) / 30),
            odds(viewerStats.likeRate(prior: prior, k: 5)), history(viewerStats.decisionsMade),
            odds(candidateStats.likedRate(prior: prior, k: 5)), odds(candidateStats.likeRate(prior: prior, k: 5)),
            history(candidateStats.decisionsReceived),
            odds(viewerStats.likedRate(prior: prior, k: 5)), taste.itemTaste, taste.userTaste, odds(taste.recentLikeRate),
            taste.appealBeyondPickiness, taste.pickinessBeyondAppeal,
        ]
    }
}
