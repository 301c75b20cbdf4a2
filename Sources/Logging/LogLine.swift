#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One log line as bytes: `TIMESTAMP LEVEL [LABEL] MESSAGE key=value…`, without the newline.
///
/// Built into one buffer reserved up front, so a line costs one allocation whatever its metadata.
/// A value is quoted when it is empty or holds a space, `"`, `=` or a control character; inside
/// quotes `"` and `\` are escaped, and control characters are written as `\n`, `\r`, `\t` or `\u{hex}`.
enum LogLine {
    static func format(
        at time: timespec, level: LogLevel, label: String, message: String, metadata: KeyValuePairs<String, String>
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(192)
        Timestamp.append(time, to: &out)
        out.append(0x20)
        out.append(contentsOf: level.name.utf8)
        out.append(contentsOf: " [".utf8)
        out.append(contentsOf: label.utf8)
        out.append(contentsOf: "] ".utf8)
        out.append(contentsOf: message.utf8)
        for (key, value) in metadata {
            out.append(0x20)
            out.append(contentsOf: key.utf8)
            out.append(UInt8(ascii: "="))
            appendValue(value, to: &out)
        }
        return out
    }

    static func appendValue(_ value: String, to out: inout [UInt8]) {
        let plain = !value.isEmpty && !value.utf8.contains { $0 == 0x20 || $0 == 0x22 || $0 == 0x3D || $0 < 0x20 }
        guard !plain else {
            out.append(contentsOf: value.utf8)
            return
        }
        out.append(0x22)
        // Byte by byte is scalar by scalar here: a String is valid UTF-8, and every byte of a multi-byte
        // scalar is 0x80 or above, so only ASCII bytes are escaped.
        for byte in value.utf8 {
            switch byte {
            case 0x22: out.append(contentsOf: #"\""#.utf8)
            case 0x5C: out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                out.append(contentsOf: #"\u{"#.utf8)
                if byte >= 0x10 { out.append(hexDigit(byte >> 4)) }
                out.append(hexDigit(byte & 0x0F))
                out.append(UInt8(ascii: "}"))
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
