import Foundation
import SQLStore

/// Trained models and which one serves. Each version (`v0001`, `v0002`, …) is a row in `ml_models`
/// holding the model's JSON (the weights and the report it was trained with) — the one copy every
/// instance sharing the database loads from. The registering process also writes that JSON to
/// `<data>/models/vNNNN.json` for operators to read; nothing loads it back, except for rows
/// registered before the store kept model bytes (filled from their file on first load).
/// `ml_serving` holds the serving version, the rollout share (0…1) and the shadow flag. Every
/// change is audited in `ml_audit`. Several processes may share the store: the server re-reads
/// the serving row periodically, so `xoseen promote` from a shell, or a promotion by the trainer
/// on another instance, takes effect without a restart.
public struct ModelRegistry: Sendable {
    public let database: any Database
    public let directory: String

    public init(database: any Database, dataDirectory: String) {
        self.database = database
        directory = dataDirectory + "/models"
    }

    public struct ModelFile: Codable, Sendable, Equatable {
        public var version: String
        public var model: LogisticModel
        public var report: TrainingReport
    }

    public struct Entry: Sendable, Equatable {
        public var version: String
        public var createdAt: Date
        public var report: TrainingReport
        public var promotedAt: Date?
    }

    public struct Serving: Sendable, Equatable {
        public var version: String?
        public var rolloutPct: Double
        public var shadow: Bool

        public static let none = Serving(version: nil, rolloutPct: 0, shadow: false)
    }

    public enum RegistryError: Error, CustomStringConvertible, Equatable {
        case unknownVersion(String)
        case invalidRollout(Double)
        case unreadableModel(String, String)

        public var description: String {
            switch self {
            case .unknownVersion(let v): "no model version \(v)"
            case .invalidRollout(let p): "rollout must be between 0 and 1, got \(p)"
            case .unreadableModel(let v, let why): "model \(v) cannot be read: \(why)"
            }
        }
    }

    func path(_ version: String) -> String { directory + "/\(version).json" }

