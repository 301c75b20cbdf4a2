#if canImport(Glibc)
import Glibc
#endif

/// The most common breakage in real feeds is a bare `&` ("AT&T", query strings in links). libxml2
/// recovers from it by dropping the character and the name after it ("AT"), so we escape bare
/// ampersands before parsing: every `&` that does not start a character or entity reference
/// becomes `&amp;`. CDATA sections are left alone (a bare `&` is legal there).
///
/// Only for ASCII-compatible encodings (UTF-8, ISO-8859-x, Windows-125x); UTF-16 documents are
/// passed through untouched. Returns nil when nothing needs repair, so clean feeds are not copied.
enum AmpersandRepair {
    static func repaired(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        let n = bytes.count
        guard n >= 2 else { return nil }
        // UTF-16 (BOM or `<` followed/preceded by a zero byte): the byte scan below would be wrong.
        if (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) || bytes[0] == 0 || bytes[1] == 0 {
            return nil
        }
        // memchr does the scanning: this runs over every document.
        guard let base = bytes.baseAddress else { return nil }
        func find(_ needle: StaticString, from: Int) -> Int {
            let length = needle.utf8CodeUnitCount
            var at = from
            while at + length <= n, let hit = memchr(base + at, Int32(needle.utf8Start[0]), n - at) {
                let position = base.distance(to: UnsafeRawPointer(hit))
                if position + length > n { return n }
                if memcmp(hit, needle.utf8Start, length) == 0 { return position }
                at = position + 1
            }
            return n
        }
        var bare: [Int] = []
        var i = 0
        var cdata = find("<![CDATA[", from: 0)
        while i < n, let hit = memchr(base + i, 0x26, n - i) {
            let amp = base.distance(to: UnsafeRawPointer(hit))
            if cdata < amp {
                // Skip the CDATA section that starts before this ampersand, then look again.
                let end = min(n, find("]]>", from: cdata + 9) + 3)
                cdata = find("<![CDATA[", from: end)
                if amp < end {
                    i = end
                    continue
                }
            }
            if !startsReference(bytes, at: amp) { bare.append(amp) }
            i = amp + 1
        }
        guard !bare.isEmpty else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(n + bare.count * 4)
        var from = 0
        for position in bare {
            out.append(contentsOf: bytes[from...position])
            out.append(contentsOf: [0x61, 0x6D, 0x70, 0x3B])  // "amp;"
            from = position + 1
        }
        out.append(contentsOf: bytes[from..<n])
        return out
    }

    /// `&#123;`, `&#x1F;`, `&name;` (names up to 32 characters).
    private static func startsReference(_ b: UnsafeRawBufferPointer, at start: Int) -> Bool {
        var i = start + 1
        let n = b.count
        guard i < n else { return false }
        if b[i] == 0x23 {
            i += 1
            var hex = false
            if i < n, b[i] == 0x78 || b[i] == 0x58 {
                hex = true
                i += 1
            }
            let digitsStart = i
            while i < n, i - digitsStart < 10 {
                let c = b[i]
                let isDigit = c >= 0x30 && c <= 0x39
                let isHex = hex && ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66)
                guard isDigit || isHex else { break }
                i += 1
            }
            return i > digitsStart && i < n && b[i] == 0x3B
        }
        let nameStart = i
        while i < n, i - nameStart <= 32 {
            let c = b[i]
            let letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A
            let ok = letter || c == 0x5F || c == 0x3A || (i > nameStart && ((c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E))
            guard ok else { break }
            i += 1
        }
        return i > nameStart && i < n && b[i] == 0x3B
    }
}
