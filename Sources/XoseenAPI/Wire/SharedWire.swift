/// The shapes several Xoseen routes share.

/// A body that names only the acting viewer (`/web/logout-all`, `/web/matches`, `/web/blind/next`,
/// `/web/blind/pairings`).
struct ViewerBody: Decodable { let viewerId: String }

/// A viewer acting on one candidate (`/ml/explain`, `/web/block`; `/web/blind/reveal`, where
/// `candidateId` is the partner's alias in the pairing).
struct PairBody: Decodable {
    let viewerId: String
    let candidateId: String
}

struct OkAnswer: Encodable {
    let ok: Bool
}

/// Scores and sub-scores leave at four decimals (feed cards, blind cards, `/ml/explain`).
func wireScore(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
