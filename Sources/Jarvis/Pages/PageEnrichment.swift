/// Whether a page's extracted text should replace the feed's text: it must be richer (at least
/// `minimumGain` times the feed's words and 40 words or more) and about the same article — most
/// of the feed text's content words (or, for a bare headline, the headline's) appear in it. A
/// cookie wall, a login page or a "subscribe to read" page fails that test and the feed's text
/// stays.
public enum PageEnrichment {
    public static func shouldReplace(feedText: String, headline: String, pageText: String, minimumGain: Double) -> Bool {
        let pageWords = words(pageText)
        let feedWords = words(feedText)
        guard pageWords.count >= 40, Double(pageWords.count) >= Double(feedWords.count) * minimumGain else { return false }
        let pageSet = Set(pageWords)
        let reference = contentWords(feedWords).count >= 6 ? contentWords(feedWords) : contentWords(words(headline))
        guard !reference.isEmpty else { return true }
        let found = reference.filter(pageSet.contains).count
        return Double(found) >= Double(reference.count) * 0.6
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// Distinct words of four letters or more (the ones that name things).
    static func contentWords(_ words: [String]) -> Set<String> { Set(words.filter { $0.count >= 4 }) }
}
