/// Who decided what about whom, recently: each user's last ``memory`` decisions made and received
/// (like = +1, pass = −1), the collaborative memory behind the learned ranker's taste features.
///
/// - **item taste**: does the candidate resemble the people this viewer liked rather than passed?
///   Two people resemble each other when the same deciders said the same about both
///   (agreements − disagreements over the deciders they share, shrunk by 2 pseudo-deciders).
/// - **user taste**: did the deciders who judge like this viewer like this candidate? The viewer's
///   agreement with each of the candidate's deciders (over candidates both decided on) weights
///   that decider's verdict.
/// - **recent like rate**: the viewer's last few decisions, newest weighing most (mood, fatigue).
/// - **appeal beyond pickiness**: the candidate's remembered verdicts, each net of that decider's own like
///   rate (a like from someone who likes everyone says less than a like from someone choosy).
/// - **pickiness beyond appeal**: the viewer's remembered verdicts, each net of how liked that person is
///   by everyone (passing on people everyone passes on is not pickiness). With the plain like rates these
///   are one step of a two-way (viewer + candidate) additive model; on the real speed-dating replay they
///   are what lifts the learned ranker above like rates alone (docs/results.md).
///
/// Bounded in memory (ids interned, ``memory`` entries a side per user) and in time (a pair costs at
/// most ``memory``² dictionary look-ups a feature). Training fills one in time order and reads it
/// before adding each event, so every feature is point-in-time; the candidate index keeps one for serving.
public struct TasteGraph: Sendable {
    public static let memory = 32

    // Internal, not private: TasteGraph+Batch.swift reads them.
    var ids: [String: Int32] = [:]
    /// Per interned user: recent decisions made / received, ±(other id + 1), oldest first.
    var given: [[Int32]] = []
    var received: [[Int32]] = []
    /// The same entries ordered by the other's id (oldest first within one id), kept beside the
    /// rings so two users' verdicts are compared by one merge walk instead of hashing.
    var givenByOther: [[Int32]] = []
    var receivedByOther: [[Int32]] = []
    /// Per interned user, over every decision recorded (not only the remembered ones).
    var counts: [Counts] = []

    struct Counts: Sendable {
        var likesGiven: Int32 = 0
        var made: Int32 = 0
        var likesReceived: Int32 = 0
        var received: Int32 = 0
    }

    public init() {}

    public struct Signals: Sendable, Equatable {
        /// In [−1, 1]: resemblance to people liked minus resemblance to people passed.
        public var itemTaste: Double
        /// In [−1, 1]: the candidate's verdicts from like-minded deciders.
        public var userTaste: Double
        /// In [0, 1]: the viewer's recent like rate, starting from the prior.
        public var recentLikeRate: Double
        /// In [−1, 1]: likes the candidate got beyond what their deciders' like rates predict.
        public var appealBeyondPickiness: Double = 0
        /// In [−1, 1]: likes the viewer gave beyond what the liked rates of those they judged predict.
        public var pickinessBeyondAppeal: Double = 0
    }

    /// Pseudo-decisions that shrink a user's like rate towards the prior in the residual signals.
    static let smoothing = 5.0

    public mutating func record(viewer: String, candidate: String, like: Bool) {
        let v = intern(viewer)
        let c = intern(candidate)
        Self.push(&given[Int(v)], &givenByOther[Int(v)], like ? c + 1 : -(c + 1))
        Self.push(&received[Int(c)], &receivedByOther[Int(c)], like ? v + 1 : -(v + 1))
        counts[Int(v)].made += 1
        counts[Int(c)].received += 1
        if like {
            counts[Int(v)].likesGiven += 1
            counts[Int(c)].likesReceived += 1
        }
    }

