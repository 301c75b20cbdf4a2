struct LogoutAnswer: Encodable {
    let ok: Bool
    let viewerId: String
    /// A token under the new version, for the caller's device.
    let token: String
}
