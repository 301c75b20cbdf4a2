import Synchronization

/// Every open WebSocket of one server, and named groups of them, for fan-out: send to one
/// connection, a group (a chat room, a topic), or everyone. Sends never block: each
/// connection has its own bounded queue, so one slow client cannot hold up the rest.
public final class WebSocketHub: Sendable {
    private struct State {
        var connections: [UInt64: WebSocketConnection] = [:]
        var groups: [String: Set<UInt64>] = [:]
        var memberships: [UInt64: Set<String>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    public var connectionCount: Int { state.withLock { $0.connections.count } }

    public func connection(_ id: UInt64) -> WebSocketConnection? { state.withLock { $0.connections[id] } }

    public func count(inGroup group: String) -> Int { state.withLock { $0.groups[group]?.count ?? 0 } }

    public func members(of group: String) -> [WebSocketConnection] {
        state.withLock { s in (s.groups[group] ?? []).compactMap { s.connections[$0] } }
    }

    public func join(_ connection: WebSocketConnection, group: String) {
        state.withLock { s in
            guard s.connections[connection.id] != nil else { return }
            s.groups[group, default: []].insert(connection.id)
            s.memberships[connection.id, default: []].insert(group)
        }
    }

    public func leave(_ connection: WebSocketConnection, group: String) {
        state.withLock { s in
            s.groups[group]?.remove(connection.id)
            if s.groups[group]?.isEmpty == true { s.groups[group] = nil }
            s.memberships[connection.id]?.remove(group)
        }
    }

    @discardableResult
    public func send(_ text: String, to id: UInt64) -> Bool {
        connection(id)?.send(text: text) ?? false
    }

    /// Sends to every member; returns how many accepted the message.
    @discardableResult
    public func send(_ text: String, toGroup group: String, except excluded: UInt64? = nil) -> Int {
        let targets = members(of: group)
        let payload = Array(text.utf8)
        return targets.reduce(0) { sent, c in
            c.id == excluded ? sent : sent + (c.enqueue(.init(opcode: 1, payload: payload)) ? 1 : 0)
        }
    }

    @discardableResult
    public func broadcast(_ text: String) -> Int {
        let targets = state.withLock { Array($0.connections.values) }
        let payload = Array(text.utf8)
        return targets.reduce(0) { $0 + ($1.enqueue(.init(opcode: 1, payload: payload)) ? 1 : 0) }
    }

    func add(_ connection: WebSocketConnection) {
        state.withLock { $0.connections[connection.id] = connection }
    }

    func remove(_ connection: WebSocketConnection) {
        state.withLock { s in
            s.connections[connection.id] = nil
            for group in s.memberships.removeValue(forKey: connection.id) ?? [] {
                s.groups[group]?.remove(connection.id)
                if s.groups[group]?.isEmpty == true { s.groups[group] = nil }
            }
        }
    }

    func all() -> [WebSocketConnection] { state.withLock { Array($0.connections.values) } }
}
