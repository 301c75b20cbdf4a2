/// U+0000 in JSON text. PostgreSQL's `text` cannot hold it (SQLite can), so a NUL accepted from a
/// client would store on one backend and fail with a 500 on the other; both products refuse it at
/// the edge instead, for request bodies (`Request.decode`) and WebSocket frames alike.
public enum NULEscape {
    /// True when `bytes` (JSON text) holds a `\u0000` escape, i.e. one whose backslash is not
    /// itself escaped. (An unescaped NUL byte is not valid JSON and fails parsing anyway.)
    public static func isPresent<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Bool where Bytes.Index == Int {
        let backslash = UInt8(ascii: "\\")
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            guard bytes[index] == backslash else {
                index += 1
                continue
            }
            // An escape: `\u0000` is the one refused; any other escape is stepped over whole.
            if index + 5 < end, bytes[index + 1] == UInt8(ascii: "u"),
                bytes[index + 2] == 0x30, bytes[index + 3] == 0x30, bytes[index + 4] == 0x30, bytes[index + 5] == 0x30
            {
                return true
            }
            index += 2
        }
        return false
    }
}
