import CLibXML2

#if canImport(Glibc)
import Glibc
#endif

/// The namespaces real feeds use, recognised from libxml2's NUL-terminated URIs without making Swift
/// strings (this runs for every element).
enum FeedNamespace {
    case none, rss10, atom, atom03, content, dc, dcterms, media, rdf, xml, itunes, xhtml, other

    init(_ uri: UnsafePointer<xmlChar>?) {
        guard let uri, uri[0] != 0 else {
            self = .none
            return
        }
        if cEquals(uri, "http://www.w3.org/2005/Atom") {
            self = .atom
        } else if cEquals(uri, "http://purl.org/rss/1.0/modules/content/") {
            self = .content
        } else if cEquals(uri, "http://purl.org/dc/elements/1.1/") {
            self = .dc
        } else if cEquals(uri, "http://search.yahoo.com/mrss/") || cEquals(uri, "http://search.yahoo.com/mrss") {
            self = .media
        } else if cEquals(uri, "http://purl.org/rss/1.0/") || cEquals(uri, "http://my.netscape.com/rdf/simple/0.9/") {
            self = .rss10
        } else if cEquals(uri, "http://www.w3.org/1999/02/22-rdf-syntax-ns#") {
            self = .rdf
        } else if cEquals(uri, "http://purl.org/dc/terms/") {
            self = .dcterms
        } else if cEquals(uri, "http://purl.org/atom/ns#") {
            self = .atom03
        } else if cEquals(uri, "http://www.w3.org/XML/1998/namespace") {
            self = .xml
        } else if cEqualsIgnoringCase(uri, "http://www.itunes.com/dtds/podcast-1.0.dtd") {
            // Apple's own examples long spelled it ".../DTDs/Podcast-1.0.dtd"; feeds copied both.
            self = .itunes
        } else if cEquals(uri, "http://www.w3.org/1999/xhtml") {
            self = .xhtml
        } else if cEquals(uri, "http://backend.userland.com/rss2") || cEquals(uri, "http://backend.userland.com/rss") {
            // RSS 2.0 put in UserLand's namespace by some generators: the same elements as none.
            self = .none
        } else {
            self = .other
        }
    }

    /// RSS elements: no namespace (0.9x/2.0) or the RSS 1.0 / 0.90 namespace.
    var isRSSCore: Bool { self == .none || self == .rss10 }
    var isAtom: Bool { self == .atom || self == .atom03 }
}

/// The elements the collector acts on.
enum FeedTag {
    case item, entry, channel, image, textInput, source
    case title, link, atomLink, description, summary, content, contentEncoded
    case guid, id, pubDate, published, updated, dcDate, dctermsPublished, dctermsUpdated
    case author, atomAuthor, name, dcCreator, category, dcSubject, itunesCategory
    case mediaContent, mediaThumbnail, enclosure, breaking
    // Fallbacks, read only when the core element is missing (see `ItemAssembler`).
    case dcTitle, dcDescription, dcAuthor, mediaTitle, mediaDescription, itunesAuthor, itunesSummary
    /// `xhtml:body`, a bare `body`, `fullitem`: full text in feeds older than `content:encoded`.
    case legacyBody
    case other

