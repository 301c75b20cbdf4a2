#!/usr/bin/env python3
"""Writes the labelled extraction pages: Tests/JarvisTests/Fixtures/pages/NAME.html and NAME.txt
(the article text a reader should get). Outlets, people and events are invented; each page wraps
its article in one of several site layouts with the furniture real sites carry (navigation,
cookie banners, share bars, related links, newsletter prompts, comments, captions and credits,
ad slots, most-read lists, author boxes, live-page timestamps, JSON-LD-only bodies, table layouts,
legacy encodings). Run it again after editing the articles or layouts."""
import html, json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
from extract_pages_articles import ARTICLES

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "JarvisTests", "Fixtures", "pages")
E = html.escape

def expected(a):
    out = []
    for kind, value in a["body"]:
        out.append("\n".join(value) if kind == "ul" else value)
    return "\n\n".join(out)

def body_html(a, p_class=None, ad_every=0, readmore=None):
    parts, n = [], 0
    for kind, value in a["body"]:
        if kind == "p":
            cls = f' class="{p_class}"' if p_class else ""
            parts.append(f"<p{cls}>{E(value)}</p>")
            n += 1
            if ad_every and n % ad_every == 0:
                parts.append('<div class="ad-slot ad-slot--inline"><span class="ad-label">Advertisement</span><div id="div-gpt-ad-%d"></div></div>' % n)
            if readmore and n == 2:
                parts.append(f'<p class="read-more"><strong>Read more:</strong> <a href="/news/{readmore[0]}">{E(readmore[1])}</a></p>')
        elif kind == "h":
            parts.append(f"<h2>{E(value)}</h2>")
        elif kind == "q":
            parts.append(f"<blockquote><p>{E(value)}</p></blockquote>")
        elif kind == "ul":
            parts.append("<ul>" + "".join(f"<li>{E(i)}</li>" for i in value) + "</ul>")
    return "\n".join(parts)

def meta(a, site, url, ld_body=False, ld=True):
    m = [f'<meta charset="utf-8"><title>{E(a["title"])} | {E(site)}</title>',
         '<meta name="viewport" content="width=device-width, initial-scale=1">',
         f'<meta property="og:title" content="{E(a["title"])}">', f'<meta property="og:site_name" content="{E(site)}">',
         f'<meta property="og:url" content="{url}">', f'<link rel="canonical" href="{url}">',
         f'<meta property="article:published_time" content="{a["date"]}">' if ld else ""]
    if a["image"]:
        m.append(f'<meta property="og:image" content="{a["image"]}">')
    if ld:
        obj = {"@context": "https://schema.org", "@type": "NewsArticle", "headline": a["title"], "datePublished": a["date"],
               "author": [{"@type": "Person", "name": a["author"]}], "publisher": {"@type": "Organization", "name": site}}
        if a["image"]:
            obj["image"] = [a["image"]]
        if ld_body:
            obj["articleBody"] = expected(a)
        m.append('<script type="application/ld+json">' + json.dumps(obj, ensure_ascii=False) + "</script>")
    m.append('<link rel="stylesheet" href="/assets/site.css"><script async src="/assets/analytics.js"></script>')
    return "\n".join(x for x in m if x)

def nav(items):
    return '<nav class="site-nav" aria-label="Main"><ul>' + "".join(f'<li><a href="/{i.lower()}">{i}</a></li>' for i in items) + "</ul></nav>"

COOKIE = ('<div id="cookie-consent" class="cookie-banner" role="dialog"><p>We use cookies to improve your experience, '
          'to show you personalised adverts and to analyse our traffic. By clicking “Accept all”, you agree to our use of '
          'cookies as described in our cookie policy.</p><button>Accept all</button><button>Manage preferences</button></div>')
NEWSLETTER = ('<div class="newsletter-signup"><h3>Get the morning briefing</h3><p>The day’s most important stories, '
              'explained, in your inbox before 7am. Free for every reader, every weekday, no spam ever.</p>'
              '<form><input type="email" placeholder="Your email"><button>Sign up</button></form></div>')
