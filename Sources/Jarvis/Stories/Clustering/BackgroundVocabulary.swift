/// Words common to news on any subject ("bank", "rate", "government", "police", "million"…).
///
/// Incremental IDF knows nothing at cold start: with two articles seen, "central bank raises
/// rate" weighs as much as "Nigeria" or "Kenya", and the first two central-bank decisions of
/// the day fall into one story. These words start with a prior document frequency (as if
/// `backgroundDocuments` articles had been seen, a share of them with each word), so the
/// words that tell events apart dominate from the first article; the prior fades as real
/// documents accumulate.
enum BackgroundVocabulary {
    static let words: [String] = [
        // Economy and finance.
        "bank", "central", "rate", "rates", "interest", "benchmark", "policy", "monetary", "committee", "inflation",
        "basis", "points", "point", "percent", "price", "prices", "market", "markets", "economy", "economic", "growth",
        "currency", "dollar", "trading", "traders", "investors", "analysts", "shares", "stock", "profit", "loss",
        "revenue", "earnings", "results", "quarter", "half", "annual", "billion", "million", "thousand", "budget",
        "debt", "tax", "taxes", "finance", "financial", "fund", "funds", "loan", "loans", "lending", "credit",
        "cut", "cuts", "raise", "raises", "raised", "hike", "increase", "increased", "rise", "rises", "rose", "fall",
        "falls", "fell", "higher", "lower", "record", "expected", "data", "figures", "company", "companies", "firm",
        "firms", "business", "group", "unit", "sector", "industry", "deal", "plan", "plans", "cost", "costs",
        // Politics and society.
        "government", "president", "minister", "ministry", "parliament", "election", "vote", "votes", "party",
        "opposition", "leader", "leaders", "official", "officials", "state", "national", "country", "countries",
        "law", "bill", "court", "police", "security", "military", "army", "people", "public", "protest", "protests",
        "talks", "meeting", "agreement", "decision", "announced", "statement", "spokesman", "spokeswoman", "chief",
        "executive", "director", "head", "governor", "authorities", "agency", "report", "reports", "reported",
        "news", "media", "city", "capital", "region", "province", "district", "local", "international", "world",
        "global", "foreign", "health", "killed", "dead", "death", "deaths", "injured", "attack", "crisis", "support",
        // Technology.
        "technology", "tech", "digital", "data", "users", "app", "apps", "online", "internet", "mobile", "phone",
        "service", "services", "platform", "software", "network", "customers", "market", "launch", "launched",
        // Time and generic verbs.
        "day", "days", "time", "times", "month", "months", "weeks", "hours", "morning", "night", "early", "late",
        "latest", "recent", "former", "move", "moves", "make", "made", "take", "took", "give", "gave", "get", "help",
        "need", "want", "set", "keep", "kept", "start", "started", "end", "ended", "continue", "further", "still",
        "back", "well", "even", "many", "much", "several", "three", "four", "five", "six", "ten", "hundreds",
        "thousands", "dozens", "part", "way", "work", "working", "around", "across", "near", "next", "amid",
        "show", "showed", "shows", "call", "called", "calls", "warn", "warned", "expect", "said", "added", "told",
    ]

    /// Stems of `words`, as `TextAnalyzer.terms` produces them.
    static let stems: Set<String> = Set(TextAnalyzer().terms(words.joined(separator: " ")))
}
