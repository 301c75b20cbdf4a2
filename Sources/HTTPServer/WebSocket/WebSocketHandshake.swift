import COpenSSL
import Foundation

/// RFC 6455 §4.2 opening-handshake checks and the `Sec-WebSocket-Accept` value.
enum WebSocketHandshake {
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    static func validate(_ request: Request) throws(HTTPError) {
        let upgrade = request.headers["Upgrade"]?.lowercased() ?? ""
        let connection = request.headers["Connection"]?.lowercased() ?? ""
        guard upgrade == "websocket",
            connection.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "upgrade" })
        else {
            throw HTTPError(
                HTTPStatus(426), code: .upgradeRequired, message: "This endpoint speaks WebSocket only.",
                headers: ["Upgrade": "websocket", "Sec-WebSocket-Version": "13"])
        }
        guard request.headers["Sec-WebSocket-Version"] == "13" else {
            throw HTTPError(
                .badRequest, code: .invalidRequest, message: "Unsupported WebSocket version (13 required).",
                headers: ["Sec-WebSocket-Version": "13"])
        }
        guard let key = request.headers["Sec-WebSocket-Key"], Data(base64Encoded: key)?.count == 16 else {
            throw HTTPError(.badRequest, code: .invalidRequest, message: "Missing or malformed Sec-WebSocket-Key.")
        }
    }

    static func acceptValue(for key: String) -> String {
        let input = Array((key + guid).utf8)
        var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        _ = SHA1(input, input.count, &digest)
        return Data(digest).base64EncodedString()
    }
}
