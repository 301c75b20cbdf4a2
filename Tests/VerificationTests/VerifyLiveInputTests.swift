import Foundation
import HTTPTesting
import Testing

/// verify-live's refusals over the real server: missing fields name the field, oversize files
/// stop during the stream (413), hostile or broken images are a clear 422, never a crash.
@Suite struct VerifyLiveInputTests {
    typealias H = VerificationHarness
    static let photo = ThirdParty.photo("obama2.jpg")

    func error(_ response: RawHTTPResponse) throws -> H.Envelope.Body {
        try JSONDecoder().decode(H.Envelope.self, from: Data(response.body)).error
    }

    @Test func missingFieldsAreNamed() async throws {
        try await H.withXoseen { _, server in
            let noUser = try await server.client.multipart(
                "/verify/verification/verify-live", fields: [],
                files: [try H.file("selfie", Self.photo), try H.file("id_document", Self.photo)])
            #expect(noUser.status == 422)
            #expect(try error(noUser).field == "user_id")
            let noSelfie = try await H.verify(server, user: "usr_a", document: Self.photo, selfie: nil)
            #expect(noSelfie.status == 422)
            #expect(try error(noSelfie).field == "selfie")
            let noDocument = try await H.verify(server, user: "usr_a", document: nil, selfie: Self.photo)
            #expect(try error(noDocument).field == "id_document")
            let badDOB = try await H.verify(
                server, user: "usr_a", document: Self.photo, selfie: Self.photo, fields: [("dob", "1990-02-30")])
            #expect(badDOB.status == 422)
            #expect(try error(badDOB).field == "dob")
            let badKind = try await H.verify(
                server, user: "usr_a", document: Self.photo, selfie: Self.photo, fields: [("doc_type", "library_card")])
            #expect(try error(badKind).field == "doc_type")
            let badUser = try await H.verify(server, user: "no.dots", document: Self.photo, selfie: Self.photo)
            #expect(try error(badUser).field == "user_id")
        }
    }

    @Test func aFileOverTwelveMegabytesStopsTheUpload() async throws {
        try await H.withXoseen { _, server in
            let big = [UInt8](repeating: 0xFF, count: 12 * 1024 * 1024 + 1)
            let response = try await server.client.multipart(
                "/verify/verification/verify-live", fields: [("user_id", "usr_big")],
                files: [("selfie", "huge.jpg", "image/jpeg", big), try H.file("id_document", Self.photo)])
            #expect(response.status == 413)
            #expect(try error(response).code == "file_too_large")
        }
    }

    /// A PNG whose header declares `width`×`height` with almost no data (a decompression bomb).
    static func bombPNG(width: UInt32, height: UInt32) -> [UInt8] {
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return c ^ 0xFFFF_FFFF
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return be(UInt32(data.count)) + typed + be(crc(typed))
        }
        let header = be(width) + be(height) + [8, 2, 0, 0, 0]
        // zlib stream of a few zero bytes: the decoder would inflate it to width×height×3.
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    @Test func hostileAndBrokenImagesAreClearRefusals() async throws {
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.photo)))
        let cases: [(String, [UInt8], String)] = [
            ("bomb.png", Self.bombPNG(width: 60_000, height: 60_000), "pixels"),
            ("text.jpg", Array("just some text, not an image\n".utf8), "not an image"),
            ("truncated.jpg", Array(good.prefix(600)), "corrupt"),
            ("garbage.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0x41, count: 300), ""),
            (
                "anim.gif", Array("GIF89a".utf8) + [0x10, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00] + [UInt8](repeating: 0, count: 64),
                "GIF"
            ),
            ("tiny.png", Self.bombPNG(width: 8, height: 8), ""),
        ]
        try await H.withXoseen { _, server in
            for (name, bytes, words) in cases {
                let response = try await server.client.multipart(
                    "/verify/verification/verify-live", fields: [("user_id", "usr_hostile")],
                    files: [("selfie", name, "image/png", bytes), try H.file("id_document", Self.photo)])
                #expect(response.status == 422, "\(name): \(response.bodyString)")
                let body = try error(response)
                #expect(body.code == "invalid_image", "\(name)")
                #expect(body.field == "selfie", "\(name)")
                #expect(words.isEmpty || body.message.contains(words), "\(name): \(body.message)")
            }
            // The server is still there.
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test func theOperatorAPINeedsItsToken() async throws {
        try await H.withXoseen { _, server in
            #expect(try await server.client.get("/verify/verification/review").status == 401)
            let wrong = try await server.client.get("/verify/verification/review", headers: [("X-Operator-Token", "guess")])
            #expect(wrong.status == 401)
            #expect(try error(wrong).code == "invalid_operator_token")
            let right = try await server.client.get(
                "/verify/verification/review", headers: [("X-Operator-Token", H.operatorToken)])
            #expect(right.status == 200)
        }
        try await H.withXoseen(operatorToken: nil) { _, server in
            let off = try await server.client.get("/verify/verification/review", headers: [("X-Operator-Token", "anything")])
            #expect(off.status == 403)
        }
    }
}

extension VerifyLiveInputTests {
    /// A typed date of birth that cannot be anyone's: refused before any image work.
    @Test(arguments: ["1890-06-01", "2999-01-01"])
    func absurdDatesOfBirthAre422(_ dob: String) async throws {
        try await H.withXoseen { _, server in
            let response = try await H.verify(
                server, user: "usr_absurd", document: Self.photo, selfie: Self.photo, fields: [("dob", dob)])
            #expect(response.status == 422)
            #expect(try error(response).field == "dob")
        }
    }
}
