import Foundation
import Testing

@testable import Jarvis

/// Every document under Fixtures/feeds (all written for this project) with the result it must give.
/// Item checks name only the fields that fixture is about.
struct FeedCorpusTests {
    static let feedURL = URL(string: "https://news.example.com/feeds/main.xml")!
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    enum Check: Sendable {
        case title(String)
        case link(String?)
        case guid(String?)
        case body(String)
        case summary(String)
        case author(String?)
        case date(String)
        case firstSeen
        case image(String?)
        case categories([String])
        case breaking(Bool)
        /// The string must not occur in any field of this item (leak checks).
        case absent(String)
    }

    enum Outcome: Sendable {
        case feed(FeedFormat, title: String, site: String?, recovered: Bool = false, items: [[Check]])
        case error(FeedParseError.Code)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let outcome: Outcome
        init(_ file: String, _ outcome: Outcome) {
            self.file = file
            self.outcome = outcome
        }
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        // RSS 2.0 and its namespaces.
        Case(
            "rss2-basic.xml",
            .feed(
                .rss, title: "Lagos Ledger", site: "https://ledger.example.ng/",
                items: [
                    [
                        .title("Naira steadies as central bank holds rates"),
                        .link("https://ledger.example.ng/markets/naira-steadies"),
                        .guid("https://ledger.example.ng/?p=1041"), .date("2025-10-14T08:30:00Z"), .author("Amaka Obi"),
                        .body("The naira held near its weekly high on Tuesday.\n\nTraders expect calm."),
                        .categories(["Markets", "Currency"]), .image(nil), .breaking(false),
                    ],
                    [
                        .guid("ledger-1040"), .author("Musa Bello"), .date("2025-10-13T18:05:00Z"),
                        .summary("Truck queues shortened to under a kilometre."),
                    ],
                ])),
        Case(
            "rss2-content-encoded.xml",
            .feed(
                .rss, title: "Circuit Weekly", site: "https://circuit.example.com",
                items: [
                    [
                        .author("Priya Natarajan"), .date("2025-10-15T11:00:00Z"), .summary("A short teaser about 2nm chips."),
                        .body(
                            "The plan\n\nThe company will ship 2nm parts in 2027.\n\nYields are improving fast.\n\nPhase one\nPhase two"
                                + "\n\nLine one\nLine two\n\nNew paragraph & more — done."),
                        .image("https://news.example.com/images/wafer.jpg"), .absent("trackVisit"), .absent("color"),
                        .absent("Enable JavaScript"), .absent("Home"),
                    ]
                ])),
        Case(
            "rss2-media.xml",
            .feed(
                .rss, title: "Capitol Watch", site: "https://capitol.example.org/",
                items: [
                    [
                        .image("https://img.example.org/budget-large.jpg"), .date("2025-10-17T03:15:00Z"),
                        .body("The vote was 52-48."),
                    ],
                    [.image("https://img.example.org/hearing.webp"), .date("2025-10-17T03:00:00Z")],
                    [.image("https://img.example.org/gov-thumb-big.jpg"), .date("2025-10-16T16:00:00Z")],
                ])),
        Case(
            "rss2-enclosure.xml",
            .feed(
                .rss, title: "Harbour Radio", site: "https://harbour.example.co.za/",
                items: [
                    [.image("https://cdn.example.co.za/dam.png"), .date("2025-10-17T04:00:00Z")],
                    [.image("https://cdn.example.co.za/cover42.jpg"), .body("Listen now."), .date("2025-10-17T03:00:00Z")],
                ])),
        Case(
            "rss2-relative-links.xml",
            .feed(
                .rss, title: "Relative Times", site: "https://news.example.com/",
                items: [
                    [
                        .link("https://news.example.com/2025/10/relative-story"),
                        .image("https://news.example.com/feeds/pics/photo.jpg"),
                        .body("Pixel first then"),
                    ],
                    [.link("https://cdn.example.com/story"), .image(nil), .body("No real image.")],
                    [.link(nil), .guid(nil), .firstSeen],
                ])),
        Case(
            "rss2-xml-base.xml",
            .feed(
                .rss, title: "Based News", site: "https://base.example.net/news/index.html",
                items: [
                    [
                        .link("https://other.example.net/world/kenya-election.html"),
                        .image("https://other.example.net/world/img/nairobi.jpg"), .body("Polling opened."),
                    ],
                    [.link("https://base.example.net/sport/derby.html")],
                ])),
        Case(
            "rss2-guid-permalink.xml",
            .feed(
                .rss, title: "Guid Gazette", site: "https://guid.example.com/",
                items: [
                    [.link("https://guid.example.com/a/1"), .guid("https://guid.example.com/a/1")],
                    [.link(nil), .guid("tag:guid.example.com,2025:2")],
                    [.link("https://guid.example.com/a/3"), .guid("https://guid.example.com/a/3")],
                ])),
        Case(
            "rss2-no-title.xml",
            .feed(
                .rss, title: "Microblog", site: "https://micro.example.com/",
                items: [
                    [
                        .title(
                            "Just landed in Nairobi for the tech summit. Excited to hear the keynote on mobile money and what comes after M-Pesa."
                        ),
                        .body(
                            "Just landed in Nairobi for the tech summit. Excited to hear the keynote on mobile money and what comes after M-Pesa.\n\nMore later."
                        ),
                    ]
                ])),
        Case(
            "rss2-breaking.xml",
            .feed(
                .rss, title: "Wire Service", site: "https://wire.example.com/",
                items: [
                    [.breaking(true), .categories(["Breaking News"])],
                    [.breaking(true), .title("BREAKING: Parliament dissolved")],
                    [.breaking(true)],
                    [.breaking(false)],
                ])),
        Case(
            "rss2-entities.xml",
            .feed(
                .rss, title: "Tom & Jerry Daily", site: "https://ent.example.com/",
                items: [
                    [
                        .title("Q&A: prices “will fall”"), .link("https://ent.example.com/qa?id=1&ref=rss"),
                        .body("Café owners & bakers <3 the change."),
                    ],
                    [.title("x < y && y > z")],
                ])),
        Case(
            "rss2-odd-dates.xml",
            .feed(
                .rss, title: "Odd Dates", site: nil,
                items: [
                    [.date("2025-10-05T18:30:00Z")], [.date("2025-10-05T14:30:00Z")], [.date("2025-10-05T14:30:00Z")],
                    [.date("2025-10-05T13:30:00Z")],
                ])),
        Case(
            "rss091-netscape.xml",
            .feed(
                .rss, title: "Vieux Journal", site: "http://vieux.example.fr/",
                items: [
                    [.title("Réforme des retraites : le débat"), .body("Le gouvernement « consulte »."), .absent("Logo")]
                ])),
        Case(
            "rss092.xml",
            .feed(
                .rss, title: "Ninety Two", site: "http://ninetytwo.example.com/",
                items: [
                    [.title("Only a description, as 0.92 allowed."), .link(nil)],
                    [.image("http://ninetytwo.example.com/photo.jpeg")],
                ])),

