#if canImport(Glibc)
import Glibc
#endif

/// One `JSONByteWriter` kept per thread, so an encode reuses the last one's object and
/// buffers instead of allocating them (a response encode is otherwise a handful of mallocs).
///
/// An encode marks the thread's writer busy and clears the mark when done, so a nested
/// encode (a value whose `encode(to:)` encodes something else) simply gets a fresh writer.
/// Encodes never suspend, so take and give happen on the same thread.
enum JSONWriterCache {
    /// Writers whose buffer grew past this are dropped rather than kept per thread.
    static let maxKeptBytes = 64 * 1024

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { idle in
            guard let idle else { return }
            let writer = Unmanaged<JSONByteWriter>.fromOpaque(idle)
            writer._withUnsafeGuaranteedRef { $0.dropKeyedContainers() }
            writer.release()
        }
        precondition(created == 0, "pthread_key_create failed")
        return key
    }()

    /// The thread's writer, marked busy, or a fresh one when it is busy (a nested encode).
    /// The thread's slot keeps its writer while it is in use: marking it busy is cheaper
    /// than emptying the slot and filling it again.
    static func take(options: WireJSONEncoder) -> JSONByteWriter {
        guard let idle = pthread_getspecific(key) else {
            let writer = JSONByteWriter(options: options)
            writer.isThreadWriter = true
            writer.isBusy = true
            pthread_setspecific(key, Unmanaged.passRetained(writer).toOpaque())
            return writer
        }
        let writer = Unmanaged<JSONByteWriter>.fromOpaque(idle).takeUnretainedValue()
        guard !writer.isBusy else { return JSONByteWriter(options: options) }
        writer.isBusy = true
        writer.reset(options: options)
        return writer
    }

    static func give(_ writer: JSONByteWriter) {
        guard writer.isThreadWriter else {
            writer.dropKeyedContainers()
            return
        }
        writer.isBusy = false
        if writer.output.reservedBytes > maxKeptBytes {
            // Grown too large to keep: the next encode on this thread makes a new one.
            writer.isThreadWriter = false
            writer.dropKeyedContainers()
            pthread_setspecific(key, nil)
            Unmanaged.passUnretained(writer).release()
        }
    }
}
