import CZlib
import Foundation
import StableHash

/// Small generated PNG pictures: placeholders for the news samples' image links and avatars
/// for Xoseen's seed personas, so both apps show pictures without a network. zlib compresses
/// and checksums; this file only writes PNG's chunk framing (signature, IHDR, IDAT, IEND).
public enum PlaceholderImage {
    /// A diagonal two-tone gradient whose colours come from `seed` (e.g. the file name).
    public static func png(seed: String, width: Int = 640, height: Int = 360) -> Data {
        let hash = FNV1a32.hash(seed)
        let a = (UInt8(truncatingIfNeeded: hash), UInt8(truncatingIfNeeded: hash >> 8), UInt8(truncatingIfNeeded: hash >> 16))
        let b = (a.1 / 2 &+ 40, a.2 / 2 &+ 60, a.0 / 2 &+ 80)
        var raw = [UInt8]()
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let t = Double(x + y) / Double(width + height)
                func mix(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(Double(p) * (1 - t) + Double(q) * t) }
                raw += [mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2)]
            }
        }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        guard compress2(&compressed, &compressedLength, raw, uLong(raw.count), 9) == Z_OK else { return Data() }
        compressed.removeSubrange(Int(compressedLength)...)

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func bigEndian(_ value: UInt32) -> [UInt8] {
            [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            png += bigEndian(UInt32(body.count))
            png += typed
            png += bigEndian(UInt32(crc32(0, typed, uInt(typed.count))))
        }
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])  // 8-bit RGB
        chunk("IDAT", compressed)
        chunk("IEND", [])
        return png
    }
}
