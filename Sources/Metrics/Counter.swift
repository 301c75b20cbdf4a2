import Synchronization

/// A count that only goes up (requests, polls, messages).
public final class Counter: Sendable {
    private let storage = Atomic<UInt64>(0)

    public init() {}

    public func increment(by amount: UInt64 = 1) {
        storage.wrappingAdd(amount, ordering: .relaxed)
    }

    public var value: UInt64 { storage.load(ordering: .relaxed) }
}

/// A value that goes up and down (open connections, live stories).
public final class Gauge: Sendable {
    private let storage = Atomic<Int64>(0)

    public init() {}

    public func add(_ amount: Int64) { storage.wrappingAdd(amount, ordering: .relaxed) }
    public func set(_ value: Int64) { storage.store(value, ordering: .relaxed) }
    public var value: Int64 { storage.load(ordering: .relaxed) }
}
