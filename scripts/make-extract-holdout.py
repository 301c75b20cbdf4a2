#!/usr/bin/env python3
"""Writes the held-out extraction pages: Tests/JarvisTests/Fixtures/pages-holdout/NAME.html + NAME.txt.
Written after the extractor was tuned on Fixtures/pages, in layouts it was never tuned on (CSS-in-JS
class soup with no semantic names, a Medium-style blog, inline related boxes inside the body, AMP,
a government press release, text in <div>s without <p>, a live page with a key-points box, a
syndicated copy with a "This article originally appeared" note). Evaluated, never used to fix a case."""
import html, json, os
E = html.escape
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "JarvisTests", "Fixtures", "pages-holdout")

A = [
 dict(slug="ferry-fares", title="Lake ferry fares to rise 18% from January", author="Joseph Mwangi",
      body=["Fares on the Lake Victoria ferry between Kisumu and Homa Bay will rise by 18% from January 1, the operator said on Monday, blaming higher fuel and maintenance costs.",
            "A one-way adult ticket will cost KSh 650, up from KSh 550. Fares for children and for traders carrying goods will rise by the same proportion.",
            "The operator said it had not raised prices since 2023, while the price of marine diesel had gone up by more than a third over the same period.",
            "Passenger groups said the increase would hit traders who cross the lake several times a week, and asked the county government to subsidise the route."]),
 dict(slug="remote-work", title="Why I stopped working from cafés", author="Elena Petrova",
      body=["For three years I wrote almost everything in cafés. I told myself the noise helped me concentrate, and for a while it did.",
            "Then I started keeping track of what I actually got done. The answer was uncomfortable: on café days I wrote about half as much as on days at my kitchen table.",
            "The problem was not the noise. It was the small decisions: where to sit, when to buy another coffee, whether the table by the socket would free up.",
            "I still go to cafés. I just don't try to work in them any more, and I enjoy them much more for it."]),
 dict(slug="bridge-inspection", title="Inspectors find cracks in ageing river bridge", author="Tom Hughes",
      body=["Inspectors found cracks in two of the steel girders supporting the Old Mill bridge, the county council said on Thursday, and the bridge will close to heavy goods vehicles from next week.",
            "Cars and buses will still be allowed to cross, but with a speed limit of 20mph while engineers carry out further tests.",
            "The bridge, built in 1936, carries about 14,000 vehicles a day. A full replacement has been discussed for a decade but never funded.",
            "Local businesses said the weight limit would add up to 40 minutes to delivery routes that will have to go through the town centre instead."]),
 dict(slug="satellite-launch", title="Nigeria launches second earth observation satellite", author="Chinedu Okafor",
      body=["Nigeria's space agency launched its second earth observation satellite on Saturday aboard a rocket from a launch site in California, the agency said.",
            "The satellite will take images at a resolution of about one metre, which officials say will be used to monitor flooding, farmland and illegal mining.",
            "It replaces a satellite launched in 2011 that has reached the end of its working life. Ground stations in Abuja will receive its data.",
            "The agency said the project cost about $60 million, including training for 20 Nigerian engineers who worked with the manufacturer."]),
 dict(slug="water-tariff", title="Government announces new water tariff for households", author="Ministry of Water and Sanitation",
      body=["The Ministry of Water and Sanitation today announced a new tariff structure for household water connections, which will take effect on 1 March.",
            "Under the new structure, the first six cubic metres used by each household every month will be free. Usage above that level will be charged in three bands.",
            "The Minister said the change was designed to protect poor households while encouraging larger users to save water during the dry season.",
            "Utilities will write to every customer before March explaining how the new bands apply to their accounts."]),
 dict(slug="chess-final", title="Teenager wins national chess title in final-round upset", author="Sports desk",
      body=["A 16-year-old from Kumasi won the national chess championship on Sunday, beating the three-time champion in the final round of the tournament in Accra.",
            "Needing only a draw, the defending champion pushed for a win and overreached in a long endgame, losing on move 71.",
            "The winner, who learned the game at a school club five years ago, earns a place in next year's African championship.",
            "Organisers said a record 212 players took part in this year's event, nearly a third of them under 18."]),
 dict(slug="flood-live", title="Floods live: rivers burst banks after record rainfall", author="News team",
      body=["The river at Eastbridge has burst its banks and water is now flowing across the main road into the town. Police have closed the bridge.",
            "More than 300 homes have been evacuated in the valley, the fire service said, and a rest centre has opened at the leisure centre.",
            "The Met Office said 140mm of rain fell in 24 hours at one station, the highest total it has recorded there since records began in 1910.",
            "Rail services between Eastbridge and the coast are suspended until at least Tuesday because of flooding on the line."]),
 dict(slug="syndicated-coffee", title="Coffee farmers turn to new varieties as temperatures rise", author="Amina Yusuf",
      body=["Coffee farmers in the highlands of Ethiopia are planting new varieties that tolerate heat and drought, as rising temperatures push arabica cultivation higher up the mountains.",
            "Researchers at a national institute have released 12 varieties over the past five years. Some produce more than twice the yield of traditional trees in dry years.",
            "Farmers say the new trees take three years to produce their first crop, a long wait for families that depend on coffee for most of their income.",
            "Exporters are watching closely: buyers in Europe and Japan pay premiums for the flavour of heirloom coffees, and not all new varieties taste the same."]),
]