SHARE = ('<div class="share-bar"><span>Share this article</span><a href="#">Facebook</a><a href="#">X</a>'
         '<a href="#">WhatsApp</a><a href="#">LinkedIn</a><a href="#">Email</a></div>')

def related(others, heading="Related stories"):
    return (f'<section class="related-articles"><h2>{heading}</h2><ul>' +
            "".join(f'<li><a href="/news/{o["slug"]}"><img src="/thumbs/{o["slug"]}.jpg" alt=""><span>{E(o["title"])}</span></a>'
                    f'<p class="teaser">{E(o["body"][0][1][:110])}…</p></li>' for o in others) + "</ul></section>")

def most_read(others):
    return ('<aside class="sidebar"><div class="widget most-read"><h3>Most read</h3><ol>' +
            "".join(f'<li><a href="/news/{o["slug"]}">{E(o["title"])}</a></li>' for o in others) + "</ol></div>"
            '<div class="widget ad"><span>Advertisement</span></div></aside>')

FOOTER = ('<footer class="site-footer"><div class="footer-links"><a href="/about">About us</a> <a href="/contact">Contact</a> '
          '<a href="/privacy">Privacy policy</a> <a href="/terms">Terms of use</a> <a href="/careers">Careers</a></div>'
          '<p>© 2026 {site}. All rights reserved. Registered in the jurisdiction of its publisher; reproduction of any '
          'material on this site without written permission is prohibited.</p></footer>')

COMMENTS = [
    ("kwame_b", "I have been saying this for years. The real problem is that nobody in charge has to live with the consequences of these decisions, and until that changes we will keep reading the same story, with different numbers, every single year."),
    ("Lindiwe M.", "Good reporting, but I wish the article had said more about what happens to ordinary families. My sister runs a small shop and she has already had to let one of her two assistants go because of costs like these."),
    ("anon_reader", "Interesting that the government waited until after the holidays to announce this. Timing is everything, as they say, and they clearly knew how it would be received by the public."),
    ("T. Adeyemi", "Does anyone know whether this applies to people who are already in the scheme or only to new applicants? The article does not say and the official website has not been updated since last month."),
    ("Mark R", "Reply to T. Adeyemi: as far as I understand it only new applicants are affected, but it would be good if the paper could confirm that in a follow-up piece, because many readers are clearly confused."),
]

def comments(count=5, big=False):
    items = COMMENTS * (2 if big else 1)
    items = items[:count if not big else len(items)]
    return ('<section id="comments" class="comments-area"><h2 class="comments-title">%d comments</h2><ol class="comment-list">' % len(items) +
            "".join(f'<li class="comment"><article class="comment-body"><footer class="comment-meta"><b class="fn">{E(u)}</b> '
                    f'<time datetime="2026-11-25T10:0{i % 10}:00Z">2 hours ago</time></footer><div class="comment-content"><p>{E(t)}</p></div>'
                    f'<div class="reply"><a href="#">Reply</a></div></article></li>' for i, (u, t) in enumerate(items)) +
            '</ol><div id="respond"><h3>Leave a comment</h3><form><textarea></textarea><button>Post comment</button></form></div></section>')

def figure(a, credit="Photo: Staff photographer"):
    if not a["image"]:
        return ""
    return (f'<figure class="lead-image"><img src="{a["image"]}" alt="{E(a["title"])}" width="1200" height="675">'
            f'<figcaption><span class="caption">A scene from the story, photographed on the day of the events described.</span> '
            f'<span class="credit">{credit}</span></figcaption></figure>')

def others_for(i, n=4):
    return [ARTICLES[(i + k) % len(ARTICLES)] for k in range(1, n + 1)]

# --- layouts -------------------------------------------------------------------------------

