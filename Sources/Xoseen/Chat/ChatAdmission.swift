/// Who may join a chat room — one rule for the chat socket. A room admits only its two users,
/// with a token for that user when one is given (required under `XOSEEN_REQUIRE_AUTH=1`),
/// only for a stored match (`match:<id>:<id>`) or a blind pairing (`blind:<alias>:<alias>`, the
/// pairing's member aliases — a blind room named by real ids admits nobody), never for a blocked pair.
/// Every refusal carries a short reason for the 4401 close, so a client can tell "fix the room
/// id" from "sign in again" and does not reconnect-loop.
public struct ChatAdmission: Sendable {
    public let policy: AuthPolicy
    public let matching: MatchingStore
    public let blindDates: BlindDateStore
    public let profiles: ProfileStore

    public init(policy: AuthPolicy, matching: MatchingStore, blindDates: BlindDateStore, profiles: ProfileStore) {
        self.policy = policy
        self.matching = matching
        self.blindDates = blindDates
        self.profiles = profiles
    }

    public struct Refusal: Error, Sendable, Equatable {
        /// Why, for the client to branch on (its wire code is the API's, in `XoseenErrors`).
        public let kind: Kind
        /// A short hint for a person: `room ids must be sorted (match:a:b)`.
        public let detail: String
        init(_ kind: Kind, _ detail: String) {
            self.kind = kind
            self.detail = detail
        }

        public enum Kind: Sendable, Equatable {
            case invalidRoom, invalidUser, notPaired, notAMember, invalidToken, authRequired, unknownUser, blocked, notMatched
        }
    }

    public struct Admitted: Sendable {
        public let room: ChatRoom
        public let user: Profile
        /// Who the user is in this room: their id in a `match:` room, their pairing alias in a
        /// `blind:` one (what their frames carry as `from`).
        public let memberId: String
    }

    public func admit(room roomText: String?, user userId: String?, credential: AuthPolicy.Credential) async throws
        -> Result<Admitted, Refusal>
    {
        guard let roomText, !roomText.isEmpty else { return .failure(Refusal(.invalidRoom, "room is required")) }
        let room: ChatRoom
        switch ChatRoom.parse(roomText) {
        case .success(let parsed): room = parsed
        case .failure(.unsorted(let expected)):
            return .failure(Refusal(.invalidRoom, "ids must be sorted: \(expected.prefix(80))"))
        case .failure(let error): return .failure(Refusal(.invalidRoom, error.reason))
        }
        guard let userId, !userId.isEmpty else { return .failure(Refusal(.invalidUser, "user is required")) }
        // A blind room is named by the pairing's aliases; its members are the pairing's two users.
        var pairing: BlindDateStore.Pairing?
        if room.kind == .blind {
            pairing = try await blindDates.pairing(room: room)
            guard pairing?.contains(userId) == true else {
                return .failure(Refusal(.notPaired, "no blind pairing of this user has that room"))
            }
        }
        let peerId = pairing.map { $0.partner(of: userId).userId } ?? room.peer(of: userId)
        guard pairing != nil || room.contains(userId) else {
            return .failure(Refusal(.notAMember, "user is not one of the room's two users"))
        }
        switch policy.decide(credential, actingOn: userId) {
        case .allowed: break
        case .invalidToken: return .failure(Refusal(.invalidToken, "token is invalid, expired or for another user"))
        case .authRequired: return .failure(Refusal(.authRequired, "token is required"))
        }
        guard let user = try await profiles.profile(userId), try await profiles.profile(peerId) != nil else {
            return .failure(Refusal(.unknownUser, "unknown user"))
        }
        if try await matching.isBlocked(userId, peerId) { return .failure(Refusal(.blocked, "this chat is closed")) }
        if room.kind == .match, try await !matching.isMatched(room.userA, room.userB) {
            return .failure(Refusal(.notMatched, "the two users have not matched"))
        }
        return .success(Admitted(room: room, user: user, memberId: pairing?.alias(of: userId) ?? userId))
    }
}
