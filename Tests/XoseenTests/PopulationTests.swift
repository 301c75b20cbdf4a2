import Foundation
import Testing
import Xoseen

enum SeedFixture {
    static let population = SeedPopulation(gazetteer: VocabularyFixture.gazetteer)
    static let personas = population.generate()
    static let history = population.history(of: personas)
    static let byId = Dictionary(uniqueKeysWithValues: personas.map { ($0.userId, $0) })
}

@Suite struct PopulationRandomTests {
    @Test func matchesTheReferenceSequence() {
        // First outputs of SplitMix64 seeded with 1234567 (the reference C implementation's test vector).
        var rng = SplitMix64(seed: 1_234_567)
        #expect(rng.next() == 6_457_827_717_110_365_317)
        #expect(rng.next() == 3_203_168_211_198_807_973)
        #expect(rng.next() == 9_817_491_932_198_370_423)
    }

    @Test func drawsStayInTheirRanges() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            #expect((0..<1).contains(rng.unit()))
            #expect((3...8).contains(rng.int(in: 3...8)))
            #expect(rng.below(5) < 5)
        }
        var counts = [0, 0, 0]
        for _ in 0..<30_000 { counts[rng.weightedIndex([1, 0, 2])] += 1 }
        #expect(counts[1] == 0)
        #expect(abs(Double(counts[2]) / Double(counts[0]) - 2) < 0.15)
        #expect(SplitMix64.stableHash("usr_x") == SplitMix64.stableHash("usr_x"))
        #expect(SplitMix64.stableHash("usr_x") != SplitMix64.stableHash("usr_y"))
    }
}

@Suite struct PopulationPersonaTests {
    let personas = SeedFixture.personas
    let gazetteer = VocabularyFixture.gazetteer

    @Test func sameSeedSamePeople() throws {
        let again = try SeedPopulation(resourcesDirectory: VocabularyFixture.directory).generate()
        #expect(again == personas)
        #expect(SeedFixture.population.generate(count: 25) == Array(personas.prefix(25)), "persona i depends on (seed, i) only")
        let other = SeedFixture.population.generate(count: 50, seed: 43)
        #expect(other.map(\.userId) != personas.prefix(50).map(\.userId))
        #expect(SeedFixture.population.generate(count: 0).isEmpty)
    }

    @Test func idsAreUniqueShortAndDotless() {
        #expect(personas.count == 400)
        #expect(Set(personas.map(\.userId)).count == personas.count)
        for persona in personas {
            #expect(persona.userId.hasPrefix("usr_") && persona.userId.count == 12, "\(persona.userId)")
            #expect(!persona.userId.contains("."))
            #expect(persona.userId.dropFirst(4).allSatisfy { $0.isLowercase || $0.isNumber })
        }
        #expect(Set(personas.map(\.photoSeed)).count == personas.count)
    }

    @Test func everyPersonaIsValidAgainstTheVocabulary() {
        for p in personas {
            #expect((18...70).contains(p.ageDisplayed), "\(p.userId)")
            #expect(p.ageMin >= 18 && p.ageMin <= p.ageMax, "\(p.userId)")
            #expect((p.ageMin...p.ageMax).contains(p.ageDisplayed), "\(p.userId)")
            #expect((5...60).contains(p.maxDistanceKm), "\(p.userId)")
            #expect(p.seeking == p.orientation.seeking(for: p.gender), "\(p.userId)")
            #expect(!p.asexualOnly || p.asexual, "\(p.userId)")
            #expect((3...8).contains(p.interests.count), "\(p.userId)")
            #expect(Set(p.interests).count == p.interests.count, "\(p.userId)")
            #expect(p.interests.allSatisfy(InterestVocabulary.contains), "\(p.userId)")
            #expect(gazetteer.area(named: p.cityArea) != nil, "\(p.userId): \(p.cityArea)")
            #expect(!p.displayName.isEmpty && p.displayName.count <= 20)
            #expect(!p.bio.isEmpty && p.bio.count <= 500)
            #expect(Intent(rawValue: p.intent.rawValue) == p.intent)
            if p.verified {
                #expect((70...98).contains(p.trustScore), "\(p.userId)")
            } else {
                #expect((0..<70).contains(p.trustScore), "\(p.userId)")
            }
        }
    }