def modern_news(a, i, site="The Lagos Ledger", host="www.lagosledger.example", ld_body=False, with_comments=False, big_comments=False):
    url = f"https://{host}/news/{a['slug']}"
    o = others_for(i)
    return f"""<!DOCTYPE html>
<html lang="en"><head>{meta(a, site, url, ld_body=ld_body)}</head>
<body class="article-page">
{COOKIE}
<a class="skip-link" href="#main">Skip to content</a>
<header class="masthead"><a class="logo" href="/">{E(site)}</a>{nav(["News", "Business", "Politics", "Tech", "Sport", "Opinion", "Video"])}
<div class="header-search"><form><input name="q"><button>Search</button></form></div></header>
<div class="breaking-ticker"><span>Breaking</span> <a href="/news/{o[0]['slug']}">{E(o[0]['title'])}</a></div>
<main id="main" class="layout layout--with-sidebar">
<article class="article">
<header class="article-header"><p class="kicker"><a href="/business">Business</a></p><h1 class="headline">{E(a['title'])}</h1>
<div class="byline">By <a rel="author" href="/authors/x">{E(a['author'])}</a></div><time class="published" datetime="{a['date']}">Published 2 hours ago</time></header>
{SHARE}
{figure(a)}
<div class="article-body" itemprop="articleBody">
{body_html(a, ad_every=2, readmore=(o[1]['slug'], o[1]['title']))}
</div>
<div class="article-tags"><span>Topics:</span> <a href="/t/economy">Economy</a> <a href="/t/africa">Africa</a></div>
{SHARE}
{NEWSLETTER}
</article>
{comments(5, big_comments) if with_comments else ""}
{related(o)}
{most_read(others_for(i + 5, 5))}
</main>
{FOOTER.format(site=E(site))}
<script>window.dataLayer=window.dataLayer||[];dataLayer.push({{'page':'article'}});</script>
</body></html>
"""

def wordpress_blog(a, i):
    url = f"https://priyaraman.example/{a['slug']}/"
    o = others_for(i, 5)
    return f"""<!DOCTYPE html>
<html lang="en-GB"><head>{meta(a, "Priya writes code", url, ld=False)}<meta name="author" content="{E(a['author'])}"></head>
<body class="post-template-default single single-post">
<div id="page" class="site">
<header id="masthead" class="site-header"><p class="site-title"><a href="/">Priya writes code</a></p><p class="site-description">Notes on systems, queues and the people who run them</p>
<nav id="site-navigation" class="main-navigation"><ul id="primary-menu" class="menu"><li><a href="/">Home</a></li><li><a href="/about">About</a></li><li><a href="/talks">Talks</a></li><li><a href="/feed">RSS</a></li></ul></nav></header>
<div id="content" class="site-content"><div id="primary" class="content-area"><main id="main" class="site-main">
<article id="post-812" class="post-812 post type-post status-publish format-standard hentry category-engineering">
<header class="entry-header"><h1 class="entry-title">{E(a['title'])}</h1>
<div class="entry-meta"><span class="posted-on">Posted on <time class="entry-date published" datetime="{a['date']}">12 September 2026</time></span> <span class="byline">by <span class="author vcard">{E(a['author'])}</span></span></div></header>
<div class="entry-content">
{body_html(a)}
<div class="sharedaddy sd-sharing-enabled"><h3 class="sd-title">Share this:</h3><ul><li><a href="#">Twitter</a></li><li><a href="#">Mastodon</a></li></ul></div>
<div id="jp-relatedposts" class="jp-relatedposts"><h3 class="jp-relatedposts-headline"><em>Related</em></h3>
{"".join(f'<p class="jp-relatedposts-post"><a href="/{x["slug"]}/">{E(x["title"])}</a></p>' for x in o[:3])}</div>
</div>
<footer class="entry-footer"><span class="cat-links">Posted in <a href="/category/engineering">Engineering</a></span> <span class="tags-links">Tagged <a href="/tag/rust">rust</a>, <a href="/tag/queues">queues</a></span></footer>
</article>
<nav class="navigation post-navigation"><h2 class="screen-reader-text">Post navigation</h2><div class="nav-previous"><a href="/prev">Previous post: Why our retries made things worse</a></div><div class="nav-next"><a href="/next">Next post: Notes from a week of on-call</a></div></nav>
{comments(5)}
</main></div>
<aside id="secondary" class="widget-area"><section class="widget widget_recent_entries"><h2 class="widget-title">Recent Posts</h2><ul>{"".join(f'<li><a href="/{x["slug"]}/">{E(x["title"])}</a></li>' for x in o)}</ul></section>
<section class="widget widget_text"><h2 class="widget-title">About me</h2><div class="textwidget"><p>I build backend systems and write about what breaks. Previously at two payments companies and a logistics start-up; these days mostly queues, databases and on-call rotations.</p></div></section></aside>
</div>
<footer id="colophon" class="site-footer"><div class="site-info">Proudly powered by a content management system. Theme by a theme shop.</div></footer>
</div></body></html>
"""

