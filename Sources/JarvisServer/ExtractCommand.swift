import Foundation
import Jarvis

/// `jarvis extract [--content-type TYPE] FILE [URL]`: the article of one saved web page, exactly as
/// the server's page service extracts it (same `ArticleExtractor`), as one line of JSON
/// `{"title","text","author","publishedAt","imageUrl"}` (absent fields null). URL plays the page's
/// address (relative image links resolve against it); TYPE plays the HTTP `Content-Type` (its
/// charset). FILE `-` reads standard input. `--whole-page` prints every visible text of the page
/// instead (the evaluation's baseline). Exit 0; 64 usage; 66 unreadable file.
enum ExtractCommand {
    static let usage = "usage: jarvis extract [--content-type TYPE] [--whole-page] FILE [URL]\n"

    static func run(_ arguments: [String]) -> Never {
        var positional: [String] = []
        var contentType: String?
        var wholePage = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--content-type":
                guard let value = rest.popFirst() else { fail(usage, status: 64) }
                contentType = value
            case "--whole-page":
                wholePage = true
            case "-h", "--help":
                FileHandle.standardOutput.write(Data(usage.utf8))
                exit(0)
            default:
                positional.append(argument)
            }
        }
        guard (1...2).contains(positional.count) else { fail(usage, status: 64) }
        var url: URL?
        if positional.count == 2 {
            guard let value = URL(string: positional[1]), value.scheme != nil else {
                fail("jarvis extract: URL must be an absolute URL\n", status: 64)
            }
            url = value
        }
        let path = positional[0]
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            fail("jarvis extract: cannot read \(path): \(error.localizedDescription)\n", status: 66)
        }
        let article =
            wholePage
            ? ExtractedArticle(text: ArticleExtractor.wholePageText(data, contentType: contentType))
            : ArticleExtractor.extract(data, url: url, contentType: contentType)
        var json = article.json()
        json.append(0x0A)
        FileHandle.standardOutput.write(json)
        exit(0)
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data(message.utf8))
        exit(status)
    }
}