        // RSS 1.0 / 0.90.
        Case(
            "rdf-basic.xml",
            .feed(
                .rdf, title: "Science Notes", site: "https://science.example.org/",
                items: [
                    [
                        .guid("https://science.example.org/n/1"), .author("Kwame Mensah"), .date("2025-10-12T08:45:00Z"),
                        .categories(["Health"]), .summary("Trial sites added in Ghana and Malawi."),
                        .body("Trial sites added in Ghana and Malawi.\n\nResults due in 2027."),
                    ],
                    [.guid("urn:science:2"), .link("https://science.example.org/n/2"), .date("2025-10-11T00:00:00Z")],
                ])),
        Case(
            "rss090.xml",
            .feed(
                .rdf, title: "Ninety", site: "http://ninety.example.com/",
                items: [
                    [.title("Hello from 1999"), .link("http://ninety.example.com/hello")]
                ])),

        // Atom.
        Case(
            "atom-basic.xml",
            .feed(
                .atom, title: "Byte Street", site: "https://bytestreet.example.com/",
                items: [
                    [
                        .link("https://bytestreet.example.com/db-1-0"), .guid("tag:bytestreet.example.com,2025:db-1-0"),
                        .date("2025-10-20T09:15:30Z"), .author("Lena Fischer"), .summary("A stable release after six years."),
                        .body("A stable release after six years.\n\nUpgrade notes inside."),
                        .categories(["databases", "Open Source"]),
                    ],
                    [
                        .title("Rust & Go: a friendly rivalry"), .date("2025-10-19T14:00:00Z"), .author("Tomás Ruiz, Ada Okafor"),
                        .body("Two languages, one ecosystem."),
                    ],
                ])),
        Case(
            "atom-xhtml.xml",
            .feed(
                .atom, title: "The XHTML Blog", site: "https://xhtml.example.com/",
                items: [
                    [
                        .link("https://xhtml.example.com/blog/posts/inline"),
                        .image("https://xhtml.example.com/blog/media/cover.png"),
                        .body("First paragraph with a link and 3 < 4.\n\nSecond paragraph."), .absent("hidden"),
                    ]
                ])),
        Case(
            "atom-text-type.xml",
            .feed(
                .atom, title: "Plain Text Atom", site: nil,
                items: [
                    [.title("Why <b> tags are not bold here"), .body("Line with spaces and a newline & an ampersand.")]
                ])),
        Case(
            "atom-links.xml",
            .feed(
                .atom, title: "Link Lab", site: "https://links.example.com/",
                items: [
                    [.link("https://links.example.com/1")],
                    [.link(nil), .guid("https://links.example.com/2")],
                ])),
        Case(
            "atom-feed-author.xml",
            .feed(
                .atom, title: "One-Person Blog", site: "https://nadia.example.com/",
                items: [
                    [.author("Nadia Haddad")],
                    [.author("Guest Writer"), .title("Guest post"), .absent("Source")],
                ])),
        Case(
            "atom-categories.xml",
            .feed(
                .atom, title: "Tagged", site: nil,
                items: [
                    [.categories(["breaking-news", "weather"]), .breaking(true)]
                ])),
        Case(
            "atom03.xml",
            .feed(
                .atom, title: "Old Atom", site: "https://old.example.com/",
                items: [
                    [.date("2005-08-04T21:00:00Z"), .body("Escaped HTML content."), .link("https://old.example.com/2005/1")]
                ])),
        Case(
            "atom-dates.xml",
            .feed(
                .atom, title: "Dates", site: nil,
                items: [
                    [.date("2025-10-05T13:00:00Z")], [.firstSeen], [.firstSeen], [.firstSeen], [.date("2026-01-01T00:05:00Z")],
                ])),

