import Foundation

/// Response header fields in wire order: lookup ignores case, repeated fields are all kept.
public struct RawHTTPHeaders: Sendable, Sequence, CustomStringConvertible {
    public typealias Field = (name: String, value: String)

    public var fields: [Field]

    public init(_ fields: [Field] = []) { self.fields = fields }

    /// The first value for `name` (case-insensitive), or nil.
    public subscript(name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value for `name` (case-insensitive), in wire order: e.g. several `Set-Cookie`.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// True when `name` carries `token` in its comma-separated list (`Connection: keep-alive, Upgrade`).
    public func contains(_ name: String, token: String) -> Bool {
        values(for: name).contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == token.lowercased() }
        }
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }
}
