extension String {
    /// ASCII-whitespace trim on the UTF-8 view. Foundation's `trimmingCharacters` bridges through
    /// NSString/UTF-16 and showed up at 5% of parse time.
    var trimmedASCII: String {
        let utf8 = self.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        if start == utf8.startIndex, end == utf8.endIndex { return self }
        return String(self[start..<end])
    }
}
