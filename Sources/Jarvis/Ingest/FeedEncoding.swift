#if canImport(Glibc)
import Glibc
#endif

/// A feed document's bytes as UTF-8, whatever the server sent: libxml2 is always handed UTF-8
/// and told to ignore the document's `encoding=` (`XML_PARSE_IGNORE_ENC`), so the decision is
/// made here, once, in this order:
///
/// 1. a byte-order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE), or UTF-16 recognised from `<?` with
///    zero bytes — it cannot lie;
/// 2. the HTTP `Content-Type` charset — except ISO-8859-1 / US-ASCII when the document declares
///    something else: servers put those on every `text/*` answer by default, the document knows
///    better;
/// 3. the XML declaration's `encoding=`;
/// 4. a UTF-8 validity check: bytes that are valid UTF-8 with at least one multi-byte sequence are
///    UTF-8 whatever was declared (text in a single-byte set essentially never is; a feed
///    template saying ISO-8859-1 around UTF-8 content is common, and decoding it as declared gives
///    "â‚¬" for "€");
/// 5. windows-1252 for what is left: a document that claims UTF-8 (or nothing) but is not valid
///    UTF-8 keeps its valid sequences and reads each stray byte as windows-1252 (a superset of
///    ISO-8859-1 for text), the commonest mix in real feeds.
///
/// Other encodings go through glibc's iconv, which knows KOI8-R/U, the ISO-8859 and windows-125x
/// families, Mac Roman, Shift_JIS, EUC-*, GB18030, Big5 and more. A byte iconv cannot convert
/// becomes U+FFFD; an encoding iconv does not know is read as step 5 (best effort, never an error).
enum FeedEncoding {
    struct Decoded {
        /// The document as UTF-8; nil when the input bytes already are (no copy was made).
        var utf8: [UInt8]?
        /// What the bytes were read as (lower-case label: `utf-8`, `windows-1251`, …) — for logs.
        var encoding: String
        /// True when bytes had to be repaired or replaced (invalid UTF-8, unconvertible bytes).
        var repaired: Bool
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, contentType: String?) -> Decoded {
        if let bom = ByteOrderMark(bytes) {
            if bom.label == "utf-8" {
                // libxml2 skips a UTF-8 BOM itself: only a repair needs a copy.
                return utf8Repaired(UnsafeRawBufferPointer(rebasing: bytes[3...]))
            }
            return transcode(UnsafeRawBufferPointer(rebasing: bytes[bom.length...]), from: bom.label)
        }
        if let wide = unmarkedWideEncoding(bytes) { return transcode(bytes, from: wide) }

        let declared = declaredEncoding(bytes).map(normalized)
        var candidates: [String] = []
        if let http = contentType.flatMap(charset).map(normalized) {
            if http == "windows-1252", let declared, declared != http { candidates.append(declared) }
            candidates.append(http)
        }
        if let declared { candidates.append(declared) }

        switch UTF8Check.scan(bytes) {
        case .ascii: return Decoded(utf8: nil, encoding: candidates.first ?? "utf-8", repaired: false)
        case .valid: return Decoded(utf8: nil, encoding: "utf-8", repaired: false)
        case .invalid: break
        }
        // Not UTF-8: the first named single- or multi-byte encoding iconv knows. A wide label on
        // a document that starts with a single-byte `<` (no BOM, no zero bytes) is wrong, skip it.
        for label in candidates where label != "utf-8" && !isWide(label) {
            if label == "windows-1252" || Iconv(from: label).map({ $0.close() }) != nil {
                return transcode(bytes, from: label)
            }
        }
        return utf8Repaired(bytes)
    }

    // MARK: Sniffing

    struct ByteOrderMark {
        let label: String
        let length: Int

