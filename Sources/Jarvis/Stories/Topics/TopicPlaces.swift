import Foundation

/// The gazetteer behind the `africa` rule (`Resources/jarvis/topics/places.json`): African and other
/// countries, capitals, large cities, demonyms, regions and a few heads of state. A story is `africa` when it
/// is *about* Africa, so what counts is the share of African names among the places in the headline (each
/// counted `titleWeight` times) and the lead (first `leadWords` words), not whether one is named at all.
/// Same matching as `Places` in `scripts/topic_text.py`: at each word the longest name starting there wins.
public struct TopicPlaces: Sendable, Decodable {
    public let titleWeight: Int
    public let leadWords: Int
    private let index: [String: [(words: [String], african: Bool)]]

    enum CodingKeys: String, CodingKey { case titleWeight, leadWords, africa, elsewhere }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        titleWeight = try container.decode(Int.self, forKey: .titleWeight)
        leadWords = try container.decode(Int.self, forKey: .leadWords)
        var index: [String: [(words: [String], african: Bool)]] = [:]
        for (key, african) in [(CodingKeys.africa, true), (.elsewhere, false)] {
            for name in try container.decode([String].self, forKey: key) {
                let words = TopicTokenizer.rawWords(name)
                guard let first = words.first else { continue }
                index[first, default: []].append((words, african))
            }
        }
        // Stable sort by length, longest first, as Python's list.sort does.
        self.index = index.mapValues { entries in
            entries.enumerated().sorted { ($0.element.words.count, -$0.offset) > ($1.element.words.count, -$1.offset) }
                .map(\.element)
        }
    }

    /// African and other place mentions among `text`'s first `limit` words.
    func count(_ text: String, limit: Int? = nil) -> (african: Int, elsewhere: Int) {
        var words = TopicTokenizer.rawWords(text)
        if let limit, words.count > limit { words.removeLast(words.count - limit) }
        var african = 0
        var elsewhere = 0
        var i = 0
        while i < words.count {
            var step = 1
            for entry in index[words[i]] ?? []
            where i + entry.words.count <= words.count
                && Array(words[i..<(i + entry.words.count)]) == entry.words
            {
                if entry.african { african += 1 } else { elsewhere += 1 }
                step = entry.words.count
                break
            }
            i += step
        }
        return (african, elsewhere)
    }

    /// The share of place mentions in the headline (weighted) and lead that are African; 0 without any.
    public func africanShare(title: String, text: String) -> Double {
        let t = count(title)
        let b = count(text, limit: leadWords)
        let african = titleWeight * t.african + b.african
        let total = african + titleWeight * t.elsewhere + b.elsewhere
        return total == 0 ? 0 : Double(african) / Double(total)
    }
}
