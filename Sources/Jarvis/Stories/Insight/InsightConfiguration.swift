import Foundation

/// The knobs of story analysis: who is authoritative, where "home" is, how fast news goes
/// stale, when a story counts as breaking, and which subjects matter. Every default is a
/// documented choice (see RUBRIC.md); deployments override them without touching the code.
public struct InsightConfiguration: Sendable {
    /// Authority 0–100 per source name (matched ignoring case and surrounding spaces). Wins
    /// over the feed's own `authority`.
    public var sourceAuthority: [String: Int]
    /// Authority of a source that neither the overrides nor its feed rate.
    public var defaultAuthority: Int
    /// Share of the story's best source in the authority part; the rest is the mean of all
    /// its sources (so one wire agency lifts a story, but a crowd of blogs does not sink it).
    public var authorityMaxWeight: Double

    /// Places, demonyms and bodies that make a story local (default: Africa).
    public var homeRegion: HomeRegion

    /// Freshness halves every `freshnessHalfLife` seconds after the story's last update.
    public var freshnessHalfLife: TimeInterval

    /// A story is fast-moving when `breakingMinSources` independent sources reported it within
    /// `breakingWindow` of its earliest report; its earliest report is then breaking while it is
    /// younger than `breakingRecency`.
    public var breakingWindow: TimeInterval
    public var breakingRecency: TimeInterval
    public var breakingMinSources: Int

    /// Independent sources at which cross-source confirmation reaches its maximum.
    public var confirmationSaturation: Int

    /// Topic importance before the subject is looked at (0–15 each).
    public var topicBase: [Topic: Int]
    /// Subject keywords (words or phrases, stemmed when compiled) and their weight in topic
    /// importance. A keyword in a headline counts fully, in a body only half.
    public var subjectKeywords: [String: Double]

    /// Summary bounds.
    public var summaryMaxCharacters: Int
    public var summaryMaxSentences: Int

    /// Articles whose text the analysis reads at most: each source's newest first, then their next newest, … A story
    /// of hundreds of reports (a live blog's updates, days of wire copy) costs what this many do; the others still
    /// count as sources, for the headline, the score's authority, freshness and confirmation, and breaking.
    public var maxArticlesRead: Int
    /// Characters of each article's body the analysis reads: a report's news is in its first few thousand, and a
    /// hostile feed's megabyte body costs no more than this.
    public var maxBodyCharactersRead: Int

    public init(
        sourceAuthority: [String: Int] = [:],
        defaultAuthority: Int = 50,
        authorityMaxWeight: Double = 0.5,
        homeRegion: HomeRegion = .africa,
        freshnessHalfLife: TimeInterval = 6 * 3600,
        breakingWindow: TimeInterval = 2 * 3600,
        breakingRecency: TimeInterval = 6 * 3600,
        breakingMinSources: Int = 3,
        confirmationSaturation: Int = 5,
        topicBase: [Topic: Int] = InsightConfiguration.defaultTopicBase,
        subjectKeywords: [String: Double] = InsightConfiguration.defaultSubjectKeywords,
        summaryMaxCharacters: Int = 400,
        summaryMaxSentences: Int = 3,
        maxArticlesRead: Int = 64,
        maxBodyCharactersRead: Int = 20_000
    ) {
        self.sourceAuthority = sourceAuthority
        self.defaultAuthority = defaultAuthority
        self.authorityMaxWeight = authorityMaxWeight
        self.homeRegion = homeRegion
        self.freshnessHalfLife = freshnessHalfLife
        self.breakingWindow = breakingWindow
        self.breakingRecency = breakingRecency
        self.breakingMinSources = breakingMinSources
        self.confirmationSaturation = confirmationSaturation
        self.topicBase = topicBase
        self.subjectKeywords = subjectKeywords
        self.summaryMaxCharacters = summaryMaxCharacters
        self.summaryMaxSentences = summaryMaxSentences
        self.maxArticlesRead = maxArticlesRead
        self.maxBodyCharactersRead = maxBodyCharactersRead
    }

    public static let defaultTopicBase: [Topic: Int] = [.politics: 6, .finance: 6, .africa: 5, .tech: 4]

    /// Hard news outranks soft news: conflict, disasters, elections, money that moves
    /// markets, and failures of systems people depend on.
    public static let defaultSubjectKeywords: [String: Double] = [
        // Politics and security.
        "election": 4, "vote": 2, "coup": 5, "war": 5, "invasion": 5, "ceasefire": 3, "attack": 3, "killed": 3,
        "death toll": 3, "impeachment": 4, "resigns": 2, "sanctions": 3, "protest": 2, "curfew": 3, "insurgents": 3,
        "referendum": 3, "parliament": 1, "supreme court": 2, "state of emergency": 4,
        // Disasters and health.
        "earthquake": 4, "flood": 3, "outbreak": 3, "epidemic": 3, "cholera": 3, "famine": 4, "drought": 2,
        // Economy and markets.
        "interest rate": 3, "policy rate": 3, "inflation": 3, "recession": 3, "default": 3, "devaluation": 3,
        "central bank": 2, "budget": 2, "tax": 2, "fuel price": 2, "shortage": 2, "bankruptcy": 3, "layoffs": 3,
        "job cuts": 3, "merger": 2, "acquisition": 2, "ipo": 2, "debt": 2, "currency": 1,
        // Technology.
        "outage": 3, "breach": 3, "hack": 3, "ransomware": 3, "cyberattack": 3, "data leak": 3, "antitrust": 2,
        "regulation": 1, "ban": 2,
    ]
}

