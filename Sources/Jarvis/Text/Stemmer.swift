import CStemmer
import Synchronization

/// English Snowball (Porter2) stemming through libstemmer. libstemmer's stemmer objects are
/// not thread-safe, so each `Stemmer` owns one behind a lock; analyzers that run on many
/// threads create one each (they are cheap).
public final class Stemmer: Sendable {
    private let handle: Mutex<StemmerHandle>

    struct StemmerHandle: @unchecked Sendable {
        // Only touched inside `handle`'s lock.
        let pointer: OpaquePointer
    }

    public init() {
        handle = Mutex(StemmerHandle(pointer: sb_stemmer_new("english", "UTF_8")))
    }

    deinit {
        handle.withLock { sb_stemmer_delete($0.pointer) }
    }

    /// The stem of one lower-cased word.
    public func stem(_ word: String) -> String {
        handle.withLock { handle in
            var word = word
            return word.withUTF8 { utf8 -> String in
                guard let base = utf8.baseAddress,
                    let result = sb_stemmer_stem(handle.pointer, base, Int32(utf8.count))
                else { return String(decoding: utf8, as: UTF8.self) }
                let length = Int(sb_stemmer_length(handle.pointer))
                return String(decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
            }
        }
    }
}
