/// `Decodable` support for rows: `try row.decode(as: Feed.self)` maps columns to stored properties.
///
/// A property `feedID` or `feedId` is looked up as the column `feedID`/`feedId` first, then as `feed_id`,
/// so structs keep Swift names while schemas keep snake_case. Types that are `SQLValueConvertible`
/// (Date, Data, UUID, URL, …) use their SQL storage form, not their JSON `Codable` form.
/// Optional properties whose column is absent decode as nil; nested structs and arrays are not supported.
extension SQLRow {
    public func decode<T: Decodable>(as type: T.Type = T.self) throws(SQLStoreError) -> T {
        do {
            return try T(from: RowDecoder(row: self))
        } catch let error as SQLStoreError {
            throw error
        } catch {
            throw SQLStoreError(.typeMismatch, "cannot decode \(T.self) from row: \(Self.describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: error) }
        switch decoding {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return String(describing: decoding)
        }
    }
}

private struct RowDecoder: Decoder {
    let row: SQLRow
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SQLStoreError(.typeMismatch, "a row decodes into a struct (keyed), not an array")
    }

    /// A one-column row decodes straight into a scalar: `try row.decode(as: Int.self)`.
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.count == 1 else {
            throw SQLStoreError(.typeMismatch, "only a one-column row decodes into a single value; row has \(row.count)")
        }
        return ColumnDecoder(value: row.values[0], column: row.columnNames[0], codingPath: [])
    }
}

private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: SQLRow
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { row.columnNames.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { index(of: key) != nil }

    private func index(of key: Key) -> Int? {
        row.columns.index(of: key.stringValue) ?? row.columns.index(of: snakeCase(key.stringValue))
    }

    private func value(for key: Key) throws(SQLStoreError) -> (SQLValue, String) {
        guard let index = index(of: key) else {
            let snake = snakeCase(key.stringValue)
            let tried = snake == key.stringValue ? "'\(snake)'" : "'\(key.stringValue)' or '\(snake)'"
            throw SQLStoreError(
                .missingColumn, "no column \(tried) in row; columns: \(row.columnNames.joined(separator: ", "))")
        }
        return (row.values[index], row.columnNames[index])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).0.isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (value, column) = try value(for: key)
        return try ColumnDecoder(value: value, column: column, codingPath: [key]).decode(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw SQLStoreError(.typeMismatch, "column '\(key.stringValue)': nested containers are not supported")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SQLStoreError(.typeMismatch, "column '\(key.stringValue)': arrays are not supported")
    }

    func superDecoder() throws -> any Decoder { RowDecoder(row: row) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoder(row: row) }
}

/// Decodes one column value; also the single-value container for `RawRepresentable` enums and wrappers.
private struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let value: SQLValue
    let column: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw SQLStoreError(.typeMismatch, "column '\(column)' holds one \(value.typeName) value, not a nested struct")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SQLStoreError(.typeMismatch, "column '\(column)' holds one \(value.typeName) value, not an array")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = T.self as? any SQLValueConvertible.Type {
            return try SQLRow.convert(value, to: convertible, column: column) as! T
        }
        if let integer = T.self as? any FixedWidthInteger.Type {
            return try decodeInteger(integer) as! T
        }
        if T.self == Float.self {
            return Float(try SQLRow.convert(value, to: Double.self, column: column)) as! T
        }
        return try T(from: self)
    }

    private func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws(SQLStoreError) -> I {
        let wide = try SQLRow.convert(value, to: Int64.self, column: column)
        guard let exact = I(exactly: wide) else {
            throw SQLStoreError(.typeMismatch, "column '\(column)': \(wide) does not fit in \(I.self)")
        }
        return exact
    }
}

/// `feedID` → `feed_id`, `publishedAt` → `published_at`, `imageURLString` → `image_url_string`.
func snakeCase(_ name: String) -> String {
    let characters = Array(name)
    var out = ""
    for (index, character) in characters.enumerated() {
        if character.isUppercase, index > 0 {
            let previous = characters[index - 1]
            let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
            if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                out.append("_")
            }
        }
        out.append(contentsOf: character.lowercased())
    }
    return out
}
