import HTTPServer
import Xoseen

/// Stage 7 drafts: `GET /web/suggestions` (openers for a pair) and `POST /web/reply-suggest`
/// (reply drafts for a conversation). Every draft passes the chat safety scanner; a draft it
/// would block is dropped. Drafts are never sent by the server.
struct AssistRoutes {
    let context: XoseenContext

    static let maxHistoryEntries = 50

    func register(on router: inout Router) {
        let context = context
        router.get("/web/suggestions") { request in
            guard let viewerId = request.query["viewerId"], !viewerId.isEmpty else {
                throw HTTPError.invalid("viewerId is required.", field: "viewerId")
            }
            guard let candidateId = request.query["candidateId"], !candidateId.isEmpty else {
                throw HTTPError.invalid("candidateId is required.", field: "candidateId")
            }
            try context.authorizer.authorize(request, actingOn: viewerId)
            let (viewer, candidate) = try await context.pair(viewerId, candidateId)
            let starters = ConversationStarters().starters(viewer: viewer, candidate: candidate)
            return try .json(StartersAnswer(ok: true, starters: context.chat.safe(starters)))
        }

        router.post("/web/reply-suggest", body: .buffered(maxBytes: 64 * 1024)) { request in
            let body = try request.decode(ReplySuggestBody.self)
            guard body.history.count <= Self.maxHistoryEntries else {
                throw HTTPError.invalid("history holds at most \(Self.maxHistoryEntries) messages.", field: "history")
            }
            try context.authorizer.authorize(request, actingOn: body.user)
            guard let user = try await context.profiles.profile(body.user) else { throw HTTPError.notFound("Unknown user.") }
            let drafts = ReplyDrafts().drafts(for: user, history: body.history.map(\.line))
            return try .json(ReplySuggestAnswer(ok: true, suggestions: context.chat.safe(drafts)))
        }
    }
}
