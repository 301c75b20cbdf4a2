#!/usr/bin/env python3
"""Writes the offline samples' article pages: Resources/jarvis/samples/pages/HOST_PATH.html (the
path's "/" written as "_"), one per item of the outlets below. Each page is the item's own text from
the sample feed plus the paragraphs below (the rest of the article, written for this project), inside
the outlet's page furniture (navigation, cookie banner, share bar, captions, related links, newsletter
box, comments, footer). The server's page service answers these outlets' links from the files, so
`make run` shows full articles without internet."""
import html, os, re, urllib.parse
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "Resources", "jarvis", "samples")
OUT = os.path.join(SAMPLES, "pages")
ATOM = "{http://www.w3.org/2005/Atom}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}encoded"
E = html.escape

MORE = {
    "kenyan-exporters-cheer-afcfta-settlement": [
        "Exporters' associations estimate that currency conversion adds between 3% and 6% to the cost of a typical regional shipment, once bank spreads and transfer fees are counted.",
        "The Kenya Association of Manufacturers said it would hold briefings for members in Mombasa and Kisumu in January on how to register with participating banks.",
    ],
    "three-dead-61-arrested-fuel-levy": [
        "Rights monitors said most of those arrested were young men detained near Parliament Road and on Moi Avenue, and that several had been held overnight without access to lawyers.",
        "Opposition MPs called for an independent inquiry into the police response, while the Interior Ministry said officers who broke the law would be held to account.",
    ],
    "tembo-rails-payments-plumbing": [
        "Investors also point to the regulatory tailwind: several central banks now require wallets and banks to interoperate, which creates demand for the switches that connect them.",
        "Still, the company will have to prove that the margins it earns in Kenya survive in markets where bigger banks may prefer to build their own links.",
    ],
    "tear-gas-in-cbd-fuel-levy-protests": [
        "By early afternoon traffic in the central business district had come to a standstill, and matatu operators diverted routes away from Moi Avenue.",
        "Organisers said they would return on Thursday unless the bill was withdrawn, and called on supporters to protest peacefully.",
    ],
    "tembo-rails-bags-48m-series-b": [
        "The round brings the total Tembo Rails has raised since 2022 to about $63 million. Existing investors took part alongside two new funds from Europe and the Gulf.",
        "The company employs about 140 people, most of them engineers in Nairobi, and said it would hire another 80 over the next year.",
    ],
    "record-gold-price-boost-ghana-royalties": [
        "Ghana levies a sliding-scale royalty on gold that rises with the price, so every rise in the world price brings a larger share to the state.",
        "Economists cautioned that the windfall would help the cedi and the reserves only if it was not spent on recurrent costs ahead of next year's budget.",
    ],
    "western-north-farmers-welcome-new-cocoa-price": [
        "Licensed buying companies say they pay late because their own financing from the syndicated loan arrives late, a problem Cocobod says it is working to fix.",
        "Farmers also asked for more fertiliser and for help to replace trees lost to swollen shoot disease, which has hit large parts of the region.",
    ],
    "sikapay-transfers-stall-cloud-outage": [
        "SikaPay said no customer had lost money and that transfers started during the outage were completed once services came back.",
        "The incident has renewed questions about how much of the country's payment infrastructure depends on a handful of foreign cloud providers.",
    ],
    "afcfta-ministers-adopt-local-currency-settlement-plan": [
        "About 15% of Africa's trade is between African countries, compared with more than half in Europe and Asia. Officials hope cheaper payments will help raise that share.",
        "Central banks of 14 member states have already connected to the settlement system, and the secretariat expects 10 more to join by the end of 2027.",
    ],
    "cocobod-raises-farmgate-price": [
        "The board said it would also step up patrols along the borders with Côte d'Ivoire and Togo, where most of the smuggling is reported.",
        "Ghana produced about 530,000 tonnes of cocoa last season, well below its peak, after years of disease and illegal mining on farmland.",
    ],
}

OUTLETS = {"kilima-times.xml": ("Kilima Times", ["News", "Business", "Politics", "Nairobi", "Analysis", "Sport"]),
           "volta-gazette.xml": ("Volta Gazette", ["Home", "Business", "Regions", "Politics", "Sport", "Opinion"])}