    init(_ ns: FeedNamespace, _ n: UnsafePointer<xmlChar>) {
        switch ns {
        case .none, .rss10:
            switch n[0] {
            case 0x69 /* i */: self = cEquals(n, "item") ? .item : cEquals(n, "image") ? .image : .other
            case 0x74 /* t */:
                self = cEquals(n, "title") ? .title : (cEquals(n, "textinput") || cEquals(n, "textInput")) ? .textInput : .other
            case 0x6C /* l */: self = cEquals(n, "link") ? .link : .other
            case 0x64 /* d */: self = cEquals(n, "description") ? .description : .other
            case 0x67 /* g */: self = cEquals(n, "guid") ? .guid : .other
            case 0x70 /* p */: self = cEquals(n, "pubDate") ? .pubDate : .other
            case 0x61 /* a */: self = cEquals(n, "author") ? .author : .other
            case 0x63 /* c */: self = cEquals(n, "category") ? .category : cEquals(n, "channel") ? .channel : .other
            case 0x65 /* e */: self = cEquals(n, "enclosure") ? .enclosure : .other
            case 0x62 /* b */: self = cEquals(n, "body") ? .legacyBody : FeedTag.breakingOrOther(n)
            case 0x66 /* f */: self = cEquals(n, "fullitem") ? .legacyBody : .other
            default: self = FeedTag.breakingOrOther(n)
            }
        case .atom, .atom03:
            switch n[0] {
            case 0x65: self = cEquals(n, "entry") ? .entry : .other
            case 0x74: self = cEquals(n, "title") ? .title : .other
            case 0x6C: self = cEquals(n, "link") ? .atomLink : .other
            case 0x73: self = cEquals(n, "summary") ? .summary : cEquals(n, "source") ? .source : .other
            case 0x63:
                // Atom 0.3's `created`: a date to fall back on after `issued` (published) and the others.
                self =
                    cEquals(n, "content")
                    ? .content : cEquals(n, "category") ? .category : cEquals(n, "created") ? .dctermsPublished : .other
            case 0x69: self = cEquals(n, "id") ? .id : cEquals(n, "issued") ? .published : .other
            case 0x70: self = cEquals(n, "published") ? .published : .other
            case 0x75: self = cEquals(n, "updated") ? .updated : .other
            case 0x6D: self = cEquals(n, "modified") ? .updated : .other
            case 0x61: self = cEquals(n, "author") ? .atomAuthor : .other
            case 0x6E: self = cEquals(n, "name") ? .name : .other
            default: self = .other
            }
        case .content: self = cEquals(n, "encoded") ? .contentEncoded : .other
        case .dc:
            switch n[0] {
            case 0x63: self = cEquals(n, "creator") ? .dcCreator : .other
            case 0x64: self = cEquals(n, "date") ? .dcDate : cEquals(n, "description") ? .dcDescription : .other
            case 0x73: self = cEquals(n, "subject") ? .dcSubject : .other
            case 0x74: self = cEquals(n, "title") ? .dcTitle : .other
            case 0x61: self = cEquals(n, "author") ? .dcAuthor : .other
            default: self = .other
            }
        case .dcterms:
            if cEquals(n, "issued") || cEquals(n, "created") || cEquals(n, "date") {
                self = .dctermsPublished
            } else if cEquals(n, "modified") {
                self = .dctermsUpdated
            } else {
                self = .other
            }
        case .media:
            switch n[0] {
            case 0x63: self = cEquals(n, "content") ? .mediaContent : .other
            case 0x74: self = cEquals(n, "thumbnail") ? .mediaThumbnail : cEquals(n, "title") ? .mediaTitle : .other
            case 0x64: self = cEquals(n, "description") ? .mediaDescription : .other
            default: self = .other
            }
        case .itunes:
            self =
                cEquals(n, "author")
                ? .itunesAuthor
                : cEquals(n, "summary") ? .itunesSummary : cEquals(n, "category") ? .itunesCategory : .other
        case .xhtml: self = cEquals(n, "body") ? .legacyBody : .other
        case .rdf, .xml: self = .other
        case .other: self = cEquals(n, "fullitem") ? .legacyBody : FeedTag.breakingOrOther(n)
        }
    }

    private static func breakingOrOther(_ n: UnsafePointer<xmlChar>) -> FeedTag {
        cEquals(n, "breaking") || cEquals(n, "isBreaking") ? .breaking : .other
    }
}

/// `strcasecmp` against an ASCII literal.
@inline(__always)
func cEqualsIgnoringCase(_ p: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
    strcasecmp(
        UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self),
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
}

/// `strcmp` against a literal (Swift emits string literals NUL-terminated).
@inline(__always)
func cEquals(_ p: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
    strcmp(
        UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self),
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
}
