/// # Jarvis
///
/// The news domain, free of HTTP: ingestion (fetch, parse RSS/Atom, HTML → text), stories
/// (clustering, topics, summaries, consensus/conflict, scoring) and their storage.
public enum JarvisDomain {}
