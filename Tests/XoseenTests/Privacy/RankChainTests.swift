import Foundation
import HTTPTesting
import Testing
import Xoseen

/// Feed cursor chains: first pages write nothing durable, paged chains are written behind,
/// everything expires, and memory per viewer is bounded.
@Suite(.serialized) struct RankChainTests {
    @Test func firstPagesWriteNothingDurable() async throws {
        try await PrivacyFixture.with { f in
            let viewer = try await f.viewerWithFeed()
            let held = f.application.chains.count
            for _ in 0..<40 {
                let response = try await f.post("/ml/rank", ["viewerId": viewer, "limit": 20])
                #expect(response.status == 200)
            }
            #expect(try await f.rowCount("rank_chains") == 0, "an anonymous first page is not a database write")
            #expect(
                f.application.chains.count - held < FeedChains.Limits().perViewerLimit,
                "one viewer's chains are bounded in memory")
        }
    }

    @Test func pagedChainsAreWrittenBehindAndSurviveEviction() async throws {
        try await PrivacyFixture.with { f in
            let viewer = try await f.viewerWithFeed()
            let first = try PrivacyFixture.json(try await f.post("/ml/rank", ["viewerId": viewer, "limit": 5]))
            let cursor = try #require(first["nextCursor"] as? String)
            let second = try PrivacyFixture.json(
                try await f.post("/ml/rank", ["viewerId": viewer, "limit": 5, "cursor": cursor]))
            let firstIds = (first["candidates"] as? [[String: Any]] ?? []).compactMap { $0["candidateId"] as? String }
            let secondIds = (second["candidates"] as? [[String: Any]] ?? []).compactMap { $0["candidateId"] as? String }
            #expect(Set(firstIds).isDisjoint(with: secondIds))
            let flushed = try await f.application.chains.flush(now: f.clock.read())
            let rows = try await f.rowCount("rank_chains")
            #expect(flushed.written == 1 && rows == 1, "a chain that is paged is stored")

            // Push the chain out of memory with newer ones of the same viewer; the store still has it.
            for _ in 0..<(FeedChains.Limits().perViewerLimit + 2) {
                _ = try await f.post("/ml/rank", ["viewerId": viewer, "limit": 5])
            }
            let third = try await f.post(
                "/ml/rank", ["viewerId": viewer, "limit": 5, "cursor": second["nextCursor"] as? String ?? cursor])
            #expect(third.status == 200, "\(third.bodyString)")
            let thirdIds = (try PrivacyFixture.json(third)["candidates"] as? [[String: Any]] ?? []).compactMap {
                $0["candidateId"] as? String
            }
            #expect(Set(thirdIds).isDisjoint(with: firstIds + secondIds), "the stored chain still knows what was served")
        }
    }

    @Test func aGracefulStopWritesThePagedChains() async throws {
        try await PrivacyFixture.with { f in
            let viewer = try await f.viewerWithFeed()
            let first = try PrivacyFixture.json(try await f.post("/ml/rank", ["viewerId": viewer, "limit": 5]))
            let cursor = try #require(first["nextCursor"] as? String)
            #expect(try await f.post("/ml/rank", ["viewerId": viewer, "limit": 5, "cursor": cursor]).status == 200)
            // Maintenance that never reached its first period, stopped as the server stops it.
            let maintenance = Task { [application = f.application] in await application.runMaintenance(period: .seconds(3_600)) }
            try await Task.sleep(for: .milliseconds(100))
            maintenance.cancel()
            await maintenance.value
            #expect(try await f.rowCount("rank_chains") == 1, "the last flush ran although its task was cancelled")
        }
    }

    @Test func chainsExpireInMemoryAndInTheStore() async throws {
        try await PrivacyFixture.with { f in
            let viewer = try await f.viewerWithFeed()
            // A row from before expiry existed (expires_at 0) goes at the first pruning.
            try await f.application.database.write { connection in
                try connection.execute(
                    "INSERT INTO rank_chains (id, viewer_id, served, created_at) VALUES ('ch_legacy', $1, '[]', 0)", viewer)
            }
            let first = try PrivacyFixture.json(try await f.post("/ml/rank", ["viewerId": viewer, "limit": 5]))
            let cursor = try #require(first["nextCursor"] as? String)
            let second = try PrivacyFixture.json(
                try await f.post("/ml/rank", ["viewerId": viewer, "limit": 5, "cursor": cursor]))
            let next = try #require(second["nextCursor"] as? String)
            try await f.application.chains.flush(now: f.clock.read())
            #expect(try await f.rowCount("rank_chains") == 1, "the legacy row was pruned, the paged chain kept")

            f.clock.advance(FeedChains.Limits().timeToLive + 1)
            let late = try await f.post("/ml/rank", ["viewerId": viewer, "limit": 5, "cursor": next])
            #expect(late.status == 400 && PrivacyFixture.code(late) == "invalid_cursor", "an expired cursor: \(late.bodyString)")
            try await f.application.chains.flush(now: f.clock.read())
            #expect(try await f.rowCount("rank_chains") == 0, "expired rows are pruned")
            #expect(f.application.chains.count == 0, "and dropped from memory")
        }
    }
}
