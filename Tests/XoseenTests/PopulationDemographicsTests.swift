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

    @Test func aBrokenFileIsRefused() throws {
        let directory = NSTemporaryDirectory() + "demographics-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/population", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"sex_orientation_age": [{"sex": "x", "orientation": "straight", "age_band": "18-21", "count": 3}]}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/" + PopulationDemographics.fileName))
        #expect(throws: PopulationDemographics.LoadError.self) { try PopulationDemographics(resourcesDirectory: directory) }
    }
}