def ld(a):
    return '<script type="application/ld+json">' + json.dumps({"@context": "https://schema.org", "@type": "NewsArticle", "headline": a["title"],
            "author": {"@type": "Person", "name": a["author"]}, "datePublished": "2026-11-20T08:00:00Z"}) + "</script>"

def soup(a):  # CSS-in-JS class soup, no semantic names at all
    ps = "".join(f'<p class="css-1x7sr3e e1wiw8ob0">{E(p)}</p>' + ('<div class="css-9zfk4d"><div class="css-k9t2q">ADVERTISEMENT</div><div style="min-height:250px"></div></div>' if i == 1 else "") for i, p in enumerate(a["body"]))
    cards = "".join(f'<div class="css-pq2r1"><a href="/x{i}" class="css-z3e1"><div class="css-h7y">Story {i}: What the new rules mean for you and your family</div></a></div>' for i in range(6))
    return f"""<!DOCTYPE html><html><head><title>{E(a['title'])}</title>{ld(a)}</head><body><div id="__next"><div class="css-1q2w3e">
<div class="css-top"><a href="/">Lakeside Post</a><div class="css-m1">{"".join(f'<a href="/s{i}" class="css-m2">Section {i}</a>' for i in range(8))}</div></div>
<div class="css-8a7s"><div class="css-t1"><h1 class="css-h1x">{E(a['title'])}</h1><div class="css-au">{E(a['author'])} · 4 min read</div></div>
<div class="css-body0">{ps}</div>
<div class="css-sh"><button>Share</button><button>Save</button></div>
<div class="css-mp"><div class="css-mph">Most Popular</div>{cards}</div></div>
<div class="css-ft"><div>© Lakeside Post 2026</div><a href="/terms">Terms</a><a href="/privacy">Privacy</a><a href="/cookies">Cookie settings</a></div></div></div>
<script id="__NEXT_DATA__" type="application/json">{{"props":{{"page":"article"}}}}</script></body></html>"""

