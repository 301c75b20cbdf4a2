import Foundation

/// Real demographics for the seed population at scale: the joint distribution of sex, orientation and age
/// band learned from 59,850 OkCupid profiles (`scripts/learn-population.py` →
/// `Resources/xoseen/population/okcupid.json`, counts only, cells under 5 dropped). Personas past the 400 named
/// demo ones draw gender, orientation and age from it; the demo personas keep their hand-set tables.
///
/// OkCupid records two sexes and three orientations: a woman's "gay" is our `lesbian`, "bisexual" our `bi`.
/// Nonbinary people (not in the data) keep the hand-set share and table. The lifestyle answers (drinking,
/// smoking, drugs, diet, children; ``Lifestyle``) are drawn per sex and age band, each answer independently
/// given those (the file has no joint table of answers); a nonbinary persona draws from both sexes' counts.
public struct PopulationDemographics: Sendable {
    struct Cell: Sendable {
        let gender: Gender
        let orientation: Orientation
        let ages: ClosedRange<Int>
        let count: Double
    }

    let cells: [Cell]
    /// Per answer (drinks, smokes, …), per sex ("f", "m") and age band: value → count; "unstated" included.
    let lifestyle: [String: [String: [LifestyleBand]]]

    struct LifestyleBand: Sendable {
        let ages: ClosedRange<Int>
        let values: [(String, Double)]
    }

    static let lifestyleAnswers = ["drinks", "smokes", "drugs", "diet", "children"]

    public static let fileName = "population/okcupid.json"

    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    private struct File: Decodable {
        struct Entry: Decodable {
            let sex: String
            let orientation: String
            let age_band: String
            let count: Int
        }
        let sex_orientation_age: [Entry]
        let lifestyle_by_sex_age_band: [String: [String: [String: [String: Int]]]]?
    }

    /// Loads `<resourcesDirectory>/population/okcupid.json`.
    public init(resourcesDirectory: String) throws {
        let path = resourcesDirectory + "/" + Self.fileName
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw LoadError(description: "\(path): \(error)")
        }
        var cells: [Cell] = []
        for entry in file.sex_orientation_age {
            let bounds = entry.age_band.split(separator: "-").compactMap { Int($0) }
            guard bounds.count == 2, bounds[0] >= 18, bounds[0] <= bounds[1], entry.count > 0 else {
                throw LoadError(description: "\(path): bad cell \(entry.sex)/\(entry.orientation)/\(entry.age_band)")
            }
            let gender: Gender
            switch entry.sex {
            case "f": gender = .woman
            case "m": gender = .man
            default: throw LoadError(description: "\(path): unknown sex '\(entry.sex)'")
            }
            let orientation: Orientation
            switch (entry.orientation, gender) {
            case ("straight", _): orientation = .straight
            case ("gay", .woman): orientation = .lesbian
            case ("gay", _): orientation = .gay
            case ("bisexual", _): orientation = .bi
            default: throw LoadError(description: "\(path): unknown orientation '\(entry.orientation)'")
            }
            cells.append(
                Cell(
                    gender: gender, orientation: orientation, ages: bounds[0]...bounds[1],
                    count: Double(entry.count)))
        }
        guard !cells.isEmpty else { throw LoadError(description: "\(path): no cells") }
        self.cells = cells
        var lifestyle: [String: [String: [LifestyleBand]]] = [:]
        for (answer, bySex) in file.lifestyle_by_sex_age_band ?? [:] where Self.lifestyleAnswers.contains(answer) {
            for (sex, byBand) in bySex {
                lifestyle[answer, default: [:]][sex] = try byBand.keys.sorted().map { band in
                    let bounds = band.split(separator: "-").compactMap { Int($0) }
                    guard bounds.count == 2, bounds[0] <= bounds[1] else {
                        throw LoadError(description: "\(path): bad lifestyle band \(answer)/\(sex)/\(band)")
                    }
                    let values = byBand[band]!.sorted { $0.key < $1.key }.map { ($0.key, Double(max(0, $0.value))) }
                    return LifestyleBand(ages: bounds[0]...bounds[1], values: values)
                }
            }
        }
        self.lifestyle = lifestyle
    }

    /// Lifestyle answers for a person of this gender and age, each drawn from the real answers of people of
    /// that sex and age band ("unstated" → nil). Values outside ``Lifestyle``'s vocabulary are refused at
    /// draw time as unstated, so a newer file cannot put an unknown value on a persona.
    func drawLifestyle(gender: Gender, age: Int, using rng: inout SplitMix64) -> Lifestyle {
        let sexes: [String] =
            switch gender {
            case .woman: ["f"]
            case .man: ["m"]
            case .nonbinary: ["f", "m"]
            }
        func answer(_ name: String) -> String? {
            var pooled: [String: Double] = [:]
            for sex in sexes {
                guard let band = lifestyle[name]?[sex]?.first(where: { $0.ages.contains(age) }) else { continue }
                for (value, count) in band.values { pooled[value, default: 0] += count }
            }
            let choices = pooled.sorted { $0.key < $1.key }
            guard !choices.isEmpty, choices.contains(where: { $0.value > 0 }) else { return nil }
            let value = choices[rng.weightedIndex(choices.map(\.value))].key
            return value == "unstated" ? nil : value
        }
        return Lifestyle(
            drinks: answer("drinks").flatMap(Lifestyle.Drinks.init(rawValue:)),
            smokes: answer("smokes").flatMap(Lifestyle.Smokes.init(rawValue:)),
            drugs: answer("drugs").flatMap(Lifestyle.Drugs.init(rawValue:)),
            diet: answer("diet").flatMap(Lifestyle.Diet.init(rawValue:)),
            children: answer("children").flatMap(Lifestyle.Children.init(rawValue:)))
    }

    /// Share of people of one sex ("f"/"m") who gave `value` for `answer`, over all age bands (for tests and
    /// documentation; "unstated" counts in the whole).
    public func lifestyleShare(_ answer: String, _ value: String, sex: String) -> Double {
        let bands = lifestyle[answer]?[sex] ?? []
        let total = bands.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.1 } }
        let part = bands.reduce(0) { $0 + $1.values.filter { $0.0 == value }.reduce(0) { $0 + $1.1 } }
        return total == 0 ? 0 : part / total
    }

    /// A woman or man with orientation and age drawn jointly from the data (age uniform within its band).
    func draw(using rng: inout SplitMix64) -> (gender: Gender, orientation: Orientation, age: Int) {
        let cell = cells[rng.weightedIndex(cells.map(\.count))]
        return (cell.gender, cell.orientation, rng.int(in: cell.ages))
    }

    /// Share of a gender in the data (for tests and documentation).
    public func share(of gender: Gender) -> Double {
        let total = cells.reduce(0) { $0 + $1.count }
        return cells.filter { $0.gender == gender }.reduce(0) { $0 + $1.count } / total
    }

    /// Share of an orientation among one gender in the data.
    public func share(of orientation: Orientation, among gender: Gender) -> Double {
        let group = cells.filter { $0.gender == gender }
        let total = group.reduce(0) { $0 + $1.count }
        return group.filter { $0.orientation == orientation }.reduce(0) { $0 + $1.count } / total
    }
}