def wire_story(a, i):
    url = f"https://www.meridianwire.example/markets/{a['slug']}"
    return f"""<!DOCTYPE html>
<html><head>{meta(a, "Meridian Wire", url)}</head>
<body>
<div class="top-bar"><a href="/">MERIDIAN</a> <a href="/markets">Markets</a> <a href="/world">World</a> <a href="/business">Business</a> <a href="/login">Sign in</a></div>
<div class="container">
<div class="story-header"><h1>{E(a['title'])}</h1><p class="dateline">November 26, 2026 6:50 AM UTC · Updated 12 min ago</p></div>
<div class="story-text">
{body_html(a, p_class="text__paragraph")}
<p class="credit-line">(Reporting by Ana Lopez in Chicago; additional reporting by Sipho Nkosi in Johannesburg; Editing by Tom Hill)</p>
<p class="trust"><a href="/principles">Our Standards: The Meridian Trust Principles.</a></p>
</div>
<div class="more-from"><h3>More from Meridian</h3><ul>{"".join(f'<li><a href="/x/{o["slug"]}">{E(o["title"])}</a></li>' for o in others_for(i, 6))}</ul></div>
</div>
<div class="footer">Meridian, the news and media division of Meridian Holdings, is the world’s largest multimedia news provider, reaching billions of people worldwide every day. All quotes delayed a minimum of 15 minutes.</div>
</body></html>
"""

def live_page(a, i):
    url = f"https://www.meridianwire.example/live/{a['slug']}"
    times = ["21:40", "20:55", "20:10", "19:35", "18:02"]
    entries = "".join(f'<article class="live-post" id="post-{k}"><header class="live-post__header"><time datetime="2026-11-22T{times[k]}:00Z">{times[k]}</time>'
                      f'<span class="live-post__author">Politics desk</span></header><div class="live-post__body"><p>{E(v)}</p></div>'
                      f'<footer class="live-post__share"><a href="#">Share</a><a href="#">Copy link</a></footer></article>'
                      for k, (_, v) in enumerate(a["body"]))
    return f"""<!DOCTYPE html>
<html><head>{meta(a, "Meridian Wire", url)}</head>
<body>
{nav(["Home", "World", "Politics", "Live", "Business"])}
{COOKIE}
<div class="live-header"><span class="live-badge">LIVE</span><h1>{E(a['title'])}</h1><p class="live-updated">Updated 3 minutes ago</p></div>
<div class="live-layout">
<div class="key-events"><h2>Key events</h2><ul><li><a href="#post-1">Opposition gains Port Elin</a></li><li><a href="#post-4">Polls close</a></li></ul></div>
<div class="live-feed" aria-live="polite">
{entries}
</div>
<button class="load-more">Load more updates</button>
</div>
{related(others_for(i, 3), "More on this story")}
{FOOTER.format(site="Meridian Wire")}
</body></html>
"""

