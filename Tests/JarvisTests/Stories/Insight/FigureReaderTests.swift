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

    @Test func numbersInsideNamesAreNoFigures() {
        #expect(displays("Leaders met at the G-20 summit as COVID-19 cases rose by 300 people.") == ["300 people"])
    }
}
