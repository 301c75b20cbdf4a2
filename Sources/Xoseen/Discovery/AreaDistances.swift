/// Centroid distances between every pair of gazetteer areas, computed once, so the index can list
/// the areas within a viewer's reach without a lookup per candidate. Ordinal `areas.count` stands
/// for an area the gazetteer does not know; it is 25 km from everything, as
/// ``RuleBasedRanker/distanceKm(_:_:)`` assumes.
struct AreaDistances: Sendable {
    let ordinals: [String: Int]
    /// `reach[a]`: every area ordinal with its distance from `a`, nearest first.
    let reach: [[(area: Int, km: Double)]]

    var count: Int { reach.count }

    init(gazetteer: Gazetteer) {
        let names = gazetteer.names
        ordinals = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let unknown = names.count
        reach = (0...unknown).map { a in
            (0...unknown).map { b in
                let km = a == unknown || b == unknown ? nil : gazetteer.distanceKm(names[a], names[b])
                return (b, km ?? RuleBasedRanker.unknownDistanceKm)
            }.sorted { ($0.km, $0.area) < ($1.km, $1.area) }
        }
    }

    func ordinal(of area: String) -> Int { ordinals[area] ?? reach.count - 1 }

    /// The areas no farther than `km` from `area`, nearest first.
    func within(_ km: Double, of area: Int) -> ArraySlice<(area: Int, km: Double)> {
        let all = reach[area]
        var low = 0
        var high = all.count
        while low < high {
            let mid = (low + high) / 2
            if all[mid].km <= km { low = mid + 1 } else { high = mid }
        }
        return all[..<low]
    }
}
