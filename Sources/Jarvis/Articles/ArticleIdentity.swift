import Foundation
import StableHash

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
        var hash = FNV1a64()
        func feed(_ text: String) {
            var lastWasSpace = true
            for scalar in text.lowercased().unicodeScalars {
                let isWordCharacter = CharacterSet.alphanumerics.contains(scalar)
                if isWordCharacter {
                    hash.add(String(scalar).utf8)
                    lastWasSpace = false
                } else if !lastWasSpace {
                    hash.add(0x20)
                    lastWasSpace = true
                }
            }
        }
        feed(headline)
        hash.add(0x0A)
        feed(body)
        return String(hash.value, radix: 16)
    }
}
