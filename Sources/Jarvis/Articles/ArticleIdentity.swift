import Foundation

/// How two copies of one article are recognised: the canonical form of their link, and a
/// hash of their normalised text (syndicated copies often differ only in tracking
/// parameters, case or whitespace).
public enum ArticleIdentity {
    /// Tracking parameters dropped from links (they differ per syndication channel).
    static let trackingParameters: Set<String> = ["fbclid", "gclid", "mc_cid", "mc_eid", "ref", "cmpid", "ocid", "smid"]

    /// Lower-cased scheme and host, no `www.`, no default port, no fragment, no tracking
    /// parameters, no trailing slash. Nil for links that are not absolute http(s).
    public static func canonicalURL(_ link: String) -> String? {
        guard var components = URLComponents(string: link.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            var host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        components.scheme = "https"
        components.host = host
        components.port = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        let kept = (components.queryItems ?? []).filter { item in
            let name = item.name.lowercased()
            return !name.hasPrefix("utm_") && !trackingParameters.contains(name)
        }.sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
        components.queryItems = kept.isEmpty ? nil : kept
        var path = components.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        components.path = path
        return components.string
    }

    /// FNV-1a over the lower-cased words of headline and body: equal for copies that differ
    /// only in case, punctuation or spacing.
    public static func contentHash(headline: String, body: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func feed(_ text: String) {
            var lastWasSpace = true
            for scalar in text.lowercased().unicodeScalars {
                let isWordCharacter = CharacterSet.alphanumerics.contains(scalar)
                if isWordCharacter {
                    for byte in String(scalar).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                    lastWasSpace = false
                } else if !lastWasSpace {
                    hash = (hash ^ 0x20) &* 0x100_0000_01b3
                    lastWasSpace = true
                }
            }
        }
        feed(headline)
        hash = (hash ^ 0x0A) &* 0x100_0000_01b3
        feed(body)
        return String(hash, radix: 16)
    }
}
