import Foundation
import Testing

@testable import Jarvis

/// HTML → text, case by case.
struct ParseHTMLTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let html: String
        let text: String
        var testDescription: String { html.debugDescription }
    }

    static let cases: [Case] = [
        Case(html: "Plain   text\t with  spaces ", text: "Plain text with spaces"),
        Case(html: "Tom &amp; Jerry", text: "Tom & Jerry"),
        // Without markup a blank line is the writer's paragraph break (a byline stays off the first sentence).
        Case(
            html: "By Ann Lee\n\nLONDON: Rates rose.\r\n \r\nThey fell.",
            text: "By Ann Lee\n\nLONDON: Rates rose.\n\nThey fell."),
        Case(html: "Tom &amp; Jerry\n\n\nreturn", text: "Tom & Jerry\n\nreturn"),
        Case(html: "<p>Marked up\n\ntext</p>", text: "Marked up text"),
        // A single break stays after a short line or a sentence's end; inside a long sentence it is a wrapped line.
        Case(
            html: "By Ann Lee\nMEMPHIS: Police said the man, who was driving a stolen car,\nwas arrested.\nHe is 19.",
            text: "By Ann Lee\nMEMPHIS: Police said the man, who was driving a stolen car, was arrested.\nHe is 19."),
        Case(html: "A short line\n  that wraps.", text: "A short line that wraps."),
        Case(html: "&lt;not a tag&gt; &quot;q&quot; &#39;s&#39; &#x2014; &eacute;", text: "<not a tag> \"q\" 's' — é"),
        Case(html: "AT&T & friends", text: "AT&T & friends"),
        Case(html: "<p>One</p><p>Two</p>", text: "One\n\nTwo"),
        Case(html: "<div>Line</div><div>Next</div>", text: "Line\nNext"),
        Case(html: "a<br>b<br/>c<br><br>d", text: "a\nb\nc\n\nd"),
        Case(html: "<ul><li>x</li><li>y</li></ul><p>after</p>", text: "x\ny\n\nafter"),
        Case(html: "<h1>Head</h1>Body text", text: "Head\n\nBody text"),
        Case(html: "<blockquote>Quote</blockquote>said", text: "Quote\n\nsaid"),
        Case(html: "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>", text: "a b\nc"),
        Case(html: "<b>bold</b> <i>italic</i>", text: "bold italic"),
        Case(html: "no<b>space</b>here", text: "nospacehere"),
        Case(html: "<script>var x = '<p>';</script>Shown<style>.a{}</style>", text: "Shown"),
        Case(
            html: "<noscript>n</noscript><iframe src=x>i</iframe><svg><text>s</text></svg><form>f</form><nav>v</nav>ok",
            text: "ok"),
        Case(html: "<p>Unclosed <b>tags <i>everywhere", text: "Unclosed tags everywhere"),
        Case(html: "a&nbsp;&nbsp;b\u{00A0}c", text: "a b c"),
        Case(html: "<p>  </p><p>\n</p>", text: ""),
        Case(html: "", text: ""),
        Case(html: "<!-- comment -->visible", text: "visible"),
        Case(html: "<p>Ελληνικά</p><p>日本語</p>", text: "Ελληνικά\n\n日本語"),
        // A blank between two elements is a word break, whatever precedes it (a void `embed`, an image).
        Case(html: "safe<embed src=\"x\"> <b>words</b>", text: "safe words"),
        Case(html: "<img src=\"x.png\"> <b>caption</b> <i>text</i>", text: "caption text"),
        // C1 controls are windows-1252 punctuation decoded as Latin-1, raw or as references.
        Case(html: "don\u{92}t &#147;quote&#148; &#150; 5\u{80}", text: "don’t “quote” – 5€"),
    ]

    @Test(arguments: cases) func text(_ c: Case) {
        #expect(HTMLText.plainText(c.html) == c.text)
    }

    @Test func firstImageIsResolvedAndSkipsPixelsAndDataURIs() {
        let base = URL(string: "https://site.example/a/b.html")
        let html =
            #"<img src="data:image/gif;base64,R0l"><img src="/px.gif" width="1" height="1"><p><img src="../c.jpg"> text</p><img src="/d.jpg">"#
        let result = HTMLText.extract(html, base: base)
        #expect(result.firstImage == "https://site.example/c.jpg")
        #expect(result.text == "text")
        #expect(HTMLText.extract("<script><img src='/x.jpg'></script>", base: base).firstImage == nil)
        #expect(HTMLText.extract("<img src='/x.jpg'>", base: nil).firstImage == nil)
    }
}
