import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// Handlers without `await` on routes without middleware are called in place on the
/// connection's thread, outside any task; everything else about them (errors, HEAD, 404/405,
/// parameters, keep-alive) must read exactly as for the task path.
@Suite struct SynchronousRouteLiveTests {
    struct Item: Codable, Equatable {
        let id: String
        let count: Int
    }

    /// "inline" when the handler runs outside any task, "task" inside one.
    static func whereItRan() -> String { withUnsafeCurrentTask { $0 == nil } ? "inline" : "task" }

    static func router() -> Router {
        var router = Router()
        router.get("/items/{id}") { request in
            try .json(Item(id: try request.parameter("id"), count: request.query["n"].flatMap { Int($0) } ?? 0))
        }
        router.post("/items", body: .buffered(maxBytes: 256)) { request in
            try .json(try request.decode(Item.self), status: .created)
        }
        router.get("/where") { _ in .text(whereItRan()) }
        router.get("/where/wrapped", middleware: [MiddlewareFunction { request, next in try await next(request) }]) { _ in
            .text(whereItRan())
        }
        router.get("/where/async") { _ in
            await Task.yield()
            return .text(whereItRan())
        }
        router.get("/refused") { _ in throw HTTPError(.forbidden, code: "not_yours", message: "Not yours.") }
        router.get("/boom") { _ in throw CocoaError(.fileNoSuchFile) }
        router.get("/peer") { request in .text(request.remoteAddress) }
        return router
    }

    @Test func handlersWithoutAwaitOrMiddlewareRunOutsideATask() async throws {
        try await withLiveServer(Self.router()) { server in
            let plain = try await server.client.get("/where")
            let wrapped = try await server.client.get("/where/wrapped")
            let awaiting = try await server.client.get("/where/async")
            #expect(plain.bodyString == "inline")
            #expect(wrapped.bodyString == "task")
            #expect(awaiting.bodyString == "task")
        }
    }

    @Test func jsonParametersQueryAndBodies() async throws {
        try await withLiveServer(Self.router()) { server in
            let read = try await server.client.get("/items/a%20b?n=3")
            #expect(read.status == 200)
            #expect(read.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(read.bodyString == #"{"id":"a b","count":3}"#)
            let created = try await server.client.post("/items", json: Item(id: "x", count: 1))
            #expect(created.status == 201)
            #expect(try created.decode(Item.self) == Item(id: "x", count: 1))
            let invalid = try await server.client.post("/items", json: ["id": "x"])
            #expect(invalid.status == 422)
            #expect(invalid.bodyString.contains("count"))
        }
    }

    @Test func errorsUseTheEnvelope() async throws {
        try await withLiveServer(Self.router()) { server in
            let refused = try await server.client.get("/refused")
            #expect(refused.status == 403)
            #expect(refused.bodyString == #"{"error":{"code":"not_yours","message":"Not yours."}}"#)
            let boom = try await server.client.get("/boom")
            #expect(boom.status == 500)
            #expect(boom.bodyString == #"{"error":{"code":"internal_error","message":"Internal server error."}}"#)
            let wrongMethod = try await server.client.get("/items")
            let unknown = try await server.client.get("/nothing/here")
            #expect(wrongMethod.status == 405)
            #expect(unknown.status == 404)
        }
    }

    @Test func remoteAddressIsTheClients() async throws {
        try await withLiveServer(Self.router()) { server in
            let response = try await server.client.get("/peer")
            #expect(response.bodyString == "127.0.0.1")
        }
    }

    @Test func headAndKeepAlive() async throws {
        try await withLiveServer(Self.router()) { server in
            let head = try await server.client.head("/items/1")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            for i in 0..<10 {
                try await connection.sendRequest("GET", "/items/\(i)")
                let response = try await connection.readResponse()
                #expect(response.bodyString == #"{"id":"\#(i)","count":0}"#)
                #expect(response.headers["Connection"]?.lowercased() != "close")
            }
        }
    }
}
