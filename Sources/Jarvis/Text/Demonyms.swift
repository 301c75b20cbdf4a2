/// Adjectives of nationality and the place they name ("Kenyan" → "kenya"), so that an article
/// about "Kenyan youth" and one about protests "in Kenya" share the word. Lower-case, unstemmed.
/// Africa in full (the app's home region), plus the countries and blocs most often in the news.
public enum Demonyms {
    public static let place: [String: String] = [
        "african": "africa", "algerian": "algeria", "angolan": "angola", "beninese": "benin", "botswanan": "botswana",
        "burkinabe": "burkina", "burundian": "burundi", "cameroonian": "cameroon", "cape verdean": "cape verde",
        "chadian": "chad", "comoran": "comoros", "congolese": "congo", "djiboutian": "djibouti", "egyptian": "egypt",
        "equatoguinean": "guinea", "eritrean": "eritrea", "eswatini": "eswatini", "swazi": "eswatini",
        "ethiopian": "ethiopia", "gabonese": "gabon", "gambian": "gambia", "ghanaian": "ghana", "guinean": "guinea",
        "ivorian": "ivory coast", "kenyan": "kenya", "basotho": "lesotho", "liberian": "liberia", "libyan": "libya",
        "malagasy": "madagascar", "malawian": "malawi", "malian": "mali", "mauritanian": "mauritania",
        "mauritian": "mauritius", "moroccan": "morocco", "mozambican": "mozambique", "namibian": "namibia",
        "nigerien": "niger", "nigerian": "nigeria", "rwandan": "rwanda", "senegalese": "senegal",
        "seychellois": "seychelles", "sierra leonean": "sierra leone", "somali": "somalia", "somalian": "somalia",
        "sudanese": "sudan", "tanzanian": "tanzania", "togolese": "togo", "tunisian": "tunisia", "ugandan": "uganda",
        "zambian": "zambia", "zimbabwean": "zimbabwe",
        "american": "america", "british": "britain", "chinese": "china", "european": "europe", "french": "france",
        "german": "germany", "indian": "india", "iranian": "iran", "israeli": "israel", "italian": "italy",
        "japanese": "japan", "palestinian": "palestine", "russian": "russia", "saudi": "saudi arabia",
        "spanish": "spain", "turkish": "turkey", "ukrainian": "ukraine", "emirati": "uae", "qatari": "qatar",
        "south african": "south africa", "south sudanese": "south sudan", "north korean": "north korea",
        "south korean": "south korea", "new zealander": "new zealand", "chilean": "chile", "argentine": "argentina",
        "argentinian": "argentina", "colombian": "colombia", "peruvian": "peru", "venezuelan": "venezuela",
        "polish": "poland", "dutch": "netherlands", "swedish": "sweden", "norwegian": "norway", "greek": "greece",
        "hungarian": "hungary", "australian": "australia", "indonesian": "indonesia", "vietnamese": "vietnam",
        "taiwanese": "taiwan", "filipino": "philippines", "thai": "thailand",
        "brazilian": "brazil", "canadian": "canada", "mexican": "mexico", "korean": "korea", "pakistani": "pakistan",
    ]

    /// The places themselves ("kenya", "south africa").
    public static let places: Set<String> = Set(place.values)
}
