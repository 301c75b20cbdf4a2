import HTTPServer
import Jarvis

/// `GET /articles/{id}`.
struct ArticleRoutes {
    let context: JarvisContext

    func register(on router: inout Router) {
        let context = context
        router.get("/articles/{id}") { request in
            let id = try request.parameter("id")
            guard let article = try await context.articles.article(id: id) else {
                throw HTTPError.notFound("No article with id \(id).")
            }
            return try JarvisWire.json(ArticleDTO(article))
        }
    }
}
