import Foundation
import Testing

@testable import Jarvis

/// The date forms feeds really use, each with the UTC instant it must give.
struct FeedDateTests {
    struct Form: Sendable, CustomTestStringConvertible {
        let text: String
        let utc: String?
        var testDescription: String { text.debugDescription }
    }

    static func f(_ text: String, _ utc: String?) -> Form { Form(text: text, utc: utc) }

    static let forms: [Form] = [
        // RFC 822 / 1123 as specified.
        f("Tue, 14 Oct 2025 09:30:00 GMT", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 +0000", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 +0100", "2025-10-14T08:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 -0530", "2025-10-14T15:00:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 UT", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 UTC", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 Z", "2025-10-14T09:30:00Z"),
        // US named zones.
        f("Tue, 14 Oct 2025 09:30:00 EST", "2025-10-14T14:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 EDT", "2025-10-14T13:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 CST", "2025-10-14T15:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 CDT", "2025-10-14T14:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 MST", "2025-10-14T16:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 MDT", "2025-10-14T15:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 PST", "2025-10-14T17:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 PDT", "2025-10-14T16:30:00Z"),
        // Other named zones seen in African and European feeds.
        f("Tue, 14 Oct 2025 09:30:00 WAT", "2025-10-14T08:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 EAT", "2025-10-14T06:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 SAST", "2025-10-14T07:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 CEST", "2025-10-14T07:30:00Z"),
        // Military letters.
        f("Tue, 14 Oct 2025 09:30:00 A", "2025-10-14T08:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 M", "2025-10-13T21:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 N", "2025-10-14T10:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 Y", "2025-10-14T21:30:00Z"),
        // Real-world variants.
        f("Tue, 14 Oct 2025 09:30 GMT", "2025-10-14T09:30:00Z"),
        f("14 Oct 2025 09:30:00 GMT", "2025-10-14T09:30:00Z"),
        f("Mon, 14 Oct 2025 09:30:00 GMT", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Oct 25 09:30:00 GMT", "2025-10-14T09:30:00Z"),
        f("Thu, 14 Oct 99 09:30:00 GMT", "1999-10-14T09:30:00Z"),
        f("Tue, 4 Nov 2025 09:30:00 GMT", "2025-11-04T09:30:00Z"),
        f("  Tue,   4   Nov  2025   09:30:00   GMT  ", "2025-11-04T09:30:00Z"),
        f("Tuesday, 14 October 2025 09:30:00 GMT", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Sept 2025 09:30:00 GMT", "2025-09-14T09:30:00Z"),
        f("TUE, 14 OCT 2025 09:30:00 GMT", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Oct 2025", "2025-10-14T00:00:00Z"),
        f("Tue, 14-Oct-2025 09:30:00 GMT", "2025-10-14T09:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 +01:00", "2025-10-14T08:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 GMT+02:00", "2025-10-14T07:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 -0400 (EDT)", "2025-10-14T13:30:00Z"),
        f("Tue Oct 14 09:30:00 2025", "2025-10-14T09:30:00Z"),
        f("Tue Oct 14 09:30:00 UTC 2025", "2025-10-14T09:30:00Z"),
        f("October 14, 2025 9:30 PM", "2025-10-14T21:30:00Z"),
        f("Oct 14, 2025 12:05 AM EST", "2025-10-14T05:05:00Z"),
        f("Tue, 14 Oct 2025 09:30:00.123 GMT", "2025-10-14T09:30:00Z"),
        f("Sat, 29 Feb 2020 12:00:00 GMT", "2020-02-29T12:00:00Z"),
        f("Wed, 31 Dec 2025 23:30:00 -0100", "2026-01-01T00:30:00Z"),
        f("Tue, 14 Oct 2025 09:30:00 XYZ", "2025-10-14T09:30:00Z"),  // unknown 3-letter zone → UTC (RFC 1123)
        // ISO 8601 / W3DTF.
        f("2025-10-14T09:30:00Z", "2025-10-14T09:30:00Z"),
        f("2025-10-14T09:30:00.123456Z", "2025-10-14T09:30:00Z"),
        f("2025-10-14T09:30:00+01:00", "2025-10-14T08:30:00Z"),
        f("2025-10-14T09:30:00-05:00", "2025-10-14T14:30:00Z"),
        f("2025-10-14T09:30:00+0100", "2025-10-14T08:30:00Z"),
        f("2025-10-14T09:30:00+01", "2025-10-14T08:30:00Z"),
        f("2025-10-14T09:30Z", "2025-10-14T09:30:00Z"),
        f("2025-10-14T09:30:00", "2025-10-14T09:30:00Z"),
        f("2025-10-14 09:30:00", "2025-10-14T09:30:00Z"),
        f("2025-10-14 09:30:00 +0200", "2025-10-14T07:30:00Z"),
        f("2025-10-14 09:30:00 GMT", "2025-10-14T09:30:00Z"),
        f("2025-10-14t09:30:00z", "2025-10-14T09:30:00Z"),
        f("2025-10-14", "2025-10-14T00:00:00Z"),
        f("2025-10", "2025-10-01T00:00:00Z"),
        f("2025", "2025-01-01T00:00:00Z"),
        f("20251014T093000Z", "2025-10-14T09:30:00Z"),
        f("2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"),
        // Not dates.
        f("", nil),
        f("yesterday", nil),
        f("sometime last week", nil),
        f("2025-13-01T00:00:00Z", nil),
        f("2025-02-30", nil),
        f("2023-02-29", nil),
        f("Tue, 32 Oct 2025 09:30:00 GMT", nil),
        f("Tue, 14 Foo 2025 09:30:00 GMT", nil),
        f("Tue, 14 Oct 2025 25:30:00 GMT", nil),
        f("Tue, 14 Oct 2025 09:61:00 GMT", nil),
        f("2025-10-14T09:30:00+25:00", nil),
        f("1234567890", nil),
    ]

    @Test(arguments: forms) func parses(_ form: Form) throws {
        let expected = try form.utc.map { try Date($0, strategy: .iso8601) }
        #expect(FeedDate.parse(form.text) == expected)
    }

    @Test func resolveFallsBackAndClamps() {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(FeedDate.resolve(nil, now: now) == (now, false))
        #expect(FeedDate.resolve("garbage", now: now) == (now, false))
        #expect(FeedDate.resolve("2026-01-01T00:09:59Z", now: now) == (now.addingTimeInterval(599), true))
        #expect(FeedDate.resolve("2026-01-01T00:10:01Z", now: now) == (now, false))
        #expect(FeedDate.resolve("2025-12-31T00:00:00Z", now: now) == (now.addingTimeInterval(-86_400), true))
    }
}
