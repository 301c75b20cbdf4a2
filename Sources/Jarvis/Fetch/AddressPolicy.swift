import Foundation

/// Which IP addresses a feed fetch may connect to. Checked on the address curl is about to
/// connect to (after DNS), so a hostname that resolves — or re-resolves — to an internal
/// address is refused too.
///
/// IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4) are judged by
/// the IPv4 address inside: a gateway on the way would deliver the packet there. Forms whose
/// embedded address cannot be trusted or that only exist inside a site (IPv4-compatible,
/// Teredo, local-use NAT64, site-local, discard-only) are refused outright — no public
/// feed is served from them.
public enum AddressPolicy {
    /// True for loopback, private (RFC 1918), link-local, CGNAT, unspecified, documentation,
    /// benchmarking, 6to4 relay, multicast, reserved and broadcast IPv4 addresses.
    public static func isInternal(ipv4 bytes: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
        let (a, b, c, _) = bytes
        switch a {
        case 0, 10, 127: return true  // this network, private, loopback
        case 100 where (64...127).contains(b): return true  // CGNAT 100.64/10
        case 169 where b == 254: return true  // link-local (cloud metadata lives here)
        case 172 where (16...31).contains(b): return true
        case 192 where b == 168: return true
        case 192 where b == 0 && (c == 0 || c == 2): return true  // IETF protocol assignments, TEST-NET-1
        case 192 where b == 88 && c == 99: return true  // 6to4 relay anycast
        case 198 where b == 18 || b == 19: return true  // benchmarking
        case 198 where b == 51 && c == 100: return true  // TEST-NET-2
        case 203 where b == 0 && c == 113: return true  // TEST-NET-3
        case 224...255: return true  // multicast, reserved, broadcast
        default: return false
        }
    }

    public static func isInternal(ipv6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return true }
        func zero(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 0 } }
        func ipv4(at offset: Int) -> Bool {
            isInternal(ipv4: (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]))
        }
        func prefix(_ head: [UInt8]) -> Bool { bytes.starts(with: head) }

        if zero(0..<12) { return true }  // ::, ::1, ::a.b.c.d (IPv4-compatible, deprecated)
        if zero(0..<10) && bytes[10] == 0xFF && bytes[11] == 0xFF { return ipv4(at: 12) }  // ::ffff:a.b.c.d mapped
        // ::ffff:0:a.b.c.d translated
        if zero(0..<8) && bytes[8] == 0xFF && bytes[9] == 0xFF && zero(10..<12) { return ipv4(at: 12) }
        if prefix([0x00, 0x64, 0xFF, 0x9B]) && zero(4..<12) { return ipv4(at: 12) }  // 64:ff9b::/96 NAT64 well-known
        if prefix([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01]) { return true }  // 64:ff9b:1::/48 local-use NAT64
        if prefix([0x01, 0x00]) && zero(2..<8) { return true }  // 100::/64 discard-only
        if prefix([0x20, 0x02]) { return ipv4(at: 2) }  // 2002::/16 6to4
        // 2001::/23 IETF (Teredo 2001::/32, ORCHID, benchmarking)
        if prefix([0x20, 0x01]) && bytes[2] & 0xFE == 0 { return true }
        if prefix([0x20, 0x01, 0x0D, 0xB8]) { return true }  // 2001:db8::/32 documentation
        if prefix([0x3F, 0xFF]) && bytes[2] & 0xF0 == 0 { return true }  // 3fff::/20 documentation
        if prefix([0x5F, 0x00]) { return true }  // 5f00::/16 segment routing
        if bytes[0] & 0xFE == 0xFC { return true }  // fc00::/7 unique local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10 link-local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return true }  // fec0::/10 site-local (deprecated)
        if bytes[0] == 0xFF { return true }  // multicast
        return false
    }

    /// Parses a textual address (for URL hosts given as literals), nil for a name. IPv4 in the
    /// resolver's legacy forms ("127.1", "0x7f000001", "2130706433", octal "0177.0.0.1") counts:
    /// curl and `getaddrinfo` connect to them as the address they stand for.
    public static func isInternal(address text: String) -> Bool? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 || (isLegacyIPv4(text) && inet_aton(text, &v4) == 1) {
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

    /// A digit first, then only digits, dots, "x" and hex digits: the characters of the numbers `inet_aton`
    /// reads (it would also stop at a blank and ignore the rest, which no host carries).
    private static func isLegacyIPv4(_ text: String) -> Bool {
        guard let first = text.first, first.isASCII, first.isNumber else { return false }
        return text.allSatisfy { $0 == "." || $0 == "x" || $0 == "X" || ($0.isASCII && $0.isHexDigit) }
    }

    /// An IPv6 address as text (`inet_ntop`), for the refusal message.
    static func describe(ipv6 bytes: [UInt8]) -> String {
        guard bytes.count == 16 else { return "?" }
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
