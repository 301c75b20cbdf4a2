import Foundation

/// A number as a story states it: value, unit and what it counts, located in one sentence.
struct Figure {
    var value: Double
    /// Digits after the decimal point as written: two figures are the same when they agree to
    /// the coarser precision (27.5 = 27.50, 3.2 = 3.15 rounded).
    var decimals: Int
    /// Normalised unit: "%", "billion", "$billion", "basis points", "date", or a stemmed noun.
    var unit: String
    /// What the figure measures, when the words around it say so unambiguously.
    var subject: FigureSubject?
    /// As the source wrote it, for attribution: "27.5%", "$3.2 billion", "12 people", "March 3".
    var display: String
    var article: Int
    /// Index in the article's sentences; -1 for the headline.
    var sentence: Int
    /// Written as a bound or an estimate ("more than 30", "about €14bn", "nearly 2,000"): consistent with other
    /// values, so never one side of a conflict.
    var approximate = false
    /// What an amount is for, when the text says ("GH¢3,850 a bag", "$4,800 an ounce"): the stem of the noun.
    var per: String?
    /// A value the quantity had before ("up from 3,625", "the previous price was 3,625"): the source's current
    /// value is its other one.
    var earlier = false

    /// An amount of money: its unit carries a currency symbol ("$billion", "€million").
    static func isMoney(unit: String) -> Bool {
        unit.first.map { FigureReader.currencySymbols.contains($0) } ?? false
    }

    func sameValue(as other: Figure) -> Bool {
        let tolerance = 0.5 * pow(10, -Double(min(decimals, other.decimals))) + 1e-9
        return abs(value - other.value) <= tolerance
    }
}

/// What a figure measures, found from keywords near it.
enum FigureSubject: String, CaseIterable, Sendable {
    case deaths, injured, displaced, arrested, missing, rescued, inflation, growth, unemployment, turnout, votes,
        price, jobs, funding, dealValue, rate

    var label: String {
        switch self {
        case .deaths: "the death toll"
        case .injured: "the number of injured"
        case .displaced: "the number displaced"
        case .arrested: "the number of arrests"
        case .missing: "the number missing"
        case .rescued: "the number rescued"
        case .inflation: "inflation"
        case .growth: "growth"
        case .unemployment: "unemployment"
        case .turnout: "turnout"
        case .votes: "the vote count"
        case .price: "the price"
        case .jobs: "the number of jobs affected"
        case .funding: "the amount raised"
        case .dealValue: "the value of the deal"
        case .rate: "the rate"
        }
    }

    /// Counts of people read best as bare numbers ("reports 12").
    var countsPeople: Bool {
        [.deaths, .injured, .displaced, .arrested, .missing, .rescued].contains(self)
    }

    /// Generic subjects yield to a specific one in the same window ("inflation rate" → inflation).
    var isGeneric: Bool { self == .rate }

    private var words: [String] {
        switch self {
        case .deaths:
            [
                "kill", "killed", "killing", "die", "died", "dead", "death", "deaths", "toll", "fatalities", "bodies", "lives",
                "perished",
            ]
        case .injured: ["injured", "injuries", "wounded", "hurt", "hospitalised", "hospitalized"]
        case .displaced: ["displaced", "evacuated", "homeless", "fled", "refugees"]
        case .arrested: ["arrested", "detained", "arrests", "detention"]
        case .missing: ["missing"]
        case .rescued: ["rescued"]
        case .inflation: ["inflation"]
        case .growth: ["growth", "gdp", "grew", "expanded"]
        case .unemployment: ["unemployment", "jobless"]
        case .turnout: ["turnout"]
        case .votes: ["votes", "ballots"]
        case .price: ["price", "prices", "fare", "fares", "tariff"]
        case .jobs: ["jobs", "layoffs", "workers", "employees", "staff"]
        case .funding: ["raised", "raise", "raises", "round", "funding", "investment"]
        case .dealValue: ["valued", "worth", "valuing", "takeover", "acquisition", "merger", "deal"]
        case .rate: ["rate", "rates", "mpr", "lending"]
        }
    }

    static let byStem: [String: FigureSubject] = {
        var table: [String: FigureSubject] = [:]
        for subject in allCases {
            for word in subject.words {
                for stem in InsightText.analyzer.terms(word) where table[stem] == nil { table[stem] = subject }
            }
        }
        return table
    }()
}

