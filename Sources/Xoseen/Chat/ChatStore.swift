import Foundation
import SQLStore

/// Durable, ordered room history. Each room numbers its records 1, 2, 3… inside the write
/// transaction that stores them, so order is the order the server accepted them in, whatever
/// the clocks say. Plain messages are stored only after they pass the safety scan; `enc` and
/// `pubkey` bodies are the client's opaque JSON (ciphertext), stored and relayed blind.
public struct ChatStore: Sendable {
    public let database: any Database
    /// Messages arriving together share one durable transaction (one fsync).
    private let appends: GroupCommit<Record, Record>

    public init(database: any Database) {
        self.database = database
        appends = GroupCommit(database: database) { connection, records in try Self.insert(records, connection) }
    }

    public enum Kind: String, Sendable, Codable {
        /// Plain text, scanned before it was stored.
        case message
        /// End-to-end encrypted payload: opaque to the server.
        case enc
        /// A member's public key for `enc`.
        case pubkey
    }

    public struct Record: Sendable, Equatable {
        public var room: String
        public var seq: Int
        public var kind: Kind
        public var senderId: String
        public var senderName: String
        /// The text for `message`; the client's JSON object for `enc`/`pubkey`.
        public var body: String
        public var sentAt: Date
    }

    /// Appends one record and returns it with its sequence number, once it is durable.
    public func append(
        room: ChatRoom, kind: Kind, senderId: String, senderName: String, body: String,
        at now: Date
    ) async throws -> Record {
        try await appends.submit(
            Record(
                room: room.description, seq: 0, kind: kind, senderId: senderId, senderName: senderName,
                body: body, sentAt: now))
    }

    /// Numbers each record after its room's last one (earlier records of the same batch included), in
    /// batch order. On PostgreSQL a batch is a few multi-row statements (`insertChunk`), so a group commit
    /// costs a handful of round trips whatever its size, not one per message. SQLite runs in-process, where
    /// a round trip is free but `RETURNING` is not (it fills a temporary table per statement, a sixth of the
    /// chat write path's CPU in `make bench-chat`'s profile): there the number is read first and inserted as
    /// a plain value, one record at a time, under the same write lock.
    static func insert(_ records: [Record], _ connection: any SQLConnection) throws -> [Record] {
        switch connection.dialect {
        case .postgres:
            var numbered: [Record] = []
            numbered.reserveCapacity(records.count)
            var rest = records[...]
            while !rest.isEmpty {
                // Power-of-two chunks: a few statement shapes in the prepared-statement cache.
                let size = chunkSizes.first { $0 <= rest.count } ?? 1
                numbered += try insertChunk(rest.prefix(size), connection)
                rest = rest.dropFirst(size)
            }
            return numbered
        case .sqlite:
            return try records.map { record in
                var record = record
                let last = try connection.scalar(
                    Int.self, "SELECT COALESCE(MAX(seq), 0) FROM chat_messages WHERE room = $1", record.room)
                record.seq = (last ?? 0) + 1
                try connection.execute(
                    """
                    INSERT INTO chat_messages (room, seq, kind, sender_id, sender_name, body, sent_at)
                    VALUES ($1, $2, $3, $4, $5, $6, $7)
                    """, record.room, record.seq, record.kind.rawValue, record.senderId, record.senderName, record.body,
                    record.sentAt)
                return record
            }
        }
    }

    /// Largest first; every batch splits into at most one chunk of each size below 64, plus 64s.
    static let chunkSizes = [64, 32, 16, 8, 4, 2, 1]

