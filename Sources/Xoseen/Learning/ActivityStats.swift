/// What a user has done and had done to them, counted from events **earlier** than the moment
/// being scored. The training pass updates these only after an event's features are taken, so a
/// feature never sees its own label.
public struct ActivityStats: Sendable, Equatable, Codable {
    public var likesGiven = 0
    public var decisionsMade = 0
    public var likesReceived = 0
    public var decisionsReceived = 0

    public init(likesGiven: Int = 0, decisionsMade: Int = 0, likesReceived: Int = 0, decisionsReceived: Int = 0) {
        self.likesGiven = likesGiven
        self.decisionsMade = decisionsMade
        self.likesReceived = likesReceived
        self.decisionsReceived = decisionsReceived
    }

    /// Share of their decisions that were likes, smoothed towards `prior` with `k` pseudo-decisions.
    public func likeRate(prior: Double, k: Double = 10) -> Double {
        (Double(likesGiven) + k * prior) / (Double(decisionsMade) + k)
    }

    /// Share of the decisions about them that were likes (how liked they are), smoothed likewise.
    public func likedRate(prior: Double, k: Double = 10) -> Double {
        (Double(likesReceived) + k * prior) / (Double(decisionsReceived) + k)
    }

    public var history: LikeHistory { LikeHistory(likesGiven: likesGiven, decisionsMade: decisionsMade) }

    /// The decisions about them, in the same shape (likes received, decisions received).
    public var received: LikeHistory { LikeHistory(likesGiven: likesReceived, decisionsMade: decisionsReceived) }
}
