import Foundation
import Testing

@testable import Logging

/// The line format operators and log tooling read: `TIMESTAMP LEVEL [LABEL] MESSAGE key=value…`.
struct LogLineTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aLineHasTheTimestampLevelLabelMessageAndPairs() {
        let time = timespec(tv_sec: 1_796_324_513, tv_nsec: 42_999_999)
        let line = LogLine.format(
            at: time, level: .info, label: "http", message: "request",
            metadata: ["method": "GET", "path": "/stories", "status": "200", "bytes": "68", "ms": "0.041"])
        #expect(
            Self.text(line)
                == "2026-12-03T19:01:53.042Z info [http] request method=GET path=/stories status=200 bytes=68 ms=0.041")
    }

    @Test(arguments: [
        ("", #""""#), ("plain", "plain"), ("two words", #""two words""#), (#"say "hi""#, #""say \"hi\"""#),
        ("a=b", #""a=b""#), (#"back\slash"#, #"back\slash"#), (#"back\ slash"#, #""back\\ slash""#),
        ("line\nnext", #""line\nnext""#), ("cr\rtab\t", #""cr\rtab\t""#), ("bell\u{07}", #""bell\u{7}""#),
        ("esc\u{1B}", #""esc\u{1b}""#), ("café", "café"), ("café crème", #""café crème""#),
    ])
    func valuesAreQuotedOnlyWhenTheyWouldBeAmbiguous(_ value: String, _ written: String) {
        var out: [UInt8] = []
        LogLine.appendValue(value, to: &out)
        #expect(Self.text(out) == written)
    }

    /// Every day from 1970 to 2200 against the C library's calendar, at a time late in the day.
    @Test func timestampsMatchTheCLibraryCalendar() {
        for day in stride(from: 0, to: 84_000, by: 1) {
            var seconds = day * 86_400 + 86_399
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.999Z", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                parts.tm_hour, parts.tm_min, parts.tm_sec)
            var out: [UInt8] = []
            Timestamp.append(timespec(tv_sec: seconds, tv_nsec: 999_999_999), to: &out)
            if Self.text(out) != expected {
                Issue.record("day \(day): \(Self.text(out)) != \(expected)")
                return
            }
        }
    }

    @Test func theEpochAndMillisecondsArePadded() {
        var out: [UInt8] = []
        Timestamp.append(timespec(tv_sec: 0, tv_nsec: 7_000_000), to: &out)
        #expect(Self.text(out) == "1970-01-01T00:00:00.007Z")
        #expect(out.count == Timestamp.width)
    }
}
