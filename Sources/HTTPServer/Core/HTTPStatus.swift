/// An HTTP status code with its reason phrase.
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ code: Int) { self.rawValue = code }

    public static let switchingProtocols = HTTPStatus(101)
    public static let ok = HTTPStatus(200)
    public static let created = HTTPStatus(201)
    public static let accepted = HTTPStatus(202)
    public static let noContent = HTTPStatus(204)
    public static let movedPermanently = HTTPStatus(301)
    public static let found = HTTPStatus(302)
    public static let notModified = HTTPStatus(304)
    public static let badRequest = HTTPStatus(400)
    public static let unauthorized = HTTPStatus(401)
    public static let forbidden = HTTPStatus(403)
    public static let notFound = HTTPStatus(404)
    public static let methodNotAllowed = HTTPStatus(405)
    public static let conflict = HTTPStatus(409)
    public static let gone = HTTPStatus(410)
    public static let payloadTooLarge = HTTPStatus(413)
    public static let uriTooLong = HTTPStatus(414)
    public static let unsupportedMediaType = HTTPStatus(415)
    public static let unprocessableContent = HTTPStatus(422)
    public static let tooManyRequests = HTTPStatus(429)
    public static let internalServerError = HTTPStatus(500)
    public static let notImplemented = HTTPStatus(501)
    public static let serviceUnavailable = HTTPStatus(503)

    public var description: String { "\(rawValue)" }
}
