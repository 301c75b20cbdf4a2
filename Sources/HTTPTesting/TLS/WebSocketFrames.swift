/// Hand-made WebSocket frames for the TLS tests (the wslay client speaks plain TCP only): a masked
/// client text frame, and the server's unmasked frames read back.
public enum WebSocketFrames {
    public static func clientText(_ text: String) -> [UInt8] {
        let payload = Array(text.utf8)
        precondition(payload.count < 126, "short frames only")
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return [0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// (opcode, payload) of the first complete short frame in `bytes`, and the bytes after it.
    public static func serverFrame(in bytes: [UInt8]) -> (opcode: UInt8, payload: [UInt8], rest: [UInt8])? {
        guard bytes.count >= 2, bytes[1] & 0x80 == 0, bytes[1] & 0x7F < 126 else { return nil }
        let length = Int(bytes[1] & 0x7F)
        guard bytes.count >= 2 + length else { return nil }
        return (bytes[0] & 0x0F, Array(bytes[2..<(2 + length)]), Array(bytes[(2 + length)...]))
    }
}
