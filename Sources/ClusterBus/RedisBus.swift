/// ClusterBus owns what the instances of one product tell each other: Redis pub/sub over hiredis
/// (`REDIS_URL=redis://HOST:PORT`). It carries notices only — the database stays the record — so a
/// message lost while Redis restarts is recovered by the receiver from the database (each subscriber
/// is told when it has resubscribed). No product code here; hiredis pointers never leave this module.
import CHiredis
import Dispatch
import Foundation
import Logging
import Synchronization

public struct ClusterBusError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// `redis://HOST:PORT` (port 6379 when omitted).
public struct RedisEndpoint: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int

    public init(parsing text: String) throws(ClusterBusError) {
        guard let components = URLComponents(string: text), components.scheme == "redis",
            let host = components.host, !host.isEmpty
        else {
            throw ClusterBusError("REDIS_URL must be redis://HOST:PORT (got \(text))")
        }
        self.host = host
        self.port = components.port ?? 6379
    }

    public var description: String { "redis://\(host):\(port)" }
}

/// One hiredis connection used by one thread at a time (the owner's queue or thread).
final class RedisLink: @unchecked Sendable {
    private(set) var context: UnsafeMutablePointer<redisContext>?
    let endpoint: RedisEndpoint

    init(_ endpoint: RedisEndpoint) { self.endpoint = endpoint }

    deinit { disconnect() }

