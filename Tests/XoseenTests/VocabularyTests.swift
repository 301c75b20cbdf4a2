import Foundation
import Testing
import Xoseen

/// `Resources/xoseen` in this checkout: the repository root is three levels above this file.
enum VocabularyFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/xoseen").path
    static let gazetteer: Gazetteer = {
        do { return try Gazetteer(resourcesDirectory: directory) } catch { fatalError("gazetteer: \(error)") }
    }()
}

@Suite struct IntentVocabularyTests {
    @Test func wireValuesIncludeTheSeeds() {
        #expect(Intent(rawValue: "long_term") == .longTerm)
        #expect(Intent.allCases.count == 6)
        #expect(Intent(rawValue: "LONG_TERM") == nil)
        #expect(Intent(rawValue: "casual") == nil)
    }

    @Test func matrixIsSymmetricAndInUnitRange() {
        for a in Intent.allCases {
            for b in Intent.allCases {
                let value = a.compatibility(with: b)
                #expect((0...1).contains(value), "\(a) × \(b)")
                #expect(value == b.compatibility(with: a), "\(a) × \(b) is not symmetric")
            }
        }
    }

    @Test func samenessFitsBestAndOppositeEndsWorst() {
        for a in Intent.allCases {
            let best = Intent.allCases.map { a.compatibility(with: $0) }.max()
            #expect(a.compatibility(with: a) == best, "\(a)")
        }
        #expect(Intent.longTerm.compatibility(with: .longTerm) == 1)
        #expect(Intent.longTerm.compatibility(with: .shortTerm) < 0.2)
        #expect(
            Intent.longTerm.compatibility(with: .longTermOpenToShort)
                > Intent.longTerm.compatibility(with: .shortTermOpenToLong))
    }
}

@Suite struct OrientationVocabularyTests {
    static let table: [(Orientation, Gender, Set<Gender>)] = [
        (.straight, .woman, [.man]),
        (.straight, .man, [.woman]),
        (.straight, .nonbinary, [.woman, .man]),
        (.gay, .man, [.man, .nonbinary]),
        (.gay, .woman, [.woman, .nonbinary]),
        (.gay, .nonbinary, [.man, .nonbinary]),
        (.lesbian, .woman, [.woman, .nonbinary]),
        (.lesbian, .nonbinary, [.woman, .nonbinary]),
        (.lesbian, .man, [.woman, .nonbinary]),
        (.bi, .woman, [.woman, .man, .nonbinary]),
        (.pan, .man, [.woman, .man, .nonbinary]),
        (.everyone, .nonbinary, [.woman, .man, .nonbinary]),
    ]

    @Test(arguments: table)
    func derivationTable(_ row: (Orientation, Gender, Set<Gender>)) {
        let (orientation, gender, expected) = row
        #expect(orientation.seeking(for: gender) == expected)
    }

    @Test func everyLabelSeeksSomeoneForEveryGender() {
        for orientation in Orientation.allCases {
            for gender in Gender.allCases {
                #expect(!orientation.seeking(for: gender).isEmpty)
            }
        }
        #expect(Orientation.allCases.map(\.rawValue) == ["straight", "gay", "lesbian", "bi", "pan", "everyone"])
        #expect(Gender.allCases.map(\.rawValue) == ["woman", "man", "nonbinary"])
    }

    @Test func mutualAttractionNeedsBothSidesAndHonoursAsexualPreferences() {
        let straightWoman = Attraction(gender: .woman, seeking: [.man])
        let straightMan = Attraction(gender: .man, seeking: [.woman])
        let gayMan = Attraction(gender: .man, seeking: [.man, .nonbinary])
        let biNonbinary = Attraction(gender: .nonbinary, seeking: Gender.everyone)
        #expect(Attraction.isMutual(straightWoman, straightMan))
        #expect(!Attraction.isMutual(straightWoman, gayMan))
        #expect(Attraction.isMutual(gayMan, biNonbinary))
        #expect(!Attraction.isMutual(straightMan, biNonbinary), "she is not sought by him")
        let aceOnlyWoman = Attraction(gender: .woman, seeking: [.man], asexual: true, asexualOnly: true)
        let aceMan = Attraction(gender: .man, seeking: [.woman], asexual: true)
        #expect(!Attraction.isMutual(aceOnlyWoman, straightMan))
        #expect(Attraction.isMutual(aceOnlyWoman, aceMan))
        #expect(Attraction.isMutual(aceMan, straightWoman), "asexual without asexualOnly sees everyone sought")
    }
}

