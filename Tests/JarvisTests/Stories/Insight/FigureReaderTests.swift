import Testing

@testable import Jarvis

/// How figures read from a sentence are shown in consensus and conflict lines.
struct FigureReaderTests {
    private let text = TextAnalyzer()

    private func displays(_ sentence: String) -> [String] {
        FigureReader.figures(in: sentence, article: 0, index: 0, text: text).map(\.display)
    }

    @Test func countedNounsReadAsWritten() {
        #expect(displays("The deal frees 5,000 Taliban prisoners.") == ["5,000 Taliban"])
        #expect(displays("He began a 12-day tour of the region.") == ["12-day"])
    }

    /// A currency is the same whether written as a sign or a word, and a price says what it is for.
    @Test func currenciesReadAlikeAndPricesSayWhatTheyAreFor() {
        let cedis = FigureReader.figures(
            in: "Ghana raised the price to 3,800 cedis per 64-kg bag.", article: 0, index: 0, text: text)
        let sign = FigureReader.figures(in: "Farmers welcomed the price of GH¢3,850 a bag.", article: 0, index: 0, text: text)
        #expect(cedis.map(\.unit) == ["₵"] && sign.map(\.unit) == ["₵"], "\(cedis) \(sign)")
        #expect(cedis.first?.per == "bag" && sign.first?.per == "bag")
        #expect(sign.map(\.display) == ["GH¢3,850 a bag"])
        #expect(displays("The deal is valued at 13.8 billion euros ($16.0 billion).") == ["13.8 billion euros", "$16.0 billion"])
        let euros = FigureReader.figures(in: "It is worth 13.8 billion euros.", article: 0, index: 0, text: text)
        let signed = FigureReader.figures(in: "It is worth €14.2bn.", article: 0, index: 0, text: text)
        #expect(euros.first?.unit == signed.first?.unit && euros.first?.unit == "€billion")
        // A bare amount before a function word stays out, as other numbers there do.
        #expect(displays("She paid $40 on Tuesday.").isEmpty)
    }

    @Test func numbersInsideNamesAreNoFigures() {
        #expect(displays("Leaders met at the G-20 summit as COVID-19 cases rose by 300 people.") == ["300 people"])
    }
}
