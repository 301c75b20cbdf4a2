import Foundation
import Testing

@testable import HTTPServer

/// The wire encoder's bytes, compared exactly: its fast paths for leaf types and arrays of
/// them must write what the general Codable path writes.
@Suite struct WireJSONEncoderTests {
    func text<T: Encodable>(_ value: T, _ encoder: WireJSONEncoder = WireJSONEncoder()) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    struct Leaves: Encodable {
        let text = "a\"b\\c\nd\te\u{01}é"
        let small = 0
        let negative = -42
        let minimum = Int.min
        let maximum = Int.max
        let wide: Int64 = -9_000_000_000
        let unsigned: UInt64 = .max
        let flag = true
        let whole = 3.0
        let fraction = -0.25
        let words = ["x", "y\"z"]
        let numbers = [1, -2, 30]
        let empty: [Int] = []
        let missing: String? = nil
    }

    @Test func leafTypesAndTheirArrays() throws {
        let expected =
            #"{"text":"a\"b\\c\nd\te\u0001é","small":0,"negative":-42,"minimum":-9223372036854775808,"#
            + #""maximum":9223372036854775807,"wide":-9000000000,"unsigned":18446744073709551615,"flag":true,"#
            + #""whole":3.0,"fraction":-0.25,"words":["x","y\"z"],"numbers":[1,-2,30],"empty":[],"missing":null}"#
        #expect(try text(Leaves()) == expected)
    }

    struct Inner: Encodable {
        let id: Int
        let tags: [String]?
    }

    struct Outer: Encodable {
        let items: [Inner]
        let nested: [[Int]]
        let map: [String: Int]
        let when: Date
    }

    @Test func nestedContainersAndDates() throws {
        let value = Outer(
            items: [Inner(id: 1, tags: ["a"]), Inner(id: 2, tags: nil)], nested: [[1], [], [2, 3]],
            map: ["k": 5], when: Date(timeIntervalSince1970: 1_767_225_600))
        #expect(
            try text(value) == #"{"items":[{"id":1,"tags":["a"]},{"id":2,"tags":null}],"nested":[[1],[],[2,3]],"#
                + #""map":{"k":5},"when":"2026-01-01T00:00:00Z"}"#)
        #expect(try text(Inner(id: 7, tags: nil), WireJSONEncoder(omitNilKeys: true)) == #"{"id":7}"#)
        #expect(try text([Date(timeIntervalSince1970: 12.5)], WireJSONEncoder(dateStyle: .secondsSince1970)) == "[12.5]")
    }

    @Test func topLevelLeavesAndArrays() throws {
        #expect(try text("plain") == #""plain""#)
        #expect(try text(12) == "12")
        #expect(try text([3, 4]) == "[3,4]")
        #expect(try text(["p"]) == #"["p"]"#)
        #expect(try text(false) == "false")
    }

    struct Broken: Encodable {
        let inner: Wrapper
        struct Wrapper: Encodable { let value: Double }
    }

    @Test func nonFiniteNumbersFailWithTheirPath() throws {
        do {
            _ = try WireJSONEncoder().encode(Broken(inner: .init(value: .nan)))
            Issue.record("NaN was encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["inner"])
        }
    }

    /// Encodes another value from inside its own `encode(to:)`: the thread's cached writer is
    /// busy, so the inner encode must get its own.
    struct Nesting: Encodable {
        func encode(to encoder: any Encoder) throws {
            let inner = String(decoding: try WireJSONEncoder().encode(["in": 1]), as: UTF8.self)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(inner, forKey: .inner)
            try container.encode(2, forKey: .after)
        }
        enum Key: CodingKey { case inner, after }
    }

    @Test func nestedEncodesAndLargeOutputsLeaveTheWriterReusable() throws {
        #expect(try text(Nesting()) == #"{"inner":"{\"in\":1}","after":2}"#)
        let large = Array(repeating: String(repeating: "x", count: 1000), count: 100)
        #expect(try WireJSONEncoder().encode(large).count == 100 * 1002 + 99 + 2)
        #expect(try text(["a": [1]]) == #"{"a":[1]}"#)
    }

    /// The plain-string path checks eight bytes at a time: an escape at any position of
    /// strings of every length up to a few words must still be found.
    @Test func escapesAtEveryPositionAndLength() throws {
        for length in 0...20 {
            let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))) })
            #expect(try text(plain) == "\"\(plain)\"")
            #expect(try text("é" + plain + "€") == "\"é\(plain)€\"")
            for position in 0..<length {
                for (special, escaped) in [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1F}", #"\u001f"#)] {
                    var characters = Array(plain)
                    characters[position] = Character(special)
                    let expected = String(plain.prefix(position)) + escaped + String(plain.dropFirst(position + 1))
                    #expect(try text(String(characters)) == "\"\(expected)\"")
                }
            }
        }
        #expect(try text(" !#[]~\u{7F}") == "\" !#[]~\u{7F}\"")
    }

    /// The same key type at several depths at once, and different key types at one depth:
    /// the writer reuses keyed containers by (key type, depth) across values and encodes.
    struct Tree: Encodable {
        let name: String
        let children: [Tree]
        let leaf: Leaf?
        struct Leaf: Encodable { let weight: Int }
    }

    @Test func keyedContainersReusedAcrossDepthsAndEncodes() throws {
        let tree = Tree(
            name: "a",
            children: [
                Tree(name: "b", children: [Tree(name: "c", children: [], leaf: .init(weight: 3))], leaf: nil),
                Tree(name: "d", children: [], leaf: .init(weight: 4)),
            ], leaf: .init(weight: 1))
        let expected =
            #"{"name":"a","children":[{"name":"b","children":[{"name":"c","children":[],"leaf":{"weight":3}}],"#
            + #""leaf":null},{"name":"d","children":[],"leaf":{"weight":4}}],"leaf":{"weight":1}}"#
        for _ in 0..<3 {
            #expect(try text(tree) == expected)
            #expect(try text([tree.leaf, nil]) == #"[{"weight":1},null]"#)
        }
    }
}
