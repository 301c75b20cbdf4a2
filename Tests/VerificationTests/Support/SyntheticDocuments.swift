import Foundation

/// Synthetic documents rendered by `scripts/render-document.py` (ImageMagick) into a temporary
/// directory, once per set of arguments for the whole test process.
enum SyntheticDocuments {
    static let script = FileManager.default.currentDirectoryPath + "/scripts/render-document.py"
    static let directory: String = {
        let path = NSTemporaryDirectory() + "xoseen-documents-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    nonisolated(unsafe) static var cache: [String: String] = [:]
    static let lock = NSLock()

    /// The rendered file's path. `kind`: passport, state_id, drivers_license or id_card_td1.
    static func render(kind: String, photo: String, dob: String, extra: [String] = []) throws -> String {
        let arguments = ["--kind", kind, "--photo", ThirdParty.photo(photo), "--dob", dob] + extra
        let key = arguments.joined(separator: " ")
        lock.lock()
        defer { lock.unlock() }
        if let path = cache[key] { return path }
        let out = directory + "/doc-\(cache.count)-\(kind).png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments + ["--out", out]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RenderError(arguments: key) }
        cache[key] = out
        return out
    }

    struct RenderError: Error { let arguments: String }

    /// A date `years` before today (UTC), as YYYY-MM-DD, minus `days` more.
    static func yearsAgo(_ years: Int, days: Int = 0) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(byAdding: DateComponents(year: -years, day: -days), to: Date())!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}
