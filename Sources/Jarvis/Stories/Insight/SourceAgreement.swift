import Foundation

/// Consensus and conflict between a story's independent sources (`SourceAgreement+Consensus.swift`,
/// `SourceAgreement+Conflict.swift`). Conservative by design: precision over recall, and every statement is
/// extracted or attributed, never invented.
///
/// Consensus (≥ 2 independent sources and a strict majority of them): facts are figures
/// (same unit, same value up to rounding) and proper names (entities seen mid-sentence or of
/// two or more words) in body text. The statement is the body sentence carrying the most agreed
/// facts (figures count double) whose figures are all agreed and at least half of whose names
/// are agreed: "Most sources agree (3 of 4): the Central Bank of Nigeria raised its rate to
/// 27.5%." Without such a sentence, agreed figures (and the names beside them) are listed when at
/// least one figure is shared; names alone are no fact. Nothing shared: nil.
///
/// Conflict: figures of the same unit and the same subject (death toll, injured, inflation,
/// rate…; read from keywords near the number) for which sources that state exactly one value
/// disagree beyond rounding, unless some other source gives both values ("rose from 12 to 15").
/// The sides' sentences must share content (cosine ≥ 0.2), and be near-identical (≥ 0.5) for
/// figures of unknown subject. Claims: one source only denying and another only confirming, in sentences about the
/// same thing (cosine ≥ 0.35 without the verbs, a shared name). Each side names its sources.
struct SourceAgreement {
    let story: PreparedStory
    let text: TextAnalyzer
    let figures: [Figure]
    let space: TermSpace
    /// The quantities the sources dispute (`findDisputes`), found once: the conflict states them and the
    /// consensus leaves them out.
    private(set) var disputes: [Dispute] = []

    init(story: PreparedStory, text: TextAnalyzer) {
        self.story = story
        self.text = text
        var figures: [Figure] = []
        var space = TermSpace()
        for (a, features) in story.articles.enumerated() {
            figures += FigureReader.figures(in: features.headline, article: a, index: -1, text: text)
            for (s, sentence) in features.sentences.enumerated() {
                figures += FigureReader.figures(in: sentence, article: a, index: s, text: text)
                space.addDocument(features.sentenceTerms[s])
            }
        }
        self.figures = figures
        self.space = space
        disputes = findDisputes()
    }

    func voice(_ figure: Figure) -> Int { story.articles[figure.article].voice }
    func sourceKey(_ figure: Figure) -> String { story.articles[figure.article].sourceKey }

    func terms(article: Int, sentence: Int) -> [String] {
        sentence < 0 ? story.articles[article].headlineTerms : story.articles[article].sentenceTerms[sentence]
    }

    func agreementPrefix(_ support: Int, of voices: Int, verb: Bool = true) -> String {
        if support >= voices {
            let all = voices == 2 ? "Both sources" : "All \(voices) sources"
            return verb ? all + " agree" : all
        }
        return verb ? "Most sources agree (\(support) of \(voices))" : "Most sources (\(support) of \(voices))"
    }

    static func lowercasingArticle(_ sentence: String) -> String {
        for article in ["The ", "A ", "An "] where sentence.hasPrefix(article) {
            return article.lowercased() + sentence.dropFirst(article.count)
        }
        return sentence
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}

extension PreparedStory {
    /// Order of a source's first report, for listing sources deterministically.
    func sourceRank(_ name: String) -> Int {
        articles.firstIndex { $0.article.source == name } ?? Int.max
    }
}

enum FigureOrder {
    static func byUnitValue(_ a: Figure, _ b: Figure) -> Bool {
        (a.unit, a.value, a.article, a.sentence) < (b.unit, b.value, b.article, b.sentence)
    }

    static func byArticleSentence(_ a: Figure, _ b: Figure) -> Bool {
        (a.article, a.sentence, a.value) < (b.article, b.sentence, b.value)
    }

    /// The number as written, without its unit.
    static func number(_ figure: Figure) -> String {
        String(figure.display.prefix { $0.isNumber || $0 == "." || $0 == "," || "$€£₦¥₵₹".contains($0) })
    }
}
