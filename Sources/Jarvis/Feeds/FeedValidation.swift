import Foundation

/// The rules a feed must meet before it is stored: one place, so the API and the default
/// feed list apply the same ones.
public enum FeedValidation {
    public static let intervalRange = 60...86_400
    public static let maxNameLength = 200
    public static let maxURLLength = 2048

    public enum Problem: Error, Equatable, Sendable {
        case invalid(field: String, message: String)
    }

    /// Trims and checks; returns the normalised feed or the first problem found.
    public static func validate(_ feed: NewFeed, allowPrivateAddresses: Bool) -> Result<NewFeed, Problem> {
        var feed = feed
        feed.url = feed.url.trimmingCharacters(in: .whitespacesAndNewlines)
        feed.name = feed.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !feed.url.isEmpty else { return .failure(.invalid(field: "url", message: "url is required.")) }
        guard feed.url.utf8.count <= maxURLLength else {
            return .failure(.invalid(field: "url", message: "url is longer than \(maxURLLength) characters."))
        }
        guard let components = URLComponents(string: feed.url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            return .failure(.invalid(field: "url", message: "url must be an absolute http(s) URL."))
        }
        guard components.user == nil, components.password == nil else {
            return .failure(.invalid(field: "url", message: "url must not carry credentials."))
        }
        // A name may end in the root's dot ("127.0.0.1.", "localhost."): the resolver reads it without.
        let bare = host.hasSuffix(".") ? String(host.dropLast()) : host
        if !allowPrivateAddresses, AddressPolicy.isInternal(address: bare) == true || isLocalName(bare) {
            return .failure(.invalid(field: "url", message: "url points to a private or loopback address."))
        }
        feed.url = canonicalFeedURL(components)
        guard !feed.name.isEmpty else { return .failure(.invalid(field: "name", message: "name is required.")) }
        guard feed.name.count <= maxNameLength else {
            return .failure(.invalid(field: "name", message: "name is longer than \(maxNameLength) characters."))
        }
        guard intervalRange.contains(feed.pollIntervalSeconds) else {
            return .failure(
                .invalid(
                    field: "pollIntervalSeconds",
                    message: "pollIntervalSeconds must be between \(intervalRange.lowerBound) and \(intervalRange.upperBound)."))
        }
        return .success(feed)
    }

    /// "localhost" and the names under it (RFC 6761: they resolve to loopback).
    private static func isLocalName(_ host: String) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || name.hasSuffix(".localhost")
    }

    /// Lower-cased scheme and host, no default port, no fragment: two spellings of one feed
    /// are one feed (duplicates are refused on this form).
    static func canonicalFeedURL(_ input: URLComponents) -> String {
        var components = input
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        if (components.scheme == "http" && components.port == 80) || (components.scheme == "https" && components.port == 443) {
            components.port = nil
        }
        components.fragment = nil
        if components.path.isEmpty { components.path = "/" }
        return components.string ?? input.string ?? ""
    }
}
