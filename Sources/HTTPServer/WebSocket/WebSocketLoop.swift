import CLinux
import CMicroHTTPD
import CWslay
import Foundation
import Logging
import Synchronization

/// One thread and one epoll set for every upgraded socket of the server. wslay does the
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
    private let logger = Logger(label: "websocket")
    private let epollFD: Int32
    private let wakeFD: Int32
    private let commands = Mutex<[Command]>([])
    private let nextID = Atomic<UInt64>(1)
    private let live = Atomic<Int>(0)
    private var entries: [Int32: LoopEntry] = [:]
    private var byConnection: [UInt64: LoopEntry] = [:]
    private var thread: Thread?
    private var stopping = false
    static let closeHandshakeTimeout: UInt64 = 3_000_000_000

    init(hub: WebSocketHub) {
        self.hub = hub
        epollFD = clinux_epoll_create()
        wakeFD = clinux_eventfd()
        _ = clinux_epoll_ctl(epollFD, CLINUX_EPOLL_CTL_ADD, wakeFD, CLINUX_EPOLLIN)
    }

    deinit {
        close(epollFD)
        close(wakeFD)
    }

    var liveConnections: Int { live.load(ordering: .acquiring) }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "websocket-loop"
        thread.start()
        self.thread = thread
    }

    func post(_ command: Command) {
        commands.withLock { $0.append(command) }
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Called on the MHD thread that performed the upgrade: registers the socket.
    func adopt(socket: Int32, handle: OpaquePointer, extraInput: [UInt8], request: Request, upgrade: WebSocketUpgrade) {
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let flags = fcntl(socket, F_GETFL, 0)
        _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
        let connection = WebSocketConnection(id: nextID.wrappingAdd(1, ordering: .relaxed).oldValue, request: request,
                                             limits: upgrade, loop: self)
        live.wrappingAdd(1, ordering: .relaxed)
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
        if events & (CLINUX_EPOLLIN | CLINUX_EPOLLHUP | CLINUX_EPOLLERR) != 0 {
            if wslay_event_recv(entry.context) != 0 {
                teardown(entry, code: entry.receivedCloseCode ?? .abnormal)
                return
            }
        }
        if events & CLINUX_EPOLLOUT != 0 {
            if wslay_event_send(entry.context) != 0 {
                teardown(entry, code: entry.receivedCloseCode ?? .abnormal)
                return
            }
        }
        refresh(entry)
    }

    /// Publishes the queued byte count and sets epoll interest; closes when wslay is done.
    private func refresh(_ entry: LoopEntry) {
        guard !entry.tornDown else { return }
        entry.connection.bytesQueuedInLibrary.store(Int(wslay_event_get_queued_msg_length(entry.context)), ordering: .relaxed)
        var interest: UInt32 = 0
        if wslay_event_want_read(entry.context) != 0 { interest |= CLINUX_EPOLLIN }
        if wslay_event_want_write(entry.context) != 0 { interest |= CLINUX_EPOLLOUT }
        if interest == 0 {
            teardown(entry, code: entry.receivedCloseCode ?? entry.sentCloseCode ?? .normal)
            return
        }
        if wslay_event_get_close_sent(entry.context) != 0 && entry.closeDeadline == nil {
            entry.closeDeadline = DispatchTime.now().uptimeNanoseconds + Self.closeHandshakeTimeout
            entry.connection.markClosing()
        }
        if interest != entry.interest {
            _ = clinux_epoll_ctl(epollFD, CLINUX_EPOLL_CTL_MOD, entry.fd, interest)
            entry.interest = interest
        }
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
                _ = wslay_event_send(entry.context)
                refresh(entry)
            case .close(let connection, let code, let reason):
                guard let entry = byConnection[connection.id] else { continue }
                queueFrames(entry)
                entry.sentCloseCode = code
                reason.withUnsafeBufferPointer { buffer in
                    _ = wslay_event_queue_close(entry.context, code.rawValue, buffer.baseAddress, buffer.count)
                }
                _ = wslay_event_send(entry.context)
                refresh(entry)
            case .drop(let connection, let code):
                guard let entry = byConnection[connection.id] else { continue }
                logger.notice("websocket client too slow, disconnected", ["id": "\(connection.id)", "path": connection.request.rawPath])
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
              let context else {
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
            }
        }
    }

    private func teardown(_ entry: LoopEntry, code: WebSocketCloseCode) {
        guard !entry.tornDown else { return }
        entry.tornDown = true
        _ = clinux_epoll_ctl(epollFD, CLINUX_EPOLL_CTL_DEL, entry.fd, 0)
        if let context = entry.context { wslay_event_context_free(context) }
        entry.context = nil
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

    init(fd: Int32, handle: OpaquePointer, pendingInput: [UInt8], connection: WebSocketConnection, upgrade: WebSocketUpgrade) {
        self.fd = fd
        self.handle = handle
        self.pendingInput = pendingInput
        self.connection = connection
        self.upgrade = upgrade
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
            if entry.pendingOffset == entry.pendingInput.count { entry.pendingInput = []; entry.pendingOffset = 0 }
            return n
        }
        let n = recv(entry.fd, buffer, length, 0)
        if n > 0 { return n }
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
        } else {
            wslay_event_set_error(context, Int32(WSLAY_ERR_CALLBACK_FAILURE.rawValue))
        }
        return -1
    }

    static let sendCallback: wslay_event_send_callback = { context, data, length, _, userData in
        let entry = LoopEntry.entry(userData)
        let n = send(entry.fd, data, length, Int32(MSG_NOSIGNAL))
        if n >= 0 { return n }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
        } else {
            wslay_event_set_error(context, Int32(WSLAY_ERR_CALLBACK_FAILURE.rawValue))
        }
        return -1
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
            delivered = entry.connection.continuation.yield(.text(text))
        case 2:
            delivered = entry.connection.continuation.yield(.binary(bytes))
        case 8:
            entry.receivedCloseCode = WebSocketCloseCode(message.status_code == 0 ? 1005 : message.status_code)
            entry.connection.markClosing()
            return
        default:
            return  // ping is answered by wslay; pong needs nothing
        }
        if case .dropped = delivered, entry.sentCloseCode == nil {
            entry.sentCloseCode = .policyViolation
            let reason = Array("receive queue full".utf8)
            reason.withUnsafeBufferPointer { _ = wslay_event_queue_close(context, WebSocketCloseCode.policyViolation.rawValue, $0.baseAddress, $0.count) }
        }
    }
}
