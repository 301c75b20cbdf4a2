import HTTPServer
import Xoseen

/// `WS /ws/chat?room=<room>&user=<userId>&name=<display>&token=<token>`. The upgrade is always
/// completed; a refused join then closes with 4401 and a reason (`invalid_room: …`,
/// `invalid_token: …`, `not_matched: …`), so clients see why instead of a failed handshake.
/// `name` is accepted for compatibility and ignored: the server shows the profile's name (or
/// hides it in a blind room until the reveal), so nobody can chat under another name.
struct ChatRoutes {
    let chat: ChatService

    func register(on router: inout Router) {
        let chat = chat
        router.webSocket("/ws/chat") { request in
            let credential = request.attributes[TokenAuthentication.CredentialKey.self] ?? .none
            let admission = try await chat.admission.admit(
                room: request.query["room"], user: request.query["user"],
                credential: credential)
            return WebSocketUpgrade(
                maxMessageBytes: ChatService.maxFrameBytes, sendQueueLimitBytes: 1 << 20, receiveQueueLimit: 64
            ) {
                connection in
                switch admission {
                case .failure(let refusal):
                    chat.logger.info("chat join refused", ["reason": "\(refusal.closeReason)"])
                    connection.close(.unauthorized, reason: refusal.closeReason)
                case .success(let admitted):
                    await ChatSession(
                        connection: connection, room: admitted.room, user: admitted.user, memberId: admitted.memberId,
                        chat: chat
                    ).run()
                }
            }
        }
    }
}
