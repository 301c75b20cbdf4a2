import COpenSSL
import Foundation
import SQLStore

/// The binding between an account id that has no profile yet and whoever uploaded its
/// verification. The first attempt on such an id returns a random secret; only its SHA-256 is
/// stored. Re-verifying, reading the status and creating the profile of that id all need it;
/// creating the profile consumes it (from then on the user token is the credential).
public enum VerificationClaim {
    /// What a request presented, checked against what is stored for the id.
    public enum Check: Sendable, Equatable {
        /// No claim is held on this id (no attempt yet, or one from before claims existed).
        case unclaimed
        case matches
        /// A claim is held and the request sent none.
        case missing
        /// A claim is held and the request sent another one.
        case wrong
    }

    /// Why a write refused to go ahead (checked again inside the transaction: two first
    /// attempts racing for one id cannot both be bound).
    public struct Refused: Error, Sendable, Equatable {
        public let check: Check
    }

    /// 32 random bytes, base64url without padding, prefixed so a reader knows what it is.
    public static func newSecret() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        if RAND_bytes(&bytes, Int32(bytes.count)) != 1 {
            var generator = SystemRandomNumberGenerator()
            bytes = bytes.map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        let text = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return "vc_" + text
    }

    public static func hash(_ secret: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(secret.utf8)
        _ = SHA256(bytes, bytes.count, &digest)
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    /// `presented` against the stored hash, compared in constant time.
    static func check(stored: String?, presented: String?) -> Check {
        guard let stored else { return .unclaimed }
        guard let presented, !presented.isEmpty else { return .missing }
        let a = Array(hash(presented).utf8)
        let b = Array(stored.utf8)
        var difference = a.count ^ b.count
        for i in 0..<min(a.count, b.count) { difference |= Int(a[i] ^ b[i]) }
        return difference == 0 ? .matches : .wrong
    }

    static func stored(_ c: any SQLConnection, _ userId: String) throws -> String? {
        try c.scalar(String.self, "SELECT secret_sha256 FROM verification_claims WHERE user_id = $1", userId)
    }

    public static func check(_ c: any SQLConnection, userId: String, presented: String?) throws -> Check {
        check(stored: try stored(c, userId), presented: presented)
    }

    /// Inside a profile-creating transaction: the claim must match and is used up. An id with a
    /// verification but no claim (recorded before claims existed) cannot be created until the
    /// holder verifies again and receives one.
    public static func consume(_ c: any SQLConnection, userId: String, presented: String?) throws {
        let check = try check(c, userId: userId, presented: presented)
        guard check == .matches else { throw Refused(check: check == .unclaimed ? .missing : check) }
        _ = try c.execute("DELETE FROM verification_claims WHERE user_id = $1", userId)
    }
}
