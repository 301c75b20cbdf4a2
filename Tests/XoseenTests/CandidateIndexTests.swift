import Foundation
import HTTPServer
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// The candidate index against the store it caches: the indexed feed equals a full scan for every
/// seed viewer; a profile edit moves a profile between partitions; a block or a decision takes it
/// out of the viewer's feed; like counts follow first-time decisions only; a restart rebuilds it.
@Suite(.serialized) struct CandidateIndexTests {
    static let gazetteer = MutualFilterTests.gazetteer

    func post(_ server: LiveServer, _ path: String, _ object: [String: Any], token: String? = nil) async throws -> RawHTTPResponse
    {
        try await server.client.post(
            path, body: Array(try JSONSerialization.data(withJSONObject: object)), contentType: "application/json",
            headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
    }

    /// The feed as it was computed before the index: every profile, the full rule, histories counted in the store.
    static func fullScan(_ application: XoseenApplication, for viewer: Profile, everyone: [Profile]? = nil) async throws
        -> [String]
    {
        let (actedOn, blocked) = try await application.matching.exclusions(for: viewer.userId)
        let histories = try await application.matching.likeHistories()
        let received = try await application.matching.receivedHistories()
        let ranker = RuleBasedRanker(gazetteer: gazetteer, priorLikeRate: histories.likeRate)
        let candidates: [Profile]
        if let everyone { candidates = everyone } else { candidates = try await application.profiles.all() }
        return candidates.compactMap { candidate -> (String, Double)? in
            guard candidate.verified, !actedOn.contains(candidate.userId), !blocked.contains(candidate.userId),
                ranker.isMutuallyCompatible(viewer, candidate)
            else { return nil }
            let history = histories.byUser[candidate.userId] ?? LikeHistory(likesGiven: 0, decisionsMade: 0)
            return (
                candidate.userId,
                ranker.breakdown(
                    viewer: viewer, candidate: candidate, candidateHistory: history,
                    candidateAppeal: received[candidate.userId]
                ).final
            )
        }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }.map(\.0)
    }

    static func indexed(_ application: XoseenApplication, for viewer: Profile, limit: Int = 100_000) async throws -> [String] {
        let feed = CandidateFeed(
            index: application.candidateIndex, matching: application.matching, ranker: RuleBasedRanker(gazetteer: gazetteer))
        return try await feed.page(for: viewer, excluding: [], limit: limit).candidates.map(\.candidate.userId)
    }

