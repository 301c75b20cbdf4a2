import Testing

@testable import HTTPServer

@Suite struct RouterTests {
    static func router() -> Router {
        var router = Router()
        router.get("/stories") { _ in .text("list") }
        router.get("/stories/{id}") { request in .text("story \(try request.parameter("id"))") }
        router.get("/stories/latest") { _ in .text("latest") }
        router.post("/feeds") { _ in .text("create") }
        router.delete("/feeds/{id}") { _ in .noContent }
        router.get("/feeds/{id}/items/{item}") { _ in .text("item") }
        router.get("/app/photos/{path...}") { _ in .text("file") }
        return router
    }

    func found(_ method: HTTPMethod, _ path: String) throws -> (String, PathParameters)? {
        if case .found(let route, let parameters) = try Self.router().match(method: method, path: path) {
            return (route.pattern, parameters)
        }
        return nil
    }

    @Test func literalBeatsParameter() throws {
        #expect(try found(.get, "/stories/latest")?.0 == "/stories/latest")
        #expect(try found(.get, "/stories/abc")?.0 == "/stories/{id}")
        #expect(try found(.get, "/stories/abc")?.1["id"] == "abc")
    }

    @Test func parametersArePercentDecodedPerSegment() throws {
        let match = try found(.get, "/stories/a%2Fb%20c")
        #expect(match?.1["id"] == "a/b c")
        let nested = try found(.get, "/feeds/f1/items/%C3%A9t%C3%A9")
        #expect(nested?.1["id"] == "f1")
        #expect(nested?.1["item"] == "été")
    }

    @Test func trailingAndDoubleSlashesNormalise() throws {
        #expect(try found(.get, "/stories/")?.0 == "/stories")
        #expect(try found(.get, "//stories//x")?.1["id"] == "x")
    }

    @Test func catchAllCapturesTheRest() throws {
        #expect(try found(.get, "/app/photos/usr_9.jpg")?.1["path"] == "usr_9.jpg")
        #expect(try found(.get, "/app/photos/a/b/c.png")?.1["path"] == "a/b/c.png")
    }

    @Test func headFallsBackToGet() throws {
        #expect(try found(.head, "/stories")?.0 == "/stories")
    }

    @Test func wrongMethodListsAllowed() throws {
        guard case .methodNotAllowed(let allowed) = try Self.router().match(method: .put, path: "/feeds/1") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["DELETE"])
        guard case .methodNotAllowed(let getAllowed) = try Self.router().match(method: .delete, path: "/stories") else {
            Issue.record("expected 405")
            return
        }
        #expect(getAllowed == ["GET", "HEAD"])
    }

    @Test(arguments: ["/nothing", "/stories/1/2", "/feeds/1/items", "/"])
    func unknownPathsAreNotFound(_ path: String) throws {
        guard case .notFound = try Self.router().match(method: .get, path: path) else {
            Issue.record("expected 404 for \(path)")
            return
        }
    }

    @Test(arguments: ["/stories/%zz", "/stories/%4", "/stories/%FF%FE"])
    func malformedEscapesAreRejected(_ path: String) {
        #expect(throws: HTTPError.self) { try Self.router().match(method: .get, path: path) }
    }
}

@Suite struct QueryParametersTests {
    @Test func decodesPlusPercentAndRepeats() throws {
        let query = try QueryParameters(parsing: "topic=tech&q=a+b%20c&tag=x&tag=y&empty=&flag")
        #expect(query["topic"] == "tech")
        #expect(query["q"] == "a b c")
        #expect(query.all("tag") == ["x", "y"])
        #expect(query["empty"] == "")
        #expect(query["flag"] == "")
        #expect(query["missing"] == nil)
    }

    @Test func integerBounds() throws {
        let query = try QueryParameters(parsing: "limit=500&min_signal=abc&ok=20")
        #expect(throws: HTTPError.self) { try query.integer("limit", range: 1...100) }
        #expect(throws: HTTPError.self) { try query.integer("min_signal", range: 0...100) }
        #expect(try query.integer("ok", range: 1...100) == 20)
        #expect(try query.integer("absent", default: 20, range: 1...100) == 20)
    }

    @Test func malformedEscapeThrows() {
        #expect(throws: HTTPError.self) { try QueryParameters(parsing: "a=%G1") }
    }
}