@Suite struct InterestVocabularyTests {
    @Test func vocabularyIsLargeUniqueAndSlugShaped() {
        let slugs = InterestVocabulary.slugs
        #expect((110...140).contains(slugs.count))
        #expect(Set(slugs).count == slugs.count)
        for slug in slugs {
            #expect(slug.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }, "\(slug)")
            #expect(!slug.hasPrefix("_") && !slug.hasSuffix("_"))
        }
        #expect(InterestVocabulary.contains("hiking") && InterestVocabulary.contains("jazz"))
        #expect(!InterestVocabulary.contains("Hiking"))
        for group in InterestVocabulary.grouped {
            #expect(group.interests.count >= 8, "\(group.category)")
        }
    }

    @Test func frequenciesAreProbabilitiesAndRarerWeighsMore() throws {
        for interest in InterestVocabulary.all {
            #expect(interest.frequency > 0 && interest.frequency < 1)
            #expect(interest.rarityWeight > 0)
        }
        let hiking = try #require(InterestVocabulary.interest("hiking"))
        let fermentation = try #require(InterestVocabulary.interest("fermentation"))
        #expect(fermentation.rarityWeight > hiking.rarityWeight)
        let common = InterestVocabulary.sharedInterestScore(["hiking", "jazz"], ["hiking", "yoga"])
        let rare = InterestVocabulary.sharedInterestScore(["fermentation", "jazz"], ["fermentation", "yoga"])
        #expect(rare > common)
        #expect(InterestVocabulary.sharedInterestScore(["hiking"], ["yoga"]) == 0)
        let many = InterestVocabulary.sharedInterestScore(InterestVocabulary.slugs, InterestVocabulary.slugs)
        #expect(many <= 1 && many > 0.99)
        #expect(InterestVocabulary.shared(["jazz", "hiking", "jazz"], ["hiking", "jazz"]) == ["jazz", "hiking"])
        #expect(InterestVocabulary.interest("indie_rock")?.label == "indie rock")
    }
}

@Suite struct VocabularyTextingStyleTests {
    static let all: [TextingStyle] = TextingStyle.MessageLength.allCases.flatMap { length in
        TextingStyle.EmojiUse.allCases.flatMap { emoji in
            TextingStyle.ResponsePace.allCases.flatMap { pace in
                TextingStyle.Humour.allCases.map {
                    TextingStyle(
                        messageLength: length, emojiUse: emoji,
                        responsePace: pace, humour: $0)
                }
            }
        }
    }

    @Test func compatibilityIsSymmetricInUnitRangeAndOneForTwins() {
        for a in Self.all {
            #expect(abs(a.compatibility(with: a) - 1) < 1e-12)
            for b in Self.all {
                let value = a.compatibility(with: b)
                #expect(value >= 0 && value <= 1 + 1e-12)
                #expect(abs(value - b.compatibility(with: a)) < 1e-12)
            }
        }
        let w = TextingStyle.weights
        #expect(abs(w.messageLength + w.emojiUse + w.responsePace + w.humour - 1) < 1e-12)
    }

    @Test func oppositeStylesScoreLow() {
        let a = TextingStyle(messageLength: .short, emojiUse: .none, responsePace: .instant, humour: .dry)
        let b = TextingStyle(messageLength: .long, emojiUse: .lots, responsePace: .nextDay, humour: .goofy)
        #expect(a.compatibility(with: b) < 0.2)
    }
}

@Suite struct VocabularyGazetteerTests {
    let gazetteer = VocabularyFixture.gazetteer

    @Test func shipsBoroughsAndAboutSixtyNeighbourhoods() {
        #expect(gazetteer.boroughs.map(\.name) == ["Manhattan", "Brooklyn", "Queens", "Bronx", "Staten Island"])
        #expect((55...80).contains(gazetteer.neighbourhoods.count))
        for borough in Borough.allCases {
            #expect(gazetteer.neighbourhoods.filter { $0.borough == borough }.count >= 4, "\(borough)")
            #expect((gazetteer.boroughPopulation[borough] ?? 0) > 400_000)
        }
        for name in [
            "Williamsburg", "Astoria", "Harlem", "Park Slope", "Upper West Side", "Flushing", "St. George",
            "Riverdale", "Manhattan",
        ] {
            #expect(gazetteer.area(named: name) != nil, "\(name)")
        }
        #expect(gazetteer.area(named: "Atlantis") == nil)
    }