    /// Every id a cursor chain serves to the viewer, page by page through the server.
    func chain(_ server: LiveServer, viewer: String) async throws -> [String] {
        var seen: [String] = []
        var cursor: String?
        repeat {
            var body: [String: Any] = ["viewerId": viewer, "limit": 100]
            if let cursor { body["cursor"] = cursor }
            let page =
                try JSONSerialization.jsonObject(with: Data(try await post(server, "/ml/rank", body).body)) as? [String: Any]
                ?? [:]
            seen += (page["candidates"] as? [[String: Any]] ?? []).compactMap { $0["candidateId"] as? String }
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        return seen
    }

    @Test func indexedFeedEqualsAFullScanForEverySeedViewer() async throws {
        try await CoreLoopTests.withSeeded { application, _ in
            let everyone = try await application.profiles.all()
            var compared = 0
            for viewer in everyone {
                let expected = try await Self.fullScan(application, for: viewer, everyone: everyone)
                let got = try await Self.indexed(application, for: viewer)
                #expect(got == expected, "feed of \(viewer.userId)")
                compared += expected.count
                // The page is the prefix of the whole ranking, and hasMore says whether anything follows.
                let feed = CandidateFeed(
                    index: application.candidateIndex, matching: application.matching,
                    ranker: RuleBasedRanker(gazetteer: Self.gazetteer))
                let page = try await feed.page(for: viewer, excluding: Set(expected.prefix(2)), limit: 5)
                #expect(page.candidates.map(\.candidate.userId) == Array(expected.dropFirst(2).prefix(5)))
                #expect(page.hasMore == (expected.count > 7))
            }
            #expect(compared > 1_000, "the seed viewers have real feeds")
        }
    }

    @Test func aProfileEditMovesItBetweenPartitions() async throws {
        try await CoreLoopTests.withSeeded { application, server in
            _ = try await post(server, "/web/profile", CoreLoopTests.ada)  // woman seeking men, Williamsburg, 25–45, 40 km
            let persona = try #require(
                try await application.profiles.all().first { $0.verified && $0.gender == .woman && !$0.asexualOnly })
            let token = application.signer.issue(for: persona.userId)
            #expect(!(try await chain(server, viewer: "usr_ada")).contains(persona.userId))

            let asMan: [String: Any] = [
                "userId": persona.userId, "gender": "man", "seeking": ["woman"], "ageDisplayed": 33,
                "ageMin": 25, "ageMax": 40, "cityArea": "Greenpoint", "maxDistanceKm": 30.0,
            ]
            #expect(try await post(server, "/web/profile", asMan, token: token).status == 200)
            #expect(
                application.candidateIndex.partition(of: persona.userId)
                    == .init(gender: .man, seeking: [.woman], cityArea: "Greenpoint"))
            #expect(try await chain(server, viewer: "usr_ada").contains(persona.userId), "now in Ada's partitions and ranges")

            let farAway: [String: Any] = ["userId": persona.userId, "cityArea": "Tottenville", "maxDistanceKm": 5.0]
            #expect(try await post(server, "/web/profile", farAway, token: token).status == 200)
            #expect(application.candidateIndex.partition(of: persona.userId)?.cityArea == "Tottenville")
            #expect(!(try await chain(server, viewer: "usr_ada")).contains(persona.userId), "out of reach")

            let seeksMen: [String: Any] = [
                "userId": persona.userId, "cityArea": "Greenpoint", "maxDistanceKm": 30.0, "seeking": ["man"],
            ]
            #expect(try await post(server, "/web/profile", seeksMen, token: token).status == 200)
            #expect(application.candidateIndex.partition(of: persona.userId)?.seeking == [.man])
            #expect(!(try await chain(server, viewer: "usr_ada")).contains(persona.userId), "no longer seeks Ada's gender")
            let ada = try #require(try await application.profiles.profile("usr_ada"))
            #expect(try await Self.indexed(application, for: ada) == (try await Self.fullScan(application, for: ada)))
        }
    }

    @Test func unverifiedProfilesAreNeverIndexed() async throws {
        let index = CandidateIndex(gazetteer: Self.gazetteer)
        var person = MutualFilterTests.person("p", .man, seeking: [.woman])
        index.upsert(person)
        #expect(index.partition(of: "p") == .init(gender: .man, seeking: [.woman], cityArea: "Williamsburg"))
        person.verified = false
        index.upsert(person)
        #expect(index.partition(of: "p") == nil)
        #expect(index.count == 0)
        var visited: [String] = []
        index.forEachPlausible(for: MutualFilterTests.person("v", .woman, seeking: [.man])) { candidate, _ in
            visited.append(candidate.userId)
        }
        #expect(visited.isEmpty)
    }

    @Test func blocksAndDecisionsTakeItOutAndLikeCountsFollowFirstDecisionsOnly() async throws {
        try await CoreLoopTests.withSeeded { application, server in
            _ = try await post(server, "/web/profile", CoreLoopTests.ada)
            let feed = try await chain(server, viewer: "usr_ada")
            #expect(feed.count > 20)
            // The pages after the first were served from the cached exclusions, which the changes below must grow.
            #expect(application.candidateIndex.exclusions.lookup("usr_ada") != nil)
            let (liked, passed, blocked, blocker) = (feed[0], feed[1], feed[2], feed[3])
            #expect(
                try await post(server, "/ml/feedback", ["viewerId": "usr_ada", "candidateId": liked, "action": "like"]).status
                    == 200)
            #expect(
                try await post(server, "/ml/feedback", ["viewerId": "usr_ada", "candidateId": passed, "action": "pass"]).status
                    == 200)
            #expect(
                try await post(server, "/ml/feedback", ["viewerId": "usr_ada", "candidateId": passed, "action": "pass"]).status
                    == 200)
            #expect(try await post(server, "/web/block", ["viewerId": "usr_ada", "candidateId": blocked]).status == 200)
            #expect(try await post(server, "/web/block", ["viewerId": blocker, "candidateId": "usr_ada"]).status == 200)
            let after = try await chain(server, viewer: "usr_ada")
            #expect(Set(after) == Set(feed).subtracting([liked, passed, blocked, blocker]))
            let (actedOn, blockedEitherWay) = try await application.matching.exclusions(for: "usr_ada")
            #expect(application.candidateIndex.exclusions.lookup("usr_ada") == actedOn.union(blockedEitherWay))

            // The index's like counts equal the store's, repeats included.
            #expect(application.candidateIndex.likeHistory(of: "usr_ada") == LikeHistory(likesGiven: 1, decisionsMade: 2))
            let store = try await application.matching.likeHistories()
            for id in feed.prefix(30) {
                #expect(
                    application.candidateIndex.likeHistory(of: id) == store.byUser[id]
                        ?? LikeHistory(likesGiven: 0, decisionsMade: 0))
            }
            #expect(abs(application.candidateIndex.likeRate - store.likeRate) < 1e-12)
        }
    }

    @Test func aRestartRebuildsTheIndexFromTheStore() async throws {
        let directory = NSTemporaryDirectory() + "xoseen-index-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let settings = XoseenApplication.Settings(dataDirectory: directory, resourcesDirectory: ProfileRoutesTests.resources)
        let before: (feed: [String], count: Int, partition: CandidateIndex.Partition?, history: LikeHistory, rate: Double)
        let moved: String
        do {
            let application = try await XoseenApplication(settings: settings)
            defer { application.database.closeSync() }
            try await application.bootstrap(seedCount: 400)
            let persona = try #require(try await application.profiles.all().first { $0.verified })
            moved = persona.userId
            try await withLiveServer(application.router()) { server in
                _ = try await post(server, "/web/profile", CoreLoopTests.ada)
                let edit: [String: Any] = [
                    "userId": moved, "gender": "man", "seeking": ["woman"], "ageDisplayed": 31, "ageMin": 25,
                    "ageMax": 40, "cityArea": "Bushwick", "maxDistanceKm": 30.0,
                ]
                #expect(try await post(server, "/web/profile", edit, token: application.signer.issue(for: moved)).status == 200)
                let first = try #require(try await chain(server, viewer: "usr_ada").first)
                _ = try await post(server, "/ml/feedback", ["viewerId": moved, "candidateId": first, "action": "like"])
                _ = try await post(server, "/ml/feedback", ["viewerId": "usr_ada", "candidateId": first, "action": "like"])
            }
            let ada = try #require(try await application.profiles.profile("usr_ada"))
            before = (
                try await Self.indexed(application, for: ada), application.candidateIndex.count,
                application.candidateIndex.partition(of: moved), application.candidateIndex.likeHistory(of: moved),
                application.candidateIndex.likeRate
            )
        }
        let restarted = try await XoseenApplication(settings: settings)
        defer { restarted.database.closeSync() }
        let ada = try #require(try await restarted.profiles.profile("usr_ada"))
        let verified = try await restarted.database.read {
            try $0.scalar(Int.self, "SELECT COUNT(*) FROM users WHERE verified = 1")
        }
        #expect(restarted.candidateIndex.count == verified)
        #expect(restarted.candidateIndex.count == before.count)
        #expect(restarted.candidateIndex.partition(of: moved) == before.partition)
        #expect(before.partition == .init(gender: .man, seeking: [.woman], cityArea: "Bushwick"))
        #expect(restarted.candidateIndex.likeHistory(of: moved) == before.history)
        #expect(abs(restarted.candidateIndex.likeRate - before.rate) < 1e-12)
        #expect(try await Self.indexed(restarted, for: ada) == before.feed)
        #expect(before.feed == (try await Self.fullScan(restarted, for: ada)))
    }
}