def medium(a):
    ps = "".join(f'<p class="pw-post-body-paragraph">{E(p)}</p>' for p in a["body"])
    return f"""<!DOCTYPE html><html><head><title>{E(a['title'])} | by {E(a['author'])} | Medium-ish</title><meta name="author" content="{E(a['author'])}"></head>
<body><div class="metabar"><a href="/">Home</a><a href="/write">Write</a><a href="/signin">Sign in</a></div>
<article><div class="section-content"><h1 class="pw-post-title">{E(a['title'])}</h1>
<div class="pw-author"><a href="/@ep">{E(a['author'])}</a><span>Follow</span><span>6 min read · Nov 20, 2026</span></div>
<figure><img src="/cafe.jpg"><figcaption>My old office, more or less. Photo by the author.</figcaption></figure>
<section>{ps}</section></div></article>
<div class="pw-claps"><button>👏 1.2K</button><button>32 responses</button></div>
<div class="more-from-author"><h2>More from {E(a['author'])}</h2><div><h3><a href="/p1">The notebook I carry everywhere</a></h3><p>And why it has to be paper, not an app on my phone, whatever I try.</p></div><div><h3><a href="/p2">Twelve months without social media</a></h3><p>What I missed, what I did not, and what I did with the time I got back.</p></div></div>
<div class="responses"><h2>Responses (32)</h2><div class="response"><p>This is so true. I spent years pretending the café was my office and I never finished anything there, but I did drink a lot of coffee.</p></div></div></body></html>"""

def inline_related(a):
    ps = []
    for i, p in enumerate(a["body"]):
        ps.append(f'<p><span class="text">{E(p)}</span></p>')
        if i == 1:
            ps.append('<div class="inline-related"><h4>Related</h4><a href="/x"><strong>Council approves budget for road repairs</strong><span>The plan includes resurfacing of 40 miles of rural roads over the next three years.</span></a></div>')
            ps.append('<p class="story-continues">Story continues below advertisement</p><div class="adzone"></div>')
    return f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>{E(a['title'])} – Valley Courier</title><meta property="og:title" content="{E(a['title'])}"></head>
<body><header id="header"><div class="logo">Valley Courier</div><ul class="sections"><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/what-s-on">What's on</a></li></ul></header>
<div id="main-wrapper"><div class="story"><h1>{E(a['title'])}</h1><p class="author-line">{E(a['author'])}, Local Democracy Reporter</p>
{"".join(ps)}</div>
<div class="sidebar-right"><div class="weather">Light rain, 9°C</div><div class="puzzles"><a href="/puzzles">Crosswords and puzzles</a></div></div></div>
<div id="footer">Valley Courier is part of a regional newspaper group. Contact the newsroom at any time.</div></body></html>"""

def amp(a):
    ps = "".join(f"<p>{E(p)}</p>" for p in a["body"])
    return f"""<!doctype html><html ⚡ lang="en"><head><meta charset="utf-8"><title>{E(a['title'])}</title>{ld(a)}<style amp-custom>body{{font-family:sans-serif}}</style></head>
