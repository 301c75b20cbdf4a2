/// A link's scheme and `www.` blanked out of a folded message before the learned classifier reads it. Its
/// training texts lost their links unevenly: benign tweets and comments carried them as a `URL` placeholder,
/// removed before training, while spam comments kept theirs — so "http" alone read as spam ("lol look at this
/// https://t.co/abc123" scored 0.97). What the link names stays ("hackfbaccountlive.com/?ref=…" still reads as
/// spam, "yelp.com/biz/joes-pizza" does not), and that a link is there is the rules' evidence of promotion
/// (``CueTally/promotes``).
enum LinkMasking {
    static let blanked: [[UInt8]] = ["https://", "http://", "www."].map { Array($0.utf8) }

    /// The message itself when it holds no link (no copy: this runs on every chat message).
    static func masked(_ folded: [UInt8]) -> [UInt8] {
        guard var link = nextLink(in: folded, from: 0) else { return folded }
        var output = folded
        while true {
            for offset in link.start..<(link.start + link.length) { output[offset] = UInt8(ascii: " ") }
            guard let next = nextLink(in: output, from: link.start + link.length) else { return output }
            link = next
        }
    }

    /// Where the next scheme or `www.` starts and how long it is: an `h` or `w` that begins one of ``blanked``.
    private static func nextLink(in bytes: [UInt8], from start: Int) -> (start: Int, length: Int)? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "h") || byte == UInt8(ascii: "w"),
                let prefix = blanked.first(where: { starts(bytes, at: index, with: $0) })
            {
                return (index, prefix.count)
            }
            index += 1
        }
        return nil
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: [UInt8]) -> Bool {
        guard index + prefix.count <= bytes.count, bytes[index] == prefix[0] else { return false }
        return bytes[index..<(index + prefix.count)].elementsEqual(prefix)
    }
}
