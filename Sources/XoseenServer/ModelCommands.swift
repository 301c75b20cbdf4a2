import Foundation
import Runtime
import SQLStore
import Xoseen
import XoseenAPI

/// Operator commands on the model registry, run against the same data directory as the server
/// (SQLite lets both open it; the server picks changes up within seconds):
///
///     xoseen train [--no-promote]        train on the event log, register vNNNN, promote if it beats the serving ranker
///                  [--holdout-scores FILE]  also write each held-out decision's scores as JSON lines
///                  [--examples-out FILE]    also write every example's point-in-time features as JSON lines
///     xoseen models                      list versions with holdout metrics; * marks the serving one
///     xoseen promote VERSION [PCT]       serve VERSION to PCT of viewers (0…1, default 1)
///     xoseen rollback VERSION            serve an earlier VERSION to everyone
///     xoseen rules                       serve the rule-based ranker to everyone
///     xoseen rollout PCT                 change the learned model's share of viewers (0…1)
///     xoseen shadow on|off               score with the model beside the rules, without serving it
///
/// Every command takes `--data-dir DIR` (or `XOSEEN_DATA_DIR`).
enum ModelCommands {
    static let names: Set<String> = ["train", "models", "promote", "rollback", "rules", "rollout", "shadow"]

    static func run(_ arguments: [String]) async -> Int32 {
        let command = arguments[0]
        var positional: [String] = []
        var flags: [String] = []
        var promote = true
        var holdoutScores: String?
        var examplesOut: String?
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            if argument == "--no-promote" {
                promote = false
            } else if argument == "--holdout-scores" {
                guard let file = rest.popFirst() else {
                    FileHandle.standardError.write(Data("xoseen: --holdout-scores needs a FILE\n".utf8))
                    return 64
                }
                holdoutScores = file
            } else if argument == "--examples-out" {
                guard let file = rest.popFirst() else {
                    FileHandle.standardError.write(Data("xoseen: --examples-out needs a FILE\n".utf8))
                    return 64
                }
                examplesOut = file
            } else if argument.hasPrefix("--") {
                flags.append(argument)
                if !argument.contains("="), let value = rest.popFirst() { flags.append(value) }
            } else {
                positional.append(argument)
            }
        }
        do {
            let options = try ServeOptions.parse(flags, product: "xoseen", defaults: ServeOptions(port: 8042))
            let settings = XoseenApplication.Settings.fromEnvironment(dataDirectory: options.dataDirectory)
            let database = try await XoseenApplication.databaseConfiguration(
                dataDirectory: settings.dataDirectory, environment: ProcessInfo.processInfo.environment
            )
            .open(migrations: XoseenSchema.migrations)
            defer { database.closeSync() }
            let registry = ModelRegistry(database: database, dataDirectory: options.dataDirectory)
            let now = Date()
            switch (command, positional.count) {
            case ("train", 0):
                let gazetteer = try Gazetteer(resourcesDirectory: settings.resourcesDirectory)
                var training = RankerTraining(
                    database: database, registry: registry, ranker: RuleBasedRanker(gazetteer: gazetteer))
                training.keepHoldoutScores = holdoutScores != nil
                let outcome = try await training.run(at: now, promote: promote)
                if let holdoutScores {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = .sortedKeys
                    let lines = try outcome.holdoutScores.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
                    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: holdoutScores))
                }
                if let examplesOut {
                    let lines = try await training.trainingSet().exportLines()
                    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: examplesOut))
                }
                print(ModelReport.lines(version: outcome.version, report: outcome.report).joined(separator: "\n"))
                print(outcome.decision)
            case ("models", 0):
                let serving = try await registry.serving()
                print("serving: \(serving.version ?? "rule_based") rolloutPct \(serving.rolloutPct) shadow \(serving.shadow)")
                for entry in try await registry.list() {
                    let mark = entry.version == serving.version ? "*" : " "
                    print(mark + " " + ModelReport.summary(version: entry.version, report: entry.report))
                }
            case ("promote", 1), ("promote", 2):
                let share = positional.count == 2 ? Double(positional[1]) : 1
                guard let share else { throw UsageError("PCT must be a number between 0 and 1") }
                try await registry.promote(positional[0], rolloutPct: share, at: now)
                print("serving \(positional[0]) to \(share) of viewers")
            case ("rollback", 1):
                try await registry.promote(positional[0], rolloutPct: 1, action: "rollback", at: now)
                print("rolled back to \(positional[0])")
            case ("rules", 0):
                try await registry.serveRules(at: now)
                print("serving the rule-based ranker")
            case ("rollout", 1):
                guard let share = Double(positional[0]) else { throw UsageError("PCT must be a number between 0 and 1") }
                try await registry.setRollout(share, at: now)
                print("rolloutPct \(share)")
            case ("shadow", 1) where ["on", "off"].contains(positional[0]):
                try await registry.setShadow(positional[0] == "on", at: now)
                print("shadow \(positional[0])")
            default:
                throw UsageError(
                    "usage: xoseen train|models|promote VERSION [PCT]|rollback VERSION|rules|rollout PCT|shadow on|off [--data-dir DIR]"
                )
            }
            return 0
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("xoseen: \(error)\n".utf8))
            return 64
        } catch {
            FileHandle.standardError.write(Data("xoseen \(command): \(error)\n".utf8))
            return 1
        }
    }
}

