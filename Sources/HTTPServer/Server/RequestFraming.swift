import Foundation

/// Where a request's body ends must be beyond doubt before a byte of it is read (RFC 9112
/// §6.1, §6.3): when two parsers on the way (a proxy and us) could disagree, one of them
/// sees a second, hidden request — request smuggling. So anything ambiguous is refused
/// with 400 and the connection closed, instead of guessing:
///
/// - `Transfer-Encoding` together with `Content-Length`;
/// - a transfer coding other than exactly `chunked` (we decode nothing else), or more than one
///   `Transfer-Encoding` field;
/// - more than one `Content-Length` field, or one that is not plain digits;
/// - an HTTP/1.1 request without exactly one `Host` (§3.2), or a field name that is not a
///   token (`Host : x` — whitespace before the colon, §5.1).
///
/// libmicrohttpd's own strict mode (`MHD_OPTION_STRICT_FOR_CLIENT`) covers part of this; these
/// checks are the rule in one place whatever the library version does.
enum RequestFraming {
    /// A description of the first violation, or nil when the framing is unambiguous.
    /// One pass over the fields; only names of the three lengths that matter are compared.
    static func violation(in headers: HTTPHeaders, requiresHost: Bool) -> String? {
        var hosts = 0
        var lengths = 0
        var encodings = 0
        var length = ""
        var encoding = ""
        for field in headers.fields {
            let name = field.name.utf8
            switch name.count {
            case 4 where HTTPHeaders.equal(field.name, "Host"):
                hosts += 1
            case 14 where HTTPHeaders.equal(field.name, "Content-Length"):
                lengths += 1
                length = field.value
            case 17 where HTTPHeaders.equal(field.name, "Transfer-Encoding"):
                encodings += 1
                encoding = field.value
            default:
                break
            }
            if !isToken(name) { return "Malformed header field name." }
        }
        if encodings > 0 {
            if lengths > 0 { return "Content-Length and Transfer-Encoding together are ambiguous." }
            if encodings > 1 { return "Repeated Transfer-Encoding." }
            if !HTTPHeaders.equal(trimmed(encoding), "chunked") { return "Unsupported transfer coding (only chunked)." }
        }
        if lengths > 1 { return "Repeated Content-Length." }
        if lengths == 1 {
            let digits = trimmed(length).utf8
            if digits.isEmpty || digits.count > 18 || !digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                return "Malformed Content-Length."
            }
        }
        if hosts > 1 { return "Repeated Host." }
        if hosts == 0 && requiresHost { return "HTTP/1.1 requests need a Host header." }
        return nil
    }

    /// RFC 9110 §5.6.2 `token`: visible ASCII except delimiters.
    static func isToken(_ name: String.UTF8View) -> Bool {
        guard !name.isEmpty else { return false }
        for byte in name {
            switch byte {
            case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x30...0x39, 0x41...0x5A, 0x5E...0x7A, 0x7C, 0x7E: continue
            default: return false
            }
        }
        return true
    }

    /// Optional whitespace around a field value (MHD usually strips it already).
    private static func trimmed(_ value: String) -> String {
        let bytes = value.utf8
        guard bytes.first == 0x20 || bytes.first == 0x09 || bytes.last == 0x20 || bytes.last == 0x09 else { return value }
        return value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }
}