def jsonld_only(a, i):
    url = f"https://www.boursereview.example/markets/{a['slug']}"
    return f"""<!DOCTYPE html>
<html lang="en"><head>{meta(a, "The Bourse Review", url, ld_body=True)}
<script>window.__INITIAL_STATE__={{"route":"article","id":"{a['slug']}"}};</script></head>
<body>
<div id="app"><header class="app-header"><a href="/">The Bourse Review</a>{nav(["Markets", "Companies", "Economy", "Opinion"])}</header>
<div class="app-loading"><div class="spinner"></div><p>Loading…</p></div>
<noscript><p>Please enable JavaScript to read The Bourse Review.</p></noscript>
<div class="paywall-prompt"><p>Subscribe to read. Unlimited access to every article for £1 for four weeks, then £69 a month. Cancel anytime during your trial.</p><a href="/subscribe">Subscribe</a></div>
</div>
<script src="/static/app.bundle.js"></script>
</body></html>
"""

def table_layout(a, i):
    url = f"http://northtowntimes.example/news/story.php?id=48{i}"
    paras = "<br><br>\n".join(E(v) if k == "p" else ("\n".join("&bull; " + E(x) + "<br>" for x in v) if k == "ul" else f"<b>{E(v)}</b>") for k, v in a["body"])
    links = "".join(f'<a href="/news/{o["slug"]}">{E(o["title"])}</a><br>' for o in others_for(i, 6))
    return f"""<html><head><title>{E(a['title'])} - Northtown Times</title>
<meta name="description" content="{E(a['body'][0][1][:150])}"><meta name="author" content="{E(a['author'])}"></head>
<body bgcolor="#ffffff">
<table width="100%" border="0" cellpadding="0"><tr><td colspan="2"><img src="/images/masthead.gif" alt="Northtown Times"><br>
<font size="1"><a href="/">Home</a> | <a href="/news">News</a> | <a href="/sports">Sports</a> | <a href="/obits">Obituaries</a> | <a href="/classifieds">Classifieds</a> | <a href="/contact">Contact</a></font></td></tr>
<tr><td width="180" valign="top" bgcolor="#eeeeee"><font size="2"><b>Latest headlines</b><br>{links}<br><b>Weather</b><br>Partly cloudy, 41F</font></td>
<td valign="top"><font face="Georgia" size="3"><h2>{E(a['title'])}</h2>
<i>By {E(a['author'])}, Staff Writer</i><br><i>Posted Nov. 12, 2026</i><br><br>
{paras}
<br><br></font>
<font size="1">Copyright 2026 Northtown Times. Do not redistribute.</font><br>
<a href="/print.php?id=48{i}">Print this story</a> | <a href="/email.php">Email this story</a></td></tr>
<tr><td colspan="2" align="center"><font size="1">Northtown Times, 12 Main Street. Call 555-0100 to subscribe. Site by a local web company.</font></td></tr></table>
</body></html>
"""

def magazine_sections(a, i):
    url = f"https://voltagazette.example/features/{a['slug']}"
    blocks, sections, cur = a["body"], [], []
    for b in blocks:
        if b[0] == "h" and cur:
            sections.append(cur); cur = []
        cur.append(b)
    sections.append(cur)
    html_sections = []
    quote = next((v for k, v in blocks if k == "p" and "“" in v), None)
    for n, s in enumerate(sections):
        html_sections.append(f'<section class="article-section">{body_html(dict(body=s))}</section>')
        if n == 0:
            html_sections.append('<div class="inline-promo"><a href="/subscribe">Support independent journalism. Become a member today.</a></div>')
            if quote:
                html_sections.append(f'<aside class="pullquote"><blockquote>{E(quote[:90])}</blockquote></aside>')
            html_sections.append(figure(a, "Photo: Akosua Mensah / Volta Gazette").replace("lead-image", "inline-image"))
    return f"""<!DOCTYPE html>
<html lang="en"><head>{meta(a, "Volta Gazette", url)}</head>
<body class="single-feature">
<header class="site-header">{nav(["Home", "Features", "Business", "Environment", "Podcasts", "Donate"])}</header>
<div class="feature-hero"><p class="section-label">Features</p><h1 class="feature-title">{E(a['title'])}</h1>
<p class="standfirst">Small solar networks are bringing electricity to places the grid has not reached.</p>
<div class="author-meta"><span class="by">By {E(a['author'])}</span> · <span class="read-time">7 min read</span></div></div>
{figure(a)}
<div class="feature-body">
{"".join(html_sections)}
</div>
<div class="author-bio"><img src="/a.jpg" alt=""><p><strong>{E(a['author'])}</strong> is the Gazette’s energy and environment correspondent, based in Tamale. She has reported from across the Sahel for a decade.</p></div>
{NEWSLETTER}
{related(others_for(i, 3), "Read next")}
{FOOTER.format(site="Volta Gazette")}
</body></html>
"""

