import Foundation
import SQLStore
import Testing

@testable import Xoseen

/// Messages committed together (one group commit, several rooms) are numbered as if each had been
/// stored alone: per room 1, 2, 3… in submission order, on both engines, and still there on reopening.
@Suite struct ChatStoreBatchingTests {
    static let at = Date(timeIntervalSince1970: 1_700_000_000)

    static func record(_ room: ChatRoom, _ body: String) -> ChatStore.Record {
        ChatStore.Record(
            room: room.description, seq: 0, kind: .message, senderId: room.userA, senderName: "A", body: body, sentAt: at)
    }

    /// One batch of 100 records over three interleaved rooms (PostgreSQL splits it into chunks of 64, 32
    /// and 4 rows), on top of rooms that already hold messages.
    @Test(arguments: EventLogTests.Engine.allCases)
    func oneBatchNumbersEachRoomInOrder(engine: EventLogTests.Engine) async throws {
        let directory = try EventLogTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = try EventLogTests.freshURL(engine, in: directory)
        let rooms = (0..<3).map { ChatRoom(kind: .match, between: "usr_a\($0)", and: "usr_b\($0)") }
        var database = try await DatabaseConfiguration(url: url).open(migrations: XoseenSchema.migrations)
        let store = ChatStore(database: database)
        _ = try await store.append(
            room: rooms[1], kind: .message, senderId: "usr_a1", senderName: "A", body: "first", at: Self.at)
        let batch = (0..<100).map { i in Self.record(rooms[(i * 7) % 3], "m\(i)") }
        let stored = try await database.write { connection in try ChatStore.insert(batch, connection) }

        #expect(stored.map(\.body) == batch.map(\.body), "answers come back in submission order")
        var expected: [String: Int] = [rooms[1].description: 1]
        for record in stored {
            expected[record.room, default: 0] += 1
            #expect(record.seq == expected[record.room], "\(record.body) in \(record.room)")
        }
        database.closeSync()

        database = try await DatabaseConfiguration(url: url).open(migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        let reopened = ChatStore(database: database)
        for room in rooms {
            let records = try await reopened.records(room: room, after: 0)
            let mine = stored.filter { $0.room == room.description }
            #expect(records.map(\.seq) == Array(1...records.count))
            #expect(Array(records.map(\.body).suffix(mine.count)) == mine.map(\.body))
        }
    }

    /// Appends racing from many tasks share group commits; each room still gets 1…n with no gap or repeat,
    /// and each sender's own messages keep the order it sent them in.
    @Test(arguments: EventLogTests.Engine.allCases)
    func concurrentAppendsKeepEachSendersOrder(engine: EventLogTests.Engine) async throws {
        let directory = try EventLogTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await DatabaseConfiguration(url: try EventLogTests.freshURL(engine, in: directory))
            .open(migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        let store = ChatStore(database: database)
        let rooms = (0..<4).map { ChatRoom(kind: .match, between: "usr_a\($0)", and: "usr_b\($0)") }
        // 4 rooms × 2 senders × 25 messages, each sender sending its next one once the last is stored.
        let results = try await withThrowingTaskGroup(of: [ChatStore.Record].self) { group in
            for room in rooms {
                for sender in [room.userA, room.userB] {
                    group.addTask {
                        var mine: [ChatStore.Record] = []
                        for i in 0..<25 {
                            mine.append(
                                try await store.append(
                                    room: room, kind: .message, senderId: sender, senderName: sender, body: "\(sender) \(i)",
                                    at: Self.at))
                        }
                        return mine
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for mine in results {
            #expect(mine.map(\.seq) == mine.map(\.seq).sorted(), "a sender's messages keep their order")
        }
        for room in rooms {
            let records = try await store.records(room: room, after: 0)
            #expect(records.map(\.seq) == Array(1...50))
            let answered = results.joined().filter { $0.room == room.description }.sorted { $0.seq < $1.seq }
            #expect(answered.map(\.body) == records.map(\.body), "each append was answered the seq it is stored under")
        }
    }
}