/// Human-readable training figures.
enum ModelReport {
    static func f(_ x: Double) -> String { String(format: "%.4f", x) }

    static func lines(version: String, report r: TrainingReport) -> [String] {
        [
            "model \(version): \(r.trainExamples) training examples, \(r.holdoutExamples) held out (the later part of the timeline); "
                + String(format: "trained in %.2f s", r.trainingSeconds),
            "  learned     AUC \(f(r.learned.auc))  log loss \(f(r.learned.logLoss))  calibration error \(f(r.learned.calibrationError))  "
                + "scores mean \(f(r.learned.meanScore)) sd \(f(r.learned.scoreStdDev)) ≥0.99 \(f(r.learned.saturatedShare))  "
                + "top-10 match rate \(f(r.learnedMatchRateAt10))",
            "  rule_based  AUC \(f(r.ruleBased.auc))  log loss \(f(r.ruleBased.logLoss))  calibration error \(f(r.ruleBased.calibrationError))  "
                + "scores mean \(f(r.ruleBased.meanScore)) sd \(f(r.ruleBased.scoreStdDev)) ≥0.99 \(f(r.ruleBased.saturatedShare))  "
                + "top-10 match rate \(f(r.ruleMatchRateAt10))",
        ] + history(r) + subScores(r)
    }

    static func history(_ r: TrainingReport) -> [String] {
        guard let h = r.historyOnly else { return [] }
        return [
            "  history     AUC \(f(h.auc))  log loss \(f(h.logLoss))  calibration error \(f(h.calibrationError))  "
                + "scores mean \(f(h.meanScore)) sd \(f(h.scoreStdDev)) ≥0.99 \(f(h.saturatedShare))  "
                + "top-10 match rate \(f(r.historyMatchRateAt10 ?? 0))  (like rates only)"
        ]
    }

    static func subScores(_ r: TrainingReport) -> [String] {
        guard let table = r.subScoreAUC else { return [] }
        return [
            "  rule sub-scores, holdout AUC alone: "
                + table.sorted { $0.key < $1.key }.map { "\($0.key) \(f($0.value))" }
                .joined(separator: ", ")
        ]
    }

    static func summary(version: String, report r: TrainingReport) -> String {
        "\(version)  AUC \(f(r.learned.auc)) (rules \(f(r.ruleBased.auc)))  log loss \(f(r.learned.logLoss))  "
            + "ECE \(f(r.learned.calibrationError))  train \(r.trainExamples) / holdout \(r.holdoutExamples)"
    }
}
