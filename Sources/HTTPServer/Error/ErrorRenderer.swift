import Foundation

/// Turns an `HTTPError` into a response. Each product installs one; the server calls it for
/// every error, including the ones raised before a handler runs (404, 405, 413, bad query).
public protocol ErrorRenderer: Sendable {
    func render(_ error: HTTPError) -> Response
}

/// `{"error":{"code":"…","message":"…","field":"…"}}` — the envelope both products use
/// (Xoseen's seed defines it; Jarvis adopts it so one client rule reads both).
public struct EnvelopeErrorRenderer: ErrorRenderer {
    public init() {}

    struct Envelope: Encodable {
        struct Body: Encodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Body
    }

    public func render(_ error: HTTPError) -> Response {
        let envelope = Envelope(error: .init(code: error.code.rawValue, message: error.message, field: error.field))
        let data =
            (try? WireJSONEncoder(omitNilKeys: true).encode(envelope))
            ?? Data(#"{"error":{"code":"internal_error","message":"Error could not be rendered."}}"#.utf8)
        var headers = error.headers
        headers.replace("Content-Type", "application/json; charset=utf-8")
        return Response(status: error.status, headers: headers, body: .bytes(data))
    }
}