        init?(_ b: UnsafeRawBufferPointer) {
            let n = b.count
            if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
                (label, length) = ("utf-8", 3)
            } else if n >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 {
                (label, length) = ("utf-32le", 4)
            } else if n >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF {
                (label, length) = ("utf-32be", 4)
            } else if n >= 2, b[0] == 0xFF, b[1] == 0xFE {
                (label, length) = ("utf-16le", 2)
            } else if n >= 2, b[0] == 0xFE, b[1] == 0xFF {
                (label, length) = ("utf-16be", 2)
            } else {
                return nil
            }
        }
    }

    /// UTF-16/32 without a BOM, recognised from the zero bytes around a leading `<` (XML 1.0 appendix F).
    private static func unmarkedWideEncoding(_ b: UnsafeRawBufferPointer) -> String? {
        guard b.count >= 4 else { return nil }
        if b[0] == 0x3C, b[1] == 0, b[2] == 0, b[3] == 0 { return "utf-32le" }
        if b[0] == 0, b[1] == 0, b[2] == 0, b[3] == 0x3C { return "utf-32be" }
        if b[0] == 0x3C, b[1] == 0, b[2] != 0, b[3] == 0 { return "utf-16le" }
        if b[0] == 0, b[1] == 0x3C, b[2] == 0, b[3] != 0 { return "utf-16be" }
        return nil
    }

    private static func isWide(_ label: String) -> Bool {
        label.hasPrefix("utf-16") || label.hasPrefix("utf-32") || label.hasPrefix("ucs-") || label == "unicode"
    }

    /// `encoding="…"` of a leading `<?xml …?>` (ASCII-compatible documents only).
    static func declaredEncoding(_ b: UnsafeRawBufferPointer) -> String? {
        let window = min(b.count, 512)
        var i = 0
        while i < window, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
        guard i + 5 < window, b[i] == 0x3C, b[i + 1] == 0x3F, b[i + 2] | 0x20 == 0x78, b[i + 3] | 0x20 == 0x6D,
            b[i + 4] | 0x20 == 0x6C
        else { return nil }
        var end = i + 5
        while end + 1 < window, !(b[end] == 0x3F && b[end + 1] == 0x3E) { end += 1 }
        let declaration = String(decoding: UnsafeRawBufferPointer(rebasing: b[(i + 5)..<end]), as: UTF8.self)
        return attribute("encoding", in: declaration)
    }

    /// The `charset` parameter of a `Content-Type` value (`text/xml; charset="koi8-r"`).
    static func charset(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmedASCIIWhitespace.lowercased() == "charset" else { continue }
            let value = pair[1].trimmedASCIIWhitespace.trimmingQuotes
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// `name = "value"` or `name='value'` inside a declaration.
    private static func attribute(_ name: String, in text: String) -> String? {
        guard let range = text.range(of: name) else { return nil }
        var rest = text[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }

    /// Lower-cased; the labels that mean windows-1252 in practice (WHATWG maps them so too: bytes
    /// 0x80–0x9F are curly quotes and dashes, never C1 controls, in any real feed) become it.
    static func normalized(_ label: String) -> String {
        let lower = label.trimmedASCIIWhitespace.lowercased()
        switch lower {
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819", "iso-ir-100",
            "us-ascii", "ascii", "ansi_x3.4-1968", "cp1252", "x-cp1252", "windows1252":
            return "windows-1252"
        case "utf8", "unicode-1-1-utf-8": return "utf-8"
        // Labels Windows and the web use for supersets glibc names differently.
        case "ks_c_5601-1987", "euc-kr", "windows-949": return "cp949"
        case "gb2312", "gbk", "x-gbk", "chinese": return "gb18030"
        case "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "windows-31j": return "cp932"
        case "x-mac-roman", "mac", "macroman": return "macintosh"
        case "iso-8859-8-i": return "iso-8859-8"
        // Python's and Java's names for sets glibc knows under others.
        case "cp_is", "cp-is", "csibm861", "ibm861", "cp861": return "cp861"
        case "maccentraleurope", "x-mac-ce", "x-mac-centraleurope", "maclatin2", "mac-latin2", "mac_latin2":
            return "mac-centraleurope"
        case "maciceland", "x-mac-icelandic", "mac-iceland": return "mac-is"
        case "x-mac-cyrillic", "maccyrillic", "mac-cyrillic": return "mac-cyrillic"
        // "windows_1251", "koi8_r", "iso_8859_5": the underscore spellings of the usual labels.
        default: return lower.replacing("_", with: "-")
        }
    }

    // MARK: Decoding

    /// Valid UTF-8 passes untouched; each byte that is not part of a valid sequence is read as
    /// windows-1252.
    static func utf8Repaired(_ bytes: UnsafeRawBufferPointer) -> Decoded {
        guard UTF8Check.scan(bytes) == .invalid else { return Decoded(utf8: nil, encoding: "utf-8", repaired: false) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var sawValidMultibyte = false
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c < 0x80 {
                out.append(c)
                i += 1
                continue
            }
            let length = UTF8Check.sequenceLength(bytes, at: i)
            if length > 0 {
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[i..<(i + length)]))
                sawValidMultibyte = true
                i += length
            } else {
                out.append(contentsOf: Windows1252.utf8(of: c))
                i += 1
            }
        }
        return Decoded(utf8: out, encoding: sawValidMultibyte ? "utf-8" : "windows-1252", repaired: true)
    }

    /// Whole-document conversion through iconv; unconvertible bytes become U+FFFD.
    static func transcode(_ bytes: UnsafeRawBufferPointer, from label: String) -> Decoded {
        if label == "windows-1252" {
            // Built once from iconv's own table, so undefined bytes (0x81, 0x8D …) do not stop the conversion.
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 4)
            for c in bytes { if c < 0x80 { out.append(c) } else { out.append(contentsOf: Windows1252.utf8(of: c)) } }
            return Decoded(utf8: out, encoding: label, repaired: false)
        }
        guard let converter = Iconv(from: label) else { return utf8Repaired(bytes) }
        defer { converter.close() }
        let (out, replaced) = converter.convert(bytes)
        return Decoded(utf8: out, encoding: label, repaired: replaced)
    }
}

/// UTF-8 validity, with an ASCII fast path eight bytes at a time (this runs over every document).
enum UTF8Check {
    enum Result { case ascii, valid, invalid }

