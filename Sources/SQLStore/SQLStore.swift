/// SQLStore owns persistence for every product: the `Database` interface product code talks to,
/// the SQLite backend behind it (WAL, one writer and a few readers on their own threads),
/// versioned migrations, and typed row decoding.
///
/// It must stay engine-neutral above this module: no raw pointers, no SQLite result codes, and
/// no SQLite-only SQL in product code, so a PostgreSQL (libpq) backend can be added behind `Database`.
/// Portable conventions, checked here so SQLite catches what PostgreSQL would reject:
/// - Placeholders are `$1, $2, …` (libpq's style). SQLite sees `$1` as a *named* parameter numbered by
///   first appearance, so we bind by the number in the name, not by position; `?` and `:name` are refused.
/// - Upserts use `INSERT … ON CONFLICT (…) DO UPDATE`; generated values come back with `RETURNING`.
/// - Column types: `BIGINT`/`INTEGER`, `DOUBLE PRECISION`, `TEXT`, `BLOB` (→ `BYTEA`). Dates are `BIGINT`
///   milliseconds since the epoch, booleans `INTEGER` 0/1 (see `SQLValueConvertible`).
import Logging

/// The engine behind a `Database`, for the rare statement that must differ between engines.
public enum SQLDialect: String, Sendable {
    case sqlite
    case postgres
}

let storeLogger = Logger(label: "sqlstore")
