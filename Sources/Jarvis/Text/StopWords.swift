/// English function words dropped before weighting, and abbreviations that end in a dot
/// without ending a sentence.
enum StopWords {
    static let english: Set<String> = [
        "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are", "as", "at",
        "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do",
        "does", "doing", "down", "during", "each", "few", "for", "from", "further", "had", "has", "have", "having", "he",
        "her", "here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its",
        "itself", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once",
        "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "said", "same", "says", "she", "should",
        "so", "some", "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these",
        "they", "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what",
        "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours",
        "yourself", "yourselves", "s", "t", "new", "one", "two", "year", "years", "last", "first", "per", "cent",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "according", "told", "say",
        "yesterday", "today", "tomorrow", "week", "month", "however", "since", "may", "might", "must", "shall", "us",
    ]

    static let abbreviations: Set<String> = [
        "mr.", "mrs.", "ms.", "dr.", "prof.", "sen.", "sens.", "rep.", "reps.", "gov.", "gen.", "col.", "lt.", "st.", "jr.",
        "sr.", "inc.",
        "ltd.", "co.", "corp.", "vs.", "etc.", "e.g.", "i.e.", "u.s.", "u.k.", "u.n.", "no.", "jan.", "feb.", "mar.",
        "apr.", "jun.", "jul.", "aug.", "sep.", "sept.", "oct.", "nov.", "dec.",
        // Ranks and titles before a name, and the "v." of a case's name ("Rifle & Pistol Association v. City of
        // New York"): in the real events set these were cut mid-sentence and reached the consensus line as fragments.
        "v.", "rev.", "adm.", "capt.", "sgt.", "maj.", "cmdr.", "cpl.", "pvt.", "supt.", "det.", "pres.", "msgr.",
    ]
}