        // Encodings (non-UTF-8 files were produced with iconv from UTF-8 text).
        Case("enc-iso-8859-1.xml", encoded("Café Müller öffnet", "Ærø, señor, garçon, ½ price")),
        Case("enc-windows-1252.xml", encoded("“Smart” quotes – it’s here", "Price: 5 € — a ‘deal’ … ™")),
        Case("enc-windows-1251.xml", encoded("Новости дня", "Курс рубля и гривны: обзор")),
        Case("enc-utf8-bom.xml", encoded("Ünïcödé with BOM", "日本語のテキスト")),
        Case("enc-utf16le-bom.xml", encoded("UTF-16 little endian ✓", "Ελληνικά και עברית")),
        Case("enc-utf16be-bom.xml", encoded("UTF-16 big endian ✓", "Ελληνικά και עברית")),
        Case("enc-utf8-undeclared.xml", encoded("Déclaration absente", "Pas de déclaration XML")),

        // Hostile and broken documents.
        Case(
            "hostile-billion-laughs.xml",
            .feed(
                .rss, title: "Laughs", site: nil, recovered: true,
                items: [
                    [.title("Expansion attempt"), .body(""), .absent("lol")]
                ])),
        Case(
            "hostile-xxe-file.xml",
            .feed(
                .rss, title: "XXE", site: nil, recovered: true,
                items: [
                    [.title("Leak"), .body(""), .absent("root:"), .absent("/bin/")]
                ])),
        Case(
            "hostile-xxe-parameter.xml",
            .feed(
                .rss, title: "Parameter entities", site: nil, recovered: true,
                items: [
                    [.title("Still parsed"), .absent("root:")]
                ])),
        Case(
            "hostile-xxe-external-dtd.xml",
            .feed(
                .rss, title: "External DTD", site: nil,
                items: [
                    [.title("No DTD is read"), .absent("root:")]
                ])),
        Case(
            "hostile-truncated.xml",
            .feed(
                .rss, title: "Cut Off", site: "https://cut.example.com/", recovered: true,
                items: [
                    [.title("First complete item")], [.title("Second complete item")],
                ])),
        Case(
            "hostile-mismatched-tags.xml",
            .feed(
                .rss, title: "Sloppy & Sons", site: "https://sloppy.example.com/", recovered: true,
                items: [
                    [.title("AT&T buys a startup"), .body("Deal & details")],
                    [.title("Second & still fine"), .body("Unclosed bold text")],
                ])),
        Case(
            "hostile-bare-ampersand.xml",
            .feed(
                .rss, title: "Bits & Bytes", site: "https://bits.example.com/?utm_source=rss&utm_medium=feed",
                items: [
                    [
                        .title("Q&A with the CEO of M&M Foods"), .link("https://bits.example.com/story?id=7&page=2"),
                        .body("CDATA keeps & as an entity & a bare one."), .categories(["R&D"]),
                    ]
                ])),
        Case(
            "hostile-script-injection.xml",
            .feed(
                .rss, title: "Injected", site: "https://inject.example.com/",
                items: [
                    [
                        .title("Clean title"), .body("Visible text"), .absent("alert"), .absent("steal"), .absent("Form text"),
                        .absent("body{}"),
                    ]
                ])),
        Case("hostile-html-page.html", .error(.notAFeed)),
        Case("hostile-html-no-doctype.html", .error(.notAFeed)),
        Case("hostile-xhtml-page.xml", .error(.notAFeed)),
        Case("hostile-other-xml.xml", .error(.notAFeed)),
        Case("hostile-empty.xml", .error(.empty)),
        Case("hostile-whitespace.xml", .error(.empty)),
        Case("hostile-binary.bin", .error(.malformed)),
        Case("hostile-json.json", .error(.malformed)),
    ]

