import COpenSSL
import CWslay
import Foundation
import HTTPTesting
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A minimal WebSocket server for the client's self-tests: wslay in server mode on one peer thread.
///
/// Paths choose the handshake: `/ws` answers properly, `/ws-welcome` also sends a text frame in the
/// same write as the 101 head, `/ws-bad-accept` answers a wrong `Sec-WebSocket-Accept`, `/ws-reject`
/// answers 403. Messages are echoed, except the commands `close-me` (server closes with 4001 "bye")
/// `ping-me` (server pings "srv" and reports the pong it gets back as text "pong:srv"), and `flood`
/// (64 binary frames of 64 KiB through an 8 KiB send buffer, counted in `floodFramesWritten`).
final class WebSocketPeer {
    static let floodFrameCount = 64
    static let floodFramesWritten = Atomic<Int>(0)

    private let stream: PeerStream
    private var context: OpaquePointer?
    /// What wslay wants to send; written out by the loop (blocking), so the callback never blocks.
    private var outgoing: [UInt8] = []
    private var floodRemaining = 0

    static func serve(_ stream: PeerStream) {
        guard let head = stream.readHead() else { return }
        let request = PeerRequest(head: head)
        guard let key = request.headers["sec-websocket-key"] else {
            stream.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 11\r\n\r\nmissing key")
            return
        }
        if request.target == "/ws-reject" {
            stream.write("HTTP/1.1 403 Forbidden\r\nContent-Length: 4\r\n\r\nnope")
            return
        }
        let accept = request.target == "/ws-bad-accept" ? "d3Jvbmc=" : acceptValue(for: key)
        let peer = WebSocketPeer(stream: stream)
        peer.outgoing = Array(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n"
                .utf8)
        if request.target == "/ws-welcome" { peer.queue(opcode: 0x1, Array("welcome".utf8)) }
        peer.run()
    }

    /// Computed here with OpenSSL directly, independently of the client's own code.
    static func acceptValue(for key: String) -> String {
        let input = Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
        var digest = [UInt8](repeating: 0, count: 20)
        _ = SHA1(input, input.count, &digest)
        return Data(digest).base64EncodedString()
    }

    private init(stream: PeerStream) {
        self.stream = stream
        var callbacks = wslay_event_callbacks(
            recv_callback: { context, buffer, length, _, user in
                let peer = Unmanaged<WebSocketPeer>.fromOpaque(user!).takeUnretainedValue()
                let count = recv(peer.stream.fd, buffer, length, Int32(MSG_DONTWAIT))
                if count > 0 { return count }
                let wouldBlock = count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
                wslay_event_set_error(context, wouldBlock ? WSLAY_ERR_WOULDBLOCK.rawValue : WSLAY_ERR_CALLBACK_FAILURE.rawValue)
                return -1
            },
            send_callback: { _, data, length, _, user in
                let peer = Unmanaged<WebSocketPeer>.fromOpaque(user!).takeUnretainedValue()
                peer.outgoing += UnsafeBufferPointer(start: data, count: length)
                return length
            },
            genmask_callback: nil, on_frame_recv_start_callback: nil, on_frame_recv_chunk_callback: nil,
            on_frame_recv_end_callback: nil,
            on_msg_recv_callback: { _, argument, user in
                let peer = Unmanaged<WebSocketPeer>.fromOpaque(user!).takeUnretainedValue()
                let message = argument!.pointee
                let payload = Array(UnsafeBufferPointer(start: message.msg, count: message.msg_length))
                peer.handle(opcode: message.opcode, payload: payload)
            })
        wslay_event_context_server_init(&context, &callbacks, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { wslay_event_context_free(context) }

    private func run() {
        while wslay_event_want_read(context) != 0 || wslay_event_want_write(context) != 0 {
            wslay_event_send(context)
            stream.write(outgoing)
            outgoing.removeAll()
            if floodRemaining > 0 {
                // Blocks once the slow client's receive window and our send buffer are full.
                queue(opcode: 0x2, [UInt8](repeating: 7, count: 65536))
                floodRemaining -= 1
                if floodRemaining == 0 { queue(opcode: 0x1, Array("flood done".utf8)) }
                wslay_event_send(context)
                stream.write(outgoing)
                outgoing.removeAll()
                Self.floodFramesWritten.add(1, ordering: .relaxed)
            }
            var descriptor = pollfd(fd: stream.fd, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, floodRemaining > 0 ? 0 : 50) > 0, wslay_event_recv(context) != 0 { break }
        }
        wslay_event_send(context)
        stream.write(outgoing)
    }

    private func queue(opcode: UInt8, _ payload: [UInt8]) {
        payload.withUnsafeBufferPointer { bytes in
            var message = wslay_event_msg(opcode: opcode, msg: bytes.baseAddress, msg_length: bytes.count)
            _ = wslay_event_queue_msg(context, &message)
        }
    }

    private func handle(opcode: UInt8, payload: [UInt8]) {
        switch opcode {
        case 0x1 where payload == Array("close-me".utf8):
            _ = wslay_event_queue_close(context, 4001, "bye", 3)
        case 0x1 where payload == Array("flood".utf8):
            var size: Int32 = 8192
            setsockopt(stream.fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            floodRemaining = Self.floodFrameCount
        case 0x1 where payload == Array("ping-me".utf8):
            queue(opcode: 0x9, Array("srv".utf8))
        case 0x1, 0x2:
            queue(opcode: opcode, payload)
        case 0xA:
            queue(opcode: 0x1, Array("pong:".utf8) + payload)
        default:
            break
        }
    }
}
