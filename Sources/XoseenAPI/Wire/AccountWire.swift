/// `DELETE /web/me?userId=ID`: what was erased, row counts by table.
struct AccountDeletedAnswer: Encodable {
    let ok: Bool
    let userId: String
    let deleted: [String: Int]
}
