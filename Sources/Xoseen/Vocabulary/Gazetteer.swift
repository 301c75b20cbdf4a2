import Foundation

/// A point on Earth, degrees.
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance in kilometres (haversine, mean Earth radius 6371.0088 km). Plenty for city distances:
    /// the spherical-Earth error is under 0.5%.
    public func distanceKm(to other: GeoPoint) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0088 * asin(min(1, a.squareRoot()))
    }
}

/// The five boroughs of New York City.
public enum Borough: String, CaseIterable, Sendable, Hashable, Codable {
    case manhattan = "Manhattan"
    case brooklyn = "Brooklyn"
    case queens = "Queens"
    case bronx = "Bronx"
    case statenIsland = "Staten Island"
}

/// A place a profile can say it is in: a borough as a whole ("Manhattan") or one of its neighbourhoods
/// ("Williamsburg"). Only the centroid is known, so a distance between two areas is an estimate by design —
/// the feed never needs, and never reveals, an exact location.
public struct CityArea: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case borough, neighbourhood
    }

    public let name: String
    public let borough: Borough
    public let kind: Kind
    public let centroid: GeoPoint

    public init(name: String, borough: Borough, kind: Kind, centroid: GeoPoint) {
        self.name = name
        self.borough = borough
        self.kind = kind
        self.centroid = centroid
    }
}

/// The city areas Xoseen knows, loaded from `neighbourhoods.json` in the resources directory
/// (`Resources/xoseen` in the repository): the five boroughs first, then ~60 neighbourhoods, borough by borough.
public struct Gazetteer: Sendable {
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Boroughs first, then neighbourhoods, in file order.
    public let areas: [CityArea]
    /// 2020 census population per borough, used to weight where seed personas live.
    public let boroughPopulation: [Borough: Int]
    private let index: [String: CityArea]
    private let foldedIndex: [String: CityArea]

    public static let fileName = "neighbourhoods.json"

    public init(areas: [CityArea], boroughPopulation: [Borough: Int]) throws {
        var index: [String: CityArea] = [:]
        var folded: [String: CityArea] = [:]
        for area in areas {
            guard index[area.name] == nil, folded[Self.fold(area.name)] == nil else {
                throw LoadError(description: "duplicate city area \(area.name)")
            }
            // New York City sits well inside this box; a swapped or mistyped coordinate would not.
            guard (40.45...41.0).contains(area.centroid.latitude), (-74.3 ... -73.65).contains(area.centroid.longitude)
            else { throw LoadError(description: "\(area.name) is not in New York City") }
            index[area.name] = area
            folded[Self.fold(area.name)] = area
        }
        for borough in Borough.allCases where index[borough.rawValue]?.kind != .borough {
            throw LoadError(description: "missing borough \(borough.rawValue)")
        }
        self.areas = areas
        self.boroughPopulation = boroughPopulation
        self.index = index
        self.foldedIndex = folded
    }

    /// Loads `<resourcesDirectory>/neighbourhoods.json`.
    public init(resourcesDirectory: String) throws {
        let path = resourcesDirectory + "/" + Self.fileName
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(description: "cannot read \(path)")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw LoadError(description: "\(path): \(error)")
        }
        var areas: [CityArea] = []
        var population: [Borough: Int] = [:]
        for entry in file.boroughs {
            guard let borough = Borough(rawValue: entry.name) else {
                throw LoadError(description: "\(path): unknown borough \(entry.name)")
            }
            population[borough] = entry.population
            areas.append(
                CityArea(
                    name: entry.name, borough: borough, kind: .borough,
                    centroid: GeoPoint(latitude: entry.lat, longitude: entry.lon)))
        }
        for entry in file.neighbourhoods {
            guard let borough = Borough(rawValue: entry.borough) else {
                throw LoadError(description: "\(path): \(entry.name) has unknown borough \(entry.borough)")
            }
            areas.append(
                CityArea(
                    name: entry.name, borough: borough, kind: .neighbourhood,
                    centroid: GeoPoint(latitude: entry.lat, longitude: entry.lon)))
        }
        try self.init(areas: areas, boroughPopulation: population)
    }

    public var names: [String] { areas.map(\.name) }
    public var boroughs: [CityArea] { areas.filter { $0.kind == .borough } }
    public var neighbourhoods: [CityArea] { areas.filter { $0.kind == .neighbourhood } }

    /// The area with exactly this name (the canonical spelling, as stored on profiles).
    public func area(named name: String) -> CityArea? { index[name] }

    /// Forgiving lookup for user input: case, spacing and punctuation are ignored ("upper west side",
    /// "St George"). Spelling variants only; nicknames ("Bed-Stuy") are not known.
    public func resolve(_ input: String) -> CityArea? { index[input] ?? foldedIndex[Self.fold(input)] }

    /// Centroid distance between two named areas in kilometres, nil when either is unknown.
    public func distanceKm(_ a: String, _ b: String) -> Double? {
        guard let x = index[a], let y = index[b] else { return nil }
        return x.centroid.distanceKm(to: y.centroid)
    }

    private static func fold(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }

    private struct File: Decodable {
        struct BoroughEntry: Decodable {
            let name: String
            let population: Int
            let lat: Double
            let lon: Double
        }

        struct NeighbourhoodEntry: Decodable {
            let name: String
            let borough: String
            let lat: Double
            let lon: Double
        }

        let boroughs: [BoroughEntry]
        let neighbourhoods: [NeighbourhoodEntry]
    }
}
