import Foundation

/// Photo captions and their credits inside an article's running text, where a page's extraction
/// leaves them: "The senator speaks in Ames, Iowa, August 9, 2014. (Jane Roe/Reuters) The vote …",
/// "Jane Roe | Pool | Getty Images", "In this May 2, 2019, file photo, the senator …". A credit is
/// cut wherever it is; the caption it closes goes with it: the text before the credit when that is a
/// fragment (no closing punctuation) or ends with a date, which is how captions end and news
/// sentences seldom do, or the sentence before when the credit opens the next one.
enum PhotoCaptions {
    /// The sentences of one paragraph without captions and credits, in order. With the article's `published` date, a
    /// sentence that ends with a full date of the week before it goes too (`isDatedCaption`).
    static func removed(from sentences: [String], published: Date? = nil) -> [String] {
        var out: [String] = []
        for sentence in sentences {
            if matches(fileCaption, sentence) || published.map({ isDatedCaption(sentence, published: $0) }) == true {
                continue
            }
            let parts = splitAtCredits(sentence)
            guard parts.count > 1 else {
                out.append(sentence)
                continue
            }
            var kept: [String] = []
            for (index, part) in parts.enumerated() {
                let text = part.trimmingCharacters(in: .whitespaces)
                if index == 0 {
                    if text.isEmpty {
                        // The credit opens the sentence: it closes the caption before it.
                        if let previous = out.last, isCaption(previous, closed: true) { out.removeLast() }
                        continue
                    }
                    if isCaption(text, closed: false) { continue }
                }
                if !text.isEmpty { kept.append(text) }
            }
            if !kept.isEmpty { out.append(kept.joined(separator: " ")) }
        }
        return out
    }

    /// Read like a caption even without a credit: ends with a place and a full date after a comma ("… in Leeds,
    /// Britain, Tuesday, March 4, 2021.", "…, Thursday, April 23, 2020, in Washington."; "takes effect on Jan. 15,
    /// 2027." is news), says who stands where, or shows a named person in the act, in the present tense that news
    /// prose does not use for what happened ("Rep. Jane Roe speaks at the convention in Philadelphia.", "Mike Pence
    /// speaking at a conference.").
    static func looksLikeCaption(_ sentence: String) -> Bool {
        matches(captionDate, sentence) || matches(position, sentence) || matches(posing, sentence)
    }

    /// A caption by news style: a caption ends with the day the picture was taken, year included ("… carry an injured
    /// person in Sichuan on Sept 6, 2022.", "…, Thursday, March 25, 2021 in Atlanta."), where a report gives a day of
    /// its own week without the year. So a sentence ending with a full date from the seven days before the article
    /// (or the day after, across time zones) is a caption; a date to come ("takes effect on Jan. 15, 2027.") or long
    /// past ("… died on June 3, 2015.") is news.
    static func isDatedCaption(_ sentence: String, published: Date) -> Bool {
        guard sentence.utf8.count <= 1_600, holdsAYear(sentence), sentence.count <= 400,
            let match = datedEnding.firstMatch(in: sentence, range: NSRange(sentence.startIndex..., in: sentence)),
            let monthRange = Range(match.range(at: 1), in: sentence), let dayRange = Range(match.range(at: 2), in: sentence),
            let yearRange = Range(match.range(at: 3), in: sentence),
            let month = FigureReader.monthNumber[sentence[monthRange].lowercased()],
            let day = Int(sentence[dayRange]), let year = Int(sentence[yearRange]),
            let date = DateComponents(calendar: utc, year: year, month: month, day: day).date
        else { return false }
        let days = published.timeIntervalSince(date) / 86_400
        return days > -1.5 && days < 8
    }

    /// Four digits in a row somewhere: most sentences have none, and skip the expression.
    private static func holdsAYear(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = (0x30...0x39).contains(byte) ? run + 1 : 0
            if run == 4 { return true }
        }
        return false
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Text before a credit is a caption when it ends with a full date ("…, June 23, 2020."), names who
    /// stands where ("(left)", "Listening are from left, …"), or, inside the credit's own sentence, stops without closing punctuation.
    private static func isCaption(_ text: String, closed: Bool) -> Bool {
        if matches(datedEnding, text) || matches(position, text) { return true }
        guard !closed, let last = text.last else { return false }
        return !".!?\"”’)".contains(last)
    }

