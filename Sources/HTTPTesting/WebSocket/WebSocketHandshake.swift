import COpenSSL
import Foundation

/// The client side of the RFC 6455 opening handshake: key, expected accept value, verification.
enum WebSocketHandshake {
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes, base64.
    static func makeKey() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        precondition(RAND_bytes(&bytes, Int32(bytes.count)) == 1, "RAND_bytes failed")
        return Data(bytes).base64EncodedString()
    }

    /// base64(SHA1(key + GUID)), what the server must send back in `Sec-WebSocket-Accept`.
    static func acceptValue(for key: String) -> String {
        let input = Array((key + acceptGUID).utf8)
        var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        _ = SHA1(input, input.count, &digest)
        return Data(digest).base64EncodedString()
    }

    static func requestHeaders(key: String) -> [(String, String)] {
        [
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade"),
            ("Sec-WebSocket-Key", key),
            ("Sec-WebSocket-Version", "13"),
        ]
    }

    static func verify(_ response: RawHTTPResponse, key: String) throws(WebSocketClientError) {
        guard response.status == 101 else {
            throw .handshakeRejected(status: response.status, body: response.bodyString)
        }
        guard response.headers["Upgrade"]?.lowercased() == "websocket" else {
            throw .invalidHandshake("Upgrade: \(response.headers["Upgrade"] ?? "(missing)")")
        }
        guard response.headers.contains("Connection", token: "upgrade") else {
            throw .invalidHandshake("Connection: \(response.headers["Connection"] ?? "(missing)")")
        }
        let expected = acceptValue(for: key)
        guard response.headers["Sec-WebSocket-Accept"] == expected else {
            throw .invalidHandshake(
                "Sec-WebSocket-Accept: \(response.headers["Sec-WebSocket-Accept"] ?? "(missing)"), expected \(expected)")
        }
    }
}