    static func encoded(_ title: String, _ body: String) -> Outcome {
        .feed(.rss, title: title, site: "https://enc.example.com/", items: [[.title(title), .body(body)]])
    }

    static let fixtures = TestPaths.fixtures.appendingPathComponent("feeds")

    /// Each fixture is checked here or by an expected-fields file (`FeedConformanceTests`), never both.
    @Test("every fixture is listed") func corpusIsComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
        let conformance = FeedConformanceTests.cases.map(\.name)
        let listed = Self.cases.map(\.file) + files.filter { conformance.contains(($0 as NSString).deletingPathExtension) }
        #expect(files == listed.sorted())
        #expect(Set(Self.cases.map { ($0.file as NSString).deletingPathExtension }).isDisjoint(with: conformance))
        #expect(files.count >= 60)
    }

    @Test(arguments: cases) func fixture(_ testCase: Case) throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(testCase.file))
        switch testCase.outcome {
        case .error(let code):
            #expect(throws: FeedParseError.self) { try FeedParser.parse(data: data, baseURL: Self.feedURL, now: Self.now) }
            do {
                _ = try FeedParser.parse(data: data, baseURL: Self.feedURL, now: Self.now)
            } catch {
                #expect(error.code == code, "\(error)")
                #expect(!error.reason.isEmpty)
            }
        case .feed(let format, let title, let site, let recovered, let items):
            let feed = try FeedParser.parse(data: data, baseURL: Self.feedURL, now: Self.now)
            #expect(feed.format == format)
            #expect(feed.title == title)
            #expect(feed.siteLink == site)
            #expect((feed.recoveredError != nil) == recovered, "\(feed.recoveredError ?? "no error")")
            #expect(feed.items.count == items.count)
            for (item, checks) in zip(feed.items, items) {
                for check in checks { verify(item, check) }
            }
        }
    }

    func verify(_ item: ParsedItem, _ check: Check, sourceLocation: SourceLocation = #_sourceLocation) {
        switch check {
        case .title(let s): #expect(item.title == s, sourceLocation: sourceLocation)
        case .link(let s): #expect(item.link == s, sourceLocation: sourceLocation)
        case .guid(let s): #expect(item.guid == s, sourceLocation: sourceLocation)
        case .body(let s): #expect(item.body == s, sourceLocation: sourceLocation)
        case .summary(let s): #expect(item.summary == s, sourceLocation: sourceLocation)
        case .author(let s): #expect(item.author == s, sourceLocation: sourceLocation)
        case .image(let s): #expect(item.imageURL == s, sourceLocation: sourceLocation)
        case .categories(let s): #expect(item.categories == s, sourceLocation: sourceLocation)
        case .breaking(let b): #expect(item.isBreakingFlag == b, "\(item.title)", sourceLocation: sourceLocation)
        case .date(let s):
            #expect(item.publishedAt == (try? Date(s, strategy: .iso8601)), "\(item.title)", sourceLocation: sourceLocation)
            #expect(item.hasFeedDate, sourceLocation: sourceLocation)
        case .firstSeen:
            #expect(item.publishedAt == Self.now, sourceLocation: sourceLocation)
            #expect(!item.hasFeedDate, sourceLocation: sourceLocation)
        case .absent(let s):
            let fields =
                [
                    item.title, item.body, item.summary, item.link ?? "", item.guid ?? "", item.author ?? "",
                    item.imageURL ?? "",
                ] + item.categories
            #expect(!fields.contains { $0.contains(s) }, "\(s) leaked into \(item.title)", sourceLocation: sourceLocation)
        }
    }
}
