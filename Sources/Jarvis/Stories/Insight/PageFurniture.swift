import Foundation

/// The one cleaner for article bodies before they become sentences for summaries, consensus and conflict:
/// it removes what a page or a wire adds around the news and what no reader wants quoted as news —
/// credits ("(Reporting by …; Editing by …)", "The Associated Press contributed to this report."),
/// bylines, datelines ("LAGOS (Reuters) -", "WASHINGTON —"), prompts ("Read more", "Sign up for …",
/// "CLICK HERE TO GET THE … APP", "Follow … on Twitter"), photo captions and credits ("Image copyright
/// Getty Images", "toggle caption", "REUTERS/Name", "(AP Photo/…)"), embedded social posts ("— Name (@handle)
/// December 28, 2018"), copyright lines, advertisement markers, update stamps, and inline
/// related-link blocks ("Donald John TrumpTrump faces … MORE"). Patterns come from the furniture that
/// recurs across the outlets of the real labelled news set (the lines seen most often across articles).
enum PageFurniture {
    /// Cleaned body: furniture lines dropped, inline furniture cut, whitespace of each line tidied. `published` (the
    /// article's date) lets a caption that ends with the photo's date go (`PhotoCaptions.removed`).
    static func clean(_ body: String, published: Date? = nil) -> String {
        var lines: [String] = []
        // A bullet starts an item of its own, even inside one line: "… on Sunday. • Shares fell …".
        var itemized = body
        for mark in ["•", "▪", "●", "■"] { itemized = itemized.replacingOccurrences(of: mark + " ", with: "\n") }
        for raw in itemized.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = collapsingSpaces(raw).trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !isFurnitureLine(line) else { continue }
            line = removeInline(line, opening: lines.isEmpty).trimmingCharacters(in: .whitespaces)
            // Feeds often put a whole body on one line: prompts are dropped sentence by sentence.
            let kept = PhotoCaptions.removed(from: InsightText.analyzer.sentences(line), published: published)
                .filter { !isFurniture($0) }
            if !kept.isEmpty { lines.append(kept.joined(separator: " ")) }
        }
        var text = lines.joined(separator: "\n")
        for tail in ["[…]", "[...]", "Read more", "Continue reading", "read more"] where text.hasSuffix(tail) {
            text = String(text.dropLast(tail.count)).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    /// Whether a whole line (paragraph) is furniture: a furniture pattern from start to end, or a short line
    /// without sentence punctuation (headings, lone names, caption fragments).
    static func isFurnitureLine(_ line: String) -> Bool {
        let range = NSRange(line.startIndex..., in: line)
        if wholeLine.contains(where: { $0.firstMatch(in: line, range: range) != nil }) { return true }
        let words = line.split(whereSeparator: \.isWhitespace)
        if words.count <= 4, let last = line.last, !".!?\"”’)".contains(last) { return true }
        return false
    }

    /// Whether one sentence is furniture: as a line, or containing a prompt ("click here to", "sign up for our").
    static func isFurniture(_ sentence: String) -> Bool {
        if isFurnitureLine(sentence) || isHeading(sentence) { return true }
        let lower = sentence.lowercased()
        return phrases.contains { lower.contains($0) }
    }

    /// A headline rather than a sentence: no closing punctuation (a closing agency tag like "(AP)" aside) and
    /// most of its words capitalised — a related story's link or a section heading run into the text
    /// ("‘Clear Similarities’ in Boeing Crashes, Minister Says (AP)").
    static func isHeading(_ sentence: String) -> Bool {
        var text = sentence.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("), text.distance(from: open, to: text.endIndex) <= 12 {
            text = String(text[..<open]).trimmingCharacters(in: .whitespaces)
        }
        guard let last = text.last, !".!?\"”’;,:".contains(last) else { return false }
        let words = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: .punctuationCharacters) }
            .filter { !$0.isEmpty && !StopWords.english.contains($0.lowercased()) }
        guard words.count >= 3 else { return false }
        let capitalised = words.filter { $0.first?.isUppercase == true || $0.first?.isNumber == true }.count
        return Double(capitalised) >= 0.8 * Double(words.count)
    }

    /// `opening`: the body's first line, where a dateline stands.
    private static func removeInline(_ line: String, opening: Bool) -> String {
        var text = removeRelatedLinks(line)
        for patterns in opening ? [inline, openingDatelines] : [inline] {
            for (pattern, replacement) in patterns {
                text = pattern.stringByReplacingMatches(
                    in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
            }
        }
        text = removeCityDateline(text)
        // A page's date and update stamps before the text ("March 10, 2023 Updated Fri., March 10, 2023 at 8:19
        // p.m. Regulators closed …"), one after another.
        for _ in 0..<3 {
            let stamped = dateStamps.reduce(text) {
                $1.stringByReplacingMatches(in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: "")
            }
            if stamped == text { break }
            text = stamped
        }
        return text.replacingOccurrences(of: "  ", with: " ")
    }

    /// Runs of spaces, tabs and no-break spaces as one space, in one pass: the patterns below that open with
    /// `\s*` would each take time quadratic in a long run (20,000 blanks in a body took seconds).
    static func collapsingSpaces(_ line: Substring) -> String {
        var result = ""
        result.reserveCapacity(line.utf8.count)
        var blank = false
        for c in line {
            if c == " " || c == "\t" || c == "\u{A0}" {
                if !blank { result.append(" ") }
                blank = true
            } else {
                result.append(c)
                blank = false
            }
        }
        return result
    }

    /// A dateline of a city and its country in ordinary capitals before a dash ("Jakarta, Indonesia – "): the
    /// country must be one, so a sentence that opens with two names and a dash stays.
    static func removeCityDateline(_ line: String) -> String {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = cityDateline.firstMatch(in: line, range: range),
            let country = Range(match.range(at: 2), in: line),
            Demonyms.places.contains(line[country].lowercased()),
            let whole = Range(match.range, in: line)
        else { return line }
        return String(line[whole.upperBound...])
    }

    /// The Hill-style related-link block inside a sentence: a full name glued to a list of headlines,
    /// ending in "MORE" ("President Trump Donald John TrumpTrump faces … MORE on Monday slammed …"). Cut from
    /// the capitalised name that runs into the glued word ("TrumpTrump") through "MORE".
    static func removeRelatedLinks(_ line: String) -> String {
        var text = line
        var searchFrom = text.startIndex
        while let more = text.range(of: " MORE", range: searchFrom..<text.endIndex) {
            let afterMore = more.upperBound
            if afterMore < text.endIndex, text[afterMore].isLetter {
                searchFrom = afterMore
                continue
            }
            // The glued word: a lower-case letter directly followed by an upper-case one, within 500 characters.
            let windowStart = text.index(more.lowerBound, offsetBy: -500, limitedBy: text.startIndex) ?? text.startIndex
            var glue: String.Index?
            var i = windowStart
            while i < more.lowerBound {
                let next = text.index(after: i)
                if next < more.lowerBound, text[i].isLowercase, text[next].isUppercase {
                    glue = next
                    break
                }
                i = next
            }
            guard let glued = glue else {
                searchFrom = afterMore
                continue
            }
            // Back from the glued word over the given names before it ("Donald John" of "Donald John TrumpTrump"),
            // never into the name as the sentence gives it: "Rep. Joe Walsh Joe WalshBill Weld … MORE" keeps
            // "Joe Walsh".
            var start = text[..<glued].lastIndex(of: " ").map { text.index(after: $0) } ?? text.startIndex
            let surname = text[start..<glued]
            var words = 0
            while start > text.startIndex, words < 2 {
                let before = text[..<text.index(before: start)]
                guard let space = before.lastIndex(of: " ") else {
                    if before.first?.isUppercase == true { start = before.startIndex }
                    break
                }
                let word = before[before.index(after: space)...]
                guard word.first?.isUppercase == true, !word.hasSuffix("."), word != surname else { break }
                start = before.index(after: space)
                words += 1
            }
            text.removeSubrange(start..<afterMore)
            searchFrom = start
        }
        return text
    }

    private static func regex(_ pattern: String) -> NSRegularExpression {
        try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    private static let cityDateline = try! NSRegularExpression(
        pattern: #"^([A-Z][a-z]+(?: [A-Z][a-z]+){0,2}), ([A-Z][a-z]+(?: [A-Z][a-z]+){0,2})\s+[-–—]{1,2}\s+(?=\S)"#)
    /// A date as a page stamps it (optionally a weekday before it and a clock time after), at the start of a line:
    /// labelled ("Updated Fri., March 10, 2023"), or with a clock time, or followed by a separator or by the next
    /// stamp's label ("March 10, 2023 Updated …", "[Developing Story] November 11, 2022 – "). A sentence that opens
    /// with a date ("March 10, 2023 was the day …") has none of these and stays. Four short expressions, not one
    /// long one: Foundation keeps a copy of a long pattern (past about 256 characters) that it never frees, which
    /// the fuzzer's leak check reported.
    private static let dateStamps: [NSRegularExpression] = {
        let day = #"([a-z]{3,9}\.?,?\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}"#
        let clock = #",?\s+(at\s+)?\d{1,2}[.:]\d{2}\s*([ap]\.?m\.?)?(?-i:\s+[A-Z]{2,4}\b)?"#
        let label = #"((last )?updated|published|posted)"#
        let separator = #"\s*[-\u2013\u2014|:]+\s*"#
        let opening = #"^(\[[^\]]{1,30}\]\s*)?"#
        // Day first, as British and Asian pages stamp it ("5th September 2022", "Sunday 28 March 2021 - 17:34").
        let dayFirst =
            #"([a-z]{3,9}\.?,?\s+)?\d{1,2}(st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+\d{4}"#
        let dayFirstClock = #"(\s*[-\u2013\u2014,|]?\s*(at\s+)?\d{1,2}[.:]\d{2}\s*([ap]\.?m\.?)?)?"#
        // Followed by a capital: a sentence that opens with a date goes on in lower case ("March 10, 2023 was …").
        let capital = #"\s+(?-i:(?=[A-Z]))"#
        return [
            "^" + label + #"\s*:?\s*"# + day + clock + "(" + separator + #")?\s*(?=\S)"#,
            opening + label + #"\s*:?\s*"# + day + "(" + separator + #")?\s*(?=\S)"#,
            opening + day + clock + "(" + separator + #")?\s*(?=\S)"#,
            opening + day + "(" + separator + #"|\s+(?="# + label + #"\b)|"# + capital + #")(?=\S)"#,
            opening + dayFirst + dayFirstClock + "(" + separator + "|" + capital + #")(?=\S)"#,
        ].map(regex)
    }()

    /// Datelines in ordinary capitals, which only the body's first line can hold: a place and a colon ("Colombo: ",
    /// "Mazatlan, Mexico: "), a place and a date ("London, Sep 10 "). Before a capital letter, as news goes on.
    private static let openingDatelines: [(NSRegularExpression, String)] = [
        (
            try! NSRegularExpression(
                pattern: #"^[A-Z][a-z]+( [A-Z][a-z]+)?(, [A-Z][a-z]+( [A-Z][a-z]+)?)?:\s+(?=[A-Z"“])"#), ""
        ),
        (
            try! NSRegularExpression(
                pattern:
                    #"^[A-Z][a-z]+( [A-Z][a-z]+)?, (?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(\s*\([A-Za-z]+\))?\s*[-–—:]?\s+(?=[A-Z"“])"#
            ), ""
        ),
    ]

    /// Lines that are furniture as a whole.
    private static let wholeLine: [NSRegularExpression] = [
        #"^(advertisement|advertisement:|sponsored( content)?|ad|story continued below|continue reading( below)?|twitter|facebook|email|print|share( this)?( article| story)?)$"#,
        #"^(read more|more|watch|listen|related|see also|recommended|also read|full coverage|most read|trending)\s*:.{0,100}$"#,
        #"^(read more|continue reading|see also|also read)\b.{0,100}$"#,
        #"^slideshow \(\d+ images?\)$"#,
        #"^(updated|published|last updated)( at| on)?:?\s*\d.{0,40}$"#,
        #"^\d{1,2}:\d{2}\s*[ap]\.?m\.?( [a-z]{2,4})?$"#,
        #"^(image|photo|picture|video) (copyright|caption|credit)\b.*$"#,
        #"^(photo|picture|image|file photo|file)\s*:.{0,200}$"#,
        #"^by [A-Z][\w.'’-]+( [A-Z][\w.'’-]+){0,3}(,| and| \|| -|$).{0,80}$"#,
        #"^(contributing|additional reporting|reporting|editing|writing)( by)?\s*:.*$"#,
        #"^with (post|ap|afp|reuters|wire|staff) (wires|reports)\.?$"#,
        #"^this (article|story) (is more than \d+ \w+ old|has been updated|was (originally )?published).*$"#,
        #"^(sign up|subscribe|get the|get our|get breaking|get all the latest|let our news|download (the|our)|click here|click to|tap here)\b.*$"#,
        #"^follow .{1,60} on (twitter|facebook|instagram|linkedin|tiktok)\.?$"#,
        #"^interested in .{1,80}\? add .*$"#,
        #"^(send (us )?a tip|support .{1,40} journalism)\b.*$"#,
        #"^the associated press contributed to this report\.?$"#,
        #"^.{0,80} contributed (reporting )?to this (report|story)\.?$"#,
        #"^(copyright|©|\(c\))\s.*$"#,
        #"^.{0,120}(all rights reserved|click here for reprint permission).{0,40}$"#,
        #"^(speaker \d+|transcript)$"#,
        // An embedded social post: "… — Jane Roe (@janeroe) December 28, 2018".
        #"^.{0,400}\(@\w{1,30}\)\s+[a-z]+ \d{1,2}, \d{4}\.?$"#,
    ].map(regex)

    /// Text anywhere in a line that marks it as furniture.
    private static let phrases = [
        "toggle caption", "appeared first on", "click here to", "sign up for our", "sign up here",
        "subscribe to our", "newsletter sign-up", "manage newsletters", "by signing up, you agree",
        "this site is protected by recaptcha", "visit business insider's homepage", "get the fox news app",
        "for the fox news app", "to get the fox news app", "read more on fox business", "cookie policy",
        "follow us on", "like us on facebook", "share this article", "share on facebook", "share on twitter",
        "reuters/", "/file photo", "/getty images", "/afp via getty", "media playback is unsupported", "(video)",
        // The reporting formula for no answer ("DHS did not immediately respond to a request for comment."): it tells a
        // reader nothing, and two outlets printing it is no agreement.
        "request for comment", "requests for comment", "could not be reached for comment", "available for comment",
    ]

    /// Furniture inside a sentence, cut (or replaced) in place.
    private static let inline: [(NSRegularExpression, String)] = [
        // Old wire copy's typewriter conventions, first so the datelines below see a dash: " _ " is a dash
        // ("HOLLYWOOD (AP) _ Like…", "the next big one _ a quake like 1906 _ could…"), "_" opening a sentence
        // marks a list item ("…annually. _As many as…"), and `` '' are opening and closing quotes.
        (try! NSRegularExpression(pattern: #" _ "#), " — "),
        (try! NSRegularExpression(pattern: #"^_(?=\S)"#), ""),
        (try! NSRegularExpression(pattern: #"([.!?:] )_(?=\S)"#), "$1"),
        (try! NSRegularExpression(pattern: #"``"#), "“"),
        (try! NSRegularExpression(pattern: #"(?<=\S)''"#), "”"),
        // Wire credits: "(Reporting by Ana Lopez; Editing by Tom Hill)", "(Additional reporting by …)".
        (regex(#"\s*\((additional )?(reporting|writing|editing|compiled|produced|graphics|research)( by)?\b[^)]*\)"#), ""),
        // Unbracketed credits ending a body: "Reporting by …; Editing by …".
        (regex(#"\s*\b(additional )?reporting by [^.]{1,160}(;|\.)\s*editing by [^.]{1,120}\.?\s*$"#), ""),
        // Datelines: "LAGOS (Reuters) - ", "NEW YORK, March 3 (Reuters) — ", "WASHINGTON (AP) — ", "AP - ".
        (
            try! NSRegularExpression(
                pattern:
                    #"^([A-Z][A-Z.'’ -]{1,40}(, [A-Z][A-Za-z.]+)?(/[A-Z][A-Z.'’ -]{1,40})?(, [A-Z][A-Za-z.]+( \d{1,2})?)?\s*)?\((Reuters|AP|AFP|Bloomberg|UPI|dpa|Xinhua|CNN|AAP|IANS|PTI|Reuters Health|The Conversation)\)\s*[-–—:]+\s*"#
            ), ""
        ),
        // Any outlet's dateline behind a city in capitals: "LONDON, Nov 25 (Meridian Wire) - ", "NAIROBI (Kilima
        // Times) — ". The capitals and the dash make it a dateline whatever the outlet's name.
        (
            try! NSRegularExpression(
                pattern:
                    #"^[A-Z][A-Z.'’ -]{1,40}(, [A-Z][A-Za-z.]+( \d{1,2})?)?\s*\([A-Z][A-Za-z0-9&.'’]*( [A-Z][A-Za-z0-9&.'’]*){0,3}\)\s*[-–—:]+\s*"#
            ), ""
        ),
        (try! NSRegularExpression(pattern: #"^(Reuters|AP|AFP|UPI|Bloomberg|CNN|Xinhua)\s*[-–—]+\s+"#), ""),
        // A date before the outlet: "March 1 (UPI) -- ", "Jun 3 (PTI) - ".
        (
            try! NSRegularExpression(
                pattern:
                    #"^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}\s*\([A-Z][A-Za-z0-9&.'’]*( [A-Z][A-Za-z0-9&.'’]*){0,3}\)\s*[-–—:]+\s*"#
            ), ""
        ),
        // Places before a bar: "Jakarta/Sydney | Divers have …".
        (
            try! NSRegularExpression(
                pattern:
                    #"^[A-Z][A-Za-z.'’-]+( [A-Z][A-Za-z.'’-]+)?(/[A-Z][A-Za-z.'’-]+( [A-Z][A-Za-z.'’-]+)?)*\s*\|\s+(?=[A-Z])"#),
            ""
        ),
        // A place, the outlet and the text between bars: "Kampala, Uganda | Xinhua | ".
        (
            try! NSRegularExpression(
                pattern:
                    #"^[A-Z][a-z]+( [A-Z][a-z]+){0,2}(, [A-Z][a-z]+( [A-Z][a-z]+){0,2})?\s*\|\s*[A-Z][A-Za-z0-9&.'’ ]{1,30}\|\s*"#
            ), ""
        ),
        // A broadcaster's dateline with no dash: "(CNN) ", "Washington (CNN) ", "New York (CNN Business) ".
        (
            try! NSRegularExpression(
                pattern:
                    #"^([A-Z][A-Za-z.]+( [A-Z][A-Za-z.]+){0,2}(, [A-Z][A-Za-z.]+( [A-Z][A-Za-z.]+)?)? )?\((CNN|CNN Business|CNN Money|CNBC)\)\s*"#
            ),
            ""
        ),
        // Datelines without an agency: "WASHINGTON — ", "KHARTOUM, Sudan -- ", "BOSTON - ".
        (
            try! NSRegularExpression(
                pattern: #"^[A-Z][A-Z.'’]{2,}( [A-Z][A-Z.'’]+){0,3}(, [A-Z][A-Za-z.]+( [A-Z][A-Za-z.]+)?)?\s+[-–—]{1,2}\s+"#), ""
        ),
        // A live page's update label: "UPDATE: ", "Update4: ", "[UPDATE 2] ".
        (regex(#"^(\[\s*)?update\s*\d{0,2}\s*(:|\])\s*(?=\S)"#), ""),
        // Inline photo credits and related-link asides.
        (regex(#"\s*\((photo|image|picture|video|file photo|pictured)( by|:| credit| courtesy)[^)]*\)"#), ""),
        (regex(#"\s*\(\s*(also on|see also|related|read more|watch|click here)[^)]*\)"#), ""),
        (regex(#"\s*\((ap|afp|reuters|getty|epa) (photo|images)\b[^)]*\)"#), ""),
        (regex(#"\s*pic\.twitter\.com/\S+"#), ""),
        (regex(#"\s*\[(photo|image|video|advertisement|ad)[^\]]*\]"#), ""),
        // Feed-encoding debris of some outlets ("Kenya #39;s", " quot;").
        (regex(#"\s?#39;"#), "'"),
        (regex(#"\bquot;"#), "\""),
    ]
}