    @Test func haversineMatchesKnownDistances() {
        let equator = GeoPoint(latitude: 0, longitude: 0)
        #expect(abs(equator.distanceKm(to: GeoPoint(latitude: 0, longitude: 1)) - 111.195) < 0.01)
        #expect(equator.distanceKm(to: equator) == 0)
        // JFK to LAX, ~3,975 km great circle.
        let jfk = GeoPoint(latitude: 40.6413, longitude: -73.7781)
        let lax = GeoPoint(latitude: 33.9416, longitude: -118.4085)
        #expect(abs(jfk.distanceKm(to: lax) - 3_975) < 15)
    }

    static let distances: [(String, String, Double, Double)] = [
        ("Williamsburg", "Astoria", 5.0, 15.0),
        ("Williamsburg", "Greenpoint", 1.0, 3.5),
        ("Upper West Side", "Harlem", 2.0, 6.0),
        ("Riverdale", "Tottenville", 40.0, 60.0),
        ("St. George", "Financial District", 6.0, 11.0),
        ("Flushing", "Manhattan", 10.0, 16.0),
    ]

    @Test(arguments: distances)
    func distancesAreSane(_ row: (String, String, Double, Double)) throws {
        let (a, b, low, high) = row
        let km = try #require(gazetteer.distanceKm(a, b))
        #expect(km > low && km < high, "\(a)–\(b): \(km) km")
        #expect(gazetteer.distanceKm(b, a) == km)
    }

    @Test func everyAreaIsInsideTheCityAndNeighbourhoodsNearTheirBorough() throws {
        for area in gazetteer.neighbourhoods {
            let centre = try #require(gazetteer.area(named: area.borough.rawValue))
            #expect(area.centroid.distanceKm(to: centre.centroid) < 25, "\(area.name)")
            #expect(area.centroid.latitude.isFinite && area.centroid.longitude.isFinite)
        }
        #expect(gazetteer.distanceKm("Astoria", "Atlantis") == nil)
    }

    @Test func resolveForgivesCaseAndPunctuation() {
        #expect(gazetteer.resolve("upper west side")?.name == "Upper West Side")
        #expect(gazetteer.resolve("St George")?.name == "St. George")
        #expect(gazetteer.resolve("bedford stuyvesant")?.name == "Bedford-Stuyvesant")
        #expect(gazetteer.resolve("Narnia") == nil)
    }

    @Test func rejectsBrokenGazetteers() throws {
        let manhattan = CityArea(
            name: "Manhattan", borough: .manhattan, kind: .borough,
            centroid: GeoPoint(latitude: 40.776, longitude: -73.971))
        #expect(throws: Gazetteer.LoadError.self) { try Gazetteer(areas: [manhattan], boroughPopulation: [:]) }
        var areas = gazetteer.areas
        areas.append(
            CityArea(
                name: "Paris", borough: .manhattan, kind: .neighbourhood,
                centroid: GeoPoint(latitude: 48.857, longitude: 2.352)))
        #expect(throws: Gazetteer.LoadError.self) { try Gazetteer(areas: areas, boroughPopulation: [:]) }
        #expect(throws: Gazetteer.LoadError.self) {
            try Gazetteer(areas: gazetteer.areas + [gazetteer.areas[7]], boroughPopulation: [:])
        }
        #expect(throws: Gazetteer.LoadError.self) { try Gazetteer(resourcesDirectory: "/nonexistent") }
    }
}

@Suite struct VocabularyOptionsTests {
    @Test func listsEveryEnumAndArea() throws {
        let options = VocabularyOptions(gazetteer: VocabularyFixture.gazetteer)
        #expect(options.intents == Intent.allCases.map(\.rawValue))
        #expect(options.genders == ["woman", "man", "nonbinary"])
        #expect(options.orientations.contains("everyone"))
        #expect(options.interests.flatMap(\.interests) == InterestVocabulary.grouped.flatMap { $0.interests.map(\.slug) })
        #expect(Set(options.interests.flatMap(\.interests)) == Set(InterestVocabulary.slugs))
        #expect(options.cityAreas.map(\.name) == VocabularyFixture.gazetteer.names)
        let first = try #require(options.cityAreas.first)
        #expect(first.name == "Manhattan" && first.borough == "Manhattan" && first.kind == "borough")
        #expect(options.cityAreas.contains { $0.name == "Astoria" && $0.borough == "Queens" && $0.kind == "neighbourhood" })
        #expect(options.textingStyle.responsePace == ["instant", "within_hours", "next_day"])
        let json = try JSONEncoder().encode(options)
        #expect(try JSONDecoder().decode(VocabularyOptions.self, from: json) == options)
    }
}
