import Foundation
import Jarvis

/// `jarvis parse [--content-type TYPE] FILE [BASE-URL]`: the operator's feed-debugging tool. Parses
/// one document exactly as the poller would (same parser, same encoding rules; TYPE stands in for
/// the HTTP `Content-Type` the server sent, BASE-URL for the feed's URL) and prints the result as
/// JSON (`FeedParseReport`). FILE `-` reads standard input.
///
/// Exit status: 0 parsed; 1 the document is not a usable feed (the JSON is then
/// `{"error":{"code":…,"message":…}}` with a `FeedParseError` code); 64 usage; 66 unreadable file.
enum ParseCommand {
    static let usage = "usage: jarvis parse [--content-type TYPE] FILE [BASE-URL]\n"

    static func run(_ arguments: [String]) -> Never {
        var positional: [String] = []
        var contentType: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--content-type":
                guard let value = rest.popFirst() else { fail(usage, status: 64) }
                contentType = value
            case "-h", "--help":
                FileHandle.standardOutput.write(Data(usage.utf8))
                exit(0)
            default:
                if argument.hasPrefix("--content-type=") {
                    contentType = String(argument.dropFirst("--content-type=".count))
                } else {
                    positional.append(argument)
                }
            }
        }
        guard (1...2).contains(positional.count) else { fail(usage, status: 64) }
        let path = positional[0]
        let base: URL?
        if positional.count == 2 {
            guard let url = URL(string: positional[1]), url.scheme != nil else {
                fail("jarvis parse: BASE-URL must be an absolute URL\n", status: 64)
            }
            base = url
        } else {
            base = nil
        }
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            fail("jarvis parse: cannot read \(path): \(error.localizedDescription)\n", status: 66)
        }
        do {
            let feed = try FeedParser.parse(data: data, baseURL: base, contentType: contentType, now: Date())
            var json = try FeedParseReport(feed).json()
            json.append(0x0A)
            FileHandle.standardOutput.write(json)
            exit(0)
        } catch let error as FeedParseError {
            let envelope = ["error": ["code": error.code.rawValue, "message": error.reason]]
            var json = (try? JSONSerialization.data(withJSONObject: envelope, options: [.prettyPrinted, .sortedKeys])) ?? Data()
            json.append(0x0A)
            FileHandle.standardOutput.write(json)
            exit(1)
        } catch {
            fail("jarvis parse: \(error)\n", status: 1)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data(message.utf8))
        exit(status)
    }
}
