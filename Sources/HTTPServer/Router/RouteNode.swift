/// The router's segment trie as it is built: literal children first, then one `{param}`
/// child, then a `{rest...}` catch-all. Served as a `RouteTable`.
struct RouteNode: Sendable {
    var literals: [String: RouteNode] = [:]
    var parameterName: String?
    var parameterChild: [RouteNode] = []  // zero or one element (indirect storage)
    var catchAllName: String?
    var catchAllRoutes: [HTTPMethod: Route] = [:]
    var routes: [HTTPMethod: Route] = [:]

    mutating func insert(_ segments: ArraySlice<PathPattern.Segment>, method: HTTPMethod, route: Route) {
        guard let first = segments.first else {
            precondition(routes[method] == nil, "Duplicate route \(method) \(route.pattern)")
            routes[method] = route
            return
        }
        switch first {
        case .literal(let text):
            literals[text, default: RouteNode()].insert(segments.dropFirst(), method: method, route: route)
        case .parameter(let name):
            precondition(
                parameterName == nil || parameterName == name,
                "Conflicting parameter names at the same position in \(route.pattern)")
            parameterName = name
            if parameterChild.isEmpty { parameterChild = [RouteNode()] }
            parameterChild[0].insert(segments.dropFirst(), method: method, route: route)
        case .catchAll(let name):
            precondition(segments.count == 1, "A catch-all must be the last segment in \(route.pattern)")
            catchAllName = name
            precondition(catchAllRoutes[method] == nil, "Duplicate route \(method) \(route.pattern)")
            catchAllRoutes[method] = route
        }
    }
}

enum PathPattern {
    enum Segment: Equatable {
        case literal(String)
        case parameter(String)
        case catchAll(String)
    }

    static func parse(_ pattern: String) -> [Segment] {
        pattern.split(separator: "/", omittingEmptySubsequences: true).map { part in
            if part.hasPrefix("{") && part.hasSuffix("...}") {
                return .catchAll(String(part.dropFirst().dropLast(4)))
            }
            if part.hasPrefix("{") && part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }
}
