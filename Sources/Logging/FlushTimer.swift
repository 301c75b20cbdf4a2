#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A dedicated thread that runs `action` once, `interval` after each `arm()`.
///
/// A plain POSIX thread, not a task: Swift's cooperative pool has one thread per core, and tests and
/// start-up code block pool threads (waitpid, polling a child's port), so a flusher there can be held
/// off indefinitely. Nothing ever waits for this thread: a line that must reach the file descriptor is
/// written by the thread that logged it; the timer only bounds how long a quiet buffer waits.
/// Idle, it sleeps on a semaphore: a server that logs nothing wakes nothing.
final class FlushTimer: @unchecked Sendable {  // the semaphore is thread-safe by POSIX; it is never freed
    private let semaphore: UnsafeMutablePointer<sem_t>

    private let interval: Duration

    init(interval: Duration) {
        self.interval = interval
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
    }

    /// Starts the thread; false when it cannot be started (then `arm()` does nothing useful).
    func start(_ action: @escaping @Sendable () -> Void) -> Bool {
        let context = Context(semaphore: semaphore, interval: interval, action: action)
        let raw = Unmanaged.passRetained(context).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue().run() }, raw)
        guard started == 0 else {
            Unmanaged<Context>.fromOpaque(raw).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Asks for one run of the action after the interval. The caller arms at most once per run.
    func arm() { sem_post(semaphore) }

    private final class Context: @unchecked Sendable {
        let semaphore: UnsafeMutablePointer<sem_t>
        let interval: Duration
        let action: @Sendable () -> Void

        init(semaphore: UnsafeMutablePointer<sem_t>, interval: Duration, action: @escaping @Sendable () -> Void) {
            self.semaphore = semaphore
            self.interval = interval
            self.action = action
        }

        func run() -> Never {
            let (seconds, attoseconds) = interval.components
            while true {
                while sem_wait(semaphore) != 0 {}  // EINTR
                var remaining = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
                var request = remaining
                while nanosleep(&request, &remaining) != 0 { request = remaining }  // EINTR: sleep the rest
                action()
            }
        }
    }
}
