import Foundation
import HTTPTesting
import Testing
import Xoseen

/// Every frame a client sends spends the user's chat budget: keep-alive answers, binary frames
/// and text that is not JSON cannot be sent for free, so none of them floods the server.
@Suite(.serialized) struct ChatRateLimitTests {
    enum Junk: String, CaseIterable, Sendable {
        case pong, binary, invalidJSON
    }

    @Test(arguments: Junk.allCases)
    func everyKindOfFrameCountsAgainstTheBudget(_ junk: Junk) async throws {
        try await ChatFixture.with { f in
            try await ChatMessagingTests.matchedPair(&f)
            let (ada, _) = try await f.join(room: ChatMessagingTests.room, user: "usr_a")
            // Burst 10, 5 strikes: 40 frames sent at once must end in a flood close.
            for i in 0..<40 {
                switch junk {
                case .pong: try? await ada.send(text: #"{"type":"pong"}"#)
                case .binary: try? await ada.send(binary: [0x01, 0x02, UInt8(i)])
                case .invalidJSON: try? await ada.send(text: "not json \(i)")
                }
            }
            var closed: (UInt16, String)?
            var limited = 0
            while closed == nil {
                switch try await ada.receive(timeout: .seconds(10)) {
                case .close(let code, let reason): closed = (code, reason)
                case .text(let text) where text.contains("rate_limited"): limited += 1
                default: continue
                }
            }
            #expect(closed?.0 == 1008 && closed?.1.contains("flood") == true, "\(junk): \(String(describing: closed))")
            #expect(limited >= 1, "over-budget frames are answered rate_limited before the close")
        }
    }
}
