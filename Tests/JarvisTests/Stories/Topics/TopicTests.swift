import Foundation
import Testing

@testable import Jarvis

/// The shipped model, located from this file: Tests/JarvisTests/ → repository root.
enum TopicModelFiles {
    static let repository = TestPaths.repository
    static let resourcesDirectory = repository.appendingPathComponent("Resources/jarvis").path
    static let classifier: TopicClassifier? = try? TopicClassifier.bundled(resourcesDirectory: resourcesDirectory)
}

/// Swift and the training script (scripts/train-topics.py, scripts/topic_text.py) must see the same
/// features and give the same probabilities, or the shipped weights mean something else here. The fixture is
/// written by the training script from fixed texts with the shipped model.
@Suite struct TopicModelParityTests {
    struct Case: Decodable {
        var title: String
        var text: String
        var features: [String: Int]
        var probabilities: [Double]
        var africanShare: Double
    }

    struct Fixture: Decodable { var cases: [Case] }

    static let cases: [Case] = {
        let url = TopicModelFiles.repository.appendingPathComponent("Tests/JarvisTests/Fixtures/topic-parity.json")
        return (try? JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url)).cases) ?? []
    }()

    @Test func fixtureIsThere() {
        #expect(Self.cases.count >= 5)
    }

    @Test(arguments: 0..<6)
    func swiftMatchesPython(index: Int) throws {
        let classifier = try #require(TopicModelFiles.classifier)
        let item = try #require(Self.cases.indices.contains(index) ? Self.cases[index] : nil)
        let features = TopicTokenizer().counts(title: item.title, text: item.text, titleRepeat: 2)
        #expect(features == item.features, "features of \(item.title)")
        let p = classifier.modelProbabilities(headline: item.title, body: item.text)
        for (topic, expected) in zip(Topic.allCases, item.probabilities) {
            #expect(abs((p[topic] ?? -1) - expected) < 1e-6, "\(topic) of \(item.title): \(p[topic] ?? -1) vs \(expected)")
        }
        #expect(abs(classifier.places.africanShare(title: item.title, text: item.text) - item.africanShare) < 1e-12)
    }
}

@Suite struct TopicClassifierTests {
    /// Fresh texts written for these tests (not from the training data), one per rule.
    @Test(
        arguments: [
            (
                "Central Bank of Nigeria raises benchmark rate to 27.75% to defend naira",
                "The central bank's monetary policy committee voted to lift the rate again, the governor told reporters in Abuja.",
                Topic.africa
            ),
            (
                "Fed holds rates steady, signals patience on cuts",
                "Federal Reserve officials kept the benchmark federal funds rate unchanged and said they needed "
                    + "more confidence that inflation was heading to 2%.",
                Topic.finance
            ),
            (
                "Kenyan fintech raises $30m to expand merchant lending in Nairobi",
                "The Nairobi-based start-up said its funding round would pay for expansion into Tanzania and Uganda.",
                Topic.africa
            ),
            (
                "Senate Republicans block Democrats' voting rights bill",
                "The measure failed to reach the 60 votes needed to overcome a filibuster, and the White House said "
                    + "the president would keep pressing Congress.",
                Topic.politics
            ),
            (
                "Hackers breach hospital network, stealing patient records",
                "The ransomware group encrypted servers and demanded payment in bitcoin, investigators said.",
                Topic.tech
            ),
            // British and American stories that name Africa in passing keep their subject.
            (
                "Bank of England holds rates as UK inflation eases",
                "LONDON - The Bank of England kept its key rate unchanged on Thursday. Sterling slipped; the bank's "
                    + "governor noted weaker demand from export markets in Europe, Asia and South Africa.",
                Topic.finance
            ),
            (
                "Prime minister faces Commons revolt over migration bill",
                "Conservative MPs in Westminster threatened to vote against the plan to send asylum seekers to Rwanda, "
                    + "the latest challenge to Downing Street's authority.",
                Topic.politics
            ),
        ] as [(String, String, Topic)])
    func ruleCase(headline: String, body: String, expected: Topic) throws {
        let classifier = try #require(TopicModelFiles.classifier)
        let result = classifier.classify(headline: headline, body: body)
        // Known weakness: the labelled `politics` news is US domestic politics, so British parliamentary
        // stories are not recognised yet (docs/jarvis-stories.md#topics).
        withKnownIssue("British politics is outside the labelled data") {
            #expect(result.topic == expected, "\(headline) → \(result.topic) (\(result.confidence))")
        } when: {
            headline.contains("Commons") && result.topic != expected
        }
        #expect(result.confidence > 0.25 && result.confidence <= 1)
    }

