/// Placeholder lists for `IN (…)`: `SQLPlaceholders.list(3, from: 2)` is `"$2, $3, $4"`, the bindings after
/// the statement's first `from − 1` ones.
public enum SQLPlaceholders {
    public static func list(_ count: Int, from first: Int) -> String {
        (0..<max(count, 0)).map { "$\(first + $0)" }.joined(separator: ", ")
    }
}