    @Test func distributionsLookLikeACity() {
        func share(_ predicate: (PersonaProfile) -> Bool) -> Double {
            Double(personas.filter(predicate).count) / Double(personas.count)
        }
        #expect((0.40...0.54).contains(share { $0.gender == .woman }))
        #expect((0.40...0.54).contains(share { $0.gender == .man }))
        #expect((0.03...0.12).contains(share { $0.gender == .nonbinary }))
        #expect((0.50...0.72).contains(share { $0.orientation == .straight }))
        for orientation in Orientation.allCases { #expect(share { $0.orientation == orientation } > 0.02, "\(orientation)") }
        for intent in Intent.allCases { #expect(share { $0.intent == intent } > 0.04, "\(intent)") }
        #expect((0.01...0.08).contains(share(\.asexual)))
        #expect(personas.contains { $0.asexualOnly })
        #expect((0.87...0.97).contains(share(\.verified)))
        let ages = personas.map(\.ageDisplayed).sorted()
        #expect((27...35).contains(ages[ages.count / 2]), "median age")
        #expect(share { $0.ageDisplayed < 25 } > 0.1 && share { $0.ageDisplayed >= 50 } > 0.03)
        #expect(share { $0.ageDisplayed >= 60 } < 0.08)
        // Men reach further down than women; women further up.
        func mean(_ gender: Gender, _ value: (PersonaProfile) -> Int) -> Double {
            let group = personas.filter { $0.gender == gender }
            return Double(group.map(value).reduce(0, +)) / Double(group.count)
        }
        #expect(mean(.man) { $0.ageDisplayed - $0.ageMin } > mean(.woman) { $0.ageDisplayed - $0.ageMin })
        #expect(mean(.woman) { $0.ageMax - $0.ageDisplayed } > mean(.man) { $0.ageMax - $0.ageDisplayed })
        #expect(Set(personas.map(\.maxDistanceKm)).count >= 6)
        #expect(Set(personas.map(\.textingStyle)).count > 60)
    }

    @Test func peopleLiveWhereNewYorkersLive() {
        var perBorough: [Borough: Int] = [:]
        for p in personas { perBorough[gazetteer.area(named: p.cityArea)!.borough, default: 0] += 1 }
        for borough in Borough.allCases { #expect((perBorough[borough] ?? 0) > 8, "\(borough)") }
        #expect(perBorough[.brooklyn]! > perBorough[.manhattan]!)
        #expect(perBorough[.manhattan]! > perBorough[.statenIsland]!)
        let boroughLevel = personas.filter { gazetteer.area(named: $0.cityArea)!.kind == .borough }.count
        #expect((10...70).contains(boroughLevel), "some say just \"Manhattan\"")
        #expect(Set(personas.map(\.cityArea)).count > 50)
    }

    @Test func interestsClusterByLatentType() {
        // Drawn independently by frequency, the largest category holds ~36% of a person's interests on average;
        // latent types push that well up.
        var total = 0.0
        for p in personas {
            let counts = Dictionary(grouping: p.interests) { InterestVocabulary.interest($0)!.category }.values.map(\.count)
            total += Double(counts.max()!) / Double(p.interests.count)
        }
        #expect(total / Double(personas.count) > 0.42)
        #expect(Set(personas.flatMap(\.interests)).count > 100, "most of the vocabulary is in use")
    }

    @Test func biosAreVariedAndNeverAboutLooks() {
        #expect(Set(personas.map(\.bio)).count >= 390)
        let appearance: Set<String> = [
            "tall", "petite", "pretty", "handsome", "beautiful", "cute", "hot", "hottest",
            "sexy", "slim", "skinny", "curvy", "thick", "eyes", "hair", "height",
            "weight", "looks", "gorgeous", "body", "blonde", "brunette", "muscular",
        ]
        for p in personas {
            // Place names and interests come from the vocabulary ("Prospect Heights", "weightlifting"); judge the rest.
            var bio = p.bio.lowercased().replacingOccurrences(of: p.cityArea.lowercased(), with: " ")
            for slug in p.interests { bio = bio.replacingOccurrences(of: InterestVocabulary.interest(slug)!.label, with: " ") }
            let words = Set(bio.split { !$0.isLetter }.map(String.init))
            #expect(words.isDisjoint(with: appearance), "\(p.userId): \(p.bio)")
            #expect(!bio.contains("{"), "unfilled template in \(p.userId)")
        }
    }
}

@Suite struct PopulationHistoryTests {
    let personas = SeedFixture.personas
    let history = SeedFixture.history

    @Test func sameSeedSameHistory() {
        #expect(SeedFixture.population.history(of: personas) == history)
        #expect(SeedFixture.population.history(of: personas, seed: 7) != history)
        #expect(SeedFixture.population.history(of: []).isEmpty)
    }

    @Test func eventsAreWellFormedAndTimeOrdered() {
        let end = SeedPopulation.referenceDate
        let start = end.addingTimeInterval(-60 * 86_400)
        var pairs = Set<PersonaPair>()
        var directed = Set<[String]>()
        for (i, event) in history.enumerated() {
            #expect(event.viewerId != event.candidateId)
            #expect(SeedFixture.byId[event.viewerId] != nil && SeedFixture.byId[event.candidateId] != nil)
            #expect(event.timestamp >= start && event.timestamp <= end)
            if i > 0 { #expect(history[i - 1].timestamp <= event.timestamp) }
            #expect(directed.insert([event.viewerId, event.candidateId]).inserted, "acted twice on the same person")
            pairs.insert(PersonaPair(event.viewerId, event.candidateId))
        }
        #expect(history.count > 10_000)
    }

    @Test func likesOnlyBetweenMutuallyCompatiblePeople() {
        for event in history where event.action == .like {
            let viewer = SeedFixture.byId[event.viewerId]!
            let candidate = SeedFixture.byId[event.candidateId]!
            #expect(Attraction.isMutual(viewer.attraction, candidate.attraction), "\(event.viewerId) → \(event.candidateId)")
        }
    }

    @Test func everyoneActsAndIsActedOnEnoughForLikeBackEstimates() {
        var acted: [String: Int] = [:]
        var actedOn: [String: Int] = [:]
        var likes: [String: Int] = [:]
        for event in history {
            acted[event.viewerId, default: 0] += 1
            actedOn[event.candidateId, default: 0] += 1
            if event.action == .like { likes[event.viewerId, default: 0] += 1 }
        }
        for p in personas {
            #expect((20...80).contains(acted[p.userId] ?? 0), "\(p.userId) acted on \(acted[p.userId] ?? 0)")
            #expect((12...110).contains(actedOn[p.userId] ?? 0), "\(p.userId) acted on by \(actedOn[p.userId] ?? 0)")
        }
        // Some are choosy, some generous.
        let rates = personas.map { Double(likes[$0.userId] ?? 0) / Double(acted[$0.userId]!) }.sorted()
        #expect(rates[rates.count / 10] < 0.2)
        #expect(rates[rates.count * 9 / 10] > 0.45)
        let overall = Double(history.filter { $0.action == .like }.count) / Double(history.count)
        #expect((0.2...0.5).contains(overall))
    }

    @Test func mutualLikesMakeMatches() {
        let matches = SeedPopulation.matches(in: history)
        #expect(matches.count > 100)
        #expect(matches.count < history.count / 10)
        let likes = Set(history.filter { $0.action == .like }.map { [$0.viewerId, $0.candidateId] })
        for pair in matches {
            #expect(pair.first < pair.second)
            #expect(likes.contains([pair.first, pair.second]) && likes.contains([pair.second, pair.first]))
        }
        let matched = Set(matches.flatMap { [$0.first, $0.second] })
        #expect(matched.count > personas.count / 2, "matches are spread, not concentrated")
    }

    @Test func likesFollowHiddenCompatibility() {
        // Liked candidates share more (rarity-weighted) interests and fit intent better than passed ones.
        var liked: [Double] = []
        var passed: [Double] = []
        var likedIntent: [Double] = []
        var passedIntent: [Double] = []
        for event in history {
            let viewer = SeedFixture.byId[event.viewerId]!
            let candidate = SeedFixture.byId[event.candidateId]!
            guard Attraction.isMutual(viewer.attraction, candidate.attraction) else { continue }
            let score = InterestVocabulary.sharedInterestScore(viewer.interests, candidate.interests)
            let intent = viewer.intent.compatibility(with: candidate.intent)
            if event.action == .like {
                liked.append(score)
                likedIntent.append(intent)
            } else {
                passed.append(score)
                passedIntent.append(intent)
            }
        }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }
        #expect(mean(liked) > mean(passed) + 0.02)
        #expect(mean(likedIntent) > mean(passedIntent) + 0.02)
    }

    @Test func largePopulationsDrawFromSampledPools() {
        let people = SeedFixture.population.generate(count: 900, seed: 9)
        let history = SeedFixture.population.history(of: people, seed: 9)
        let byId = Dictionary(uniqueKeysWithValues: people.map { ($0.userId, $0) })
        var acted: [String: Int] = [:]
        for event in history {
            acted[event.viewerId, default: 0] += 1
            #expect(event.viewerId != event.candidateId)
            if event.action == .like {
                #expect(Attraction.isMutual(byId[event.viewerId]!.attraction, byId[event.candidateId]!.attraction))
            }
        }
        #expect(people.allSatisfy { (20...80).contains(acted[$0.userId] ?? 0) })
        #expect(Set(people.map(\.userId)).count == 900)
    }
}
