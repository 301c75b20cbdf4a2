"""Labelled articles as RSS 2.0 feeds, served on 127.0.0.1 for a server under evaluation to poll."""
import collections
import datetime as dt
import email.utils
import http.server
import os
import re
import threading
import urllib.parse
from xml.sax.saxutils import escape

from evalkit.evalset import parse_time


def wire_time(value):
    return value.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def time_shift(doc, mode, now=None):
    """Seconds to add to every publishedAt: 'latest-now' moves the newest article to now - 60 s
    (relative spacing kept; the server clamps future dates); 'none' keeps the labelled dates."""
    if mode == "none":
        return 0
    now = now or dt.datetime.now(dt.timezone.utc)
    newest = max(parse_time(a["publishedAt"]) for a in doc["articles"])
    return int((now - newest).total_seconds()) - 60


def feed_filename(index, outlet_id):
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", str(outlet_id)).strip("-")[:40] or "outlet"
    return f"{index:02d}-{safe}.xml"


def rss_document(outlet, articles, shift_seconds=0, channel_link="http://127.0.0.1/"):
    """RSS 2.0 bytes for one outlet: guid = article id, title, link, description = body,
    pubDate (RFC 822) from publishedAt (+ shift), dc:creator when the article has an author."""
    items = sorted(articles, key=lambda a: parse_time(a["publishedAt"]), reverse=True)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">',
             "<channel>",
             f"<title>{escape(outlet['name'])}</title>",
             f"<link>{escape(channel_link)}</link>",
             f"<description>{escape(outlet['name'])} (evaluation feed)</description>",
             "<language>en</language>"]
    for article in items:
        published = parse_time(article["publishedAt"]) + dt.timedelta(seconds=shift_seconds)
        lines += ["<item>",
                  f"<guid isPermaLink=\"false\">{escape(article['id'])}</guid>",
                  f"<title>{escape(article['headline'])}</title>",
                  f"<link>{escape(article['link'])}</link>",
                  f"<description>{escape(article['body'])}</description>",
                  f"<pubDate>{email.utils.format_datetime(published, usegmt=True)}</pubDate>"]
        if article.get("author"):
            lines.append(f"<dc:creator>{escape(article['author'])}</dc:creator>")
        lines.append("</item>")
    lines += ["</channel>", "</rss>", ""]
    return "\n".join(lines).encode("utf-8")


def write_feeds(doc, directory, shift_seconds):
    """Writes one RSS file per outlet; returns [(outlet, filename, item count)]."""
    by_outlet = collections.defaultdict(list)
    for article in doc["articles"]:
        by_outlet[article["outlet"]].append(article)
    written = []
    for index, outlet in enumerate(doc["outlets"]):
        articles = by_outlet.get(outlet["id"], [])
        if not articles:
            continue
        name = feed_filename(index, outlet["id"])
        first = urllib.parse.urlsplit(articles[0]["link"])
        with open(os.path.join(directory, name), "wb") as handle:
            handle.write(rss_document(outlet, articles, shift_seconds, f"{first.scheme}://{first.netloc}/"))
        written.append((outlet, name, len(articles)))
    return written


class QuietFileHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".xml": "application/rss+xml; charset=utf-8"})

    def log_message(self, format, *args):
        pass


def serve_directory(directory):
    """A threaded static server on 127.0.0.1:<free port> in a daemon thread; returns (server, base URL)."""
    handler = lambda *a, **k: QuietFileHandler(*a, directory=directory, **k)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="feeds", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
