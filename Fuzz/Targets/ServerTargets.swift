// The server core over real loopback sockets, in process: a multipart upload route (libmicrohttpd's
// post processor + MultipartReader) and a WebSocket echo route (wslay + WebSocketLoop). A crash or
// sanitizer report on a server thread ends the run like one on the fuzzer's thread.
import Foundation

@testable import HTTPServer

#if canImport(Glibc)
import Glibc
#endif

enum ServerTargets {
    static let all: [FuzzTarget] = [multipart, websocket]

    nonisolated(unsafe) private static var server: HTTPServer?
    nonisolated(unsafe) private static var port = 0
    nonisolated(unsafe) private static var keptAlive: LoopbackSocket?
    static let spool = NSTemporaryDirectory() + "fuzz-spool-\(getpid())"

    /// Small limits so the fuzzer reaches each of them with inputs of a few KiB.
    static let uploadLimits = MultipartLimits(
        maxFileBytes: 2048, maxTotalBytes: 16 * 1024, maxFiles: 3, maxFields: 8, maxFieldBytes: 256)

    static func startServer() {
        guard server == nil else { return }
        var router = Router()
        router.post("/upload", body: .multipart(uploadLimits)) { request in
            let form = request.form ?? MultipartForm()
            for file in form.files {
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? -1
                expect(size == file.size, "spooled \(file.path) holds \(size) bytes, form says \(file.size)")
                expect(file.size <= uploadLimits.maxFileBytes, "file over the limit accepted")
            }
            expect(
                form.files.count <= uploadLimits.maxFiles && form.fields.count <= uploadLimits.maxFields, "counts over the limits"
            )
            return .text("fields \(form.fields.count) files \(form.files.count)\n")
        }
        router.webSocket("/ws") { _ in
            WebSocketUpgrade(maxMessageBytes: 4096, sendQueueLimitBytes: 64 * 1024, receiveQueueLimit: 64) { connection in
                for await message in connection.messages {
                    switch message {
                    case .text(let text) where text == "close": connection.close(.normal, reason: "asked")
                    case .text(let text): connection.send(text: text)
                    case .binary(let bytes): connection.send(binary: bytes)
                    }
                }
            }
        }
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, threadCount: 2, idleTimeoutSeconds: 10,
            maxBodyBytes: 64 * 1024, uploadDirectory: spool,
            shutdownGracePeriod: .seconds(1), accessLogLevel: .debug)
        let started = HTTPServer(router: router, configuration: configuration)
        do { try started.start() } catch {
            FileHandle.standardError.write(Data("fuzz server did not start: \(error)\n".utf8))
            exit(2)
        }
        server = started
        port = started.port ?? 0
    }

    // MARK: multipart

    /// Input: an optional first line `Content-Type` value (`!` in front: send the body chunked),
    /// then the body. The answer must be a client error or 200, never a 5xx, and the spool must
    /// be empty once the request is over.
    static let multipart = FuzzTarget(
        name: "multipart", summary: "multipart/form-data uploads over loopback (MHD + MultipartReader)",
        maxLength: 16 * 1024, detectLeaks: false, prepare: startServer
    ) { bytes in
        var contentType = "multipart/form-data; boundary=fuzz"
        var body = Array(bytes)
        var chunked = false
        if let newline = body.prefix(256).firstIndex(of: 10) {
            var line = body[0..<newline].filter { $0 >= 0x20 && $0 < 0x7F }
            if line.first == UInt8(ascii: "!") {
                chunked = true
                line.removeFirst()
            }
            contentType = String(decoding: line, as: UTF8.self)
            body.removeFirst(newline + 1)
        }
        var request = Array("POST /upload HTTP/1.1\r\nHost: fuzz\r\nContent-Type: \(contentType)\r\n".utf8)
        if chunked {
            request += Array("Transfer-Encoding: chunked\r\n\r\n".utf8)
            var offset = 0
            while offset < body.count {
                let piece = body[offset..<min(body.count, offset + 700)]
                request += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + [13, 10]
                offset += piece.count
            }
            request += Array("0\r\n\r\n".utf8)
        } else {
            request += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }

        let socket = keptAlive ?? LoopbackSocket(port: port)
        guard let socket else {
            expect(false, "cannot connect to the fuzz server (errno \(LoopbackSocket.lastConnectError))")
            return
        }
        keptAlive = nil
        socket.send(request)
        guard let response = socket.readResponse() else {
            expect(socket.readUntilClosed() != nil, "no answer and no close within the timeout")
            return
        }
        trace("multipart: \(response.status) \(String(decoding: response.body.prefix(200), as: UTF8.self))")
        expect(response.status < 500, "\(response.status) for a client's body: \(String(decoding: response.body, as: UTF8.self))")
        if !response.head.lowercased().contains("connection: close") { keptAlive = socket }
        expectSpoolEmpty()
    }

    /// Spooled files go when the request completes, just after the answer is queued.
    static func expectSpoolEmpty() {
        for _ in 0..<200 {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? []
            if left.isEmpty { return }
            usleep(1000)
        }
        expect(false, "upload spool not emptied: \((try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? [])")
    }

    // MARK: websocket

    static let maskKey: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
    /// Sent after the fuzzed frames: its echo says every earlier message has been answered.
    static let syncMessage = Array("\u{1}fuzz-sync".utf8)

    /// Input: byte 0 bit 0 = send the frames in the same write as the handshake (the server's
    /// "extra input" path); then records `[b0: FIN/RSV/opcode as is][length byte][payload]`,
    /// each sent as one masked client frame (length 254: a 16-bit length follows; 255: the rest
    /// of the input goes out raw). Then a sync message whose echo shows the earlier ones were
    /// answered, a close frame and end-of-stream: the server must answer with well-formed frames
    /// and close the socket.
    static let websocket = FuzzTarget(
        name: "websocket", summary: "WebSocket client frames over loopback (wslay + WebSocketLoop)",
        maxLength: 8192, detectLeaks: false, prepare: startServer
    ) { bytes in
        guard let flags = bytes.first else { return }
        var frames: [UInt8] = []
        var raw = false
        var i = 1
        while i + 1 < bytes.count {
            let head = bytes[i]
            var length = Int(bytes[i + 1])
            i += 2
            if length == 255 {
                frames += bytes[i...]
                raw = true
                break
            }
            if length == 254 {
                guard i + 1 < bytes.count else { break }
                length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
                i += 2
            }
            let payload = Array(bytes[i..<min(bytes.count, i + length)])
            i += payload.count
            frames += clientFrame(head: head, payload: payload)
        }
        // Raw bytes may leave a frame open that would swallow the sync message.
        if !raw { frames += clientFrame(head: 0x81, payload: syncMessage) }

        guard let socket = LoopbackSocket(port: port) else {
            expect(false, "cannot connect to the fuzz server (errno \(LoopbackSocket.lastConnectError))")
            return
        }
        let handshake = Array(
            ("GET /ws HTTP/1.1\r\nHost: fuzz\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
        if flags & 1 == 1 {
            socket.send(handshake + frames)
        } else {
            socket.send(handshake)
        }
        var stream: [UInt8] = []
        var timedOut = false
        var open = true
        var headEnd: Int?
        while headEnd == nil {
            headEnd = stream.indices.dropLast(3).first { stream[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }
            if headEnd == nil {
                open = socket.read(into: &stream, timedOut: &timedOut)
                if !open { break }
            }
        }
        guard let headEnd else {
            expect(!timedOut, "no handshake answer")
            return
        }
        expect(
            stream.starts(with: Array("HTTP/1.1 101".utf8)),
            "handshake answered \(String(decoding: stream.prefix(40), as: UTF8.self))")
        stream.removeFirst(headEnd + 4)
        if flags & 1 == 0 { socket.send(frames) }
        while open && !raw && !serverFrames(stream).contains(where: { $0.opcode == 1 && $0.payload.elementsEqual(syncMessage) }) {
            open = socket.read(into: &stream, timedOut: &timedOut)
        }
        expect(!timedOut, "no echo of the sync message and no close")
        socket.send(clientFrame(head: 0x88, payload: [0x03, 0xE8]))
        socket.shutdownWrite()
        while open { open = socket.read(into: &stream, timedOut: &timedOut) }
        expect(!timedOut, "server did not close the WebSocket after close + EOF")
        trace("websocket: \(stream.count) bytes back: \(serverFrames(stream).map { "\($0.opcode):\($0.payload.count)" })")
        _ = serverFrames(stream)
    }

    static func clientFrame(head: UInt8, payload: [UInt8]) -> [UInt8] {
        var frame = [head]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        frame += maskKey
        for (k, byte) in payload.enumerated() { frame.append(byte ^ maskKey[k % 4]) }
        return frame
    }

    /// What the server sent, checked: unmasked frames with defined opcodes; text frames valid
    /// UTF-8; control frames at most 125 bytes. A final frame may still be arriving (or cut by the close).
    static func serverFrames(_ stream: [UInt8]) -> [(opcode: UInt8, payload: ArraySlice<UInt8>)] {
        var frames: [(opcode: UInt8, payload: ArraySlice<UInt8>)] = []
        var i = 0
        while i + 2 <= stream.count {
            let opcode = stream[i] & 0x0F
            expect([0, 1, 2, 8, 9, 10].contains(opcode), "server sent opcode \(opcode)")
            expect(stream[i + 1] & 0x80 == 0, "server sent a masked frame")
            var length = Int(stream[i + 1] & 0x7F)
            var start = i + 2
            if length == 126 {
                guard start + 2 <= stream.count else { break }
                length = Int(stream[start]) << 8 | Int(stream[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= stream.count else { break }
                length = stream[start..<(start + 8)].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            if opcode >= 8 { expect(length <= 125, "control frame of \(length) bytes") }
            guard start + length <= stream.count else { break }
            let payload = stream[start..<(start + length)]
            if opcode == 1, stream[i] & 0x80 != 0 {
                expect(String(validating: payload, as: UTF8.self) != nil, "server sent invalid UTF-8 text")
            }
            frames.append((opcode, payload))
            i = start + length
        }
        return frames
    }
}
