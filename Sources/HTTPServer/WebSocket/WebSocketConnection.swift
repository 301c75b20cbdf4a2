import Synchronization

/// One upgraded client. Safe to use from any task: `send` only appends to a bounded outbox
/// and wakes the WebSocket loop, which owns the socket and the wslay context.
public final class WebSocketConnection: Sendable, Identifiable {
    public let id: UInt64
    /// The upgrade request (path, query, headers, attributes set by middleware).
    public let request: Request
    /// Messages from the client, in order. Finishes when the connection closes.
    public let messages: AsyncStream<WebSocketMessage>

    let continuation: AsyncStream<WebSocketMessage>.Continuation
    let limits: WebSocketUpgrade
    let outbox = Mutex(Outbox())
    /// Bytes wslay still holds unsent, published by the loop after every write.
    let bytesQueuedInLibrary = Atomic<Int>(0)
    private let loop: WebSocketLoop

    struct Outbox {
        enum State { case open, closing, closed }
        var frames: [OutgoingFrame] = []
        var bytes = 0
        var state = State.open
        var flushScheduled = false
        var closeCode: WebSocketCloseCode?
    }

    struct OutgoingFrame {
        let opcode: UInt8
        let payload: [UInt8]
    }

    init(id: UInt64, request: Request, limits: WebSocketUpgrade, loop: WebSocketLoop) {
        self.id = id
        self.request = request
        self.limits = limits
        self.loop = loop
        (messages, continuation) = AsyncStream.makeStream(
            of: WebSocketMessage.self,
            bufferingPolicy: .bufferingOldest(limits.receiveQueueLimit))
    }

    /// False once the connection is closing or closed.
    public var isOpen: Bool { outbox.withLock { $0.state == .open } }

    /// The code the connection closed with, once closed.
    public var closeCode: WebSocketCloseCode? { outbox.withLock { $0.closeCode } }

    /// Queues a text message. Returns false when the connection is closed or when the
    /// client is too slow to keep up (it is then disconnected with 1008).
    @discardableResult
    public func send(text: String) -> Bool { enqueue(OutgoingFrame(opcode: 1, payload: Array(text.utf8))) }

    @discardableResult
    public func send(binary: [UInt8]) -> Bool { enqueue(OutgoingFrame(opcode: 2, payload: binary)) }

    /// Sends a close frame with the code and reason (reason truncated to 123 bytes, as the
    /// protocol allows), then closes once the client answers or after a short timeout.
    public func close(_ code: WebSocketCloseCode = .normal, reason: String = "") {
        let first = outbox.withLock { box -> Bool in
            guard box.state == .open else { return false }
            box.state = .closing
            return true
        }
        guard first else { return }
        var reasonBytes = Array(reason.utf8)
        if reasonBytes.count > 123 {
            reasonBytes = Array(reasonBytes.prefix(123))
            while String(validating: reasonBytes, as: UTF8.self) == nil { reasonBytes.removeLast() }
        }
        loop.post(.close(self, code, reasonBytes))
    }

    func enqueue(_ frame: OutgoingFrame) -> Bool {
        enum Outcome {
            case queued(schedule: Bool)
            case rejected, overflow
        }
        let outcome = outbox.withLock { box -> Outcome in
            guard box.state == .open else { return .rejected }
            let pending = box.bytes + bytesQueuedInLibrary.load(ordering: .relaxed) + frame.payload.count
            guard pending <= limits.sendQueueLimitBytes else {
                box.state = .closing
                box.frames.removeAll()
                box.bytes = 0
                return .overflow
            }
            box.frames.append(frame)
            box.bytes += frame.payload.count
            let schedule = !box.flushScheduled
            box.flushScheduled = true
            return .queued(schedule: schedule)
        }
        switch outcome {
        case .queued(let schedule):
            loop.statistics.sent.increment()
            if schedule { loop.post(.flush(self)) }
            return true
        case .rejected:
            return false
        case .overflow:
            loop.post(.drop(self, .policyViolation))
            return false
        }
    }

    /// A text or binary message arrived (loop thread), for `/metrics`.
    func countReceived() { loop.statistics.received.increment() }

    /// Bytes queued by the application and not yet handed to the loop.
    var outboxBytes: Int { outbox.withLock { $0.bytes } }

    /// Loop side: takes every queued frame.
    func takeFrames() -> [OutgoingFrame] {
        outbox.withLock { box in
            box.flushScheduled = false
            defer {
                box.frames.removeAll(keepingCapacity: false)
                box.bytes = 0
            }
            return box.frames
        }
    }

    func markClosing() {
        outbox.withLock { if $0.state == .open { $0.state = .closing } }
    }

    /// Loop side: the socket is gone.
    func markClosed(_ code: WebSocketCloseCode) {
        outbox.withLock { box in
            box.state = .closed
            box.frames.removeAll()
            box.bytes = 0
            if box.closeCode == nil { box.closeCode = code }
        }
        continuation.finish()
    }
}