    public func signals(viewer: String, candidate: String, prior: Double) -> Signals {
        let mine = ids[viewer].map { given[Int($0)] } ?? []
        let recent = Self.recentRate(mine, prior: prior)
        // Pickiness beyond appeal: each verdict the viewer gave against how liked that person is.
        let pickiness = residual(of: mine, prior: prior) { ($0.likesReceived, $0.received) }
        guard let c = ids[candidate] else {
            return Signals(itemTaste: 0, userTaste: 0, recentLikeRate: recent, pickinessBeyondAppeal: pickiness)
        }
        let aboutCandidate = received[Int(c)]
        // Appeal beyond pickiness: each verdict about the candidate against that decider's like rate.
        let appeal = residual(of: aboutCandidate, prior: prior) { ($0.likesGiven, $0.made) }
        // Item taste: the candidate against each person the viewer decided on.
        let candidateVerdicts = receivedByOther[Int(c)]
        var item = 0.0
        for entry in mine {
            let other = Int(abs(entry) - 1)
            item += Self.agreement(candidateVerdicts, receivedByOther[other]) * (entry > 0 ? 1 : -1)
        }
        item /= Double(mine.count + 1)
        // User taste: each decider about the candidate, weighted by how they agree with the viewer.
        let viewerVerdicts = ids[viewer].map { givenByOther[Int($0)] } ?? []
        var user = 0.0
        var weight = 0.5
        for entry in aboutCandidate {
            let decider = Int(abs(entry) - 1)
            let similarity = Self.agreement(viewerVerdicts, givenByOther[decider])
            user += similarity * (entry > 0 ? 1 : -1)
            weight += abs(similarity)
        }
        return Signals(
            itemTaste: max(-1, min(1, item)), userTaste: max(-1, min(1, user / weight)), recentLikeRate: recent,
            appealBeyondPickiness: appeal, pickinessBeyondAppeal: pickiness)
    }

    /// The user's last 8 decisions, newest weighing most, starting from the prior.
    static func recentRate(_ made: [Int32], prior: Double) -> Double {
        var recent = prior
        for entry in made.suffix(8) { recent = 0.7 * recent + 0.3 * (entry > 0 ? 1 : 0) }
        return recent
    }

    /// Σ (verdict − expected) over `entries`, where expected is the other person's smoothed rate
    /// (`rate` gives its likes and decisions), shrunk by 3 pseudo-verdicts and doubled into [−1, 1]
    /// (the residuals rarely pass ±0.5, and a wider range keeps the L2 penalty from muting them).
    func residual(of entries: [Int32], prior: Double, rate: (Counts) -> (likes: Int32, of: Int32)) -> Double {
        var sum = 0.0
        for entry in entries {
            let (likes, total) = rate(counts[Int(abs(entry) - 1)])
            sum += (entry > 0 ? 1 : 0) - (Double(likes) + Self.smoothing * prior) / (Double(total) + Self.smoothing)
        }
        return max(-1, min(1, 2 * sum / (Double(entries.count) + 3)))
    }

    /// How many decisions it keeps that the user made and that others made about them.
    public func remembered(_ userId: String) -> (made: Int, received: Int) {
        guard let i = ids[userId] else { return (0, 0) }
        return (given[Int(i)].count, received[Int(i)].count)
    }

    /// How many users it remembers.
    public var count: Int { ids.count }

    private mutating func intern(_ id: String) -> Int32 {
        if let known = ids[id] { return known }
        let next = Int32(given.count)
        ids[id] = next
        given.append([])
        received.append([])
        givenByOther.append([])
        receivedByOther.append([])
        counts.append(Counts())
        return next
    }

    /// Appends to a ring (dropping its oldest entry when full) and keeps its by-other copy in step.
    private static func push(_ ring: inout [Int32], _ byOther: inout [Int32], _ entry: Int32) {
        if ring.count >= memory {
            // The ring's oldest entry is the oldest of its id's run in the by-other copy: the first.
            let oldest = abs(ring.removeFirst())
            if let index = byOther.firstIndex(where: { abs($0) == oldest }) { byOther.remove(at: index) }
        }
        ring.append(entry)
        let key = abs(entry)
        byOther.insert(entry, at: byOther.firstIndex(where: { abs($0) > key }) ?? byOther.count)
    }

    /// (agreements − disagreements) / (shared + 2) between one user's verdicts (the latest per id
    /// counts) and another's entries (each counts), both ordered by id: in (−1, 1), near 0 when
    /// little is shared.
    private static func agreement(_ verdicts: [Int32], _ entries: [Int32]) -> Double {
        var score = 0
        var shared = 0
        var i = 0
        var j = 0
        while i < verdicts.count, j < entries.count {
            let a = abs(verdicts[i])
            let b = abs(entries[j])
            if a < b {
                i += 1
            } else if a > b {
                j += 1
            } else {
                while i + 1 < verdicts.count, abs(verdicts[i + 1]) == a { i += 1 }
                let liked = verdicts[i] > 0
                while j < entries.count, abs(entries[j]) == a {
                    shared += 1
                    score += (entries[j] > 0) == liked ? 1 : -1
                    j += 1
                }
                i += 1
            }
        }
        return Double(score) / Double(shared + 2)
    }
}