    @Test func africaNeedsAfricanPlacesToLead() throws {
        let classifier = try #require(TopicModelFiles.classifier)
        // The same African-sounding body under a London headline and lead: the main place is British.
        let british = classifier.probabilities(
            headline: "London mayor meets British business leaders",
            body: "LONDON - The mayor of London told British firms in the City about trade with Nigeria and Kenya.")
        #expect(classifier.minAfricanShare > 0)
        #expect(british[.africa] == 0)
        let share = classifier.places.africanShare(title: "Floods in Mozambique and Malawi", text: "MAPUTO - Rains hit Beira.")
        #expect(share == 1)
        #expect(classifier.places.africanShare(title: "Fed holds rates", text: "WASHINGTON - The Fed met.") == 0)
        let total = classifier.probabilities(headline: "London mayor meets British business leaders", body: "")
            .values.reduce(0, +)
        #expect(abs(total - 1) < 1e-9)
    }

    private func article(_ id: String, _ headline: String, _ body: String) -> StoryArticle {
        StoryArticle(
            id: id, feedId: nil, source: "Outlet \(id)", sourceAuthority: nil, topicHint: nil, region: nil,
            headline: headline, body: body, publishedAt: Date(), firstSeenAt: Date(), isBreakingFlag: false,
            canonicalUrl: nil, contentHash: id)
    }

    @Test func storyTopicIsTheMeanOfItsArticles() throws {
        let classifier = try #require(TopicModelFiles.classifier)
        let story = [
            article(
                "1", "Nigeria's central bank raises interest rate again",
                "LAGOS - The Central Bank of Nigeria lifted its policy rate to fight inflation, its governor said in Abuja."),
            article("2", "Naira steadies after Nigerian rate hike", "Traders in Lagos said the currency firmed."),
            article("3", "Central bank lifts rate to 27.75%", "Policymakers said inflation remained too high."),
        ]
        #expect(classifier.classify(story: story) == .africa)
        let tech = [
            article(
                "4", "Cloud outage takes down banking apps",
                "A software configuration error at the cloud provider knocked services offline."),
            article(
                "5", "Engineers restore cloud service after hours-long outage",
                "The company said it was not a cyberattack on its servers."),
        ]
        #expect(classifier.classify(story: tech) == .tech)
        #expect(classifier.classify(story: []) == .politics)
    }

    @Test func aBrokenModelFileIsAClearError() throws {
        let places = try Data(contentsOf: URL(fileURLWithPath: TopicModelFiles.resourcesDirectory + "/topics/places.json"))
        let cases = [
            #"{"format": 2, "topics": [], "titleRepeat": 1, "minAfricanShare": 0, "mainAfricanShare": 2, "bias": [], "vocabulary": {}}"#,
            #"{"format": 1, "topics": ["finance","tech","politics","sport"], "titleRepeat": 1, "minAfricanShare": 0, "mainAfricanShare": 2, "bias": [0,0,0,0], "vocabulary": {}}"#,
            #"{"format": 1, "topics": ["finance","tech","politics","africa"], "titleRepeat": 1, "minAfricanShare": 0, "mainAfricanShare": 2, "bias": [0,0,0,0], "vocabulary": {"a": [1, 2]}}"#,
            "not json",
        ]
        for json in cases {
            #expect(throws: TopicClassifier.LoadError.self) { try TopicClassifier(model: Data(json.utf8), places: places) }
        }
        #expect(throws: TopicClassifier.LoadError.self) { try TopicClassifier.bundled(resourcesDirectory: "/nonexistent") }
    }
}
