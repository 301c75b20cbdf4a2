import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Requests begun and not yet completed, counted per MHD worker thread.
///
/// One shared atomic made every request on every worker write the same cache line, which
/// then bounced between the cores (about 2% of a small request's user time in `perf`). Each
/// thread gets its own slot instead; the total is read only by `HTTPServer` (shutdown, the
/// `requestsInFlight` property).
///
/// A request is counted up and down on the same thread (MHD runs every callback of a
/// connection on the worker that owns it), so no slot goes below zero and a total of zero is
/// as trustworthy as the single counter's was. Slots are updated atomically all the same, so
/// the total stays exact even if that ever changed.
final class InFlightCounter: Sendable {
    /// One thread's count, padded so two slots never share a cache line.
    final class Slot: Sendable {
        private let before: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
        let count = Atomic<Int>(0)
        private let after: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

        func begin() { count.wrappingAdd(1, ordering: .relaxed) }
        func end() { count.wrappingSubtract(1, ordering: .releasing) }
    }

    private let slots = Mutex<[Slot]>([])
    /// Each thread's slot for this counter (the key's value is unretained: `slots` owns them).
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
        self.key = key
    }

    deinit { pthread_key_delete(key) }

    /// The calling thread's slot, created on its first use.
    var slotForCurrentThread: Slot {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<Slot>.fromOpaque(existing).takeUnretainedValue()
        }
        let slot = Slot()
        slots.withLock { $0.append(slot) }
        pthread_setspecific(key, Unmanaged.passUnretained(slot).toOpaque())
        return slot
    }

    var total: Int {
        slots.withLock { slots in slots.reduce(0) { $0 + $1.count.load(ordering: .acquiring) } }
    }
}
