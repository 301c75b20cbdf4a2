import StableHash

/// FNV-1a over UTF-8: a seed that is the same on every run and machine (Swift's `Hasher` is
/// randomised per process), so a pair sees the same drafts after a restart.
enum StableSeed {
    static func of(_ parts: String...) -> UInt64 {
        var hash = FNV1a64()
        for part in parts {
            hash.add(part.utf8)
            hash.add(0xFF)
        }
        return hash.value
    }
}