def review(a, i):
    url = f"https://gadgetlab.example/reviews/{a['slug']}"
    return f"""<!DOCTYPE html>
<html><head>{meta(a, "GadgetLab", url)}</head>
<body>
<header>{nav(["Reviews", "Phones", "Laptops", "Deals", "How-to"])}</header>
<div class="deals-banner"><a href="/deals">Black Friday deals: the best discounts we found today</a></div>
<main><article class="review">
<h1>{E(a['title'])}</h1>
<div class="review-meta"><span class="author">{E(a['author'])}</span> <span class="date">October 21, 2026</span></div>
<div class="verdict-box"><div class="score">8.5/10</div><div class="buy-buttons"><a href="#">$449 at Store One</a> <a href="#">$459 at Store Two</a></div></div>
<div class="affiliate-disclosure"><p>We may earn a commission when you buy through links on our site.</p></div>
<div class="review-body">
{body_html(a)}
</div>
<table class="specs"><caption>Specifications</caption><tr><th>Screen</th><td>6.4in OLED</td></tr><tr><th>Battery</th><td>5,000mAh</td></tr></table>
</article></main>
<aside class="sidebar"><h3>Best phones 2026</h3><ol><li><a href="#">Best overall</a></li><li><a href="#">Best budget</a></li><li><a href="#">Best camera</a></li></ol></aside>
{comments(4)}
{FOOTER.format(site="GadgetLab")}
</body></html>
"""

def opinion(a, i):
    url = f"https://highveldherald.example/opinion/{a['slug']}"
    body = [b for b in a["body"] if not b[1].startswith("The author is")]
    note = a["body"][-1][1]
    return f"""<!DOCTYPE html>
<html><head>{meta(a, "Highveld Herald", url)}</head>
<body>
{COOKIE}
<header class="hh-header">{nav(["News", "Opinion", "Business", "Sport", "Lifestyle"])}</header>
<div class="container"><div class="row">
<div class="col-md-8"><div class="opinion-article">
<span class="label-opinion">OPINION</span><h1>{E(a['title'])}</h1>
<div class="author-card"><img src="/authors/nd.jpg" alt=""><a class="author-name" href="/authors/nd">{E(a['author'])}</a><span class="pub-date">08 Nov 2026</span></div>
<div class="content-body">{body_html(dict(body=body))}
<p><em>{E(note)}</em></p></div>
<div class="disclaimer"><p>Views expressed are the author’s own and do not necessarily reflect those of the Highveld Herald.</p></div>
{SHARE}
</div></div>
<div class="col-md-4">{most_read(others_for(i, 5))}</div>
</div></div>
{FOOTER.format(site="Highveld Herald")}
</body></html>
"""

