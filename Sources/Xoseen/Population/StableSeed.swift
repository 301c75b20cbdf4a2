/// FNV-1a over UTF-8: a seed that is the same on every run and machine (Swift's `Hasher` is
/// randomised per process), so a pair sees the same drafts after a restart.
enum StableSeed {
    static func of(_ parts: String...) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            hash ^= 0xFF
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
