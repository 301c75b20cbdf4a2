/// Why a feed document could not be turned into items.
///
/// The poller marks the feed `failing` and logs `code` and `reason`; codes are static members so
/// adding one never breaks a caller's `switch`-free comparisons.
public struct FeedParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No bytes, or only whitespace.
        public static let empty = Code("empty")
        /// Larger than `FeedParser.Limits.maxDocumentBytes`; not parsed at all.
        public static let tooLarge = Code("too_large")
        /// Well-formed enough to read, but not RSS/RDF/Atom (an HTML page, some other XML).
        public static let notAFeed = Code("not_a_feed")
        /// Not XML at all (binary garbage, broken before the root element).
        public static let malformed = Code("malformed")
    }

    public let code: Code
    /// A short human-readable explanation for the log line (libxml2's message where there is one).
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code): \(reason)" }
}
