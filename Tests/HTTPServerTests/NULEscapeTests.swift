import HTTPServer
import Testing

/// `\u0000` is found only where it is an escape of its own, not inside an escaped backslash.
struct NULEscapeTests {
    @Test(arguments: [
        (#"{"a":"x\u0000y"}"#, true), (#"{"a":"\u0000"}"#, true), (#"{"a":"\\u0000"}"#, false),
        (#"{"a":"\\\u0000"}"#, true), (#"{"a":"\u00000"}"#, true), (#"{"a":"\u0001"}"#, false),
        (#"{"a":"u0000"}"#, false), (#"{"a":"\u000"}"#, false), (#"\"#, false),
    ])
    func findsTheEscape(_ json: String, _ expected: Bool) {
        #expect(NULEscape.isPresent(in: Array(json.utf8)) == expected)
    }
}
