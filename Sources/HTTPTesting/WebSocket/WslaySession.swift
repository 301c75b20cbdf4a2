import COpenSSL
import CWslay

#if canImport(Glibc)
import Glibc
#endif

/// wslay's client context plus everything its C callbacks touch.
///
/// This is the one place where C calls back into Swift. wslay is not thread-safe and its callbacks
/// get `self` back through a `void *`, which strict concurrency cannot see through; so the session is
/// only ever used inside `WebSocketConnection`'s Mutex, and every wslay call (hence every callback)
/// happens there. The context is freed in `deinit`, so the unretained `self` it holds never dangles.
final class WslaySession {
    enum Ending: Equatable {
        case endOfStream
        case socketError(Int32)
        case wslayError(Int32)
    }

    private var context: OpaquePointer?
    private let fd: Int32
    /// Bytes that arrived with the handshake response; they are the start of the frame stream.
    private var leftover: [UInt8]
    /// Complete messages and control frames, oldest first.
    var received: [WebSocketClientEvent] = []
    private(set) var ending: Ending?

    init(fd: Int32, leftover: [UInt8]) {
        self.fd = fd
        self.leftover = leftover
        var callbacks = wslay_event_callbacks(
            recv_callback: { _, buffer, length, _, user in WslaySession.from(user).receiveBytes(into: buffer!, length) },
            send_callback: { _, data, length, _, user in WslaySession.from(user).sendBytes(data!, length) },
            genmask_callback: { _, buffer, length, _ in RAND_bytes(buffer, Int32(length)) == 1 ? 0 : -1 },
            on_frame_recv_start_callback: nil,
            on_frame_recv_chunk_callback: nil,
            on_frame_recv_end_callback: nil,
            on_msg_recv_callback: { _, argument, user in WslaySession.from(user).deliver(argument!.pointee) }
        )
        let result = wslay_event_context_client_init(&context, &callbacks, Unmanaged.passUnretained(self).toOpaque())
        precondition(result == 0, "wslay_event_context_client_init failed: \(result)")
    }

    deinit { wslay_event_context_free(context) }

    private static func from(_ user: UnsafeMutableRawPointer?) -> WslaySession {
        Unmanaged<WslaySession>.fromOpaque(user!).takeUnretainedValue()
    }

    var wantsWrite: Bool { ending == nil && wslay_event_want_write(context) != 0 }

    /// Reads and parses everything available, then sends what wslay queued in reply (pongs, close echo).
    func receive() {
        guard ending == nil else { return }
        // After a close frame wslay stops reading; keep watching the socket so the peer's TCP close
        // still shows up as `.disconnected`.
        if wslay_event_get_read_enabled(context) == 0 { return discardUntilEndOfStream() }
        let result = wslay_event_recv(context)
        if result != 0, ending == nil { ending = .wslayError(result) }
        if ending != .endOfStream { flushQueued() }
    }

    /// Queues a message; `send()` puts it on the wire.
    func queue(opcode: UInt8, payload: [UInt8]) throws(WebSocketClientError) {
        if ending != nil { throw .disconnected }
        let result = payload.withUnsafeBufferPointer { bytes in
            var message = wslay_event_msg(opcode: opcode, msg: bytes.baseAddress, msg_length: bytes.count)
            return wslay_event_queue_msg(context, &message)
        }
        if result != 0 { throw .sendRejected(wslayError: result) }
    }

    func queueClose(code: UInt16, reason: [UInt8]) throws(WebSocketClientError) {
        if ending != nil { throw .disconnected }
        let result = reason.withUnsafeBufferPointer { wslay_event_queue_close(context, code, $0.baseAddress, $0.count) }
        if result != 0 { throw .sendRejected(wslayError: result) }
    }

    /// Writes as much of the queue as the socket takes now.
    func send() throws(WebSocketClientError) {
        if ending != nil { throw .disconnected }
        flushQueued()
        if ending != nil { throw .disconnected }
    }

    /// Used when this side closes the socket: no wslay call may touch the descriptor again.
    func markDisconnected() {
        if ending == nil { ending = .endOfStream }
    }

    private func flushQueued() {
        let result = wslay_event_send(context)
        if result != 0, ending == nil { ending = .wslayError(result) }
    }

    private func discardUntilEndOfStream() {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &scratch, scratch.count, 0)
            if count > 0 { continue }
            if count == 0 || errno == ECONNRESET {
                ending = .endOfStream
            } else if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
                ending = .socketError(errno)
            }
            return
        }
    }

    // MARK: Callbacks (run inside wslay_event_recv / wslay_event_send, hence under the lock)

    private func receiveBytes(into buffer: UnsafeMutablePointer<UInt8>, _ length: Int) -> Int {
        if !leftover.isEmpty {
            let count = min(length, leftover.count)
            leftover.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: count) }
            leftover.removeFirst(count)
            return count
        }
        let count = recv(fd, buffer, length, 0)
        if count > 0 { return count }
        if count == 0 || errno == ECONNRESET {
            ending = .endOfStream
        } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
            wslay_event_set_error(context, WSLAY_ERR_WOULDBLOCK.rawValue)
            return -1
        } else {
            ending = .socketError(errno)
        }
        wslay_event_set_error(context, WSLAY_ERR_CALLBACK_FAILURE.rawValue)
        return -1
    }

    private func sendBytes(_ data: UnsafePointer<UInt8>, _ length: Int) -> Int {
        let count = Glibc.send(fd, data, length, Int32(MSG_NOSIGNAL))
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
            wslay_event_set_error(context, WSLAY_ERR_WOULDBLOCK.rawValue)
        } else {
            ending = errno == EPIPE || errno == ECONNRESET ? .endOfStream : .socketError(errno)
            wslay_event_set_error(context, WSLAY_ERR_CALLBACK_FAILURE.rawValue)
        }
        return -1
    }

    private func deliver(_ message: wslay_event_on_msg_recv_arg) {
        let payload = message.msg_length == 0 ? [] : Array(UnsafeBufferPointer(start: message.msg, count: message.msg_length))
        switch UInt32(message.opcode) {
        case WSLAY_TEXT_FRAME.rawValue: received.append(.text(String(decoding: payload, as: UTF8.self)))
        case WSLAY_BINARY_FRAME.rawValue: received.append(.binary(payload))
        case WSLAY_PING.rawValue: received.append(.ping(payload))
        case WSLAY_PONG.rawValue: received.append(.pong(payload))
        case WSLAY_CONNECTION_CLOSE.rawValue:
            let reason = payload.count > 2 ? String(decoding: payload[2...], as: UTF8.self) : ""
            received.append(.close(code: message.status_code == 0 ? 1005 : message.status_code, reason: reason))
        default: break
        }
    }
}