    func connect() throws(ClusterBusError) {
        disconnect()
        let timeout = timeval(tv_sec: 2, tv_usec: 0)
        guard let context = redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), timeout) else {
            throw ClusterBusError("cannot allocate a Redis connection")
        }
        guard context.pointee.err == 0 else {
            let message = withUnsafeBytes(of: context.pointee.errstr) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            redisFree(context)
            throw ClusterBusError("cannot connect to \(endpoint): \(message)")
        }
        self.context = context
    }

    func disconnect() {
        if let context { redisFree(context) }
        context = nil
    }

    /// Wakes a thread blocked reading this connection (used to stop a subscriber).
    func interrupt() {
        if let context { shutdown(context.pointee.fd, Int32(SHUT_RDWR)) }
    }

    /// Sends one command; returns the reply as text (nil for nil replies). Throws on a broken connection.
    @discardableResult
    func command(_ arguments: [String]) throws(ClusterBusError) -> RedisReply {
        if context == nil { try connect() }
        guard let context else { throw ClusterBusError("no Redis connection") }
        let reply = Self.withArgv(arguments) { argc, argv, lengths in chiredis_command(context, argc, argv, lengths) }
        guard let reply else {
            disconnect()
            throw ClusterBusError("Redis connection lost")
        }
        defer { freeReplyObject(reply) }
        return RedisReply(reply)
    }

    /// Writes every command, then reads their replies in order (one round trip). A command whose reply
    /// never came — the connection broke — is a failure; the connection is then dropped.
    func pipeline(_ commands: [[String]]) -> [Result<RedisReply, ClusterBusError>] {
        do throws(ClusterBusError) {
            if context == nil { try connect() }
            guard let context else { throw ClusterBusError("no Redis connection") }
            for arguments in commands {
                let status = Self.withArgv(arguments) { argc, argv, lengths in
                    redisAppendCommandArgv(context, argc, argv, lengths)
                }
                guard status == REDIS_OK else { throw ClusterBusError("Redis connection lost") }
            }
        } catch {
            disconnect()
            return commands.map { _ in .failure(error) }
        }
        var results: [Result<RedisReply, ClusterBusError>] = []
        results.reserveCapacity(commands.count)
        for _ in commands {
            do throws(ClusterBusError) {
                results.append(.success(try nextReply()))
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    /// Sends a command without reading its reply (SUBSCRIBE: the replies come through `nextReply`).
    func send(_ arguments: [String]) throws(ClusterBusError) {
        if context == nil { try connect() }
        guard let context else { throw ClusterBusError("no Redis connection") }
        let status = Self.withArgv(arguments) { argc, argv, lengths in redisAppendCommandArgv(context, argc, argv, lengths) }
        guard status == REDIS_OK else { throw ClusterBusError("Redis connection lost") }
    }

    /// Blocks until the next reply (a pub/sub message); throws when the connection breaks.
    func nextReply() throws(ClusterBusError) -> RedisReply {
        guard let context, let reply = chiredis_next_reply(context) else {
            disconnect()
            throw ClusterBusError("Redis connection lost")
        }
        defer { freeReplyObject(reply) }
        return RedisReply(reply)
    }

    private static func withArgv<R>(
        _ arguments: [String], _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> R
    ) -> R {
        let buffers = arguments.map { Array($0.utf8CString) }
        let lengths = arguments.map { $0.utf8.count }
        var pointers: [UnsafePointer<CChar>?] = []
        return withExtendedLifetime(buffers) {
            pointers = buffers.map { buffer in buffer.withUnsafeBufferPointer { $0.baseAddress } }
            return pointers.withUnsafeMutableBufferPointer { argv in
                lengths.withUnsafeBufferPointer { body(Int32(arguments.count), argv.baseAddress!, $0.baseAddress!) }
            }
        }
    }
}

/// A reply copied out of hiredis.
enum RedisReply: Sendable, Equatable {
    case text(String)
    case integer(Int64)
    case array([RedisReply])
    case error(String)
    case null

    init(_ reply: UnsafeMutablePointer<redisReply>) {
        let value = reply.pointee
        switch value.type {
        case REDIS_REPLY_STRING, REDIS_REPLY_STATUS:
            let bytes = value.str.map { UnsafeRawBufferPointer(start: $0, count: value.len) }
            self = .text(bytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
        case REDIS_REPLY_ERROR:
            self = .error(value.str.map { String(cString: $0) } ?? "error")
        case REDIS_REPLY_INTEGER:
            self = .integer(value.integer)
        case REDIS_REPLY_ARRAY:
            self = .array((0..<value.elements).compactMap { index in value.element[index].map(RedisReply.init) })
        default:
            self = .null
        }
    }
}

/// Publishes and subscribes on one Redis server. Publishes and commands go out in call order on one
/// connection, pipelined: whatever callers queued while the previous round trip was in flight is written
/// at once and its replies read back in order (one round trip for a burst of chat frames, not one each).
/// Blocking hiredis calls run on one serial queue, never on Swift's cooperative pool; each subscription
/// has its own connection and thread, and reconnects (with `onResubscribe`) when Redis restarts.
public final class RedisBus: Sendable {
    public let endpoint: RedisEndpoint
    private let publisher: RedisLink
    private let queue = DispatchQueue(label: "clusterbus.publish")
    private let outgoing = Mutex(Outgoing())
    private let subscribers = Mutex<[RedisLink]>([])
    /// Script text → the SHA-1 `SCRIPT LOAD` answered for it (a handful of fixed scripts per process).
    private let scripts = Mutex<[String: String]>([:])
    private let stopped = Atomic<Bool>(false)
    private let logger = Logger(label: "clusterbus")
    /// Most commands written in one pipelined round trip.
    static let maxPipeline = 1024
    /// Largest payload made by joining publishes.
    static let maxJoinedBytes = 256 * 1024

    private struct Outgoing {
        var commands: [Queued] = []
        var draining = false
    }

    struct Queued {
        let arguments: [String]
        /// nil for a publish (fire-and-forget).
        let reply: (@Sendable (Result<RedisReply, ClusterBusError>) -> Void)?
        var joinable = false
    }

    /// Connects once, so a wrong `REDIS_URL` is a start-up error rather than silent isolation.
    public init(url: String) throws(ClusterBusError) {
        endpoint = try RedisEndpoint(parsing: url)
        publisher = RedisLink(endpoint)
        try publisher.connect()
        logger.info("cluster bus connected", ["redis": endpoint.description])
    }

    /// Sends `message` to every subscriber of `channel` on every instance (this one included).
    /// A message that cannot be sent is dropped with a warning: receivers recover from the database.
    ///
    /// `joinable`: the channel's messages are self-delimiting (the receiver can split a concatenation of
    /// them), so joinable messages to one channel queued together go out as one PUBLISH of their
    /// concatenation, in order (up to `maxJoinedBytes`): one Redis command and one delivery per
    /// subscriber for a burst, instead of one each.
    public func publish(_ channel: String, _ message: String, joinable: Bool = false) {
        enqueue(Queued(arguments: ["PUBLISH", channel, message], reply: nil, joinable: joinable))
    }

    /// Runs a blocking command on the publishing connection (counters: INCR, EXPIRE, …), after every
    /// publish issued before it.
    func command(_ arguments: [String]) async throws -> RedisReply {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(Queued(arguments: arguments) { continuation.resume(with: $0) })
        }
    }

    private func enqueue(_ command: Queued) {
        let start = outgoing.withLock { state -> Bool in
            state.commands.append(command)
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        if start { queue.async { self.drain() } }
    }

    /// On `queue`: writes everything queued in one pipeline, repeatedly, until nothing is left.
    private func drain() {
        while true {
            let queued = outgoing.withLock { state -> [Queued] in
                let batch = Array(state.commands.prefix(Self.maxPipeline))
                state.commands.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !queued.isEmpty else { return }
            let batch = Self.joined(queued)
            var results = publisher.pipeline(batch.map(\.arguments))
            // A broken connection fails the commands still unanswered: they get one more try on a new one.
            let unanswered = results.indices.filter { if case .failure = results[$0] { true } else { false } }
            if !unanswered.isEmpty {
                let retried = publisher.pipeline(unanswered.map { batch[$0].arguments })
                for (index, result) in zip(unanswered, retried) { results[index] = result }
            }
            for (command, result) in zip(batch, results) {
                if let reply = command.reply {
                    reply(result)
                } else if case .failure(let error) = result {
                    logger.warning("publish failed", ["channel": command.arguments[1], "error": "\(error)"])
                }
            }
        }
    }

    /// `batch` with each run of joinable publishes to one channel made one publish of their concatenation.
    static func joined(_ batch: [Queued]) -> [Queued] {
        var out: [Queued] = []
        out.reserveCapacity(batch.count)
        var run: [String] = []
        var runBytes = 0
        func flush() {
            guard let first = run.first else { return }
            let channel = out.removeLast().arguments[1]
            out.append(
                Queued(arguments: ["PUBLISH", channel, run.count == 1 ? first : run.joined()], reply: nil, joinable: true))
            run = []
            runBytes = 0
        }
        for command in batch {
            let size = command.joinable ? command.arguments[2].utf8.count : 0
            if command.joinable, let last = out.last, last.joinable, last.arguments[1] == command.arguments[1],
                runBytes + size <= maxJoinedBytes
            {
                run.append(command.arguments[2])
                runBytes += size
                continue
            }
            flush()
            out.append(command)
            if command.joinable {
                run = [command.arguments[2]]
                runBytes = size
            }
        }
        flush()
        return out
    }

    /// Runs a Lua script atomically on Redis and returns its integer answer (nil for another type).
    /// The script is sent once (`SCRIPT LOAD`) and then named by its SHA-1 (`EVALSHA`), so a call carries
    /// a few dozen bytes, not the script, and Redis does not hash it again. A Redis that lost its script
    /// cache (restart, `SCRIPT FLUSH`, failover) answers NOSCRIPT: that call falls back to `EVAL`, which
    /// loads the script again, and the next calls go back to `EVALSHA`.
    public func evaluate(_ script: String, keys: [String], arguments: [String]) async throws -> Int64? {
        let tail = [String(keys.count)] + keys + arguments
        var reply: RedisReply
        if let sha = try await scriptSHA(script) {
            reply = try await command(["EVALSHA", sha] + tail)
            if case .error(let message) = reply, message.hasPrefix("NOSCRIPT") {
                reply = try await command(["EVAL", script] + tail)
            }
        } else {
            reply = try await command(["EVAL", script] + tail)
        }
        switch reply {
        case .integer(let value): return value
        case .error(let message): throw ClusterBusError("script failed: \(message)")
        default: return nil
        }
    }

    /// The SHA-1 Redis names `script` by, loading it on first use (nil if Redis would not load it:
    /// the caller then sends the script itself).
    private func scriptSHA(_ script: String) async throws -> String? {
        if let known = scripts.withLock({ $0[script] }) { return known }
        guard case .text(let sha) = try await command(["SCRIPT", "LOAD", script]), !sha.isEmpty else { return nil }
        scripts.withLock { $0[script] = sha }
        return sha
    }

    /// Delivers every message of `channel` to `onMessage` (on the subscription's own thread, in order).
    /// `onResubscribe` runs after each reconnection, so the receiver can fetch what it missed.
    public func subscribe(
        _ channel: String, onMessage: @escaping @Sendable (String) -> Void,
        onResubscribe: @escaping @Sendable () -> Void = {}
    ) {
        let link = RedisLink(endpoint)
        subscribers.withLock { $0.append(link) }
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            var connectedBefore = false
            var signalled = false
            while !stopped.load(ordering: .acquiring) {
                do {
                    try link.connect()
                    try link.send(["SUBSCRIBE", channel])
                    _ = try link.nextReply()  // the subscribe confirmation
                    if !signalled {
                        signalled = true
                        ready.signal()
                    }
                    if connectedBefore {
                        logger.info("resubscribed", ["channel": channel])
                        onResubscribe()
                    }
                    connectedBefore = true
                    while true {
                        let reply = try link.nextReply()
                        if case .array(let parts) = reply, parts.count == 3, parts[0] == .text("message"),
                            case .text(let payload) = parts[2]
                        {
                            onMessage(payload)
                        }
                    }
                } catch {
                    if stopped.load(ordering: .acquiring) { break }
                    if !signalled {
                        signalled = true
                        ready.signal()
                    }
                    logger.warning("subscription lost; retrying", ["channel": channel, "error": "\(error)"])
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
            link.disconnect()
        }
        thread.name = "clusterbus.\(channel)"
        thread.start()
        // Returns once subscribed (or failed once), so a publish right after is seen by this subscriber.
        _ = ready.wait(timeout: .now() + 5)
    }

    /// Stops every subscription; publishes already queued still go out.
    public func close() {
        stopped.store(true, ordering: .releasing)
        for link in subscribers.withLock({ $0 }) { link.interrupt() }
    }
}