<body><amp-sidebar id="menu" layout="nodisplay"><ul><li><a href="/">Home</a></li><li><a href="/science">Science</a></li></ul></amp-sidebar>
<header class="amp-header"><a href="/">Sahel Science</a></header>
<article><h1>{E(a['title'])}</h1><div class="amp-byline">By {E(a['author'])}</div>
<amp-img src="/sat.jpg" width="800" height="450" layout="responsive" alt="satellite"></amp-img>
{ps[:len(ps)//2]}<amp-ad width="300" height="250" type="doubleclick" data-slot="/1/amp"></amp-ad>{ps[len(ps)//2:]}
<amp-social-share type="twitter"></amp-social-share><amp-social-share type="facebook"></amp-social-share></article>
<footer><p>Read the full site for more science news from across the region.</p></footer></body></html>"""

def press(a):
    ps = "".join(f"<p>{E(p)}</p>" for p in a["body"])
    return f"""<!DOCTYPE html><html><head><title>{E(a['title'])} | Ministry of Water and Sanitation</title></head>
<body><div id="govbar"><a href="/">Government portal</a> <a href="/services">Services</a> <a href="/ministries">Ministries</a></div>
<div class="breadcrumb"><a href="/">Home</a> › <a href="/media">Media</a> › Press releases</div>
<div id="content"><h1>{E(a['title'])}</h1><div class="release-date">Press release · 20 November 2026</div>{ps}
<h3>Notes to editors</h3><p>Media enquiries: press office, telephone 0800 000 000.</p></div>
<div class="feedback"><p>Was this page useful?</p><button>Yes</button><button>No</button></div>
<div id="footer"><a href="/accessibility">Accessibility</a> <a href="/foi">Freedom of information</a> © Crown copyright</div></body></html>"""

def divtext(a):
    ps = "".join(f"<div>{E(p)}</div><div><br></div>" for p in a["body"])
    return f"""<html><head><title>{E(a['title'])} | Accra Sports Online</title></head><body>
<div class="hdr"><a href="/">Accra Sports Online</a> | <a href="/football">Football</a> | <a href="/athletics">Athletics</a> | <a href="/chess">Chess</a></div>
<div class="main"><div class="headline">{E(a['title'])}</div><div class="meta">{E(a['author'])} | 20 Nov 2026</div>
<div class="storybody">{ps}</div>
<div class="tagcloud">Tags: <a href="/t/chess">chess</a> <a href="/t/youth">youth</a></div></div>
<div class="side"><b>Latest</b><br><a href="/1">Black Stars name squad for qualifiers</a><br><a href="/2">Marathon entries close on Friday</a><br><a href="/3">Boxing: title fight set for Accra</a></div>
</body></html>"""

def live2(a):
    entries = "".join(f'<div class="block" id="b{i}"><div class="block-time"><span>{10 + i}:1{i}</span></div><div class="block-elements"><p>{E(p)}</p></div></div>' for i, p in enumerate(reversed(a["body"])))
    return f"""<!DOCTYPE html><html><head><title>{E(a['title'])}</title><meta property="og:title" content="{E(a['title'])}"></head><body>
<div class="top-nav"><a href="/">County News</a> <a href="/weather">Weather</a> <a href="/travel">Travel</a></div>
<div class="liveblog"><h1>{E(a['title'])}</h1>
<div class="summary-box"><h2>Summary</h2><ul><li><a href="#b0">Rail services suspended</a></li><li><a href="#b3">River bursts banks</a></li></ul></div>
<div class="blocks">{entries}</div><div class="older"><a href="?page=2">Older posts</a></div></div>
<div class="promo">Download our app to get flood alerts on your phone.</div></body></html>"""

def syndicated(a):
    ps = "".join(f"<p>{E(p)}</p>" for p in a["body"])
    return f"""<!DOCTYPE html><html><head><title>{E(a['title'])}</title><meta name="author" content="{E(a['author'])}"></head><body>
<nav><a href="/">Green Markets</a> <a href="/agri">Agriculture</a> <a href="/climate">Climate</a></nav>
<main><div class="post"><h1 class="post-title">{E(a['title'])}</h1><div class="post-content">{ps}
<p class="syndication"><em>This article originally appeared on a partner site and is republished under a content-sharing agreement.</em></p></div>
<div class="post-tags"><a href="/t/coffee">Coffee</a> <a href="/t/ethiopia">Ethiopia</a></div></div></main>
<div class="subscribe-box"><p>Get Green Markets in your inbox every Friday: the week's news on food, farming and climate, in five minutes.</p></div></body></html>"""

LAYOUT = {"ferry-fares": soup, "remote-work": medium, "bridge-inspection": inline_related, "satellite-launch": amp,
          "water-tariff": press, "chess-final": divtext, "flood-live": live2, "syndicated-coffee": syndicated}

os.makedirs(OUT, exist_ok=True)
for a in A:
    body = a["body"] if a["slug"] != "flood-live" else list(reversed(a["body"]))
    with open(os.path.join(OUT, a["slug"] + ".html"), "w", encoding="utf-8") as f:
        f.write(LAYOUT[a["slug"]](a))
    with open(os.path.join(OUT, a["slug"] + ".txt"), "w", encoding="utf-8") as f:
        f.write("\n\n".join(body) + "\n")
print(f"{len(A)} held-out pages written to {os.path.normpath(OUT)}")
