import Foundation

/// Which IP addresses a feed fetch may connect to. Checked on the address curl is about to
/// connect to (after DNS), so a hostname that resolves — or re-resolves — to an internal
/// address is refused too.
public enum AddressPolicy {
    /// True for loopback, private (RFC 1918, unique local), link-local, CGNAT, unspecified,
    /// multicast and broadcast addresses, in IPv4, IPv6 and IPv4-mapped IPv6.
    public static func isInternal(ipv4 bytes: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
        let (a, b, _, _) = bytes
        switch a {
        case 0, 10, 127: return true                    // this network, private, loopback
        case 100 where (64...127).contains(b): return true  // CGNAT 100.64/10
        case 169 where b == 254: return true             // link-local (cloud metadata lives here)
        case 172 where (16...31).contains(b): return true
        case 192 where b == 168: return true
        case 192 where b == 0 && bytes.2 == 0: return true  // IETF protocol assignments
        case 198 where b == 18 || b == 19: return true   // benchmarking
        case 224...255: return true                      // multicast, reserved, broadcast
        default: return false
        }
    }

    public static func isInternal(ipv6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return true }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return true }                 // :: and ::1
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return isInternal(ipv4: (bytes[12], bytes[13], bytes[14], bytes[15]))   // ::ffff:a.b.c.d
        }
        if bytes[0] & 0xFE == 0xFC { return true }                              // fc00::/7 unique local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }           // fe80::/10 link-local
        if bytes[0] == 0xFF { return true }                                      // multicast
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return true } // documentation
        return false
    }

    /// Parses a textual address (for URL hosts given as literals).
    public static func isInternal(address text: String) -> Bool? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let b = withUnsafeBytes(of: v4) { Array($0) }
            return isInternal(ipv4: (b[0], b[1], b[2], b[3]))
        }
        var v6 = in6_addr()
        let trimmed = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        if inet_pton(AF_INET6, trimmed, &v6) == 1 {
            return isInternal(ipv6: withUnsafeBytes(of: v6) { Array($0) })
        }
        return nil
    }
}
