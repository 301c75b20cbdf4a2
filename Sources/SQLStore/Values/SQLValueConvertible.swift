import Foundation

/// A Swift type that can be bound to a placeholder and read back from a column.
///
/// Storage choices are portable between SQLite and PostgreSQL:
/// - `Bool` is INTEGER 0/1 (declare flag columns `INTEGER`, which both engines accept).
/// - `Date` is INTEGER milliseconds since the Unix epoch (declare `BIGINT`): sorts and compares as a number,
///   carries no time zone, needs no engine date functions, and keeps the sub-second order chat needs.
/// - `Data` and `[UInt8]` are BLOB (`BYTEA` in PostgreSQL); `UUID` is its lowercase TEXT form.
public protocol SQLValueConvertible: Sendable {
    var sqlValue: SQLValue { get }
    /// Throws `SQLStoreError` with `.typeMismatch` or `.unexpectedNull` when the value cannot represent `Self`.
    init(sqlValue: SQLValue) throws(SQLStoreError)
}

extension SQLValueConvertible {
    static func mismatch(_ value: SQLValue, _ detail: String = "") -> SQLStoreError {
        if value.isNull {
            return SQLStoreError(.unexpectedNull, "expected \(Self.self) but found NULL")
        }
        let suffix = detail.isEmpty ? "" : " (\(detail))"
        return SQLStoreError(.typeMismatch, "expected \(Self.self) but found \(value.typeName) \(value)\(suffix)")
    }
}

extension SQLValue: SQLValueConvertible {
    public var sqlValue: SQLValue { self }
    public init(sqlValue: SQLValue) { self = sqlValue }
}

extension Int64: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(self) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .integer(let value) = sqlValue else { throw Self.mismatch(sqlValue) }
        self = value
    }
}

extension Int: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .integer(let value) = sqlValue else { throw Self.mismatch(sqlValue) }
        guard let exact = Int(exactly: value) else { throw Self.mismatch(sqlValue, "out of range") }
        self = exact
    }
}

extension Int32: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .integer(let value) = sqlValue else { throw Self.mismatch(sqlValue) }
        guard let exact = Int32(exactly: value) else { throw Self.mismatch(sqlValue, "out of range") }
        self = exact
    }
}

extension Double: SQLValueConvertible {
    public var sqlValue: SQLValue { .real(self) }
    /// Accepts INTEGER too: engines return whole-number expressions as integers.
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: throw Self.mismatch(sqlValue)
        }
    }
}

extension String: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(self) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .text(let value) = sqlValue else { throw Self.mismatch(sqlValue) }
        self = value
    }
}

extension Bool: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        switch sqlValue {
        case .integer(0): self = false
        case .integer(1): self = true
        default: throw Self.mismatch(sqlValue, "booleans are stored as 0 or 1")
        }
    }
}

extension Array: SQLValueConvertible where Element == UInt8 {
    public var sqlValue: SQLValue { .blob(self) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .blob(let bytes) = sqlValue else { throw Self.mismatch(sqlValue) }
        self = bytes
    }
}

extension Data: SQLValueConvertible {
    public var sqlValue: SQLValue { .blob([UInt8](self)) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .blob(let bytes) = sqlValue else { throw Self.mismatch(sqlValue) }
        self = Data(bytes)
    }
}

extension Date: SQLValueConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest millisecond.
    public var sqlValue: SQLValue { .integer(Int64((timeIntervalSince1970 * 1000).rounded())) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .integer(let millis) = sqlValue else {
            throw Self.mismatch(sqlValue, "dates are stored as INTEGER milliseconds since 1970")
        }
        self = Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}

extension UUID: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(uuidString.lowercased()) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .text(let text) = sqlValue, let uuid = UUID(uuidString: text) else {
            throw Self.mismatch(sqlValue)
        }
        self = uuid
    }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        self = sqlValue.isNull ? nil : try Wrapped(sqlValue: sqlValue)
    }
}

extension URL: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(absoluteString) }
    public init(sqlValue: SQLValue) throws(SQLStoreError) {
        guard case .text(let text) = sqlValue, let url = URL(string: text) else { throw Self.mismatch(sqlValue) }
        self = url
    }
}
