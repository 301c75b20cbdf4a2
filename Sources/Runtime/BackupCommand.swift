import Foundation
import Logging
import SQLStore

/// `<product> backup FILE [--data-dir D]` and `<product> restore FILE [--data-dir D]`.
///
/// `backup` copies the live database while the server runs (SQLite's online backup API: one
/// consistent snapshot holding every write acknowledged before it began). `restore` puts such a
/// copy back; it refuses while a server holds the data directory. The data directory comes from
/// `--data-dir`, else `<PRODUCT>_DATA_DIR`, else `./data`. With `DATABASE_URL=postgres://…` the
/// store is not a file here: both print the `pg_dump` / `pg_restore` commands to use instead.
public enum BackupCommand {
    public static let names: Set<String> = ["backup", "restore"]

    /// Exit status: 0 done, 1 failed (the message says why), 64 usage error.
    public static func run(
        _ arguments: [String], product: String, databaseFile: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32 {
        guard let command = arguments.first, names.contains(command) else { return usage(product) }
        var file: String?
        var dataDirectory = environment["\(product.uppercased())_DATA_DIR"] ?? "./data"
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "--data-dir", let value = rest.popFirst() {
                dataDirectory = value
            } else if argument.hasPrefix("--data-dir=") {
                dataDirectory = String(argument.dropFirst("--data-dir=".count))
            } else if file == nil, !argument.hasPrefix("-") {
                file = argument
            } else {
                return usage(product)
            }
        }
        guard let file else { return usage(product) }
        if let url = environment["DATABASE_URL"], url.hasPrefix("postgres") {
            say(
                """
                \(product): DATABASE_URL points at PostgreSQL; take and restore copies with its own tools:
                  pg_dump --format=custom --file '\(file)' "$DATABASE_URL"
                  pg_restore --clean --if-exists --single-transaction --dbname "$DATABASE_URL" '\(file)'
                (pg_dump takes a consistent snapshot while the server runs; stop the servers before pg_restore.)
                """)
            return 1
        }
        let database = dataDirectory + "/" + databaseFile
        do {
            if command == "backup" {
                let pages = try SQLiteBackup.copy(from: database, to: file)
                say("\(product): backed up \(database) to \(file) (\(pages) pages)")
            } else {
                try DataDirectoryLock.whileHeld(dataDirectory, product: product) {
                    try PrivateFiles.prepareDatabaseFile(database)
                    try SQLiteBackup.restore(file, to: database)
                }
                say("\(product): restored \(database) from \(file)")
            }
            return 0
        } catch {
            say("\(product) \(command): \(error)")
            return 1
        }
    }

    private static func usage(_ product: String) -> Int32 {
        say("usage: \(product) backup FILE [--data-dir DIR]\n       \(product) restore FILE [--data-dir DIR]   (server stopped)")
        return 64
    }

    private static func say(_ text: String) {
        LogSystem.flush()  // log lines held back in the batch come before this message, as they happened
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
