import Foundation

/// Real demographics for the seed population at scale: the joint distribution of sex, orientation and age
/// band learned from 59,850 OkCupid profiles (`scripts/learn-population.py` →
/// `Resources/xoseen/population/okcupid.json`, counts only, cells under 5 dropped). Personas past the 400 named
/// demo ones draw gender, orientation and age from it; the demo personas keep their hand-set tables.
///
/// OkCupid records two sexes and three orientations: a woman's "gay" is our `lesbian`, "bisexual" our `bi`.
/// Nonbinary people (not in the data) keep the hand-set share and table. The lifestyle answers (drinking,
/// smoking, drugs, children) are shipped with the counts but have no field in our profiles yet.
public struct PopulationDemographics: Sendable {
    struct Cell: Sendable {
        let gender: Gender
        let orientation: Orientation
        let ages: ClosedRange<Int>
        let count: Double
    }

    let cells: [Cell]

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
