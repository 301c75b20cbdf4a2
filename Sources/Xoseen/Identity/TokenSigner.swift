import COpenSSL
import Foundation

/// User tokens: `<userId>.<expiry>.<signature>`, the signature being HMAC-SHA256 (OpenSSL)
/// over `<userId>.<expiry>` with the server's secret, base64url without padding. Verified
/// in constant time (`CRYPTO_memcmp`). The clock is injected so tests are deterministic.
public struct TokenSigner: Sendable {
    public enum Failure: Error, Equatable, Sendable {
        case malformed
        case badSignature
        case expired
    }

    private let secret: [UInt8]
    public let timeToLive: TimeInterval
    private let clock: @Sendable () -> Date

    public init(secret: [UInt8], timeToLive: TimeInterval = 7 * 24 * 3600, clock: @escaping @Sendable () -> Date = { Date() }) {
        precondition(secret.count >= 32, "token secrets are at least 256 bits")
        self.secret = secret
        self.timeToLive = timeToLive
        self.clock = clock
    }

    /// The longest lifetime a token may have (ten years): beyond it expiry arithmetic stops being
    /// meaningful, and `XOSEEN_TOKEN_TTL_SEC` is refused at start-up (``validTimeToLive(_:)``).
    public static let maximumTimeToLive: TimeInterval = 10 * 366 * 24 * 3600

    /// A lifetime a signer can issue with: finite, at least one second, at most ``maximumTimeToLive``.
    public static func validTimeToLive(_ seconds: TimeInterval) -> Bool {
        seconds.isFinite && seconds >= 1 && seconds <= maximumTimeToLive
    }

    /// A token for `userId` valid for `timeToLive` from now. User ids never contain dots
    /// (enforced by profile validation), so the token splits unambiguously.
    ///
    /// `version` is the user's token version (``TokenVersions``): it is signed but not written
    /// into the token, so the wire format stays `<userId>.<expiry>.<signature>`; bumping the
    /// version makes every earlier token's signature stop verifying (revocation). Version 0
    /// signs exactly what tokens were signed over before versions existed.
    public func issue(for userId: String, version: Int = 0) -> String {
        // Saturating: a lifetime that slipped past start-up validation cannot trap here.
        let seconds = clock().timeIntervalSince1970 + min(max(timeToLive, 0), Self.maximumTimeToLive)
        let expiry = seconds.isFinite ? Int(seconds) : 0
        let payload = "\(userId).\(expiry)"
        return "\(payload).\(Self.base64URL(mac(Self.signed(payload, version: version))))"
    }

    /// What the MAC covers: the token's text, plus the version when it is not 0.
    static func signed(_ payload: String, version: Int) -> String { version == 0 ? payload : "\(payload).v\(version)" }

    /// The token's subject, if the signature is ours for the subject's current version and it has not expired.
    public func verify(_ token: String, version: (String) -> Int = { _ in 0 }) -> Result<String, Failure> {
        guard token.utf8.count <= 512 else { return .failure(.malformed) }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let expiry = Int(parts[1]),
            let signature = Self.decodeBase64URL(String(parts[2])), signature.count == 32
        else {
            return .failure(.malformed)
        }
        let expected = mac(Self.signed("\(parts[0]).\(parts[1])", version: version(String(parts[0]))))
        let equal = expected.withUnsafeBytes { a in
            signature.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, 32) }
        }
        guard equal == 0 else { return .failure(.badSignature) }
        guard TimeInterval(expiry) > clock().timeIntervalSince1970 else { return .failure(.expired) }
        return .success(String(parts[0]))
    }

    /// A MAC for any payload under the same secret (e.g. feed cursors), base64url.
    public func sign(_ payload: String) -> String { Self.base64URL(mac(payload)) }

    /// Constant-time check of `sign(payload)`.
    public func isSigned(_ payload: String, signature: String) -> Bool {
        guard let given = Self.decodeBase64URL(signature), given.count == 32 else { return false }
        let expected = mac(payload)
        return expected.withUnsafeBytes { a in given.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, 32) } }
            == 0
    }

    private func mac(_ payload: String) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let message = Array(payload.utf8)
        _ = secret.withUnsafeBytes { key in
            HMAC(EVP_sha256(), key.baseAddress, Int32(secret.count), message, message.count, &output, &length)
        }
        return Array(output.prefix(Int(length)))
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decodeBase64URL(_ text: String) -> [UInt8]? {
        guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map(Array.init)
    }
}
