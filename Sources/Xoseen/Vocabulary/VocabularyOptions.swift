/// Everything a client may send as an enum value, in one listing: what `GET /web/options` returns, so clients
/// validate before the server has to say 422. Values are the wire strings.
public struct VocabularyOptions: Sendable, Hashable, Codable {
    public struct InterestGroup: Sendable, Hashable, Codable {
        public let category: String
        public let label: String
        public let interests: [String]
    }

    public struct CityAreaOption: Sendable, Hashable, Codable {
        public let name: String
        public let borough: String
        /// `borough` or `neighbourhood`.
        public let kind: String
    }

    public struct TextingStyleOptions: Sendable, Hashable, Codable {
        public let messageLength: [String]
        public let emojiUse: [String]
        public let responsePace: [String]
        public let humour: [String]
    }

    public let intents: [String]
    public let genders: [String]
    public let orientations: [String]
    public let interests: [InterestGroup]
    public let cityAreas: [CityAreaOption]
    public let textingStyle: TextingStyleOptions

    public init(gazetteer: Gazetteer) {
        intents = Intent.allCases.map(\.rawValue)
        genders = Gender.allCases.map(\.rawValue)
        orientations = Orientation.allCases.map(\.rawValue)
        interests = InterestVocabulary.grouped.map {
            InterestGroup(category: $0.category.rawValue, label: $0.category.label, interests: $0.interests.map(\.slug))
        }
        cityAreas = gazetteer.areas.map {
            CityAreaOption(name: $0.name, borough: $0.borough.rawValue, kind: $0.kind.rawValue)
        }
        textingStyle = TextingStyleOptions(
            messageLength: TextingStyle.MessageLength.allCases.map(\.rawValue),
            emojiUse: TextingStyle.EmojiUse.allCases.map(\.rawValue),
            responsePace: TextingStyle.ResponsePace.allCases.map(\.rawValue),
            humour: TextingStyle.Humour.allCases.map(\.rawValue))
    }
}
