import ClusterTesting
import Foundation
import SQLStore
import Testing

@testable import Xoseen

/// The training event log: its one writer, migration 9 (the unread `features` column goes, nothing
/// training reads changes), and the periodic trainer's lease.
@Suite struct EventLogTests {
    enum Engine: String, CaseIterable, Sendable { case sqlite, postgres }

    /// A fresh store of `engine` at schema `migrations` (a temporary file, or a new schema on the
    /// process's throwaway PostgreSQL); `url` reopens the same store.
    static func freshURL(_ engine: Engine, in directory: String) throws -> DatabaseURL {
        switch engine {
        case .sqlite: .sqlite(path: directory + "/x.sqlite")
        case .postgres: .postgres(try ThrowawayPostgres.start().freshURL())
        }
    }

    static func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "xoseen-eventlog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    static let beforeVersion9 = Array(XoseenSchema.migrations.prefix { $0.version < 9 })

    @Test(arguments: Engine.allCases)
    func migration9KeepsEveryEventAndEveryColumnButFeatures(engine: Engine) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = try Self.freshURL(engine, in: directory)
        let old = try await DatabaseConfiguration(url: url).open(migrations: Self.beforeVersion9)
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        try await old.write { c in
            try c.execute(
                """
                INSERT INTO user_events (id, viewer_id, candidate_id, action, occurred_at, features, scores, ranker, is_test)
                VALUES ('evt_1', 'usr_a', 'usr_b', 'like', $1, '{"ageGap":3}', '{"final":0.4}', 'learned', 0),
                       ('evt_2', 'usr_b', 'usr_a', 'blind_reveal', $1, '{}', '{}', 'blind', 1)
                """, at)
        }
        await old.close()
        let database = try await DatabaseConfiguration(url: url).open(migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        try await database.write { c in
            let entry = EventLog.Entry(viewer: "usr_c", candidate: "usr_a", action: .pass, at: at + 1, ranker: "rule_based")
            try EventLog.append(entry, on: c)
        }
        let rows = try await database.read { c in try c.query("SELECT * FROM user_events ORDER BY occurred_at, id") }
        #expect(rows.count == 3)
        #expect(
            Set(rows[0].columnNames)
                == ["id", "viewer_id", "candidate_id", "action", "occurred_at", "scores", "ranker", "is_test"])
        #expect(try rows[0].decode(String.self, "scores") == #"{"final":0.4}"#)
        #expect(try rows[0].decode(String.self, "ranker") == "learned")
        #expect(try rows[1].decode(String.self, "action") == "blind_reveal" && rows[1].decode(Int.self, "is_test") == 1)
        #expect(try rows[1].decode(Date.self, "occurred_at") == at)
        #expect(try rows[2].decode(String.self, "action") == "pass" && rows[2].decode(String.self, "scores") == "{}")
    }

    /// Training never read `features`: the same log trains the same model before and after the column goes.
    @Test func trainingOnTheSameLogIsUnchangedByMigration9() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = DatabaseURL.sqlite(path: directory + "/x.sqlite")
        let gazetteer = try TrainingTests.gazetteer()
        let old = try await DatabaseConfiguration(url: url).open(migrations: Self.beforeVersion9)
        try await SeedLoader(database: old).loadIfEmpty(population: SeedPopulation(gazetteer: gazetteer), count: 150, now: Date())
        // The seed history logged as the server logged decisions before version 9, a feature snapshot with each.
        try await old.write { c in
            try c.execute(
                """
                INSERT INTO user_events (id, viewer_id, candidate_id, action, occurred_at, features, scores, ranker, is_test)
                SELECT 'evt_' || viewer_id || '_' || candidate_id, viewer_id, candidate_id, action, decided_at,
                       '{"sharedInterests":2}', '{}', 'rule_based', 0 FROM decisions
                """)
        }
        // Trained without registering: the registry's own columns change in later migrations.
        func report(_ database: any Database) async throws -> TrainingReport {
            let training = RankerTraining(
                database: database, registry: ModelRegistry(database: database, dataDirectory: directory),
                ranker: RuleBasedRanker(gazetteer: gazetteer))
            return try training.train(try await training.trainingSet()).1
        }
        let before = try await report(old)
        await old.close()
        let database = try await DatabaseConfiguration(url: url).open(migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        let after = try await report(database)
        print(
            "event log before/after migration 9: examples", before.trainExamples, after.trainExamples, "holdout",
            before.holdoutExamples, after.holdoutExamples, "learned AUC", before.learned.auc, after.learned.auc,
            "log loss", before.learned.logLoss, after.learned.logLoss, "rule AUC", before.ruleBased.auc, after.ruleBased.auc)
        #expect(before.trainExamples > 1000 && before.trainExamples == after.trainExamples)
        #expect(before.holdoutExamples == after.holdoutExamples)
        #expect(before.learned.auc == after.learned.auc && before.learned.logLoss == after.learned.logLoss)
        #expect(before.ruleBased.auc == after.ruleBased.auc)
    }

    /// No other type writes the log: every `INSERT`/`UPDATE` of `user_events` in Sources is in EventLog.swift
    /// (`UserErasure` deletes a user's rows, as it does in every table).
    @Test func eventLogIsTheOnlyWriter() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        var writers: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8).lowercased()
            if text.contains("insert into user_events") || text.contains("update user_events") {
                writers.append(file.lastPathComponent)
            }
        }
        #expect(writers == ["EventLog.swift"])
    }

    /// Instances sharing a store train one at a time: the lease holder trains (and renews), another is refused.
    @Test func onlyTheLeaseHolderTrains() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await DatabaseConfiguration(url: .sqlite(path: directory + "/x.sqlite"))
            .open(migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        let gazetteer = try TrainingTests.gazetteer()
        try await SeedLoader(database: database)
            .loadIfEmpty(population: SeedPopulation(gazetteer: gazetteer), count: 100, now: Date())
        let registry = ModelRegistry(database: database, dataDirectory: directory)
        func trainer(_ holder: String) -> PeriodicTrainer {
            let training = RankerTraining(database: database, registry: registry, ranker: RuleBasedRanker(gazetteer: gazetteer))
            return PeriodicTrainer(
                training: training, serving: LearnedServing(registry: registry),
                lease: WorkLease(database: database, holder: holder), interval: 3600)
        }
        let (first, second) = (trainer("instance-1"), trainer("instance-2"))
        guard case .trained(let outcome) = await first.trainIfLeased() else {
            Issue.record("the first instance should train")
            return
        }
        #expect(outcome.version == "v0001")
        guard case .leaseHeldElsewhere = await second.trainIfLeased() else {
            Issue.record("the lease is held")
            return
        }
        guard case .trained(let again) = await first.trainIfLeased() else {
            Issue.record("the holder renews")
            return
        }
        #expect(again.version == "v0002")
    }
}
