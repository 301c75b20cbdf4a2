/// Finds numbers that identify or reach a person — phone numbers, card numbers, social security numbers — in
/// the tokens of a message, however they are written: "917-555-0142", "(917) 555 0142", "+1 917 555 0142",
/// "9 1 7 5 5 5 0 1 4 2", "nine one seven five five five oh one four two", "9l7-555-Ol42".
///
/// A run is a sequence of digit groups (numbers, number words, digit-like words) joined by spaces, hyphens,
/// dots, brackets, slashes or a plus. Its shape decides what it is. Ordinary numbers in dating talk never make
/// a long run: times ("7:30") and thousands ("1,200") break runs, prices are amounts, years stand alone.
enum DigitRunReader {
    enum Finding: Equatable {
        case phone, card, socialSecurity
    }

    struct Run {
        var digits: [UInt8] = []
        var groups: [Int] = []
        /// What joined each group to the one before it (one fewer than `groups`).
        var joins: [MessageToken.Separator] = []
        var start = 0
    }

    static func findings(in tokens: [MessageToken], phoneCues: Set<Int32>, socialSecurityCues: Set<Int32>) -> [Finding] {
        var results: [Finding] = []
        var run = Run()
        var index = 0
        func finish() {
            if let finding = classify(run, tokens: tokens, phoneCues: phoneCues, socialSecurityCues: socialSecurityCues) {
                results.append(finding)
            }
            run = Run()
        }
        while index < tokens.count {
            let token = tokens[index]
            let dotGroups = token.dotGroups
            var digits = digitReading(
                of: token, inRun: !run.digits.isEmpty, next: index + 1 < tokens.count ? tokens[index + 1] : nil)
            if let read = digits, isDottedDate(read, groups: dotGroups) { digits = nil }
            if let digits {
                if !run.digits.isEmpty && !continuesRun(token.separator, previous: tokens[index - 1], current: token) {
                    finish()
                }
                if run.digits.isEmpty { run.start = index } else { run.joins.append(token.separator) }
                run.digits += digits
                if dotGroups.isEmpty {
                    run.groups.append(digits.count)
                } else {
                    run.groups += dotGroups
                    run.joins += Array(repeating: .dot, count: dotGroups.count - 1)
                }
            } else if !run.digits.isEmpty {
                finish()
            }
            index += 1
        }
        if !run.digits.isEmpty { finish() }
        return results
    }

