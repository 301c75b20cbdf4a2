/// A page's bytes as UTF-8, decided as for feeds (`FeedEncoding`: byte-order mark, HTTP charset,
/// UTF-8 validity, windows-1252 for the rest) with the HTML declaration — `<meta charset>` or
/// `<meta http-equiv="Content-Type" content="…; charset=…">` in the first 4 KB — standing where a
/// feed's XML declaration stands. libxml2 is then told to ignore the page's own declaration.
enum PageEncoding {
    static func utf8<Result>(
        _ bytes: UnsafeRawBufferPointer, contentType: String?,
        _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        var hint = contentType
        if hint.flatMap(FeedEncoding.charset) == nil, let declared = metaCharset(bytes) {
            hint = "text/html; charset=\(declared)"
        }
        let decoded = FeedEncoding.decode(bytes, contentType: hint)
        guard let converted = decoded.utf8 else {
            // Valid UTF-8 as it is; skip a UTF-8 byte-order mark.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                return body(UnsafeRawBufferPointer(rebasing: bytes[3...]))
            }
            return body(bytes)
        }
        return converted.withUnsafeBytes(body)
    }

    /// The `charset=` value of the first `<meta>` that names one, within the first 4 KB.
    static func metaCharset(_ bytes: UnsafeRawBufferPointer) -> String? {
        let window = min(bytes.count, 4096)
        let head = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<window]), as: UTF8.self).lowercased()
        var searchFrom = head.startIndex
        while let meta = head.range(of: "<meta", range: searchFrom..<head.endIndex) {
            let end = head[meta.upperBound...].firstIndex(of: ">") ?? head.endIndex
            let tag = head[meta.upperBound..<end]
            if let charset = tag.range(of: "charset") {
                var rest = tag[charset.upperBound...].drop { $0 == " " }
                guard rest.first == "=" else {
                    searchFrom = end
                    continue
                }
                rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
                let label = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" || $0 == "." }
                if !label.isEmpty { return String(label) }
            }
            searchFrom = end
        }
        return nil
    }
}
