import Testing

@testable import XoseenAPI

/// Chat notices on the Redis channel are self-delimiting: several joined into one PUBLISH come apart
/// exactly, whatever the frames hold (newlines, spaces, multi-byte characters).
@Suite struct ChatNoticeCodingTests {
    typealias Envelope = ChatNoticeCoding.Envelope

    static let notices = [
        Envelope(
            origin: "7E2B", kind: "frame", group: "chat:match:usr_a:usr_b", room: "match:usr_a:usr_b", seq: 41,
            frame: #"{"type":"message","text":"line one\nline two 🎷 — ok"}"#, except: nil),
        Envelope(
            origin: "7E2B", kind: "frame", group: "chat:match:usr_a:usr_b", room: "match:usr_a:usr_b", seq: 42,
            frame: #"{"type":"pubkey","key":"a b c"}"#, except: 9_000_000_001),
        Envelope(origin: "91AC", kind: "alert", group: "chat:blind:x1:y2", frame: #"{"type":"capture_alert"}"#, user: "y2"),
        Envelope(origin: "91AC", kind: "close", user: "usr_a", peer: "usr_b"),
    ]

    @Test func joinedNoticesComeApartInOrder() {
        let joined = Self.notices.map(ChatNoticeCoding.encode).joined()
        #expect(ChatNoticeCoding.decode(joined) == Self.notices)
    }

    /// Redis delivers a payload whole; a payload that is not what this code publishes (another writer on the
    /// channel, a cut one) yields the complete notices before the damage and nothing after it.
    @Test func aDamagedPayloadYieldsOnlyTheNoticesBeforeTheDamage() {
        let whole = Self.notices.map(ChatNoticeCoding.encode)
        #expect(ChatNoticeCoding.decode(whole[0] + whole[1].dropLast(3)) == [Self.notices[0]])
        #expect(ChatNoticeCoding.decode(whole[0] + "{\"json\": true}\n" + whole[2]) == [Self.notices[0]])
        #expect(ChatNoticeCoding.decode("frame only a header\n").isEmpty)
        #expect(ChatNoticeCoding.decode("").isEmpty)
    }
}
