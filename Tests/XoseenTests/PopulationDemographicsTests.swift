import Foundation
import Testing
import Xoseen

/// Personas past the demo ones follow the real OkCupid demographics shipped in
/// `Resources/xoseen/population/okcupid.json`; the demo personas do not change.
@Suite struct PopulationDemographicsTests {
    @Test func scaledPopulationFollowsTheRealJointDistribution() throws {
        let demographics = try PopulationDemographics(resourcesDirectory: VocabularyFixture.directory)
        let population = SeedPopulation(gazetteer: VocabularyFixture.gazetteer, demographics: demographics)
        let all = population.generate(count: SeedPopulation.demoCount + 6000)
        // The demo prefix is the hand-set one.
        #expect(Array(all.prefix(SeedPopulation.demoCount)) == SeedFixture.personas)
        let scaled = all.dropFirst(SeedPopulation.demoCount).filter { $0.gender != .nonbinary }
        let men = scaled.filter { $0.gender == .man }
        let women = scaled.filter { $0.gender == .woman }
        func share(_ part: Int, _ whole: Int) -> Double { Double(part) / Double(max(whole, 1)) }
        // The real data is 60% men; the hand-set table says 46 / 93 ≈ 49%.
        #expect(abs(share(men.count, scaled.count) - demographics.share(of: .man)) < 0.03)
        #expect(abs(demographics.share(of: .man) - 0.6) < 0.02)
        for orientation in [Orientation.straight, .gay, .bi] {
            #expect(
                abs(
                    share(men.filter { $0.orientation == orientation }.count, men.count)
                        - demographics.share(of: orientation, among: .man)) < 0.03, "\(orientation)")
        }
        #expect(
            abs(
                share(women.filter { $0.orientation == .lesbian }.count, women.count)
                    - demographics.share(of: .lesbian, among: .woman)) < 0.03)
        #expect(scaled.allSatisfy { (18...70).contains($0.ageDisplayed) })
        #expect(scaled.allSatisfy { $0.seeking == $0.orientation.seeking(for: $0.gender) })
        // Deterministic: the same people again.
        #expect(population.generate(count: SeedPopulation.demoCount + 50) == Array(all.prefix(SeedPopulation.demoCount + 50)))
    }

    /// Lifestyle answers of the scaled personas follow the real answers of their sex (and age band); the demo
    /// personas have none, and what is stated shows in the bio.
    @Test func scaledPersonasCarryRealLifestyleAnswers() throws {
        let demographics = try PopulationDemographics(resourcesDirectory: VocabularyFixture.directory)
        let population = SeedPopulation(gazetteer: VocabularyFixture.gazetteer, demographics: demographics)
        let all = population.generate(count: SeedPopulation.demoCount + 6000)
        #expect(all.prefix(SeedPopulation.demoCount).allSatisfy { $0.lifestyle == nil })
        let scaled = Array(all.dropFirst(SeedPopulation.demoCount))
        #expect(scaled.allSatisfy { $0.lifestyle != nil })
        func share(_ people: [PersonaProfile], _ test: (Lifestyle) -> Bool) -> Double {
            Double(people.filter { test($0.lifestyle!) }.count) / Double(max(1, people.count))
        }
        let men = scaled.filter { $0.gender == .man }
        let women = scaled.filter { $0.gender == .woman }
        let checks: [(String, String, (Lifestyle) -> Bool)] = [
            ("drinks", "socially", { $0.drinks == .socially }), ("smokes", "no", { $0.smokes == .no }),
            ("smokes", "yes", { $0.smokes == .yes }), ("diet", "vegetarian", { $0.diet == .vegetarian }),
            ("children", "unstated", { $0.children == nil }), ("children", "has_kids", { $0.children == .hasKids }),
        ]
        for (answer, value, test) in checks {
            for (people, sex) in [(men, "m"), (women, "f")] {
                let real = demographics.lifestyleShare(answer, value, sex: sex)
                #expect(real > 0, "\(answer) \(value) is in the file")
                #expect(abs(share(people, test) - real) < 0.03, "\(sex) \(answer) \(value): \(share(people, test)) vs \(real)")
            }
        }
        // Real differences survive: men smoke more than women, and the data has far more of them who say so.
        #expect(demographics.lifestyleShare("smokes", "yes", sex: "m") > demographics.lifestyleShare("smokes", "yes", sex: "f"))
        // Older people have children more often (per age band, not only per sex).
        let older = scaled.filter { $0.ageDisplayed >= 45 }
        let younger = scaled.filter { $0.ageDisplayed < 30 }
        #expect(share(older, { $0.children == .hasKids }) > 2 * share(younger, { $0.children == .hasKids }))
        // What is stated is in the bio.
        for persona in scaled.prefix(200) {
            if let sentence = persona.lifestyle?.sentence { #expect(persona.bio.contains(sentence), "\(persona.bio)") }
        }
    }

    @Test func lifestyleClashesLowerTheSeedHistorysLikeOdds() {
        let nonSmoker = Lifestyle(smokes: .no, children: .wants)
        #expect(nonSmoker.dealbreaker(for: Lifestyle(smokes: .yes)) < 0)
        #expect(nonSmoker.dealbreaker(for: Lifestyle(children: .doesntWant)) < 0)
        #expect(nonSmoker.dealbreaker(for: Lifestyle(smokes: .no, children: .wants)) == 0)
        #expect(nonSmoker.dealbreaker(for: Lifestyle()) == 0, "a blank answer is no clash")
        #expect(Lifestyle().sentence == nil)
        #expect(
            Lifestyle(drinks: .socially, smokes: .no, diet: .vegetarian).sentence == "Drinks socially, doesn't smoke, vegetarian."
        )
    }

    /// In a scaled population's simulated history, non-smokers like smokers less often than they like
    /// non-smokers (the clash is in the like odds; no other trait depends on smoking).
    @Test func theScaledHistoryReflectsLifestyleClashes() throws {
        let demographics = try PopulationDemographics(resourcesDirectory: VocabularyFixture.directory)
        let population = SeedPopulation(gazetteer: VocabularyFixture.gazetteer, demographics: demographics)
        let people = Array(population.generate(count: SeedPopulation.demoCount + 1600).dropFirst(SeedPopulation.demoCount))
        let byId = Dictionary(uniqueKeysWithValues: people.map { ($0.userId, $0) })
        var likes: [Bool: (liked: Int, seen: Int)] = [true: (0, 0), false: (0, 0)]
        for event in population.history(of: people, seed: 3) {
            guard byId[event.viewerId]?.lifestyle?.smokes == .no, let smokes = byId[event.candidateId]?.lifestyle?.smokes,
                smokes != .sometimes
            else { continue }
            likes[smokes == .yes]!.seen += 1
            if event.action == .like { likes[smokes == .yes]!.liked += 1 }
        }
        let smoker = likes[true]!
        let nonSmoker = likes[false]!
        #expect(smoker.seen > 200 && nonSmoker.seen > 2000)
        let rate = { (x: (liked: Int, seen: Int)) in Double(x.liked) / Double(max(1, x.seen)) }
        #expect(rate(smoker) < 0.8 * rate(nonSmoker), "\(smoker) vs \(nonSmoker)")
    }

    @Test func aBrokenFileIsRefused() throws {
        let directory = NSTemporaryDirectory() + "demographics-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/population", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"sex_orientation_age": [{"sex": "x", "orientation": "straight", "age_band": "18-21", "count": 3}]}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/" + PopulationDemographics.fileName))
        #expect(throws: PopulationDemographics.LoadError.self) { try PopulationDemographics(resourcesDirectory: directory) }
    }
}
