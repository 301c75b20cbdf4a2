/// Column names of one result set, shared by all its rows.
final class SQLColumns: Sendable {
    let names: [String]
    private let exact: [String: Int]
    private let folded: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        // The first column of a name wins, as in most drivers.
        for (index, name) in names.enumerated() {
            if exact[name] == nil { exact[name] = index }
            if folded[name.lowercased()] == nil { folded[name.lowercased()] = index }
        }
        self.exact = exact
        self.folded = folded
    }

    /// Exact match first, then case-insensitive: PostgreSQL folds unquoted names to lower case.
    func index(of name: String) -> Int? {
        exact[name] ?? folded[name.lowercased()]
    }
}

/// One result row. Values are already copied out of the engine, so rows are `Sendable` and outlive the statement.
public struct SQLRow: Sendable, CustomStringConvertible {
    let columns: SQLColumns
    public let values: [SQLValue]

    init(columns: SQLColumns, values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    public var columnNames: [String] { columns.names }
    public var count: Int { values.count }

    public func contains(_ column: String) -> Bool { columns.index(of: column) != nil }

    /// The raw value of a column, or nil when the row has no such column.
    public subscript(column: String) -> SQLValue? {
        columns.index(of: column).map { values[$0] }
    }

    public subscript(index: Int) -> SQLValue { values[index] }

    /// Reads a column as `type`. Throws `.missingColumn`, `.unexpectedNull` or `.typeMismatch`
    /// with the column name in the message. Use an optional type (`Int?.self`) for nullable columns.
    public func decode<T: SQLValueConvertible>(_ type: T.Type, _ column: String) throws(SQLStoreError) -> T {
        guard let index = columns.index(of: column) else {
            throw SQLStoreError(.missingColumn, "no column '\(column)' in row; columns: \(columns.names.joined(separator: ", "))")
        }
        return try Self.convert(values[index], to: T.self, column: column)
    }

    /// Reads a column by position.
    public func decode<T: SQLValueConvertible>(_ type: T.Type, at index: Int) throws(SQLStoreError) -> T {
        guard values.indices.contains(index) else {
            throw SQLStoreError(.missingColumn, "no column at index \(index); row has \(values.count) columns")
        }
        return try Self.convert(values[index], to: T.self, column: columns.names[index])
    }

    static func convert<T: SQLValueConvertible>(_ value: SQLValue, to type: T.Type, column: String) throws(SQLStoreError) -> T {
        do {
            return try T(sqlValue: value)
        } catch {
            throw SQLStoreError(error.code, "column '\(column)': \(error.message)")
        }
    }

    public var description: String {
        let pairs = zip(columns.names, values).map { "\($0)=\($1)" }
        return "SQLRow(\(pairs.joined(separator: ", ")))"
    }
}
