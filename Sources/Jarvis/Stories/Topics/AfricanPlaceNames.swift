/// African countries, capitals and large cities, demonyms and regional bodies, for the regional rule
/// ("a story primarily about an African country or region is `africa`"). Matched on lower-cased words
/// of the headline, so "Nigeria's" and "Nigerian" both count; multi-word names are matched as phrases.
enum AfricanPlaceNames {
    static let words: Set<String> = [
        // countries
        "algeria", "angola", "benin", "botswana", "burkina", "burundi", "cameroon", "chad", "comoros", "congo",
        "djibouti", "egypt", "eritrea", "eswatini", "ethiopia", "gabon", "gambia", "ghana", "guinea", "guinea-bissau",
        "kenya", "lesotho", "liberia", "libya", "madagascar", "malawi", "mali", "mauritania", "mauritius", "morocco",
        "mozambique", "namibia", "niger", "nigeria", "rwanda", "senegal", "seychelles", "somalia", "somaliland",
        "sudan", "tanzania", "togo", "tunisia", "uganda", "zambia", "zimbabwe", "drc",
        // demonyms
        "algerian", "angolan", "beninese", "burkinabe", "burundian", "cameroonian", "chadian", "congolese",
        "egyptian", "eritrean", "ethiopian", "gabonese", "gambian", "ghanaian", "guinean", "ivorian", "kenyan",
        "liberian", "libyan", "malagasy", "malawian", "malian", "mauritanian", "moroccan", "mozambican", "namibian",
        "nigerien", "nigerian", "rwandan", "senegalese", "somali", "sudanese", "tanzanian", "togolese", "tunisian",
        "ugandan", "zambian", "zimbabwean", "african", "africa",
        // capitals and large cities
        "abuja", "lagos", "kano", "ibadan", "nairobi", "mombasa", "kisumu", "pretoria", "johannesburg", "durban",
        "soweto", "accra", "kumasi", "tamale", "addis", "mekelle", "cairo", "alexandria", "rabat", "casablanca",
        "marrakech", "tangier", "dakar", "abidjan", "yamoussoukro", "dodoma", "zanzibar", "kampala", "entebbe",
        "kigali", "lusaka", "ndola", "harare", "bulawayo", "maputo", "beira", "luanda", "kinshasa", "lubumbashi",
        "goma", "yaoundé", "yaounde", "douala", "bamako", "timbuktu", "niamey", "agadez", "ouagadougou", "khartoum",
        "darfur", "juba", "mogadishu", "kismayo", "tunis", "sfax", "algiers", "oran", "tripoli", "benghazi",
        "gaborone", "windhoek", "lilongwe", "blantyre", "freetown", "monrovia", "cotonou", "lomé", "lome",
        "antananarivo", "conakry", "nouakchott", "asmara", "kinshasa's", "brazzaville", "libreville", "n'djamena",
        "uyo", "kaduna", "port-harcourt", "naivasha", "eldoret",
        // regions and bodies
        "sahel", "ecowas", "sadc", "afcfta", "afreximbank", "maghreb", "cbn", "cbk", "sarb", "al-shabaab", "m23",
        "jse", "brvm",
        // currencies only African countries use
        "naira", "cedi", "cedis", "kwacha", "birr", "dalasi", "leone", "ariary", "cfa",
    ]
    static let phrases: [[String]] = [
        ["south", "africa"], ["cape", "town"], ["addis", "ababa"], ["dar", "es", "salaam"], ["côte", "d'ivoire"],
        ["cote", "d'ivoire"], ["ivory", "coast"], ["sierra", "leone"], ["south", "sudan"], ["burkina", "faso"],
        ["port", "sudan"], ["east", "africa"], ["west", "africa"], ["african", "union"], ["horn", "of", "africa"],
        ["port", "harcourt"], ["el", "fasher"], ["blue", "nile"], ["equatorial", "guinea"], ["cabo", "verde"],
    ]

    /// Whether the text names an African place, people or regional body.
    static func mentioned(in words: [Substring]) -> Bool { count(in: words, limit: 1) > 0 }

    /// How many times the text names an African place, people, body or currency (counting stops at `limit`).
    static func count(in words: [Substring], limit: Int = .max) -> Int {
        let lower = words.map { word -> String in
            var w = word.lowercased()
            for suffix in ["'s", "’s"] where w.hasSuffix(suffix) { w.removeLast(suffix.count) }
            return w
        }
        var found = 0
        for word in lower where Self.words.contains(word) {
            found += 1
            if found >= limit { return found }
        }
        guard lower.count > 1 else { return found }
        for phrase in phrases where phrase.count <= lower.count {
            for start in 0...(lower.count - phrase.count) where lower[start] == phrase[0] {
                if Array(lower[start..<(start + phrase.count)]) == phrase {
                    found += 1
                    if found >= limit { return found }
                }
            }
        }
        return found
    }
}