    /// One PostgreSQL statement for `chunk`: each row's `seq` is its room's last stored one plus its rank
    /// among the chunk's rows of that room (in chunk order). The statement answers `(room, seq)` pairs in
    /// no promised order; a room's smallest new `seq` belongs to its first record in the chunk, and so on.
    static func insertChunk(_ chunk: ArraySlice<Record>, _ connection: any SQLConnection) throws -> [Record] {
        var rows: [String] = []
        var bindings: [SQLValue] = []
        for (ordinal, record) in chunk.enumerated() {
            let p = bindings.count
            rows.append("(\(ordinal), $\(p + 1), $\(p + 2), $\(p + 3), $\(p + 4), $\(p + 5), $\(p + 6))")
            bindings += [
                record.room.sqlValue, record.kind.rawValue.sqlValue, record.senderId.sqlValue, record.senderName.sqlValue,
                record.body.sqlValue, record.sentAt.sqlValue,
            ]
        }
        let stored = try connection.query(
            """
            WITH batch (ordinal, room, kind, sender_id, sender_name, body, sent_at) AS (VALUES \(rows.joined(separator: ", ")))
            INSERT INTO chat_messages (room, seq, kind, sender_id, sender_name, body, sent_at)
            SELECT b.room, COALESCE((SELECT MAX(c.seq) FROM chat_messages c WHERE c.room = b.room), 0)
                       + ROW_NUMBER() OVER (PARTITION BY b.room ORDER BY b.ordinal),
                   b.kind, b.sender_id, b.sender_name, b.body, b.sent_at
            FROM batch b
            RETURNING room, seq
            """, bindings)
        var seqs: [String: [Int]] = [:]
        for row in stored { seqs[try row.decode(String.self, "room"), default: []].append(try row.decode(Int.self, "seq")) }
        for room in seqs.keys { seqs[room]?.sort(by: >) }
        return try chunk.map { record in
            var record = record
            guard let seq = seqs[record.room]?.popLast() else {
                throw SQLStoreError(.unexpectedNull, "chat_messages insert returned too few rows")
            }
            record.seq = seq
            return record
        }
    }

    /// What a member gets on joining, oldest first: the last `limit` messages (`message` and
    /// `enc`), plus each member's latest `pubkey` even when it is older than that window.
    public func history(room: ChatRoom, limit: Int = 50) async throws -> [Record] {
        let roomId = room.description
        return try await database.read { connection in
            let recent = try connection.query(
                """
                SELECT seq, kind, sender_id, sender_name, body, sent_at FROM chat_messages
                WHERE room = $1 AND kind <> 'pubkey' ORDER BY seq DESC LIMIT $2
                """, roomId, limit)
            let keys = try connection.query(
                """
                SELECT seq, kind, sender_id, sender_name, body, sent_at FROM chat_messages c
                WHERE room = $1 AND kind = 'pubkey'
                  AND seq = (SELECT MAX(seq) FROM chat_messages k WHERE k.room = c.room AND k.kind = 'pubkey' AND k.sender_id = c.sender_id)
                """, roomId)
            return try (recent + keys).map { row in
                Record(
                    room: roomId, seq: try row.decode(Int.self, "seq"),
                    kind: Kind(rawValue: try row.decode(String.self, "kind")) ?? .message,
                    senderId: try row.decode(String.self, "sender_id"), senderName: try row.decode(String.self, "sender_name"),
                    body: try row.decode(String.self, "body"), sentAt: try row.decode(Date.self, "sent_at"))
            }.sorted { $0.seq < $1.seq }
        }
    }

    /// The records after `seq` and before `before` (exclusive), oldest first: what an instance missed
    /// on the cluster bus (a gap in `seq`, or Redis restarting), recovered from the database.
    public func records(room: ChatRoom, after seq: Int, before: Int = Int.max, limit: Int = 500) async throws -> [Record] {
        let roomId = room.description
        return try await database.read { connection in
            try connection.query(
                """
                SELECT seq, kind, sender_id, sender_name, body, sent_at FROM chat_messages
                WHERE room = $1 AND seq > $2 AND seq < $3 ORDER BY seq LIMIT $4
                """, roomId, seq, before, limit
            ).map { row in
                Record(
                    room: roomId, seq: try row.decode(Int.self, "seq"),
                    kind: Kind(rawValue: try row.decode(String.self, "kind")) ?? .message,
                    senderId: try row.decode(String.self, "sender_id"), senderName: try row.decode(String.self, "sender_name"),
                    body: try row.decode(String.self, "body"), sentAt: try row.decode(Date.self, "sent_at"))
            }
        }
    }

    public func count(room: ChatRoom) async throws -> Int {
        let roomId = room.description
        return try await database.read {
            try $0.scalar(Int.self, "SELECT COUNT(*) FROM chat_messages WHERE room = $1", roomId) ?? 0
        }
    }

    /// Keeps a trace of a message the scanner stopped (category and reason code, never the text)
    /// for trust & safety review.
    public func flag(room: ChatRoom, senderId: String, category: String, reason: String, at now: Date) async throws {
        let roomId = room.description
        try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO safety_flags (room, sender_id, category, reason, flagged_at) VALUES ($1, $2, $3, $4, $5)
                """, roomId, senderId, category, reason, now)
        }
    }

    public func flagCount(senderId: String) async throws -> Int {
        try await database.read {
            try $0.scalar(Int.self, "SELECT COUNT(*) FROM safety_flags WHERE sender_id = $1", senderId) ?? 0
        }
    }
}
