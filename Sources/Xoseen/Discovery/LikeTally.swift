import Synchronization

/// One user's like/pass counts (or the whole population's), updated without a lock: likes in the
/// high 32 bits, decisions in the low 32, so a reader never sees a like without its decision.
public final class LikeTally: Sendable {
    private let packed: Atomic<UInt64>

    public init(_ history: LikeHistory = LikeHistory(likesGiven: 0, decisionsMade: 0)) {
        packed = Atomic(UInt64(history.likesGiven) << 32 | UInt64(history.decisionsMade))
    }

    public func record(like: Bool) {
        packed.wrappingAdd((like ? 1 << 32 : 0) | 1, ordering: .relaxed)
    }

    public func reset(to history: LikeHistory) {
        packed.store(UInt64(history.likesGiven) << 32 | UInt64(history.decisionsMade), ordering: .relaxed)
    }

    public var history: LikeHistory {
        let value = packed.load(ordering: .relaxed)
        return LikeHistory(likesGiven: Int(value >> 32), decisionsMade: Int(value & 0xFFFF_FFFF))
    }
}
