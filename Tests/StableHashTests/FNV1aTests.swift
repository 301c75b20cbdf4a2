import StableHash
import Testing

/// The published FNV-1a test vectors: stored keys, seeds and the safety features' Python twin depend on
/// these exact values.
@Suite struct FNV1aTests {
    @Test func sixtyFourBitMatchesThePublishedVectors() {
        #expect(FNV1a64.hash("") == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a64.hash("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a64.hash("foobar") == 0x8594_4171_F739_67E8)
    }

    @Test func thirtyTwoBitMatchesThePublishedVectors() {
        #expect(FNV1a32.hash("") == 0x811C_9DC5)
        #expect(FNV1a32.hash("a") == 0xE40C_292C)
        #expect(FNV1a32.hash("foobar") == 0xBF9C_F968)
    }

    @Test func addingInPartsEqualsHashingTheWhole() {
        var parts = FNV1a64()
        parts.add(Array("foo".utf8))
        parts.add(UInt8(ascii: "b"))
        parts.add("ar".utf8)
        #expect(parts.value == FNV1a64.hash("foobar"))
        let prefix = FNV1a32().adding("foo".utf8)
        #expect(prefix.adding("bar".utf8).value == FNV1a32.hash("foobar"))
        #expect(prefix.value == FNV1a32.hash("foo"))
        let bytes = Array("foobar".utf8)
        #expect(bytes.withUnsafeBytes { FNV1a64.hash($0) } == FNV1a64.hash("foobar"))
    }
}
