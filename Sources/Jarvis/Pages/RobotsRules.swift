import Foundation

/// One site's `robots.txt` as it applies to us (RFC 9309): the group naming our product token
/// (case-insensitive prefix match on the `User-agent` line), else the `*` group; `Allow` and
/// `Disallow` rules with `*` wildcards and a `$` end anchor; the longest matching rule wins and
/// `Allow` wins a tie; no matching rule allows. `Crawl-delay` (not in the RFC, widely used) is
/// read as the site's wish for spacing.
public struct RobotsRules: Sendable, Equatable {
    struct Rule: Sendable, Equatable {
        var allow: Bool
        var pattern: String
    }

    var rules: [Rule]
    public var crawlDelay: TimeInterval?

    public static let allowAll = RobotsRules(rules: [], crawlDelay: nil)
    public static let disallowAll = RobotsRules(rules: [Rule(allow: false, pattern: "/")], crawlDelay: nil)

    init(rules: [Rule], crawlDelay: TimeInterval?) {
        self.rules = rules
        self.crawlDelay = crawlDelay
    }

    /// Parses a robots.txt body for the product token `agent` (e.g. "JarvisPageFetcher").
    /// Over 500 KiB is read only up to that size, as the RFC allows.
    public init(parsing text: String, agent: String) {
        let token = agent.lowercased()
        var specific: [Rule]?
        var general: [Rule]?
        var specificDelay: TimeInterval?
        var generalDelay: TimeInterval?
        var groupAgents: [String] = []
        var groupRules: [Rule] = []
        var groupDelay: TimeInterval?
        var inRules = false
        func closeGroup() {
            guard !groupAgents.isEmpty else { return }
            if groupAgents.contains(where: { !$0.isEmpty && $0 != "*" && token.hasPrefix($0) }) {
                specific = (specific ?? []) + groupRules
                specificDelay = specificDelay ?? groupDelay
            } else if groupAgents.contains("*") {
                general = (general ?? []) + groupRules
                generalDelay = generalDelay ?? groupDelay
            }
            groupAgents = []
            groupRules = []
            groupDelay = nil
        }
        for rawLine in text.utf8.prefix(500 * 1024).split(separator: 0x0A) {
            var line = String(decoding: rawLine, as: UTF8.self)
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            switch key {
            case "user-agent":
                if inRules {
                    closeGroup()
                    inRules = false
                }
                groupAgents.append(value.lowercased().split(separator: "/").first.map(String.init) ?? "")
            case "allow", "disallow":
                inRules = true
                guard !groupAgents.isEmpty else { continue }
                if key == "disallow" && value.isEmpty { continue }  // "Disallow:" with nothing allows all
                groupRules.append(Rule(allow: key == "allow", pattern: value))
            case "crawl-delay":
                inRules = true
                if let seconds = Double(value), seconds >= 0 { groupDelay = min(seconds, 60) }
            default:
                continue
            }
        }
        closeGroup()
        rules = specific ?? general ?? []
        crawlDelay = specific != nil ? specificDelay : generalDelay
    }

    /// Whether `path` (with its query, percent-encoded as sent) may be fetched.
    public func allows(_ path: String) -> Bool {
        let target = path.isEmpty ? "/" : path
        var best: (length: Int, allow: Bool)?
        for rule in rules where Self.matches(rule.pattern, target) {
            let length = rule.pattern.count
            if best == nil || length > best!.length || (length == best!.length && rule.allow) { best = (length, rule.allow) }
        }
        return best?.allow ?? true
    }

    /// `*` matches any run of characters; a trailing `$` anchors the end; otherwise a prefix match.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = Substring(pattern)
        let anchored = pattern.hasSuffix("$")
        if anchored { pattern = pattern.dropLast() }
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false)
        var rest = Substring(path)
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(piece) else { return false }
                rest = rest.dropFirst(piece.count)
            } else if index == pieces.count - 1 && anchored {
                return rest.hasSuffix(piece)
            } else {
                guard let range = rest.range(of: piece) else { return false }
                rest = rest[range.upperBound...]
            }
        }
        return !anchored || rest.isEmpty || (pieces.count > 1 && pieces.last!.isEmpty)
    }
}
