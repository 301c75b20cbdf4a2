/// The date of birth printed on a card's visual zone: the date after a birth-date label on
/// the same line or the next one. Without any label, the earliest date on the card (cards
/// print birth, issue and expiry dates; birth comes first in time) is a weak reading.
public struct DateOfBirthField: Sendable, Equatable {
    public let date: CalendarDate
    /// 0–100: Tesseract's confidence in the line, lowered for an assumed day/month order and
    /// halved without a label.
    public let confidence: Double
    public let labelled: Bool

    public init(date: CalendarDate, confidence: Double, labelled: Bool) {
        self.date = date
        self.confidence = confidence
        self.labelled = labelled
    }

    /// Labels for the birth date in the languages and abbreviations cards commonly use.
    static let labels = [
        "DATE OF BIRTH", "BIRTH DATE", "BIRTHDATE", "DOB", "D.O.B", "D O B", "BORN", "DATE DE NAISSANCE",
        "GEBURTSDATUM", "FECHA DE NACIMIENTO", "DATA DI NASCITA", "NASCIMENTO",
    ]

    public struct Line: Sendable {
        public let text: String
        public let confidence: Double
        public init(text: String, confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
    }

    /// Where the first birth-date label on the line ends (UTF-16 offset), tolerating OCR slips:
    /// one wrong letter in a short label (`DOS` for `DOB`), one in five in a long one.
    static func labelEnd(in text: String) -> Int? {
        let chars = Array(text.uppercased().utf16)
        var best: (start: Int, end: Int)?
        for label in labels {
            let target = Array(label.utf16)
            let allowed = target.count <= 3 ? 1 : target.count / 5
            for length in max(1, target.count - allowed)...(target.count + allowed) where length <= chars.count {
                for start in 0...(chars.count - length) {
                    if let b = best, start >= b.start { break }
                    // A short label must stand alone (not inside a word).
                    if target.count <= 3 {
                        if start > 0, isLetter(chars[start - 1]) { continue }
                        if start + length < chars.count, isLetter(chars[start + length]) { continue }
                    }
                    if editDistance(chars[start..<(start + length)], target[...]) <= allowed {
                        best = (start, start + length)
                        break
                    }
                }
            }
        }
        return best?.end
    }

    static func isLetter(_ c: UInt16) -> Bool { (0x41...0x5A).contains(c) }

    static func editDistance(_ a: ArraySlice<UInt16>, _ b: ArraySlice<UInt16>) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    public static func find(in lines: [Line], order: PrintedDate.Order, today: CalendarDate) -> DateOfBirthField? {
        func plausible(_ d: PrintedDate.Found) -> Bool { d.date <= today && d.date.year >= today.year - 130 }
        for (i, line) in lines.enumerated() {
            guard let after = labelEnd(in: line.text) else { continue }
            if let found = PrintedDate.all(in: line.text, order: order, pivot: today).first(where: {
                $0.offset >= after && plausible($0)
            }) {
                return DateOfBirthField(
                    date: found.date, confidence: line.confidence * (found.ambiguous ? 0.9 : 1), labelled: true)
            }
            if i + 1 < lines.count,
                let found = PrintedDate.all(in: lines[i + 1].text, order: order, pivot: today).first(where: plausible)
            {
                return DateOfBirthField(
                    date: found.date, confidence: lines[i + 1].confidence * (found.ambiguous ? 0.9 : 1) * 0.95,
                    labelled: true)
            }
        }
        let all = lines.flatMap { line in
            PrintedDate.all(in: line.text, order: order, pivot: today).filter(plausible).map { (line, $0) }
        }
        guard let (line, earliest) = all.min(by: { $0.1.date < $1.1.date }) else { return nil }
        return DateOfBirthField(date: earliest.date, confidence: line.confidence * 0.5, labelled: false)
    }
}
