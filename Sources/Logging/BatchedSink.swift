import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Log lines gathered in memory and written to a file descriptor with one `write(2)` per batch.
///
/// Flush rules: a batch is written when it reaches `flushBytes`, when a line at notice or above joins it
/// (written before `write` returns, with every line before it), `flushInterval` after the first line of a
/// quiet batch (by `FlushTimer`'s thread), on `flush()`, and at process exit (`LogSystem` registers it).
///
/// Bound: the buffer never holds more than `capacity` bytes (a single longer line excepted). A line that
/// does not fit makes its thread write the buffer first, so a flood slows the loggers to the speed of
/// the file descriptor; no line is dropped.
///
/// Order: lines enter the buffer under one lock in the order they are logged; batches are taken out and
/// written under a second lock, one at a time, so the file descriptor receives lines in that same order.
/// Appending never waits for a write in progress unless the buffer is full.
public final class BatchedSink: LogSink {
    public let fileDescriptor: Int32
    public let flushBytes: Int
    public let capacity: Int

    private struct Pending {
        var bytes: [UInt8]
        var timerArmed = false
        var highWater = 0
    }
    private let pending: Mutex<Pending>
    /// Held while a batch is written; holds the spare buffer the next batch is swapped into.
    private let output: Mutex<[UInt8]>
    private let timer: FlushTimer?
    /// Set when the timer's thread could not start: then every line is written at once, as unbatched.
    private let writesThrough = Atomic(false)

    /// `flushInterval: nil` starts no timer thread: lines wait for the size, an urgent line, `flush()`
    /// or exit (tests use this to observe the rules without timing).
    public init(
        fileDescriptor: Int32, flushBytes: Int = 32 * 1024, capacity: Int = 64 * 1024,
        flushInterval: Duration? = .milliseconds(100)
    ) {
        self.fileDescriptor = fileDescriptor
        self.flushBytes = max(1, min(flushBytes, capacity))
        self.capacity = max(1, capacity)
        var first: [UInt8] = []
        first.reserveCapacity(self.capacity + 512)
        var spare: [UInt8] = []
        spare.reserveCapacity(self.capacity + 512)
        pending = Mutex(Pending(bytes: first))
        output = Mutex(spare)
        timer = flushInterval.map { FlushTimer(interval: $0) }
        // The timer's thread keeps the sink alive: a sink with a timer lives as long as the process.
        if let timer, !timer.start({ [self] in self.timerFired() }) { writesThrough.store(true, ordering: .relaxed) }
    }

    public func write(_ line: String) { write(line: Array(line.utf8), level: .info) }

    public func write(line: [UInt8], level: LogLevel) {
        let urgent = level >= .notice || writesThrough.load(ordering: .relaxed)
        while true {
            var armTimer = false
            let next = pending.withLock { pending -> NextStep in
                if !pending.bytes.isEmpty && pending.bytes.count + line.count + 1 > capacity { return .makeRoom }
                pending.bytes.append(contentsOf: line)
                pending.bytes.append(0x0A)
                pending.highWater = max(pending.highWater, pending.bytes.count)
                if urgent || pending.bytes.count >= flushBytes { return .flush }
                if !pending.timerArmed {
                    pending.timerArmed = true
                    armTimer = true
                }
                return .done
            }
            switch next {
            case .makeRoom:
                flush()
                continue
            case .flush:
                flush()
            case .done:
                if armTimer { timer?.arm() }  // once per quiet batch
            }
            return
        }
    }

    private enum NextStep { case done, flush, makeRoom }

    /// Writes everything buffered so far; returns once it is written (or the write failed).
    public func flush() {
        output.withLock { batch in
            pending.withLock { swap(&$0.bytes, &batch) }
            guard !batch.isEmpty else { return }
            batch.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        break  // a closed or broken descriptor: nothing better to do with a log line
                    }
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// The most bytes the buffer has held at once (for tests and diagnostics: at most `capacity`).
    public var largestBacklog: Int { pending.withLock { $0.highWater } }

    private func timerFired() {
        // Disarmed before the flush: a line that arrives after this re-arms the timer, so none is left behind.
        pending.withLock { $0.timerArmed = false }
        flush()
    }
}
