import CLinux
import CMicroHTTPD
import CWslay
import Foundation
import Logging
import Synchronization

/// One thread and one epoll set for a share of the server's upgraded sockets (see
/// `WebSocketLoopGroup`). wslay does the
/// framing; this loop owns each wslay context and socket, so neither is ever touched from
/// two threads. Other threads talk to it through `post(_:)` (a command queue + eventfd).
final class WebSocketLoop: @unchecked Sendable {
    // @unchecked: `entries` and the wslay contexts are touched only by the loop thread;
    // everything shared with other threads is behind `commands` (a Mutex) or atomics.

    enum Command: Sendable {
        case adopt(LoopEntry)
        case flush(WebSocketConnection)
        case close(WebSocketConnection, WebSocketCloseCode, [UInt8])
        case drop(WebSocketConnection, WebSocketCloseCode)
        case closeAll(WebSocketCloseCode, String)
        case stop
    }

    let hub: WebSocketHub
    let statistics: WebSocketStatistics
    private let logger = Logger(label: "websocket")
    private let epollFD: Int32
    private let wakeFD: Int32
    private let commands = Mutex<[Command]>([])
    /// Connection ids, unique across every loop of the process (the hub is shared by a server's loops).
    private static let nextID = Atomic<UInt64>(1)
    private let live = Atomic<Int>(0)
    private var entries: [Int32: LoopEntry] = [:]
    private var byConnection: [UInt64: LoopEntry] = [:]
    private var thread: Thread?
    private var stopping = false
    /// Where `pump` has wslay frame a socket's queued messages before one `send` (loop thread only).
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: WebSocketLoop.scratchBytes, alignment: 16)
    static let scratchBytes = 64 * 1024
    static let closeHandshakeTimeout: UInt64 = 3_000_000_000
    /// Bytes read from one socket per loop turn before the loop moves on to the others.
    static let readBudgetPerTurn = 64 * 1024
    /// How long a connection may stay over its send cap (reading paused) before it is cut.
    static let writeStallTimeout: UInt64 = 20_000_000_000

    init(hub: WebSocketHub, statistics: WebSocketStatistics) {
        self.hub = hub
        self.statistics = statistics
        epollFD = clinux_epoll_create()
        wakeFD = clinux_eventfd()
        _ = clinux_epoll_ctl(epollFD, CLINUX_EPOLL_CTL_ADD, wakeFD, CLINUX_EPOLLIN)
    }

    deinit {
        close(epollFD)
        close(wakeFD)
        scratch.deallocate()
    }

    var liveConnections: Int { live.load(ordering: .acquiring) }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "websocket-loop"
        thread.start()
        self.thread = thread
    }

    /// Only the command that finds the queue empty wakes the loop: a chat message fanned out to many
    /// sockets of one loop costs one eventfd write, not one per socket (the loop drains the whole queue).
    func post(_ command: Command) {
        let wasEmpty = commands.withLock { queue -> Bool in
            queue.append(command)
            return queue.count == 1
        }
        guard wasEmpty else { return }
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Called on the MHD thread that performed the upgrade: registers the socket.
    func adopt(socket: Int32, handle: OpaquePointer, extraInput: [UInt8], request: Request, upgrade: WebSocketUpgrade) {
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let flags = fcntl(socket, F_GETFL, 0)
        _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
        let connection = WebSocketConnection(
            id: Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue, request: request,
            limits: upgrade, loop: self)
        live.wrappingAdd(1, ordering: .relaxed)
        statistics.opened.increment()
        post(.adopt(LoopEntry(fd: socket, handle: handle, pendingInput: extraInput, connection: connection, upgrade: upgrade)))
    }

    /// Asks every connection to close with `code`, waits up to `timeout` for the close
    /// handshakes, then stops the loop (whatever is left is cut).
    func shutdown(code: WebSocketCloseCode, reason: String, timeout: Duration) async {
        post(.closeAll(code, reason))
        let deadline = ContinuousClock.now + timeout
        while liveConnections > 0 && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        post(.stop)
        while thread?.isFinished == false { try? await Task.sleep(for: .milliseconds(5)) }
    }

    // MARK: - Loop thread

    private func run() {
        var events = [clinux_ready](repeating: clinux_ready(), count: 256)
        var lastSweep = DispatchTime.now().uptimeNanoseconds
        while true {
            let count = clinux_epoll_wait(epollFD, &events, Int32(events.count), 250)
            if count > 0 {
                for i in 0..<Int(count) {
                    let fd = events[i].fd
                    if fd == wakeFD {
                        var value: UInt64 = 0
                        _ = read(wakeFD, &value, 8)
                        continue
                    }
                    guard let entry = entries[fd] else { continue }
                    service(entry, events: events[i].events)
                }
            }
            if !processCommands() { break }
            let now = DispatchTime.now().uptimeNanoseconds
            if now - lastSweep > 200_000_000 {
                lastSweep = now
                sweepDeadlines(now: now)
            }
        }
        for entry in Array(entries.values) { teardown(entry, code: .goingAway) }
    }

    private func service(_ entry: LoopEntry, events: UInt32) {
        if events & CLINUX_EPOLLERR != 0 || (events & CLINUX_EPOLLHUP != 0 && entry.readPaused) {
            // Reported even while reading is paused; nothing more can be sent or read.
            teardown(entry, code: entry.receivedCloseCode ?? .abnormal)
            return
        }
        if events & (CLINUX_EPOLLIN | CLINUX_EPOLLHUP) != 0 {
            // Bounded work per socket per turn: a client that keeps its socket full cannot
            // hold the loop (level-triggered epoll reports it again next turn).
            entry.readBudget = Self.readBudgetPerTurn
            entry.socketDrained = false
            if wslay_event_recv(entry.context) != 0 {
                teardown(entry, code: entry.receivedCloseCode ?? .abnormal)
                return
            }
        }
        if events & CLINUX_EPOLLOUT != 0 {
            if !pump(entry) {
                teardown(entry, code: entry.receivedCloseCode ?? .abnormal)
                return
            }
        }
        refresh(entry)
    }

    /// Publishes the queued byte count and sets epoll interest; closes when wslay is done.
    /// Reading pauses while what waits to be sent (our outbox and wslay's queue, control
    /// replies included) is over the connection's cap: a client that sends but never reads
    /// then fills its own TCP window instead of our memory.
    private func refresh(_ entry: LoopEntry) {
        guard !entry.tornDown else { return }
        let queued = entry.queuedCost
        entry.connection.bytesQueuedInLibrary.store(queued, ordering: .relaxed)
        let backlogged = entry.isBacklogged
        if backlogged != entry.readPaused {
            entry.readPaused = backlogged
            entry.pausedSince = backlogged ? DispatchTime.now().uptimeNanoseconds : nil
        }
        var interest: UInt32 = 0
        if wslay_event_want_read(entry.context) != 0 && !backlogged { interest |= CLINUX_EPOLLIN }
        if wslay_event_want_write(entry.context) != 0 || entry.hasUnsent { interest |= CLINUX_EPOLLOUT }
        if interest == 0 {
            teardown(entry, code: entry.receivedCloseCode ?? entry.sentCloseCode ?? .normal)
            return
        }
        if wslay_event_get_close_sent(entry.context) != 0 {
            if entry.closeDeadline == nil {
                entry.closeDeadline = DispatchTime.now().uptimeNanoseconds + Self.closeHandshakeTimeout
            }
            entry.connection.markClosing()
        }
        if interest != entry.interest {
            _ = clinux_epoll_ctl(epollFD, CLINUX_EPOLL_CTL_MOD, entry.fd, interest)
            entry.interest = interest
        }
    }

    /// Writes what waits for one socket with as few system calls as the kernel allows: wslay frames
    /// the queued messages into the loop's scratch buffer (header and payload of every frame, back to
    /// back; `LoopEntry.sendCallback` copies, it does not send), then one `send` takes the lot. What
    /// the kernel does not take waits in `entry.unsent` for EPOLLOUT, ahead of anything newer.
    /// False when the socket failed.
    private func pump(_ entry: LoopEntry) -> Bool {
        if entry.hasUnsent {
            let sent = entry.unsent.withUnsafeBytes { bytes in
                send(entry.fd, bytes.baseAddress! + entry.unsentOffset, bytes.count - entry.unsentOffset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            entry.unsentOffset += sent
            guard !entry.hasUnsent else { return true }
            entry.unsent = []
            entry.unsentOffset = 0
        }
        while wslay_event_want_write(entry.context) != 0 {
            entry.scratch = scratch
            entry.scratchUsed = 0
            defer { entry.scratch = nil }
            guard wslay_event_send(entry.context) == 0 else { return false }
            let used = entry.scratchUsed
            guard used > 0 else { return true }
            var sent = send(entry.fd, scratch.baseAddress!, used, Int32(MSG_NOSIGNAL))
            if sent < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
                sent = 0
            }
            if sent < used {
                entry.unsent = Array(UnsafeRawBufferPointer(rebasing: scratch[sent..<used]))
                entry.unsentOffset = 0
                return true
            }
            // A buffer not filled means wslay had nothing more to frame.
            if used < scratch.count { return true }
        }
        return true
    }

    private func processCommands() -> Bool {
        let batch = commands.withLock { queue -> [Command] in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
        for command in batch {
            switch command {
            case .adopt(let entry):
                register(entry)
            case .flush(let connection):
                guard let entry = byConnection[connection.id] else { continue }
                queueFrames(entry)
                if !pump(entry) {
                    teardown(entry, code: entry.receivedCloseCode ?? .abnormal)
                    continue
                }
                refresh(entry)
            case .close(let connection, let code, let reason):
                guard let entry = byConnection[connection.id] else { continue }
                queueFrames(entry)
                entry.sentCloseCode = code
                reason.withUnsafeBufferPointer { buffer in
                    _ = wslay_event_queue_close(entry.context, code.rawValue, buffer.baseAddress, buffer.count)
                }
                // Counted from now, not from when the frame leaves: a client that never reads never takes it.
                if entry.closeDeadline == nil {
                    entry.closeDeadline = DispatchTime.now().uptimeNanoseconds + Self.closeHandshakeTimeout
                }
                if !pump(entry) {
                    teardown(entry, code: entry.receivedCloseCode ?? .abnormal)
                    continue
                }
                refresh(entry)
            case .drop(let connection, let code):
                guard let entry = byConnection[connection.id] else { continue }
                logger.notice(
                    "websocket client too slow, disconnected", ["id": "\(connection.id)", "path": connection.request.rawPath])
                teardown(entry, code: code)
            case .closeAll(let code, let reason):
                stopping = true
                for entry in Array(entries.values) {
                    entry.connection.close(code, reason: reason)
                }
            case .stop:
                return false
            }
        }
        return true
    }

    private func register(_ entry: LoopEntry) {
        var callbacks = wslay_event_callbacks(
            recv_callback: LoopEntry.receiveCallback,
            send_callback: LoopEntry.sendCallback,
            genmask_callback: nil,
            on_frame_recv_start_callback: nil,
            on_frame_recv_chunk_callback: nil,
            on_frame_recv_end_callback: nil,
            on_msg_recv_callback: LoopEntry.messageCallback)
        var context: OpaquePointer?
        guard wslay_event_context_server_init(&context, &callbacks, Unmanaged.passUnretained(entry).toOpaque()) == 0,
            let context
        else {
            _ = cmhd_upgrade_close(entry.handle)
            live.wrappingSubtract(1, ordering: .relaxed)
            entry.connection.markClosed(.internalError)
            return
        }
        entry.context = context
        wslay_event_config_set_max_recv_msg_length(context, UInt64(entry.upgrade.maxMessageBytes))
        entries[entry.fd] = entry
        byConnection[entry.connection.id] = entry
        hub.add(entry.connection)
        entry.interest = CLINUX_EPOLLIN
        _ = clinux_epoll_ctl(epollFD, CLINUX_EPOLL_CTL_ADD, entry.fd, CLINUX_EPOLLIN)

        let connection = entry.connection
        let onOpen = entry.upgrade.onOpen
        Task {
            await onOpen(connection)
            // The session is over; close politely if it did not already.
            connection.close(.normal)
        }
        if stopping { connection.close(.goingAway, reason: "server shutting down") }
        if !entry.pendingInput.isEmpty { service(entry, events: CLINUX_EPOLLIN) }
    }

    private func queueFrames(_ entry: LoopEntry) {
        for frame in entry.connection.takeFrames() {
            frame.payload.withUnsafeBufferPointer { buffer in
                var message = wslay_event_msg(opcode: frame.opcode, msg: buffer.baseAddress, msg_length: buffer.count)
                _ = wslay_event_queue_msg(entry.context, &message)
            }
        }
    }

    private func sweepDeadlines(now: UInt64) {
        for entry in Array(entries.values) {
            if let deadline = entry.closeDeadline, now > deadline {
                teardown(entry, code: entry.sentCloseCode ?? .normal)
            } else if let since = entry.pausedSince, now - since > Self.writeStallTimeout {
                // Over its cap and not reading what we send for this long: the client is gone or hostile.
                logger.notice(
                    "websocket client stopped reading, disconnected",
                    ["id": "\(entry.connection.id)", "path": entry.connection.request.rawPath])
                teardown(entry, code: .policyViolation)
            }
        }
    }

    /// Reads away what the client already sent (up to four scratch buffers, without waiting) into
    /// the loop's scratch buffer, which no frame uses during a teardown. Closing a socket with unread
    /// bytes makes the kernel answer with a reset, and a reset can make the client drop our close
    /// frame (1009 after an oversized message) before it reads it.
    private func discardUnread(_ fd: Int32) {
        var reads = 0
        while reads < 4, recv(fd, scratch.baseAddress, scratch.count, Int32(MSG_DONTWAIT)) == scratch.count { reads += 1 }
    }

    private func teardown(_ entry: LoopEntry, code: WebSocketCloseCode) {
        guard !entry.tornDown else { return }
        entry.tornDown = true
        _ = clinux_epoll_ctl(epollFD, CLINUX_EPOLL_CTL_DEL, entry.fd, 0)
        if let context = entry.context { wslay_event_context_free(context) }
        entry.context = nil
        discardUnread(entry.fd)
        _ = cmhd_upgrade_close(entry.handle)
        entries[entry.fd] = nil
        byConnection[entry.connection.id] = nil
        hub.remove(entry.connection)
        entry.connection.markClosed(code)
        live.wrappingSubtract(1, ordering: .releasing)
    }
}

/// Loop-thread state of one upgraded socket; the wslay callbacks reach it via `user_data`.
/// @unchecked: built on the MHD thread that upgraded, handed to the loop once through the
/// command queue, and only touched by the loop thread after that.
final class LoopEntry: @unchecked Sendable {
    let fd: Int32
    let handle: OpaquePointer
    var pendingInput: [UInt8]
    var pendingOffset = 0
    let connection: WebSocketConnection
    let upgrade: WebSocketUpgrade
    var context: OpaquePointer!
    var interest: UInt32 = 0
    var closeDeadline: UInt64?
    var receivedCloseCode: WebSocketCloseCode?
    var sentCloseCode: WebSocketCloseCode?
    var tornDown = false
    /// Bytes this turn may still read (see `WebSocketLoop.readBudgetPerTurn`).
    var readBudget = 0
    /// The last `recv` this turn returned less than asked: the socket is empty, so the next read is
    /// "would block" without a system call (level-triggered epoll reports new bytes next turn).
    var socketDrained = false
    /// Reading is paused because too much waits to be sent (back-pressure).
    var readPaused = false
    var pausedSince: UInt64?
    /// Framed bytes the kernel did not take yet (sent before anything newer); usually empty.
    var unsent: [UInt8] = []
    var unsentOffset = 0
    /// The loop's scratch buffer while `pump` runs wslay for this entry; nil otherwise.
    var scratch: UnsafeMutableRawBufferPointer?
    var scratchUsed = 0
    var hasUnsent: Bool { unsentOffset < unsent.count }
    /// Control frames (ping, pong) the client may still send; refilled over time.
    var controlFrames: ControlFrameBudget

    /// What one queued message costs beyond its payload (wslay's message and queue records,
    /// the allocator's rounding). Counted so that empty pings, whose payload is 0 bytes,
    /// still fill the cap.
    static let perMessageOverhead = 96

    /// Bytes waiting to be sent: wslay's queue (data and control replies, with their overhead)
    /// plus frames in our outbox not yet handed to wslay.
    var queuedCost: Int {
        guard let context else { return 0 }
        return Int(wslay_event_get_queued_msg_length(context)) + Int(wslay_event_get_queued_msg_count(context))
            * Self.perMessageOverhead + (unsent.count - unsentOffset)
    }

    /// More than half the send cap waits: stop reading until the client has taken some.
    var isBacklogged: Bool { 2 * (queuedCost + connection.outboxBytes) >= upgrade.sendQueueLimitBytes }

    init(fd: Int32, handle: OpaquePointer, pendingInput: [UInt8], connection: WebSocketConnection, upgrade: WebSocketUpgrade) {
        self.fd = fd
        self.handle = handle
        self.pendingInput = pendingInput
        self.connection = connection
        self.upgrade = upgrade
        self.controlFrames = ControlFrameBudget(burst: upgrade.controlFrameBurst, perSecond: upgrade.controlFramesPerSecond)
    }

    private static func entry(_ userData: UnsafeMutableRawPointer?) -> LoopEntry {
        Unmanaged<LoopEntry>.fromOpaque(userData!).takeUnretainedValue()
    }

    static let receiveCallback: wslay_event_recv_callback = { context, buffer, length, _, userData in
        let entry = LoopEntry.entry(userData)
        if entry.pendingOffset < entry.pendingInput.count {
            let n = min(length, entry.pendingInput.count - entry.pendingOffset)
            entry.pendingInput.withUnsafeBufferPointer { source in
                buffer!.update(from: source.baseAddress! + entry.pendingOffset, count: n)
            }
            entry.pendingOffset += n
            if entry.pendingOffset == entry.pendingInput.count {
                entry.pendingInput = []
                entry.pendingOffset = 0
            }
            return n
        }
        // Paused (over the send cap) or out of this turn's budget: leave the bytes in the
        // kernel, where they count against the client's TCP window, not our memory.
        if entry.readBudget <= 0 || entry.socketDrained || entry.isBacklogged {
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
            return -1
        }
        let asked = min(length, entry.readBudget)
        let n = recv(entry.fd, buffer, asked, 0)
        if n > 0 {
            entry.readBudget -= n
            entry.socketDrained = n < asked
            return n
        }
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
        } else {
            wslay_event_set_error(context, Int32(WSLAY_ERR_CALLBACK_FAILURE.rawValue))
        }
        return -1
    }

    /// Copies framed bytes into the loop's scratch buffer (`WebSocketLoop.pump` sends them in one
    /// call); a full buffer is "would block" to wslay, which resumes the frame on the next pump.
    static let sendCallback: wslay_event_send_callback = { context, data, length, _, userData in
        let entry = LoopEntry.entry(userData)
        guard let scratch = entry.scratch, let data else {
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
            return -1
        }
        let n = min(length, scratch.count - entry.scratchUsed)
        guard n > 0 else {
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
            return -1
        }
        (scratch.baseAddress! + entry.scratchUsed).copyMemory(from: data, byteCount: n)
        entry.scratchUsed += n
        return n
    }

    static let messageCallback: wslay_event_on_msg_recv_callback = { context, argument, userData in
        guard let argument else { return }
        let entry = LoopEntry.entry(userData)
        let message = argument.pointee
        let bytes = message.msg_length == 0 ? [] : Array(UnsafeBufferPointer(start: message.msg, count: message.msg_length))
        let delivered: AsyncStream<WebSocketMessage>.Continuation.YieldResult
        switch message.opcode {
        case 1:
            guard let text = String(validating: bytes, as: UTF8.self) else {
                entry.sentCloseCode = .invalidPayload
                _ = wslay_event_queue_close(context, WebSocketCloseCode.invalidPayload.rawValue, nil, 0)
                return
            }
            entry.connection.countReceived()
            delivered = entry.connection.continuation.yield(.text(text))
        case 2:
            entry.connection.countReceived()
            delivered = entry.connection.continuation.yield(.binary(bytes))
        case 8:
            entry.receivedCloseCode = WebSocketCloseCode(message.status_code == 0 ? 1005 : message.status_code)
            entry.connection.markClosing()
            return
        default:
            // Ping (answered by wslay, whose reply is already queued) or pong. Each costs a
            // turn of the loop and, for pings, a queued reply: past the budget the client is
            // flooding, so it is closed with 1008 and nothing more is read from it.
            if !entry.controlFrames.take(now: DispatchTime.now().uptimeNanoseconds), entry.sentCloseCode == nil {
                entry.sentCloseCode = .policyViolation
                let reason = Array("too many control frames".utf8)
                reason.withUnsafeBufferPointer {
                    _ = wslay_event_queue_close(context, WebSocketCloseCode.policyViolation.rawValue, $0.baseAddress, $0.count)
                }
                wslay_event_shutdown_read(context)
                // A client that does not read may never take the close frame: cut it anyway.
                entry.closeDeadline = DispatchTime.now().uptimeNanoseconds + WebSocketLoop.closeHandshakeTimeout
            }
            return
        }
        if case .dropped = delivered, entry.sentCloseCode == nil {
            entry.sentCloseCode = .policyViolation
            let reason = Array("receive queue full".utf8)
            reason.withUnsafeBufferPointer {
                _ = wslay_event_queue_close(context, WebSocketCloseCode.policyViolation.rawValue, $0.baseAddress, $0.count)
            }
            entry.closeDeadline = DispatchTime.now().uptimeNanoseconds + WebSocketLoop.closeHandshakeTimeout
        }
    }
}

/// A token bucket for control frames: `burst` at once, refilled at `perSecond`.
struct ControlFrameBudget {
    let burst: Double
    let perSecond: Double
    private var tokens: Double
    private var updatedAt: UInt64 = 0

    init(burst: Int, perSecond: Double) {
        self.burst = Double(max(1, burst))
        self.perSecond = max(0, perSecond)
        tokens = self.burst
    }

    /// Spends one frame; false when the budget is exhausted.
    mutating func take(now: UInt64) -> Bool {
        if updatedAt != 0 && now > updatedAt {
            tokens = min(burst, tokens + Double(now - updatedAt) / 1e9 * perSecond)
        }
        updatedAt = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