    /// Stores a new version (numbered after the highest so far) and returns it.
    public func register(model: LogisticModel, report: TrainingReport, at now: Date) async throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let directory = directory
        return try await database.write { connection in
            let versions = try connection.query("SELECT version FROM ml_models").map { try $0.decode(String.self, "version") }
            let next = (versions.compactMap { Int($0.dropFirst()) }.max() ?? 0) + 1
            let version = String(format: "v%04d", next)
            let file = ModelFile(version: version, model: model, report: report)
            let data = try JSONEncoder().encode(file)
            // The operators' copy. Write then rename: a reader never sees half a file.
            let path = directory + "/\(version).json"
            try data.write(to: URL(fileURLWithPath: path + ".tmp"))
            _ = rename(path + ".tmp", path)
            try connection.execute(
                "INSERT INTO ml_models (version, created_at, file, report, model_json) VALUES ($1, $2, $3, $4, $5)",
                version, now, "\(version).json", String(decoding: try JSONEncoder().encode(report), as: UTF8.self),
                String(decoding: data, as: UTF8.self))
            try connection.execute("INSERT INTO ml_audit (at, action, detail) VALUES ($1, 'register', $2)", now, version)
            return version
        }
    }

    public func list() async throws -> [Entry] {
        try await database.read { connection in
            try connection.query("SELECT version, created_at, report, promoted_at FROM ml_models ORDER BY version").map { row in
                Entry(
                    version: try row.decode(String.self, "version"), createdAt: try row.decode(Date.self, "created_at"),
                    report: try JSONDecoder().decode(TrainingReport.self, from: Data(try row.decode(String.self, "report").utf8)),
                    promotedAt: try row.decode(Date?.self, "promoted_at"))
            }
        }
    }

    public func serving() async throws -> Serving {
        try await database.read { connection in try Self.readServing(connection) }
    }

    /// Makes `version` the serving model at `rolloutPct` (default: all viewers). Promoting and
    /// rolling back are the same operation on the registry; the audit row says which.
    public func promote(_ version: String, rolloutPct: Double = 1, action: String = "promote", at now: Date) async throws {
        guard (0...1).contains(rolloutPct) else { throw RegistryError.invalidRollout(rolloutPct) }
        _ = try await load(version)  // never promote a model that cannot serve
        try await database.write { connection in
            let shadow = try Self.readServing(connection).shadow
            try Self.upsertServing(connection, version: version, rolloutPct: rolloutPct, shadow: shadow, at: now)
            try connection.execute("UPDATE ml_models SET promoted_at = $2 WHERE version = $1", version, now)
            try connection.execute(
                "INSERT INTO ml_audit (at, action, detail) VALUES ($1, $2, $3)", now, action,
                "\(version) at \(rolloutPct)")
        }
    }

    /// Back to the rule-based ranker for everyone (the model stays registered).
    public func serveRules(at now: Date) async throws {
        try await database.write { connection in
            let shadow = try Self.readServing(connection).shadow
            try Self.upsertServing(connection, version: nil, rolloutPct: 0, shadow: shadow, at: now)
            try connection.execute(
                "INSERT INTO ml_audit (at, action, detail) VALUES ($1, 'rules', 'rule_based for everyone')", now)
        }
    }

    public func setRollout(_ rolloutPct: Double, at now: Date) async throws {
        guard (0...1).contains(rolloutPct) else { throw RegistryError.invalidRollout(rolloutPct) }
        try await update(at: now, audit: "rollout \(rolloutPct)") { $0.rolloutPct = rolloutPct }
    }

    public func setShadow(_ shadow: Bool, at now: Date) async throws {
        try await update(at: now, audit: "shadow \(shadow)") { $0.shadow = shadow }
    }

    private func update(at now: Date, audit: String, _ change: @escaping @Sendable (inout Serving) -> Void) async throws {
        try await database.write { connection in
            var serving = try Self.readServing(connection)
            change(&serving)
            try Self.upsertServing(
                connection, version: serving.version, rolloutPct: serving.rolloutPct, shadow: serving.shadow, at: now)
            try connection.execute("INSERT INTO ml_audit (at, action, detail) VALUES ($1, 'serving', $2)", now, audit)
        }
    }

    static func readServing(_ connection: any SQLConnection) throws -> Serving {
        try connection.queryFirst("SELECT version, rollout_pct, shadow FROM ml_serving WHERE id = 1").map { row in
            Serving(
                version: try row.decode(String?.self, "version"), rolloutPct: try row.decode(Double.self, "rollout_pct"),
                shadow: try row.decode(Bool.self, "shadow"))
        } ?? .none
    }

    static func upsertServing(_ connection: any SQLConnection, version: String?, rolloutPct: Double, shadow: Bool, at now: Date)
        throws
    {
        try connection.execute(
            """
            INSERT INTO ml_serving (id, version, rollout_pct, shadow, updated_at) VALUES (1, $1, $2, $3, $4)
            ON CONFLICT (id) DO UPDATE SET version = excluded.version, rollout_pct = excluded.rollout_pct,
                shadow = excluded.shadow, updated_at = excluded.updated_at
            """, version, rolloutPct, shadow, now)
    }

    /// Shadow mode's log: served and learned scores side by side for one page.
    public func recordShadow(
        viewer: String, candidates: [String], served: [Double], shadow: [Double], version: String,
        at now: Date
    ) async throws {
        guard !candidates.isEmpty else { return }
        try await database.write { connection in
            for (i, candidate) in candidates.enumerated() where i < served.count && i < shadow.count {
                try connection.execute(
                    """
                    INSERT INTO shadow_scores (viewer_id, candidate_id, served_score, shadow_score, model_version, scored_at)
                    VALUES ($1, $2, $3, $4, $5, $6)
                    """, viewer, candidate, served[i], shadow[i], version, now)
            }
        }
    }

    /// Reads and validates a model from its registry row; throws when the version is unknown, its
    /// JSON corrupt or for other features. A row from before the store kept model bytes
    /// (migration 10) is read from its file once and the bytes stored, so other instances find them.
    public func load(_ version: String) async throws -> ModelFile {
        guard version.count == 5, version.hasPrefix("v"), version.dropFirst().allSatisfy(\.isNumber) else {
            throw RegistryError.unknownVersion(version)
        }
        let row = try await database.read { connection in
            try connection.queryFirst("SELECT model_json FROM ml_models WHERE version = $1", version).map {
                try $0.decode(String?.self, "model_json")
            }
        }
        guard let stored = row else { throw RegistryError.unknownVersion(version) }
        if let json = stored { return try Self.decode(Data(json.utf8), version: version) }
        guard let data = FileManager.default.contents(atPath: path(version)) else {
            throw RegistryError.unreadableModel(version, "file missing")
        }
        let file = try Self.decode(data, version: version)
        try await database.write { connection in
            try connection.execute(
                "UPDATE ml_models SET model_json = $2 WHERE version = $1 AND model_json IS NULL", version,
                String(decoding: data, as: UTF8.self))
        }
        return file
    }

    static func decode(_ data: Data, version: String) throws -> ModelFile {
        let file: ModelFile
        do { file = try JSONDecoder().decode(ModelFile.self, from: data) } catch {
            throw RegistryError.unreadableModel(version, "corrupt")
        }
        guard file.version == version, file.model.isUsable(with: PairFeatures.names) else {
            throw RegistryError.unreadableModel(version, "features or weights do not match this build")
        }
        return file
    }
}
