import Synchronization

/// The live half of a `WebSocketClient`: socket, wslay session, received events and waiting receivers.
///
/// Kept apart from `WebSocketClient` so that the reader task, which holds this object, does not keep
/// the public client alive: dropping the client closes the socket, which ends the reader.
final class WebSocketConnection: Sendable {
    typealias Receiver = (id: UInt64, continuation: CheckedContinuation<WebSocketClientEvent, any Error>)
    typealias Resumption = (
        continuation: CheckedContinuation<WebSocketClientEvent, any Error>, result: Result<WebSocketClientEvent, any Error>
    )

    struct State {
        var session: WslaySession
        var receivers: [Receiver] = []
        var nextReceiverID: UInt64 = 0
        var readingPaused = false
        var readerRunning = false

        /// The error receivers get once the received events are used up; nil while connected.
        var ending: WebSocketClientError? {
            switch session.ending {
            case nil: nil
            case .endOfStream, .socketError: .disconnected
            case .wslayError(let code): .protocolViolation(wslayError: code)
            }
        }

        /// Matches received events with waiting receivers, oldest first; fails receivers once ended.
        mutating func matchReceivers() -> [Resumption] {
            var resumptions: [Resumption] = []
            while !receivers.isEmpty, !session.received.isEmpty {
                resumptions.append((receivers.removeFirst().continuation, .success(session.received.removeFirst())))
            }
            if let ending, session.received.isEmpty {
                resumptions += receivers.map { ($0.continuation, .failure(ending)) }
                receivers.removeAll()
            }
            return resumptions
        }
    }

    let socket: TCPSocket
    let state: Mutex<State>

    init(socket: TCPSocket, leftover: [UInt8]) {
        self.socket = socket
        self.state = Mutex(State(session: WslaySession(fd: socket.fd, leftover: leftover)))
    }

    /// Starts the reader unless it is running or reading is paused.
    func startReading() {
        let start = state.withLock { state in
            state.readingPaused = false
            guard !state.readerRunning else { return false }
            state.readerRunning = true
            return true
        }
        if start { Task { await self.readUntilStopped() } }
    }

    func pauseReading() {
        state.withLock { $0.readingPaused = true }
    }

    /// The reader: parse what is there, park on the reactor until readable, repeat. Parsing first
    /// matters because frames may have arrived together with the handshake response.
    private func readUntilStopped() async {
        while true {
            let (resumptions, wantsWrite, stop) = state.withLock { state in
                if !state.readingPaused, state.session.ending == nil { state.session.receive() }
                let stop = state.readingPaused || state.session.ending != nil
                if stop { state.readerRunning = false }
                return (state.matchReceivers(), state.session.wantsWrite, stop)
            }
            Self.resume(resumptions)
            if stop { return }
            // A failed wait means the socket was closed or the flush failed; the next pass sees the ending.
            // Automatic replies (pong, close echo) that did not fit into the send buffer go out first.
            if wantsWrite { try? await flush(deadline: .now + .seconds(5)) }
            try? await socket.wait(for: .readable, deadline: nil)
        }
    }

    /// Queues with `enqueue`, then writes until wslay's queue is empty or `deadline` passes.
    func transmit(deadline: ContinuousClock.Instant, _ enqueue: (WslaySession) throws(WebSocketClientError) -> Void) async throws
    {
        do {
            try state.withLock { state throws(WebSocketClientError) in try enqueue(state.session) }
            try await flush(deadline: deadline)
        } catch {
            // A failed write may have ended the connection: tell waiting receivers too.
            Self.resume(state.withLock { $0.matchReceivers() })
            throw error
        }
    }

    private func flush(deadline: ContinuousClock.Instant) async throws {
        while try state.withLock({ state throws(WebSocketClientError) in
            try state.session.send()
            return state.session.wantsWrite
        }) {
            do {
                try await socket.wait(for: .writable, deadline: deadline)
            } catch TestSocketError.timedOut {
                throw WebSocketClientError.timedOut
            } catch {
                throw WebSocketClientError.disconnected
            }
        }
    }

    /// Closes the socket; the reader stops and waiting receivers get `.disconnected`.
    func disconnect() {
        let resumptions = state.withLock { state in
            // Mark first, under the lock: no wslay call may touch the descriptor once it is closed.
            state.session.markDisconnected()
            socket.close()
            return state.matchReceivers()
        }
        Self.resume(resumptions)
    }

    static func resume(_ resumptions: [Resumption]) {
        for (continuation, result) in resumptions { continuation.resume(with: result) }
    }
}