enum FigureReader {
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
    ]
    /// A month's number by its name, its first three letters or "sept".
    static let monthNumber: [String: Int] = {
        var table: [String: Int] = [:]
        for (i, name) in months.enumerated() {
            table[name] = i + 1
            table[String(name.prefix(3))] = i + 1
        }
        table["sept"] = 9
        return table
    }()
    private static let weekdays: Set<String> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    private static let magnitudes: [String: String] = [
        "bn": "billion", "billion": "billion", "b": "billion", "m": "million", "mn": "million", "million": "million",
        "k": "thousand", "thousand": "thousand", "tn": "trillion", "trillion": "trillion",
    ]
    private static let percents: Set<String> = ["%", "percent", "pc", "pct", "percentage"]
    /// The first characters of money units: every currency as `symbolBefore` and `currencyWords` write it.
    static let currencySymbols = Set(symbolBefore.values.compactMap(\.first) + currencyWords.values.compactMap(\.first))
    /// A currency written before the number, by its last character: "GH¢3,850" is cedis (a cent sign never
    /// stands before a number otherwise).
    private static let symbolBefore: [Character: String] = [
        "$": "$", "€": "€", "£": "£", "₦": "₦", "¥": "¥", "₵": "₵", "¢": "₵", "₹": "₹",
    ]
    /// Currencies named after the number ("3,800 cedis", "12 billion naira"), as the symbol others write.
    private static let currencyWords: [String: String] = [
        "cedi": "₵", "cedis": "₵", "naira": "₦", "dollar": "$", "dollars": "$", "euro": "€", "euros": "€", "yen": "¥",
        "rupee": "₹", "rupees": "₹", "rand": "R", "shilling": "KSh", "shillings": "KSh",
    ]
    /// Words shortly before a number that make it the quantity's earlier value: "up from 3,625", "the previous
    /// price was 3,625", "compared with 12 last year".
    private static let earlierMarks: Set<String> = ["from", "previous", "previously", "formerly", "compared", "versus"]
    /// "a bag", "per tonne", "an ounce": what an amount is for.
    private static let perWords: Set<String> = ["a", "an", "per", "each"]
    /// Words that follow numbers without being what is counted.
    private static let notUnits: Set<String> = [
        "and", "or", "to", "from", "in", "on", "at", "of", "by", "for", "with", "as", "than", "were", "was", "are",
        "is", "have", "has", "had", "more", "less", "least", "over", "under", "after", "before", "while", "this",
        "that", "the", "a", "an", "am", "pm", "gmt", "utc", "wat", "eat", "cat", "per",
    ]

    /// Words before a number that make it a bound or an estimate. Not "at least": tolls and counts are
    /// reported as "at least N" (the confirmed number), and two of those that differ are a real dispute.
    private static let hedges = [
        "more than", "over", "nearly", "almost", "about", "around", "roughly", "some", "up to",
        "fewer than", "less than", "under", "approximately", "estimated", "an estimated", "close to", "as many as",
        "upwards of", "below", "above", "just over", "just under",
    ]

    /// Words that qualify the counted noun rather than being it ("polling stations", "new cases").
    private static let countModifiers: Set<String> = [
        "new", "additional", "extra", "more", "other", "further", "local", "electoral", "polling", "voting",
        "registered", "eligible", "confirmed", "suspected", "active", "total", "rural", "urban", "foreign", "domestic",
    ]

    /// Every figure in `sentence`, aligned one-to-one with `TextAnalyzer.quantities`.
    static func figures(in sentence: String, article: Int, index: Int, text: TextAnalyzer) -> [Figure] {
        let tokens = text.words(sentence)
        let quantities = text.quantities(sentence)
        let numeric = tokens.indices.filter { i in
            tokens[i].first?.isNumber == true && Double(tokens[i].filter { $0.isNumber || $0 == "." }) != nil
        }
        guard numeric.count == quantities.count else { return [] }
        let lower = tokens.map { $0.lowercased() }
        var stems: [String?] = []
        stems.reserveCapacity(tokens.count)
        var result: [Figure] = []
        for (k, i) in numeric.enumerated() {
            let quantity = quantities[k]
            let token = tokens[i]
            let number = token.prefix { $0.isNumber || $0 == "." || $0 == "," }
            let decimals = number.split(separator: ".").dropFirst().first.map { $0.count } ?? 0
            let isWhole = quantity.value.rounded() == quantity.value
            let previous = i > 0 ? lower[i - 1] : ""

            // Dates: "March 3", "3 March".
            if isWhole, (1...31).contains(quantity.value) {
                if let month = monthNumber[previous] {
                    result.append(
                        Figure(
                            value: Double(month * 100) + quantity.value, decimals: 0, unit: "date", subject: nil,
                            display: "\(tokens[i - 1]) \(number)", article: article, sentence: index))
                    continue
                }
                if i + 1 < tokens.count, let month = monthNumber[lower[i + 1]] {
                    result.append(
                        Figure(
                            value: Double(month * 100) + quantity.value, decimals: 0, unit: "date", subject: nil,
                            display: "\(number) \(tokens[i + 1])", article: article, sentence: index))
                    continue
                }
            }
            if monthNumber[previous] != nil { continue }  // "May 2024"
            // A number glued to a name by a hyphen is part of the name: "G-20", "F-35", "COVID-19".
            if token.startIndex > sentence.startIndex, sentence[sentence.index(before: token.startIndex)] == "-" {
                let hyphen = sentence.index(before: token.startIndex)
                if hyphen > sentence.startIndex, sentence[sentence.index(before: hyphen)].isLetter { continue }
            }

            var currency = ""
            if token.startIndex > sentence.startIndex,
                let symbol = symbolBefore[sentence[sentence.index(before: token.startIndex)]]
            {
                currency = symbol
            }
            var unit = quantity.unit
            // The currency's name after the number, or after its magnitude: "3,800 cedis", "12 billion naira".
            var currencyWordAt: Int?
            if currency.isEmpty {
                if let symbol = currencyWords[unit] {
                    currency = symbol
                    currencyWordAt = i + 1
                } else if magnitudes[unit] != nil, i + 2 < lower.count, let symbol = currencyWords[lower[i + 2]] {
                    currency = symbol
                    currencyWordAt = i + 2
                }
            }
            if currencyWordAt == i + 1 { unit = "" }
            // What a price is for ("a bag"), read after the amount, its magnitude and its currency's name.
            let amountEnd = currencyWordAt ?? (i + 1 < lower.count && magnitudes[lower[i + 1]] != nil ? i + 1 : i)
            let perIndex = currency.isEmpty ? nil : perNounIndex(after: amountEnd, lower)
            // Ranges and changes share the second number's unit: "from 12 to 15 people", "12 or 15%".
            if ["to", "and", "or"].contains(unit), k + 1 < quantities.count, numeric[k + 1] == i + 2 {
                unit = quantities[k + 1].unit
            }
            // The counted noun as written ("5,000 Taliban"), lower-cased when it is not the next word.
            var unitDisplay = i + 1 < tokens.count && lower[i + 1] == unit ? String(tokens[i + 1]) : unit
            if unit == "per", i + 2 < lower.count, lower[i + 2] == "cent" { unit = "%" }
            if currencyWordAt == i + 1 {
                unitDisplay = String(tokens[i + 1])
            } else if unit == "basis" || unit == "bp" || unit == "bps" {
                unit = "basis points"
                unitDisplay = "basis points"
            } else if percents.contains(unit) {
                unit = "%"
                unitDisplay = "%"
            } else if let magnitude = magnitudes[unit] {
                unit = magnitude
                unitDisplay = magnitude
                if let at = currencyWordAt { unitDisplay += " " + tokens[at] }  // "13.8 billion euros"
            } else if !currency.isEmpty && (unit.isEmpty || notUnits.contains(unit) || !unit.allSatisfy({ $0.isLetter })) {
                // A price: an amount for something ("GH¢3,850 a bag", "$4,800 an ounce"); other bare amounts
                // ("$40 on Tuesday") stay out, as other numbers before a function word do.
                guard perIndex != nil else { continue }
                unit = ""
                unitDisplay = ""
            } else {
                guard unit.count >= 3, unit.allSatisfy({ $0.isLetter }), !notUnits.contains(unit),
                    monthNumber[unit] == nil, !weekdays.contains(unit),
                    let stem = text.terms(unit).first
                else { continue }
                unit = ["people", "person", "persons"].contains(unit) ? "people" : stem
                if isWhole, (1900...2100).contains(quantity.value) { continue }  // a year, not a count
                // A modifier before the counted noun is part of what is counted: "41 voting districts" counts
                // districts and "30 voting" something else, so the two never look like one disputed figure.
                if i + 2 < lower.count, quantity.unit == lower[i + 1],
                    lower[i + 1].hasSuffix("ing") || countModifiers.contains(lower[i + 1])
                {
                    let noun = lower[i + 2]
                    if noun.count >= 3, noun.allSatisfy({ $0.isLetter }), !notUnits.contains(noun), monthNumber[noun] == nil,
                        !weekdays.contains(noun), let nounStem = text.terms(noun).first
                    {
                        unit += " " + nounStem
                        unitDisplay += " " + tokens[i + 2]
                    }
                }
            }
            // "a 12-day tour" reads as written, not "12 day".
            let hyphenated = token.endIndex < sentence.endIndex && sentence[token.endIndex] == "-"
            let prefix = currencyPrefix(before: token.startIndex, in: sentence)
            let display: String
            switch unit {
            case "%": display = "\(number)%"
            case "":
                let amount = unitDisplay.isEmpty ? "\(prefix)\(number)" : "\(number) \(unitDisplay)"
                display = amount + (perIndex.map { " \(tokens[amountEnd + 1]) \(tokens[$0])" } ?? "")
            default: display = "\(prefix)\(number)\(hyphenated ? "-" : " ")\(unitDisplay)"
            }
            // Capitalised words past the first are names ("Baobab Growth Partners"), not what a figure measures.
            if stems.isEmpty {
                stems = tokens.indices.map { j in j > 0 && tokens[j].first?.isUppercase == true ? nil : text.terms(lower[j]).first
                }
            }
            let before = (i >= 2 ? lower[i - 2] + " " : "") + (i >= 1 ? lower[i - 1] : "")
            let approximate = hedges.contains { before == $0 || before.hasSuffix(" " + $0) }
            let earlier = lower[max(0, i - 4)..<i].contains { earlierMarks.contains($0) }
            result.append(
                Figure(
                    value: quantity.value, decimals: decimals, unit: currency + unit,
                    subject: subject(near: i, stems: stems), display: display,
                    article: article, sentence: index, approximate: approximate,
                    per: perIndex.flatMap { text.terms(lower[$0]).first },
                    earlier: earlier)
            )
        }
        return result
    }

    /// The currency as written before a number ("GH¢", "US$", "€"; at most three capitals before the sign), or ""
    /// when none is.
    private static func currencyPrefix(before start: String.Index, in sentence: String) -> String {
        guard start > sentence.startIndex, symbolBefore[sentence[sentence.index(before: start)]] != nil else { return "" }
        var first = sentence.index(before: start)
        var letters = 0
        while first > sentence.startIndex, letters < 3 {
            let previous = sentence.index(before: first)
            guard sentence[previous].isLetter, sentence[previous].isUppercase else { break }
            first = previous
            letters += 1
        }
        return String(sentence[first..<start])
    }

    /// Where the noun an amount is for stands: "a bag", "per 64-kg bag", "an ounce" right after the amount (and
    /// its currency word), numbers and short measures skipped; nil when the text does not say.
    private static func perNounIndex(after position: Int, _ lower: [String]) -> Int? {
        guard position + 1 < lower.count, perWords.contains(lower[position + 1]) else { return nil }
        for j in (position + 2)..<min(lower.count, position + 5) {
            let word = lower[j]
            if word.first?.isNumber == true || word.count < 3 { continue }
            return word.allSatisfy({ $0.isLetter }) && !notUnits.contains(word) ? j : nil
        }
        return nil
    }

    /// The subject whose keyword is nearest the number (within 8 words); specific subjects win
    /// over generic ones; two different subjects at the same distance leave it unknown.
    static func subject(near position: Int, stems: [String?]) -> FigureSubject? {
        var best: (distance: Int, subject: FigureSubject, tie: Bool)?
        var bestGeneric: (distance: Int, subject: FigureSubject)?
        let lower = max(0, position - 8)
        let upper = min(stems.count - 1, position + 8)
        guard lower <= upper else { return nil }
        for j in lower...upper where j != position {
            guard let stem = stems[j], let subject = FigureSubject.byStem[stem] else { continue }
            let distance = abs(j - position)
            if subject.isGeneric {
                if bestGeneric == nil || distance < bestGeneric!.distance { bestGeneric = (distance, subject) }
                continue
            }
            if let current = best {
                if distance < current.distance {
                    best = (distance, subject, false)
                } else if distance == current.distance && subject != current.subject {
                    best = (distance, current.subject, true)
                }
            } else {
                best = (distance, subject, false)
            }
        }
        if let best { return best.tie ? nil : best.subject }
        return bestGeneric?.subject
    }
}