def items(path):
    root = ET.parse(path).getroot()
    if root.tag == ATOM + "feed":
        base = root.get("{http://www.w3.org/XML/1998/namespace}base") or ""
        for entry in root.findall(ATOM + "entry"):
            link = next((l.get("href") for l in entry.findall(ATOM + "link") if l.get("rel") in (None, "alternate")), "")
            author = entry.find(ATOM + "author/" + ATOM + "name")
            yield (entry.findtext(ATOM + "title"), urllib.parse.urljoin(base, link), entry.findtext(ATOM + "content") or "",
                   author.text if author is not None else None, entry.findtext(ATOM + "published") or entry.findtext(ATOM + "updated"))
    else:
        for item in root.iter("item"):
            yield (item.findtext("title"), item.findtext("link"), item.findtext(CONTENT) or item.findtext("description") or "",
                   item.findtext("{http://purl.org/dc/elements/1.1/}creator"), item.findtext("pubDate"))


def page(site, sections, title, link, content, author, date, more, others):
    content = re.sub(r"<p>\s*<img[^>]*>\s*</p>", "", content)
    paragraphs = content + "\n" + "\n".join(f"<p>{E(p)}</p>" for p in more)
    byline = f'<div class="byline">By <a rel="author" href="#">{E(author)}</a></div>' if author else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{E(title)} | {E(site)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="og:title" content="{E(title)}"><meta property="og:site_name" content="{E(site)}"><link rel="canonical" href="{E(link)}">
<meta property="article:published_time" content="{E(date or '')}">
<script async src="/assets/analytics.js"></script></head>
<body>
<div class="cookie-banner" role="dialog"><p>We use cookies to understand how you use our site and to show you relevant adverts. You can change your choices at any time.</p><button>Accept</button></div>
<header class="masthead"><a class="logo" href="/">{E(site)}</a><nav class="site-nav"><ul>{"".join(f'<li><a href="/{s.lower()}">{s}</a></li>' for s in sections)}</ul></nav></header>
<main class="layout">
<article class="article">
<header class="article-header"><h1>{E(title)}</h1>{byline}<time class="published" datetime="{E(date or '')}">Updated today</time></header>
<div class="share-bar"><a href="#">Share on WhatsApp</a> <a href="#">Share on X</a> <a href="#">Email</a></div>
<figure class="lead-image"><img src="/samples/img/{E(link.rstrip('/').split('/')[-1])}.jpg" alt=""><figcaption>Photo: {E(site)} staff photographer</figcaption></figure>
<div class="article-body">
{paragraphs}
</div>
<div class="newsletter-signup"><h3>The morning briefing</h3><p>Get the day's top stories in your inbox every weekday morning. Sign up now, it's free.</p></div>
</article>
<section class="related-articles"><h2>More from {E(site)}</h2><ul>{"".join(f'<li><a href="{E(o[1])}">{E(o[0])}</a></li>' for o in others)}</ul></section>
<section id="comments" class="comments"><h2>2 comments</h2><div class="comment"><p>Good report, but what about the people outside Nairobi and Accra who are affected the most by all this?</p></div><div class="comment"><p>We need follow-up on this story next week please.</p></div></section>
</main>
<footer class="site-footer"><p>&copy; 2026 {E(site)}. All rights reserved.</p><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
</body></html>
"""


def main():
    os.makedirs(OUT, exist_ok=True)
    written = 0
    for file, (site, sections) in OUTLETS.items():
        entries = list(items(os.path.join(SAMPLES, file)))
        for index, (title, link, content, author, date) in enumerate(entries):
            url = urllib.parse.urlparse(link)
            slug = url.path.rstrip("/").split("/")[-1]
            if slug not in MORE:
                continue
            name = url.hostname + "_" + url.path.lstrip("/").replace("/", "_") + ".html"
            others = [(t, l) for (t, l, *_rest) in entries if l != link][:3]
            with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
                f.write(page(site, sections, title, link, content, author, date, MORE[slug], others))
            written += 1
    print(f"{written} sample pages written to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