    /// The digits a token stands for in a number, or nil.
    static func digitReading(of token: MessageToken, inRun: Bool, next: MessageToken?) -> [UInt8]? {
        if token.flags.contains(.money) || token.flags.contains(.handle) { return nil }
        if token.flags.contains(.number) { return Array(token.text.utf8).map { $0 - 0x30 } }
        if token.flags.contains(.numberWord), let digit = NumberWords.digit(forSkeleton: token.text) {
            if digit == 0 && (token.text == "o" || token.text == "oh") {
                // "oh" is zero only inside a number.
                let nextIsDigit = next.map { $0.flags.contains(.number) || $0.flags.contains(.numberWord) } ?? false
                return inRun && nextIsDigit ? [0] : nil
            }
            return [digit]
        }
        // "9l7", "Ol42": digits with o / l / i standing in for 0 and 1.
        guard token.flags.contains(.hasDigit), token.raw.count >= 2 else { return nil }
        var digits: [UInt8] = []
        for byte in token.raw {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - 0x30)
            case UInt8(ascii: "o"): digits.append(0)
            case UInt8(ascii: "l"), UInt8(ascii: "i"): digits.append(1)
            default: return nil
            }
        }
        let realDigits = token.raw.filter { $0 >= 0x30 && $0 <= 0x39 }.count
        return realDigits * 2 >= digits.count ? digits : nil
    }

    /// Separators a number may be written with; a comma only between spoken digits ("nine one seven, five…"),
    /// never as a thousands separator ("1,200").
    static func continuesRun(_ separator: MessageToken.Separator, previous: MessageToken, current: MessageToken) -> Bool {
        let allowed: MessageToken.Separator = [.space, .wideSpace, .hyphen, .dot, .parenthesis, .plus, .slash, .comma]
        guard allowed.isSuperset(of: separator) else { return false }
        if separator.contains(.comma) {
            let spoken =
                previous.flags.contains(.numberWord) || current.flags.contains(.numberWord)
                || (previous.text.utf8.count == 1 && current.text.utf8.count == 1)
            return spoken && separator.contains(.space)
        }
        return true
    }

    static func classify(_ run: Run, tokens: [MessageToken], phoneCues: Set<Int32>, socialSecurityCues: Set<Int32>) -> Finding? {
        let count = run.digits.count
        guard count >= 7 else { return nil }
        let cueWindow = tokens[max(0, run.start - 5)..<run.start]
        let phoneCue = cueWindow.contains { phoneCues.contains($0.id) }
        let socialCue = cueWindow.contains { socialSecurityCues.contains($0.id) }

        if run.groups == [3, 2, 4] || (count == 9 && socialCue) { return .socialSecurity }
        if (13...19).contains(count) && (cardShaped(run.groups) || (run.groups.count == 1 && luhnValid(run.digits))) {
            return .card
        }
        let spoken = run.groups.allSatisfy { $0 == 1 }
        // Dots join the groups of phone numbers ("06.12.34.56.78") and of counts, not of lists of numbers.
        let dotted = !run.joins.isEmpty && run.joins.allSatisfy { $0 == .dot }
        let plausible = spoken || dotted || run.groups.count <= 5 && run.groups.contains { $0 >= 3 }
        let international = tokens[run.start].separator.contains(.plus)
        guard plausible, !isYearList(run), international || !isDottedCount(run) else { return nil }
        if (10...13).contains(count) { return .phone }
        // Seven to nine digits are a (local) phone number only when the message says so.
        if (7...9).contains(count) && phoneCue { return .phone }
        return nil
    }

    static func cardShaped(_ groups: [Int]) -> Bool {
        groups == [4, 4, 4, 4] || groups == [4, 6, 5] || groups == [4, 4, 4, 4, 3] || groups == [4, 4, 4, 2]
            || groups == [4, 4, 4, 1]
    }

    /// "2015 2016 2017": years, not a number.
    static func isYearList(_ run: Run) -> Bool {
        guard run.groups.count > 1, run.groups.allSatisfy({ $0 == 4 }) else { return false }
        return stride(from: 0, to: run.digits.count, by: 4).allSatisfy { offset in
            let prefix = Int(run.digits[offset]) * 10 + Int(run.digits[offset + 1])
            return prefix == 19 || prefix == 20
        }
    }

    /// "2.124.821.694 views": a count written with dots between the thousands, as most of Europe writes it — a
    /// first group of one to three digits without a leading zero, then at least three groups of exactly three,
    /// every join a bare dot (the caller checks there is no `+` before it). With fewer groups it has at most nine
    /// digits, a phone number only beside a phone cue.
    static func isDottedCount(_ run: Run) -> Bool {
        guard run.groups.count >= 4, (1...3).contains(run.groups[0]), run.digits[0] != 0 else { return false }
        return run.groups.dropFirst().allSatisfy { $0 == 3 } && run.joins.allSatisfy { $0 == .dot }
    }

    /// "02.08.2007", "12.5.26": a date written with dots (day and month either way round), which stands alone
    /// rather than starting a phone number with the numbers after it.
    static func isDottedDate(_ digits: [UInt8], groups: [Int]) -> Bool {
        guard groups.count == 3, (1...2).contains(groups[0]), (1...2).contains(groups[1]),
            groups[2] == 2 || groups[2] == 4
        else { return false }
        func value(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1) } }
        let first = value(0..<groups[0])
        let second = value(groups[0]..<(groups[0] + groups[1]))
        let yearStart = groups[0] + groups[1]
        if groups[2] == 4 {
            let century = value(yearStart..<(yearStart + 2))
            guard century == 19 || century == 20 else { return false }
        }
        let dayMonth = (1...31).contains(first) && (1...12).contains(second)
        let monthDay = (1...12).contains(first) && (1...31).contains(second)
        return dayMonth || monthDay
    }

    /// The Luhn check digit test that card numbers pass.
    static func luhnValid(_ digits: [UInt8]) -> Bool {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            var value = Int(digit)
            if offset % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return sum % 10 == 0
    }
}
