import Foundation

/// Checks a live server's answers against its OpenAPI 3.1 document, so the document cannot drift
/// from the code: an answer with a status the operation does not list, a body that breaks the
/// documented schema (a missing required key, a wrong type, an undocumented key where
/// `additionalProperties` is false), or an error code the response does not list in `x-codes`,
/// is a problem. Supports the part of JSON Schema the documents use: `type` (one or a list),
/// `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `const`, `oneOf`,
/// `$ref` to `#/components/schemas/…`, and `format: date-time` read as the strict
/// `YYYY-MM-DDTHH:MM:SSZ` the apps decode.
public struct OpenAPIChecker: @unchecked Sendable {
    // @unchecked: the parsed document is immutable Foundation values.
    public let document: [String: Any]

    public init(data: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TLSTestError("the document is not a JSON object")
        }
        document = object
    }

    /// Every (method, path template) the document describes, methods upper-case.
    public var operations: Set<String> {
        var found: Set<String> = []
        for (path, item) in document["paths"] as? [String: Any] ?? [:] {
            for method in (item as? [String: Any] ?? [:]).keys
            where ["get", "post", "put", "patch", "delete"].contains(method) {
                found.insert("\(method.uppercased()) \(path)")
            }
        }
        return found
    }

    /// Problems with one answer to `method path` (the path template, e.g. `/stories/{id}`); empty when it conforms.
    public func problems(_ method: String, _ path: String, status: Int, contentType: String?, body: [UInt8]) -> [String] {
        let where_ = "\(method) \(path) → \(status)"
        let item = (document["paths"] as? [String: Any])?[path] as? [String: Any]
        guard let operation = item?[method.lowercased()] as? [String: Any] else {
            return ["\(where_): operation not in the document"]
        }
        let responses = operation["responses"] as? [String: Any] ?? [:]
        guard let response = (responses[String(status)] ?? responses["default"]) as? [String: Any] else {
            return ["\(where_): status not documented (documented: \(responses.keys.sorted().joined(separator: ", ")))"]
        }
        guard let content = response["content"] as? [String: Any], !content.isEmpty else {
            return body.isEmpty ? [] : ["\(where_): documented without a body, answered \(body.count) bytes"]
        }
        let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard let media = content[mediaType] as? [String: Any] else {
            return ["\(where_): content type \(mediaType) not documented (\(content.keys.sorted().joined(separator: ", ")))"]
        }
        guard mediaType.hasSuffix("json"), let schema = media["schema"] else { return [] }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            return ["\(where_): body is not JSON"]
        }
        var problems = validate(value, against: schema, at: "$").map { "\(where_): \($0)" }
        if let codes = response["x-codes"] as? [String] {
            let code = ((value as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
            if let code, !codes.contains(code) { problems.append("\(where_): error code \(code) not in x-codes \(codes)") }
        }
        return problems
    }

    public func problems(_ method: String, _ path: String, _ response: RawHTTPResponse) -> [String] {
        problems(method, path, status: response.status, contentType: response.headers["Content-Type"], body: response.body)
    }

    static let strictDate = try! NSRegularExpression(pattern: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#)

    func resolve(_ schema: Any) -> [String: Any] {
        guard let object = schema as? [String: Any] else { return [:] }
        guard let reference = object["$ref"] as? String, reference.hasPrefix("#/components/schemas/") else { return object }
        let name = String(reference.dropFirst("#/components/schemas/".count))
        return resolve(((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?[name] ?? [:])
    }

    func validate(_ value: Any, against raw: Any, at location: String) -> [String] {
        let schema = resolve(raw)
        if let options = schema["oneOf"] as? [Any] {
            let matching = options.filter { validate(value, against: $0, at: location).isEmpty }.count
            return matching == 1 ? [] : ["\(location): matches \(matching) of the oneOf schemas, not exactly one"]
        }
        if let constant = schema["const"], !Self.equal(constant, value) { return ["\(location): is not \(constant)"] }
        if let choices = schema["enum"] as? [Any], !choices.contains(where: { Self.equal($0, value) }) {
            return ["\(location): \(value) is not one of \(choices)"]
        }
        let types = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if !types.isEmpty, !types.contains(where: { Self.isType(value, $0) }) {
            return ["\(location): expected \(types.joined(separator: "|")), got \(Self.typeName(value))"]
        }
        var problems: [String] = []
        if let text = value as? String, schema["format"] as? String == "date-time",
            Self.strictDate.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
        {
            problems.append("\(location): date \(text) is not YYYY-MM-DDTHH:MM:SSZ")
        }
        if let object = value as? [String: Any], !(value is NSNull) {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                problems.append("\(location): required key \(key) is missing")
            }
            for (key, child) in object {
                if let property = properties[key] {
                    problems += validate(child, against: property, at: "\(location).\(key)")
                } else if let extra = schema["additionalProperties"] {
                    if let allowed = extra as? Bool {
                        if !allowed { problems.append("\(location): undocumented key \(key)") }
                    } else {
                        problems += validate(child, against: extra, at: "\(location).\(key)")
                    }
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] {
            for (index, element) in array.enumerated() {
                problems += validate(element, against: items, at: "\(location)[\(index)]")
            }
        }
        return problems
    }

    static func isType(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "boolean": return isBoolean(value)
        case "integer":
            guard let number = value as? NSNumber, !isBoolean(value) else { return false }
            return number.doubleValue == number.doubleValue.rounded()
        case "number": return value is NSNumber && !isBoolean(value)
        case "string": return value is String
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return false
        }
    }

    /// JSON's true/false as Foundation hands them back (a Bool, or an NSNumber made from one).
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c" || String(cString: number.objCType) == "B"
    }

    static func typeName(_ value: Any) -> String {
        for type in ["null", "boolean", "integer", "number", "string", "array", "object"] where isType(value, type) {
            return type
        }
        return "\(type(of: value))"
    }

    static func equal(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? String, let b = b as? String { return a == b }
        if let a = a as? NSNumber, let b = b as? NSNumber { return a == b }
        return a is NSNull && b is NSNull
    }
}
