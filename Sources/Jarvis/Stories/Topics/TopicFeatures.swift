import Foundation

/// What the topic models see of one text: weighted stemmed terms (headline weighted up) and bigrams,
/// the feed's hint, and whether the headline or body names an African place (the regional rule).
struct TopicFeatures: Sendable {
    var terms: [String: Double]
    /// `finance|tech|politics|africa`, or `none` (no hint, or one we do not know).
    var hint: String
    var africanPlaceInHeadline: Bool
    var africanPlaceInBody: Bool
    /// Mentions of African places in the body, capped: one is a passing mention, several a setting.
    var africanPlacesInBody: Int
    static let bodyPlaceCap = 3

    static let noHint = "none"

    init(headline: String, body: String, feedHint: String?, configuration: TopicClassifier.Configuration,
         analyzer: TextAnalyzer) {
        var terms: [String: Double] = [:]
        func add(_ text: String, weight: Double) {
            // Figures ("4.25", "2024") name no subject; the words around them do.
            let stems = analyzer.terms(text).filter { $0.first?.isNumber != true }
            for stem in stems { terms[stem, default: 0] += weight }
            if configuration.bigrams && stems.count > 1 {
                for i in 1..<stems.count { terms[stems[i - 1] + " " + stems[i], default: 0] += weight }
            }
        }
        add(headline, weight: configuration.headlineWeight)
        add(body, weight: 1)
        if configuration.sublinearTF {
            for (term, value) in terms where value > 1 { terms[term] = 1 + log(value) }
        }
        self.terms = terms
        let hint = feedHint?.lowercased()
        self.hint = hint.flatMap { Topic(rawValue: $0) }?.rawValue ?? Self.noHint
        africanPlaceInHeadline = AfricanPlaceNames.mentioned(in: analyzer.words(headline))
        africanPlacesInBody = AfricanPlaceNames.count(in: analyzer.words(body), limit: Self.bodyPlaceCap)
        africanPlaceInBody = africanPlacesInBody > 0
    }
}