/// Where "local" is: names of places (countries, cities, regions), demonyms and regional
/// bodies, plus the feed regions that count as home.
public struct HomeRegion: Sendable {
    public var name: String
    /// Lower-case names matched as whole words ("cape town", "nigerian").
    public var places: [String]
    /// Feed `region` values (lower-case) that are home: a region name or country code.
    public var feedRegions: Set<String>

    public init(name: String, places: [String], feedRegions: Set<String>) {
        self.name = name
        self.places = places
        self.feedRegions = feedRegions
    }

    /// Africa: the 54 countries (with common short names), their demonyms, capitals and major
    /// cities, and the continent's regions and bodies.
    public static let africa = HomeRegion(
        name: "Africa",
        places: [
            "africa", "african", "africans", "sub-saharan", "sahel", "sahara", "maghreb", "horn of africa",
            "west africa", "east africa", "southern africa", "north africa", "central africa", "great lakes",
            "african union", "au", "ecowas", "sadc", "eac", "comesa", "afreximbank", "afdb", "african development bank",
            "afcfta", "lake chad", "nile", "lake victoria",
            // Countries and demonyms.
            "algeria", "algerian", "angola", "angolan", "benin", "beninese", "botswana", "burkina faso", "burkinabe",
            "burundi", "burundian", "cameroon", "cameroonian", "cape verde", "cabo verde", "chad", "chadian",
            "comoros", "congo", "congolese", "drc", "ivory coast", "côte d'ivoire", "cote d'ivoire", "ivorian",
            "djibouti", "egypt", "egyptian", "egyptians", "equatorial guinea", "eritrea", "eritrean", "eswatini",
            "swaziland", "ethiopia", "ethiopian", "ethiopians", "gabon", "gabonese", "gambia", "gambian", "ghana",
            "ghanaian", "ghanaians", "guinea", "guinean", "guinea-bissau", "kenya", "kenyan", "kenyans", "lesotho",
            "liberia", "liberian", "libya", "libyan", "madagascar", "malagasy", "malawi", "malawian", "mali",
            "malian", "mauritania", "mauritanian", "mauritius", "mauritian", "morocco", "moroccan", "mozambique",
            "mozambican", "namibia", "namibian", "niger", "nigerien", "nigeria", "nigerian", "nigerians", "rwanda",
            "rwandan", "sao tome", "senegal", "senegalese", "seychelles", "sierra leone", "sierra leonean",
            "somalia", "somali", "somaliland", "south africa", "south african", "south africans", "south sudan",
            "south sudanese", "sudan", "sudanese", "tanzania", "tanzanian", "togo", "togolese", "tunisia",
            "tunisian", "uganda", "ugandan", "ugandans", "zambia", "zambian", "zimbabwe", "zimbabwean",
            // Capitals and major cities.
            "lagos", "abuja", "kano", "ibadan", "port harcourt", "kaduna", "enugu", "benin city", "maiduguri",
            "nairobi", "mombasa", "kisumu", "johannesburg", "cape town", "pretoria", "durban", "soweto",
            "port elizabeth", "gqeberha", "accra", "kumasi", "tamale", "cairo", "alexandria", "giza",
            "addis ababa", "kampala", "dar es salaam", "dodoma", "zanzibar", "arusha", "kigali", "kinshasa",
            "goma", "lubumbashi", "brazzaville", "luanda", "harare", "bulawayo", "lusaka", "lilongwe", "blantyre",
            "maputo", "windhoek", "gaborone", "dakar", "abidjan", "yamoussoukro", "bamako", "ouagadougou",
            "niamey", "n'djamena", "khartoum", "juba", "mogadishu", "hargeisa", "asmara", "tripoli", "benghazi",
            "tunis", "algiers", "rabat", "casablanca", "marrakech", "nouakchott", "conakry", "freetown",
            "monrovia", "banjul", "bissau", "lome", "lomé", "cotonou", "porto-novo", "yaounde", "yaoundé",
            "douala", "libreville", "malabo", "bangui", "antananarivo", "port louis", "maseru", "mbabane",
            "bujumbura", "gitega",
        ],
        feedRegions: [
            "africa", "af", "dz", "ao", "bj", "bw", "bf", "bi", "cm", "cv", "td", "km", "cg", "cd", "ci", "dj", "eg",
            "gq", "er", "sz", "et", "ga", "gm", "gh", "gn", "gw", "ke", "ls", "lr", "ly", "mg", "mw", "ml", "mr",
            "mu", "ma", "mz", "na", "ne", "ng", "rw", "st", "sn", "sc", "sl", "so", "za", "ss", "sd", "tz", "tg",
            "tn", "ug", "zm", "zw", "nigeria", "kenya", "south africa", "ghana", "egypt", "ethiopia",
            "west africa", "east africa", "southern africa", "north africa",
        ])
}
