import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// A WebSocket client that floods control frames and never reads, through the real server:
/// it is closed with 1008 once past its control-frame budget (wslay's automatic pongs would
/// otherwise queue without bound), and the loop keeps serving everyone else meanwhile.
@Suite(.serialized) struct WebSocketFloodLiveTests {
    static func router() -> Router {
        var router = Router()
        router.webSocket("/echo") { _ in
            WebSocketUpgrade { connection in
                for await message in connection.messages {
                    if case .text(let text) = message { connection.send(text: text) }
                }
            }
        }
        return router
    }

    /// Opens a WebSocket by hand and returns the raw connection positioned after the 101.
    static func openRaw(port: Int) async throws -> RawHTTPConnection {
        let connection = try await RawHTTPConnection(port: port, receiveBufferSize: 4096)
        try await connection.sendRequest("GET", "/echo", headers: WebSocketClient.handshakeHeaders())
        let response = try await connection.readResponse()
        #expect(response.status == 101)
        return connection
    }

    /// A masked client frame (RFC 6455 §5.3) with a payload under 126 bytes.
    static func frame(opcode: UInt8, _ payload: [UInt8] = []) -> [UInt8] {
        let mask: [UInt8] = [0x1F, 0x2E, 0x3D, 0x4C]
        return [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// The close code in the first close frame among server frames (unmasked), if any.
    static func closeCode(in bytes: [UInt8]) -> UInt16? {
        var index = 0
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            var length = Int(bytes[index + 1] & 0x7F)
            var start = index + 2
            if length == 126 {
                guard start + 2 <= bytes.count else { return nil }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                return nil
            }
            guard start + length <= bytes.count else { return nil }
            if opcode == 0x8 && length >= 2 { return UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1]) }
            index = start + length
        }
        return nil
    }

    @Test func pingFloodFromAClientThatNeverReadsIsClosedWith1008() async throws {
        try await withLiveServer(Self.router()) { server in
            let flooder = try await Self.openRaw(port: server.port)
            defer { flooder.close() }
            let bystander = try await WebSocketClient.connect(port: server.port, path: "/echo")

            let batch = Array(repeating: Self.frame(opcode: 0x9, Array(repeating: 0x41, count: 125)), count: 200).flatMap { $0 }
            let start = ContinuousClock.now
            var sentFrames = 0
            var roundTrips: [Duration] = []
            flood: while ContinuousClock.now - start < .seconds(6) {
                do {
                    try await flooder.send(bytes: batch, timeout: .milliseconds(500))
                    sentFrames += 200
                } catch {
                    break flood  // the server stopped reading (or closed): the flood is contained
                }
                if sentFrames % 2000 == 0 {
                    let began = ContinuousClock.now
                    try await bystander.send(text: "still here")
                    #expect(try await bystander.receiveText(timeout: .seconds(3)) == "still here")
                    roundTrips.append(ContinuousClock.now - began)
                }
            }
            // Now read what the server sent: pongs (as many as it could), then its close, then EOF.
            var received: [UInt8] = []
            let readUntil = ContinuousClock.now + .seconds(8)
            var closed = false
            while ContinuousClock.now < readUntil {
                guard let bytes = try? await flooder.readAvailable(timeout: .seconds(1)) else { continue }
                if bytes.isEmpty {
                    closed = true
                    break
                }
                received += bytes
            }
            #expect(closed, "the flooding connection was never closed (\(sentFrames) pings sent)")
            #expect(Self.closeCode(in: received) == 1008, "closed, but not for the flood")
            // The bystander was served throughout and still is.
            try await bystander.send(text: "after")
            #expect(try await bystander.receiveText(timeout: .seconds(3)) == "after")
            #expect(roundTrips.allSatisfy { $0 < .seconds(3) }, "\(roundTrips)")
        }
    }

    @Test func pingsWithinTheBudgetAreAnswered() async throws {
        try await withLiveServer(Self.router()) { server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
            for index in 0..<40 {
                try await ws.ping([UInt8(index)])
                #expect(try await ws.receive() == .pong([UInt8(index)]))
            }
            try await ws.send(text: "open")
            #expect(try await ws.receiveText() == "open")
        }
    }

    @Test func pongFloodCountsAgainstTheBudgetToo() async throws {
        try await withLiveServer(Self.router()) { server in
            let flooder = try await Self.openRaw(port: server.port)
            defer { flooder.close() }
            let pongs = Array(repeating: Self.frame(opcode: 0xA), count: 500).flatMap { $0 }
            try? await flooder.send(bytes: pongs, timeout: .seconds(2))
            var received: [UInt8] = []
            var closed = false
            let until = ContinuousClock.now + .seconds(8)
            while ContinuousClock.now < until {
                guard let bytes = try? await flooder.readAvailable(timeout: .seconds(1)) else { continue }
                if bytes.isEmpty {
                    closed = true
                    break
                }
                received += bytes
            }
            #expect(Self.closeCode(in: received) == 1008)
            #expect(closed)
        }
    }
}