    static func scan(_ bytes: UnsafeRawBufferPointer) -> Result {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return .ascii }
        var i = 0
        var multibyte = false
        while i < n {
            if i + 8 <= n, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            if bytes[i] < 0x80 {
                i += 1
                continue
            }
            let length = sequenceLength(bytes, at: i)
            if length == 0 { return .invalid }
            multibyte = true
            i += length
        }
        return multibyte ? .valid : .ascii
    }

    /// Length of the well-formed multi-byte sequence starting at `i` (RFC 3629: no overlongs, no
    /// surrogates, nothing above U+10FFFF), or 0 when there is none.
    static func sequenceLength(_ b: UnsafeRawBufferPointer, at i: Int) -> Int {
        let n = b.count
        let c = b[i]
        func continuation(_ k: Int) -> Bool { i + k < n && b[i + k] & 0xC0 == 0x80 }
        switch c {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0...0xEF:
            guard continuation(1), continuation(2) else { return 0 }
            let second = b[i + 1]
            if c == 0xE0 && second < 0xA0 { return 0 }  // overlong
            if c == 0xED && second > 0x9F { return 0 }  // surrogate
            return 3
        case 0xF0...0xF4:
            guard continuation(1), continuation(2), continuation(3) else { return 0 }
            let second = b[i + 1]
            if c == 0xF0 && second < 0x90 { return 0 }
            if c == 0xF4 && second > 0x8F { return 0 }
            return 4
        default:
            return 0
        }
    }
}

/// windows-1252 bytes 0x80–0xFF as UTF-8, taken from iconv once (bytes it leaves undefined → U+FFFD).
enum Windows1252 {
    private static let table: [[UInt8]] = (0x80...0xFF).map { byte in
        guard let converter = Iconv(from: "windows-1252") else { return replacement }
        defer { converter.close() }
        var input: [UInt8] = [UInt8(byte)]
        let (out, replaced) = input.withUnsafeMutableBytes { converter.convert(UnsafeRawBufferPointer($0)) }
        return replaced || out.isEmpty ? replacement : out
    }

    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    @inline(__always) static func utf8(of byte: UInt8) -> [UInt8] { table[Int(byte) - 0x80] }
}

/// One glibc iconv conversion to UTF-8. Not shared between threads: each document opens its own.
struct Iconv {
    private let descriptor: iconv_t

    init?(from label: String) {
        let descriptor = iconv_open("UTF-8", label)
        guard let descriptor, descriptor != iconv_t(bitPattern: -1) else { return nil }
        self.descriptor = descriptor
    }

    func close() { iconv_close(descriptor) }

    /// Converts all of `input`; a byte that cannot be converted (or a sequence cut off at the end)
    /// is replaced by U+FFFD and skipped. Returns the UTF-8 bytes and whether anything was replaced.
    func convert(_ input: UnsafeRawBufferPointer) -> ([UInt8], Bool) {
        guard let base = input.baseAddress, input.count > 0 else { return ([], false) }
        var out = [UInt8](repeating: 0, count: input.count * 2 + 16)
        var produced = 0
        var replaced = false
        var inPointer = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
        var inLeft = input.count
        while inLeft > 0 {
            if out.count - produced < 16 { out.append(contentsOf: repeatElement(0, count: out.count)) }
            var outLeft = out.count - produced
            let result = out.withUnsafeMutableBytes { buffer -> Int in
                var outPointer: UnsafeMutablePointer<CChar>? = buffer.baseAddress!.advanced(by: produced)
                    .assumingMemoryBound(to: CChar.self)
                var source: UnsafeMutablePointer<CChar>? = inPointer
                let status = iconv(descriptor, &source, &inLeft, &outPointer, &outLeft)
                inPointer = source!
                return status
            }
            produced = out.count - outLeft
            guard result == -1 else { break }
            switch errno {
            case E2BIG:
                out.append(contentsOf: repeatElement(0, count: out.count))
            default:  // EILSEQ (not in this encoding) or EINVAL (cut off at the end)
                if out.count - produced < 3 { out.append(contentsOf: repeatElement(0, count: 16)) }
                out.replaceSubrange(produced..<(produced + 3), with: Windows1252.replacement)
                produced += 3
                replaced = true
                inPointer += 1
                inLeft -= 1
            }
        }
        // Stateful encodings (ISO-2022-*) may still owe a shift back to the initial state.
        if out.count - produced < 16 { out.append(contentsOf: repeatElement(0, count: 16)) }
        var outLeft = out.count - produced
        out.withUnsafeMutableBytes { buffer in
            var outPointer: UnsafeMutablePointer<CChar>? = buffer.baseAddress!.advanced(by: produced).assumingMemoryBound(
                to: CChar.self)
            _ = iconv(descriptor, nil, nil, &outPointer, &outLeft)
        }
        produced = out.count - outLeft
        out.removeSubrange(produced...)
        return (out, replaced)
    }
}

extension StringProtocol {
    fileprivate var trimmedASCIIWhitespace: String {
        String(self).trimmedASCII
    }

    fileprivate var trimmingQuotes: String {
        var s = Substring(self)
        while let first = s.first, first == "\"" || first == "'" { s = s.dropFirst() }
        while let last = s.last, last == "\"" || last == "'" { s = s.dropLast() }
        return String(s)
    }
}