def french_latin1(a, i):
    url = f"https://quotidien-centre.example/politique/{a['slug']}.html"
    page = f"""<!DOCTYPE html>
<html lang="fr"><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>{E(a['title'])} - Le Quotidien du Centre</title>
<meta property="og:title" content="{E(a['title'])}"><meta property="og:image" content="{a['image']}"><meta name="author" content="{E(a['author'])}">
<meta property="article:published_time" content="{a['date']}"></head>
<body>
<div id="bandeau-cookies"><p>Nous utilisons des cookies pour vous offrir la meilleure expérience possible sur notre site et mesurer l'audience.</p><a href="#">Accepter</a></div>
<div id="menu">{nav(["Accueil", "Politique", "Économie", "Sports", "Culture"])}</div>
<div id="contenu"><div class="article-detail">
<h1>{E(a['title'])}</h1><p class="auteur">Par {E(a['author'])}</p><p class="date-publication">Publié le 16/11/2026 à 19h30</p>
<div class="texte-article">{body_html(a)}</div>
<div class="a-lire-aussi"><h3>À lire aussi</h3><ul>{"".join(f'<li><a href="#">{t}</a></li>' for t in ["Retraites : ce qui change pour vous en 2027", "Le Sénat fixe son calendrier", "Les syndicats appellent à manifester"])}</ul></div>
<div class="partage"><a href="#">Partager sur Facebook</a> <a href="#">Partager sur X</a></div>
</div></div>
<div id="pied-de-page"><p>© 2026 Le Quotidien du Centre - Tous droits réservés - Mentions légales</p></div>
</body></html>
"""
    return page.encode("iso-8859-1", errors="replace")

def comments_heavy(a, i):
    return modern_news(a, i, site="Northtown Times Online", host="northtowntimes.example", with_comments=True, big_comments=True)

def article_main(a, i):
    url = f"https://europa-daily.example/{a['slug']}"
    return f"""<!DOCTYPE html>
<html lang="en"><head>{meta(a, "Europa Daily", url)}</head>
<body>
<header><div class="brand">Europa Daily</div>{nav(["Europe", "World", "Climate", "Culture"])}</header>
<main>
<article>
<header><h1>{E(a['title'])}</h1><address class="author">By <a rel="author" href="/a/lr">{E(a['author'])}</a></address><time pubdate datetime="{a['date']}">14 July 2026</time></header>
{figure(a, "Credit: Europa Daily / Agency")}
{body_html(a)}
<footer><p class="tags">Filed under <a href="/t/heat">Heatwave</a>, <a href="/t/climate">Climate</a></p></footer>
</article>
<section class="recommended"><h2>Recommended for you</h2>{"".join(f'<article class="card"><h3><a href="/{o["slug"]}">{E(o["title"])}</a></h3></article>' for o in others_for(i, 4))}</section>
</main>
<footer>{E("© 2026 Europa Daily")}</footer>
</body></html>
"""

LAYOUTS = {
    "cbn-rate": modern_news, "chip-plant": lambda a, i: modern_news(a, i, "Circuitry", "circuitry.example", ld_body=True),
    "fuel-levy-protests": comments_heavy, "rail-strike": lambda a, i: modern_news(a, i, "The Capitol Dispatch", "capitoldispatch.example"),
    "solar-mini-grids": magazine_sections, "rust-async": wordpress_blog, "election-live": live_page, "bond-auction": jsonld_only,
    "mpesa-outage": lambda a, i: modern_news(a, i, "Kilima Times", "www.kilimatimes.example", with_comments=True),
    "museum-return": wire_story, "heatwave-schools": article_main, "startup-layoffs": lambda a, i: modern_news(a, i, "TechPulse", "techpulse.example"),
    "wheat-prices": wire_story, "library-hours": table_layout, "vaccine-trial": jsonld_only, "opinion-transit": opinion,
    "pension-reform": french_latin1, "port-expansion": magazine_sections, "phone-review": review,
    "court-ruling": comments_heavy, "drought-maize": live_page, "ai-copyright": article_main,
}

def main():
    os.makedirs(OUT, exist_ok=True)
    for i, a in enumerate(ARTICLES):
        page = LAYOUTS[a["slug"]](a, i)
        data = page if isinstance(page, bytes) else page.encode("utf-8")
        with open(os.path.join(OUT, a["slug"] + ".html"), "wb") as f:
            f.write(data)
        with open(os.path.join(OUT, a["slug"] + ".txt"), "w", encoding="utf-8") as f:
            f.write(expected(a) + "\n")
    print(f"{len(ARTICLES)} pages written to {os.path.normpath(OUT)}")

if __name__ == "__main__":
    main()