    /// The sentence cut at each credit (the credits themselves left out).
    private static func splitAtCredits(_ sentence: String) -> [String] {
        let range = NSRange(sentence.startIndex..., in: sentence)
        var cuts: [NSRange] = []
        for pattern in credits {
            for match in pattern.matches(in: sentence, range: range) {
                // Three words at least: "(U.S./China)" or "(Reuters/Ipsos)" is not a photographer's credit.
                let words = (sentence as NSString).substring(with: match.range)
                    .split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "|" || $0 == "(" || $0 == ")" })
                if words.count >= 3 { cuts.append(match.range) }
            }
        }
        guard !cuts.isEmpty else { return [sentence] }
        cuts.sort { $0.location < $1.location }
        var parts: [String] = []
        var from = sentence.startIndex
        for cut in cuts {
            guard let r = Range(cut, in: sentence), r.lowerBound >= from else { continue }
            parts.append(String(sentence[from..<r.lowerBound]))
            from = r.upperBound
        }
        parts.append(String(sentence[from...]))
        return parts
    }

    private static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static let word = #"[A-Z][\p{L}'’.\-]*"#
    /// An agency closing an unbracketed credit. A one-word name must be followed by a new sentence or
    /// nothing: "An Ipsos/Reuters poll" is news.
    private static let agency =
        #"(?:Getty Images|AP Photo|ZUMA Wire|(?:AP|Reuters|AFP|EPA|Bloomberg|Shutterstock|Pool|Sipa|Xinhua)\b(?=\s*$|\s+[A-Z“"]))"#

    private static let credits: [NSRegularExpression] = [
        // Reuters' own: "REUTERS/Jane Roe", "REUTERS/Jane Roe/File Photo" (the name stops where a sentence starts).
        try! NSRegularExpression(pattern: #"\s*\bREUTERS/\#(word)(?:\s\#(word)){0,3}(?:/File Photo)?(?=\s+[A-Z“"]|\s*$)"#),
        // "(Jane Roe/Reuters)", "(Sputnik/Alexei Druzhinin/Kremlin via Reuters)", "(Maker/via YouTube)":
        // a parenthesis of capitalised words (and via/of/the) around at least one slash.
        try! NSRegularExpression(
            pattern:
                #"\s*\(\s*\#(word)(?:\s+(?:\#(word)|via|of|the|for))*\s*(?:/\s*(?:\#(word)|via|of|the|for)(?:\s+(?:\#(word)|via|of|the|for))*\s*)+\)"#
        ),
        // Unbracketed, ending in an agency: "Jane Roe | Pool | Getty Images", "Jane Roe / AFP / Getty Images",
        // "Jane Roe/the Daily Courier via Getty Images".
        try! NSRegularExpression(
            pattern:
                #"(?:\|\s*)?(?:\#(word)\s){1,3}\#(word)\s?[|/]\s?(?:[^|/.\n]{1,50}?\s?[|/]\s?)?(?:[\p{L} ]{0,40}via\s)?\#(agency)"#
        ),
    ]

    /// AP's caption form, a sentence of its own: "In this June 24, 2019, file photo, …", "In this image released by …".
    private static let fileCaption = try! NSRegularExpression(
        pattern:
            #"^(?:(?:In this|This)\b.{0,60}\b(?:file|handout) (?:photo|image)\b|In this (?:\w+ ){0,2}(?:photo|image|picture|photograph|video|frame grab|screenshot)\b)"#,
        options: [.caseInsensitive])
    /// Text ending with a full date, a place after it or not ("…, June 23, 2020.", "on Sept. 08, 2022, in New York
    /// City."): month, day and year captured.
    private static let datedEnding = try! NSRegularExpression(
        pattern:
            #"\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?\s(\d{1,2}),?\s(\d{4})(?:,?\s(?:in|at)\s[A-Z][\p{L}.'’ -]{1,40})?\.?$"#
    )
    private static let captionDate = try! NSRegularExpression(
        pattern:
            #",\s(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),\s)?(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?\s\d{1,2},?\s\d{4}(?:,\s(?:in|at)\s[A-Z][\p{L}.'’ -]{1,40})?\.?$"#
    )
    private static let posing = try! NSRegularExpression(
        pattern:
            #"^(?:\#(word)\s){1,5}(?:speaks|speaking|gestures|gesturing|listens|listening|waves|waving|poses|posing|smiles|smiling|looks on|points|pointing|reacts|reacting)\b"#
    )
    private static let position = try! NSRegularExpression(
        pattern:
            #"\((?:left|right|center|centre|second (?:from )?(?:left|right)|front|rear|top|bottom|in red|in blue)\)|\b(?:from (?:left|right)|left to right|l-r)\s*[,:)]"#,
        options: [.caseInsensitive])
}
