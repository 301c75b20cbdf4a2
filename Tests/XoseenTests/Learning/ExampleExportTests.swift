import Foundation
import Testing

@testable import Xoseen

/// `xoseen train --examples-out`: what an offline feature probe reads must be exactly what training built.
@Suite struct ExampleExportTests {
    @Test func theExportIsTheTrainingSetInOrderWithItsColumnNames() throws {
        let gazetteer = try TrainingTests.gazetteer()
        let now = Date()
        let profiles = SeedPopulation(gazetteer: gazetteer).generate(count: 3).map { p in
            Profile(
                userId: p.userId, displayName: p.displayName, ageDisplayed: p.ageDisplayed, trustScore: p.trustScore,
                intent: p.intent, interests: p.interests, cityArea: p.cityArea, ageMin: p.ageMin, ageMax: p.ageMax,
                maxDistanceKm: p.maxDistanceKm, gender: p.gender, seeking: p.seeking, asexual: p.asexual,
                asexualOnly: p.asexualOnly, bio: p.bio, textingStyle: p.textingStyle, photoSeed: "x", verified: true,
                isSeed: true, createdAt: now, updatedAt: now)
        }
        let (a, b, c) = (profiles[0].userId, profiles[1].userId, profiles[2].userId)
        let events = [
            TrainingSet.Event(viewer: a, candidate: b, action: "like", at: now),
            TrainingSet.Event(viewer: b, candidate: a, action: "pass", at: now + 1),
            TrainingSet.Event(viewer: c, candidate: b, action: "like", at: now + 2),
        ]
        let set = TrainingSet(
            events: events, profiles: Dictionary(uniqueKeysWithValues: profiles.map { ($0.userId, $0) }), talked: [],
            ranker: RuleBasedRanker(gazetteer: gazetteer))
        let lines = try set.exportLines()
        #expect(lines.count == events.count + 1)
        let decoder = JSONDecoder()
        let header = try decoder.decode(TrainingSet.ExportHeader.self, from: Data(lines[0].utf8))
        #expect(header.names == PairFeatures.names)
        for (i, line) in lines.dropFirst().enumerated() {
            let row = try decoder.decode(TrainingSet.ExportedExample.self, from: Data(line.utf8))
            #expect(row.viewer == events[i].viewer && row.candidate == events[i].candidate)
            #expect(row.label == (events[i].action == "like" ? 1 : 0))
            #expect(row.features == set.examples[i].features, "the same doubles after the round trip")
            #expect(row.reverseFeatures == set.examples[i].reverseFeatures)
            #expect(row.features.count == header.names.count)
        }
    }
}
