#if canImport(Glibc)
import Glibc
#endif

/// One idle `JSONByteWriter` per thread, so an encode reuses the last one's object and
/// buffers instead of allocating them (a response encode is otherwise a handful of mallocs).
///
/// An encode takes the writer out of its thread's slot and puts it back when done, so a
/// nested encode (a value whose `encode(to:)` encodes something else) simply gets a fresh
/// writer. Encodes never suspend, so take and give happen on the same thread.
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

    static func take(options: WireJSONEncoder) -> JSONByteWriter {
        guard let idle = pthread_getspecific(key) else { return JSONByteWriter(options: options) }
        pthread_setspecific(key, nil)
        let writer = Unmanaged<JSONByteWriter>.fromOpaque(idle).takeRetainedValue()
        writer.reset(options: options)
        return writer
    }

    static func give(_ writer: JSONByteWriter) {
        guard writer.output.reservedBytes <= maxKeptBytes, pthread_getspecific(key) == nil else {
            writer.dropKeyedContainers()
            return
        }
        pthread_setspecific(key, Unmanaged.passRetained(writer).toOpaque())
    }
}
