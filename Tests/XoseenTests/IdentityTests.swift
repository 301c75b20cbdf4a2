import Foundation
import Synchronization
import Testing
import Xoseen

@Suite struct TokenSignerTests {
    final class Clock: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 1_767_225_600))
        func read() -> Date { now.withLock { $0 } }
        func advance(_ s: TimeInterval) { now.withLock { $0 += s } }
    }

    static let secret = Array("0123456789abcdef0123456789abcdef".utf8)

    @Test func issuedTokensVerifyToTheirSubject() {
        let clock = Clock()
        let signer = TokenSigner(secret: Self.secret, clock: { clock.read() })
        let token = signer.issue(for: "usr_x")
        #expect(token.hasPrefix("usr_x.\(1_767_225_600 + 7 * 24 * 3600)."))
        #expect(signer.verify(token) == .success("usr_x"))
    }

    @Test func expiredTokensAreRejected() {
        let clock = Clock()
        let signer = TokenSigner(secret: Self.secret, timeToLive: 60, clock: { clock.read() })
        let token = signer.issue(for: "usr_x")
        clock.advance(61)
        #expect(signer.verify(token) == .failure(.expired))
    }

    @Test(arguments: [
        "", "usr_x", "usr_x.123", "usr_x.abc.sig", "..", "usr_x.1767225600.!!!", "a.b.c.d",
        String(repeating: "x", count: 600),
    ])
    func malformedTokensAreRejected(_ token: String) {
        let signer = TokenSigner(secret: Self.secret)
        #expect(signer.verify(token) == .failure(.malformed) || signer.verify(token) == .failure(.badSignature))
    }

    @Test func tamperedTokensAreRejected() {
        let clock = Clock()
        let signer = TokenSigner(secret: Self.secret, clock: { clock.read() })
        let token = signer.issue(for: "usr_x")
        let parts = token.split(separator: ".").map(String.init)
        #expect(signer.verify("usr_y.\(parts[1]).\(parts[2])") == .failure(.badSignature), "other subject, same signature")
        #expect(signer.verify("usr_x.\(Int(parts[1])! + 999_999).\(parts[2])") == .failure(.badSignature), "extended expiry")
        let other = TokenSigner(secret: Array("another-secret-another-secret-xx".utf8), clock: { clock.read() })
        #expect(other.verify(token) == .failure(.badSignature), "forged with another secret")
    }

    @Test func secretIsGeneratedOnceWithOwnerOnlyPermissions() throws {
        let directory = NSTemporaryDirectory() + "secret-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TokenSecret.load(environment: [:], dataDirectory: directory)
        let second = try TokenSecret.load(environment: [:], dataDirectory: directory)
        #expect(first == second)
        #expect(first.count == 32)
        let mode = try FileManager.default.attributesOfItem(atPath: directory + "/token-secret")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let configured = try TokenSecret.load(
            environment: ["XOSEEN_TOKEN_SECRET": String(repeating: "k", count: 40)],
            dataDirectory: directory)
        #expect(configured == Array(String(repeating: "k", count: 40).utf8))
        #expect(throws: TokenSecret.Failure.self) {
            try TokenSecret.load(environment: ["XOSEEN_TOKEN_SECRET": "short"], dataDirectory: directory)
        }
    }
}

@Suite struct AuthPolicyTests {
    @Test(arguments: [
        (false, AuthPolicy.Credential.none, AuthPolicy.Decision.allowed),
        (true, .none, .authRequired),
        (false, .valid(subject: "usr_a"), .allowed),
        (true, .valid(subject: "usr_a"), .allowed),
        (false, .valid(subject: "usr_b"), .invalidToken),
        (true, .valid(subject: "usr_b"), .invalidToken),
        (false, .invalid, .invalidToken),
        (true, .invalid, .invalidToken),
    ])
    func theSeedsRule(_ requireAuth: Bool, _ credential: AuthPolicy.Credential, _ expected: AuthPolicy.Decision) {
        #expect(AuthPolicy(requireAuth: requireAuth).decide(credential, actingOn: "usr_a") == expected)
    }
}
