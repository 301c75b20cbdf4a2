import Foundation
import Testing
import Xoseen

/// The feed's mutual filter as a table: gender/seeking both ways, asexual preferences,
/// both age ranges, both distance limits.
@Suite struct MutualFilterTests {
    static let gazetteer = try! Gazetteer(resourcesDirectory: ProfileRoutesTests.resources)
    static let ranker = RuleBasedRanker(gazetteer: gazetteer)

    static func person(
        _ id: String, _ gender: Gender, seeking: Set<Gender>, age: Int = 30, range: ClosedRange<Int> = 25...40,
        area: String = "Williamsburg", km: Double = 30, asexual: Bool = false, asexualOnly: Bool = false
    ) -> Profile {
        Profile(
            userId: id, displayName: id, ageDisplayed: age, trustScore: 80, intent: .longTerm, interests: ["hiking"],
            cityArea: area,
            ageMin: range.lowerBound, ageMax: range.upperBound, maxDistanceKm: km, gender: gender, seeking: seeking,
            asexual: asexual, asexualOnly: asexualOnly, bio: "", textingStyle: nil, photoSeed: id, verified: true, isSeed: false,
            createdAt: Date(), updatedAt: Date())
    }

    @Test(
        arguments: [
            // (description, a, b, compatible)
            ("straight woman / straight man", person("a", .woman, seeking: [.man]), person("b", .man, seeking: [.woman]), true),
            ("straight woman / gay man", person("a", .woman, seeking: [.man]), person("b", .man, seeking: [.man]), false),
            ("lesbians", person("a", .woman, seeking: [.woman, .nonbinary]), person("b", .woman, seeking: [.woman]), true),
            (
                "nonbinary sought one way only", person("a", .nonbinary, seeking: [.woman]), person("b", .woman, seeking: [.man]),
                false
            ),
            (
                "open to all both", person("a", .nonbinary, seeking: Gender.everyone),
                person("b", .man, seeking: Gender.everyone), true
            ),
            (
                "asexual-only wants asexual", person("a", .woman, seeking: [.man], asexualOnly: true),
                person("b", .man, seeking: [.woman]), false
            ),
            (
                "asexual-only meets asexual", person("a", .woman, seeking: [.man], asexualOnly: true),
                person("b", .man, seeking: [.woman], asexual: true), true
            ),
            (
                "b too old for a", person("a", .woman, seeking: [.man], range: 25...35),
                person("b", .man, seeking: [.woman], age: 40), false
            ),
            (
                "a too old for b", person("a", .woman, seeking: [.man], age: 45, range: 25...50),
                person("b", .man, seeking: [.woman], age: 30, range: 25...40), false
            ),
            (
                "far for the pickier one", person("a", .woman, seeking: [.man], area: "Williamsburg", km: 5),
                person("b", .man, seeking: [.woman], area: "Riverdale", km: 60), false
            ),
            (
                "near enough for both", person("a", .woman, seeking: [.man], area: "Williamsburg", km: 10),
                person("b", .man, seeking: [.woman], area: "Greenpoint", km: 10), true
            ),
            ("not yourself", person("a", .woman, seeking: Gender.everyone), person("a", .woman, seeking: Gender.everyone), false),
        ] as [(String, Profile, Profile, Bool)])
    func mutualFilter(_ description: String, _ a: Profile, _ b: Profile, _ expected: Bool) {
        #expect(Self.ranker.isMutuallyCompatible(a, b) == expected, "\(description)")
        #expect(Self.ranker.isMutuallyCompatible(b, a) == expected, "\(description), reversed")
    }

    @Test func breakdownStaysInRangeAndIsReciprocal() {
        let a = Self.person("a", .woman, seeking: [.man])
        let b = Self.person("b", .man, seeking: [.woman])
        let history = LikeHistory(likesGiven: 5, decisionsMade: 20)
        let ab = Self.ranker.breakdown(viewer: a, candidate: b, candidateHistory: history)
        let ba = Self.ranker.breakdown(viewer: b, candidate: a, candidateHistory: history)
        for value in [ab.trust, ab.intent, ab.interests, ab.textingStyle, ab.location, ab.pLikeBack, ab.final] {
            #expect((0...1).contains(value))
        }
        #expect(ab.final < 0.99)
        #expect(abs(ab.final - ba.final) < 1e-9, "same fits and histories → same reciprocal score")
        let choosy = Self.ranker.breakdown(
            viewer: a, candidate: b, candidateHistory: LikeHistory(likesGiven: 0, decisionsMade: 200))
        #expect(
            choosy.pLikeBack < ab.pLikeBack && choosy.final < ab.final, "a candidate who likes no one is less likely to like back"
        )
    }
}
