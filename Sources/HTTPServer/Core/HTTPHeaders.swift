/// Header fields in arrival order; lookup is case-insensitive, repeated fields are kept.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}
    /// Room for `capacity` fields in one allocation (a request's headers arrive one by one).
    init(capacity: Int) { fields.reserveCapacity(capacity) }
    init(fields: [(name: String, value: String)]) { self.fields = fields }
    mutating func reserveCapacity(_ capacity: Int) { fields.reserveCapacity(capacity) }
    public init(_ fields: [(String, String)]) { self.fields = fields.map { (name: $0.0, value: $0.1) } }
    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    public subscript(name: String) -> String? {
        fields.first(where: { Self.equal($0.name, name) })?.value
    }

    public func values(for name: String) -> [String] {
        fields.filter { Self.equal($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { fields.contains(where: { Self.equal($0.name, name) }) }

    public mutating func add(_ name: String, _ value: String) { fields.append((name: name, value: value)) }

    /// Replaces every field of that name with one value.
    public mutating func replace(_ name: String, _ value: String) {
        fields.removeAll(where: { Self.equal($0.name, name) })
        fields.append((name: name, value: value))
    }

    public mutating func remove(_ name: String) { fields.removeAll(where: { Self.equal($0.name, name) }) }

    /// Empties the list, keeping its storage when nothing else shares it (the transport
    /// refills one list per connection).
    /// (Field by field: a request has a few, and `removeAll(keepingCapacity:)` goes through
    /// the general `replaceSubrange`, several times the cost.)
    mutating func removeAll() {
        while !fields.isEmpty { fields.removeLast() }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    static func equal(_ a: String, _ b: String) -> Bool {
        let x = a.utf8
        let y = b.utf8
        guard x.count == y.count else { return false }
        for (c1, c2) in zip(x, y) where c1 != c2 {
            guard (c1 | 0x20) == (c2 | 0x20), (c1 | 0x20) >= 0x61, (c1 | 0x20) <= 0x7A else { return false }
        }
        return true
    }
}
