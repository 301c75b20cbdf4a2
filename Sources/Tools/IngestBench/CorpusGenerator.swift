import Foundation

/// Deterministic feed documents for the benchmark: RSS 2.0 (content:encoded, media, dc), Atom 1.0
/// (HTML content, xml:base) and RSS 1.0, with realistic HTML bodies, entities, images and the date
/// forms real feeds use. Same seed, same bytes, so runs are comparable.
enum CorpusGenerator {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
    }

    static let words = """
        market shares rally central bank inflation rate policy government minister election parliament \
        vote coalition budget deficit growth startup funding round investors technology chip cloud \
        software security breach data privacy regulators court ruling africa nairobi lagos accra \
        johannesburg kigali addis mining oil gas energy solar grid power outage drought harvest \
        farmers exports imports currency naira shilling rand cedi analysts expect quarter earnings \
        revenue profit loss merger acquisition talks officials said report survey results \
        the a of to in and for on with by from after over new first last week year month
        """.split(separator: " ").map(String.init)
    static let zones = ["GMT", "+0000", "+0100", "-0500", "EST", "PDT", "+0300", "Z"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static func write(into directory: URL, count: Int) throws -> Int {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var rng = Random(state: 0x5EED)
        var total = 0
        for index in 0..<count {
            let text: String
            let ext: String
            switch index % 4 {
            case 0, 1:
                text = rss(&rng, index)
                ext = "xml"
            case 2:
                text = atom(&rng, index)
                ext = "atom"
            default:
                text = rdf(&rng, index)
                ext = "rss"
            }
            let data = Data(text.utf8)
            total += data.count
            try data.write(to: directory.appendingPathComponent(String(format: "feed-%03d.%@", index, ext)))
        }
        return total
    }

    static func sentence(_ rng: inout Random, _ n: Int) -> String {
        var out: [String] = []
        for _ in 0..<n { out.append(rng.pick(words)) }
        var s = out.joined(separator: " ")
        s = s.prefix(1).uppercased() + s.dropFirst()
        return s
    }

    static func html(_ rng: inout Random, host: String) -> String {
        var parts: [String] = []
        if rng.below(3) == 0 {
            parts.append(
                "<figure><img src=\"/img/\(rng.below(100000)).jpg\" alt=\"\"><figcaption>\(sentence(&rng, 6))</figcaption></figure>"
            )
        }
        for _ in 0..<(3 + rng.below(6)) {
            var p = sentence(&rng, 30 + rng.below(50))
            if rng.below(2) == 0 { p += " &amp; <a href=\"https://\(host)/tag/\(rng.below(500))\">\(rng.pick(words))</a>" }
            if rng.below(3) == 0 { p += " &#8220;\(sentence(&rng, 5))&#8221; said <strong>\(rng.pick(words))</strong>." }
            parts.append("<p>\(p).</p>")
        }
        if rng.below(4) == 0 { parts.append("<script>track(\(rng.below(9999)))</script>") }
        if rng.below(3) == 0 { parts.append("<ul><li>\(sentence(&rng, 8))</li><li>\(sentence(&rng, 8))</li></ul>") }
        return parts.joined(separator: "\n")
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }

    static func rfcDate(_ rng: inout Random) -> String {
        String(
            format: "%@, %02d %@ 2025 %02d:%02d:%02d %@", rng.pick(days), 1 + rng.below(28), rng.pick(months),
            rng.below(24), rng.below(60), rng.below(60), rng.pick(zones))
    }

    static func isoDate(_ rng: inout Random) -> String {
        String(
            format: "2025-%02d-%02dT%02d:%02d:%02d%@", 1 + rng.below(12), 1 + rng.below(28), rng.below(24), rng.below(60),
            rng.below(60), rng.pick(["Z", "+01:00", "-05:00", ".123Z"]))
    }

    static func rss(_ rng: inout Random, _ index: Int) -> String {
        let host = "outlet\(index).example.com"
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">
            <channel>
            <title>\(sentence(&rng, 3)) News</title>
            <link>https://\(host)/</link>
            <atom:link href="https://\(host)/feed" rel="self" type="application/rss+xml"/>
            <description>\(sentence(&rng, 10))</description>

            """
        for n in 0..<(15 + rng.below(30)) {
            let body = html(&rng, host: host)
            out += """
                <item>
                <title>\(escape(sentence(&rng, 8 + rng.below(6))))</title>
                <link>https://\(host)/\(2025)/\(n)/\(rng.pick(words))-\(rng.pick(words))</link>
                <guid isPermaLink="false">\(host)-\(n)</guid>
                <pubDate>\(rfcDate(&rng))</pubDate>
                <dc:creator>\(rng.pick(words).capitalized) \(rng.pick(words).capitalized)</dc:creator>
                <category>\(rng.pick(words))</category>
                <description>\(escape(sentence(&rng, 25)))</description>
                <content:encoded><![CDATA[\(body)]]></content:encoded>

                """
            if rng.below(2) == 0 {
                out += "<media:content url=\"https://\(host)/m/\(n).jpg\" medium=\"image\" width=\"\(400 + rng.below(800))\"/>\n"
                out += "<media:thumbnail url=\"https://\(host)/m/\(n)-t.jpg\" width=\"150\"/>\n"
            }
            out += "</item>\n"
        }
        return out + "</channel>\n</rss>\n"
    }

    static func atom(_ rng: inout Random, _ index: Int) -> String {
        let host = "atom\(index).example.org"
        var out = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://\(host)/">
            <title>\(sentence(&rng, 3)) Review</title>
            <link href="https://\(host)/"/>
            <link rel="self" href="https://\(host)/atom.xml"/>
            <id>tag:\(host),2025:feed</id>
            <updated>\(isoDate(&rng))</updated>
            <author><name>\(rng.pick(words).capitalized) Desk</name></author>

            """
        for n in 0..<(15 + rng.below(30)) {
            out += """
                <entry>
                <title type="html">\(escape(sentence(&rng, 9)))</title>
                <link rel="alternate" type="text/html" href="posts/\(n)"/>
                <id>tag:\(host),2025:\(n)</id>
                <published>\(isoDate(&rng))</published>
                <updated>\(isoDate(&rng))</updated>
                <summary>\(escape(sentence(&rng, 20)))</summary>
                <content type="html">\(escape(html(&rng, host: host)))</content>
                <category term="\(rng.pick(words))"/>
                </entry>

                """
        }
        return out + "</feed>\n"
    }

    static func rdf(_ rng: inout Random, _ index: Int) -> String {
        let host = "rdf\(index).example.net"
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel rdf:about="https://\(host)/rss">
            <title>\(sentence(&rng, 2)) Journal</title>
            <link>https://\(host)/</link>
            <description>\(sentence(&rng, 8))</description>
            </channel>

            """
        for n in 0..<(15 + rng.below(30)) {
            out += """
                <item rdf:about="https://\(host)/a/\(n)">
                <title>\(escape(sentence(&rng, 10)))</title>
                <link>https://\(host)/a/\(n)</link>
                <description>\(escape(html(&rng, host: host)))</description>
                <dc:creator>\(rng.pick(words).capitalized)</dc:creator>
                <dc:date>\(isoDate(&rng))</dc:date>
                <dc:subject>\(rng.pick(words))</dc:subject>
                </item>

                """
        }
        return out + "</rdf:RDF>\n"
    }
}
