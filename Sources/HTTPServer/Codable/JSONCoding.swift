import Foundation

/// Request-body decoding that turns decoder failures into a clear 422 naming the field.
/// (Responses are encoded by `WireJSONEncoder`.)
public enum JSONCoding {
    public static let defaultDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension Request {
    /// Decodes the JSON body. Empty, malformed or ill-typed bodies become a 422
    /// `invalid_request` whose message and `field` say what is wrong.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONCoding.defaultDecoder) throws(HTTPError) -> T {
        if let contentType = headers["Content-Type"], !contentType.isEmpty,
            !contentType.lowercased().hasPrefix("application/json"), !contentType.lowercased().contains("+json")
        {
            throw HTTPError(
                .unsupportedMediaType, code: .unsupportedMediaType,
                message: "Expected Content-Type application/json, got \(contentType).")
        }
        guard !body.isEmpty else {
            throw HTTPError.invalid("Request body is empty; a JSON object is required.")
        }
        if NULEscape.isPresent(in: body) {
            throw HTTPError.invalid("Text must not contain the NUL character (\\u0000).")
        }
        do {
            return try decoder.decode(T.self, from: body)
        } catch let error as DecodingError {
            throw Self.describe(error)
        } catch let error as HTTPError {
            throw error
        } catch {
            throw HTTPError.invalid("Request body is not valid JSON.")
        }
    }

    static func describe(_ error: DecodingError) -> HTTPError {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .reduce(into: "") { result, part in
                    result += part.hasPrefix("[") || result.isEmpty ? part : ".\(part)"
                }
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return .invalid("Missing required field '\(field)'.", field: field)
        case .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            return .invalid("Field '\(field)' must not be null (expected \(Self.typeName(type))).", field: field)
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            if field.isEmpty { return .invalid("Request body must be a JSON \(Self.typeName(type)).") }
            return .invalid("Field '\(field)' must be \(Self.typeName(type)).", field: field)
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            if field.isEmpty { return .invalid("Request body is not valid JSON.") }
            return .invalid("Field '\(field)' is invalid: \(context.debugDescription)", field: field)
        @unknown default:
            return .invalid("Request body is not valid JSON.")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is Bool.Type: "a boolean"
        default:
            String(describing: type).hasPrefix("Array")
                ? "an array" : (String(describing: type).hasPrefix("Dictionary") ? "an object" : "a \(type)")
        }
    }
}
