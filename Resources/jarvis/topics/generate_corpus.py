#!/usr/bin/env python3
"""Deterministic generator for the Jarvis topic corpus (corpus.jsonl).

Everything here is invented for the corpus: outlets, companies, people, figures. Real
countries, cities and public institutions appear only as places and actors in invented
stories. Templates are per sub-subject with many interchangeable slot fillers and shared
"generic" sentences (quotes, follow-ups) used by every topic, so that topic is carried by
the subject words, not by template scaffolding. Hand-written items (hard cases, ids hw-NNN) live in
handwritten.py and are merged in.

Run:  python3 Resources/jarvis/topics/generate_corpus.py   (same output every time)
"""
import json, os, random, re, sys
sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
R = random.Random(20240611)

def pick(xs): return R.choice(xs)

DAYS = ["on Monday", "on Tuesday", "on Wednesday", "on Thursday", "on Friday", "on Saturday", "on Sunday",
        "late on Tuesday", "early on Thursday", "this week", "overnight"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
ORD = ["second", "third", "fourth", "fifth"]

# ---------------------------------------------------------------- people (invented)
FIRST = ["Elena", "Marcus", "Priya", "Tomás", "Hiroshi", "Ingrid", "Rafael", "Sofia", "Daniel", "Mei", "Lukas",
         "Anya", "Omar", "Claire", "Jonas", "Lucía", "Arjun", "Hannah", "Mateus", "Yuki", "Piotr", "Camille",
         "Ravi", "Greta", "Diego", "Nadia", "Oliver", "Sun-hee", "Felipe", "Margot"]
LAST = ["Moretti", "Halvorsen", "Iyer", "Castellano", "Tanaka", "Lindqvist", "Araújo", "Novak", "Whitfield",
        "Chen", "Becker", "Petrova", "Haddad", "Dubois", "Kowalski", "Ferreira", "Mehta", "Okada", "Brennan",
        "Vargas", "Schuster", "Larsen", "Kim", "Rossi", "Duarte", "Varga", "Sato", "Fischer", "Oyelaran", "Marsh"]
AFIRST = ["Adebayo", "Wanjiru", "Thandiwe", "Kwame", "Abebe", "Fatou", "Chinedu", "Amina", "Tendai", "Kofi",
          "Zanele", "Moussa", "Nomvula", "Emeka", "Achieng", "Yaw", "Aissatou", "Sipho", "Halima", "Tesfaye",
          "Ngozi", "Baraka", "Lindiwe", "Ousmane", "Akosua", "Mulugeta", "Chipo", "Ibrahim", "Nia", "Kagiso"]
ALAST = ["Okafor", "Kamau", "Nkosi", "Asante", "Tesfaye", "Diop", "Eze", "Mohammed", "Moyo", "Mensah", "Dlamini",
         "Traoré", "Mokoena", "Nwosu", "Otieno", "Boateng", "Ndiaye", "Zulu", "Abdi", "Girma", "Adeyemi", "Mwangi",
         "Khumalo", "Sow", "Owusu", "Bekele", "Banda", "Musa", "Wambui", "Sithole"]

def person(): return f"{pick(FIRST)} {pick(LAST)}"
def aperson(): return f"{pick(AFIRST)} {pick(ALAST)}"

# ---------------------------------------------------------------- places
# name, demonym, capital, other city, legislature, leader title, central bank, currency, exchange
NONAF = [
    ("the United States", "American", "Washington", "Chicago", "Congress", "president", "Federal Reserve", "dollar", "Wall Street"),
    ("Britain", "British", "London", "Manchester", "Parliament", "prime minister", "Bank of England", "pound", "the London Stock Exchange"),
    ("Germany", "German", "Berlin", "Munich", "the Bundestag", "chancellor", "Bundesbank", "euro", "the Frankfurt exchange"),
    ("France", "French", "Paris", "Lyon", "the National Assembly", "president", "Banque de France", "euro", "the Paris bourse"),
    ("Japan", "Japanese", "Tokyo", "Osaka", "the Diet", "prime minister", "Bank of Japan", "yen", "the Tokyo Stock Exchange"),
    ("India", "Indian", "New Delhi", "Mumbai", "the Lok Sabha", "prime minister", "Reserve Bank of India", "rupee", "the Bombay Stock Exchange"),
    ("Brazil", "Brazilian", "Brasília", "São Paulo", "Congress", "president", "Banco Central do Brasil", "real", "the São Paulo exchange"),
    ("Canada", "Canadian", "Ottawa", "Toronto", "the House of Commons", "prime minister", "Bank of Canada", "Canadian dollar", "the Toronto exchange"),
    ("Mexico", "Mexican", "Mexico City", "Monterrey", "the Chamber of Deputies", "president", "Bank of Mexico", "peso", "the Mexican bourse"),
    ("Indonesia", "Indonesian", "Jakarta", "Surabaya", "the House of Representatives", "president", "Bank Indonesia", "rupiah", "the Jakarta exchange"),
    ("the Philippines", "Filipino", "Manila", "Cebu", "the Senate", "president", "Bangko Sentral", "peso", "the Manila exchange"),
    ("Poland", "Polish", "Warsaw", "Kraków", "the Sejm", "prime minister", "National Bank of Poland", "zloty", "the Warsaw exchange"),
    ("Turkey", "Turkish", "Ankara", "Istanbul", "the Grand National Assembly", "president", "Turkish central bank", "lira", "Borsa Istanbul"),
    ("Argentina", "Argentine", "Buenos Aires", "Córdoba", "Congress", "president", "Argentine central bank", "peso", "the Buenos Aires exchange"),
    ("Chile", "Chilean", "Santiago", "Valparaíso", "Congress", "president", "Central Bank of Chile", "peso", "the Santiago exchange"),
    ("South Korea", "South Korean", "Seoul", "Busan", "the National Assembly", "president", "Bank of Korea", "won", "the Seoul exchange"),
    ("Australia", "Australian", "Canberra", "Sydney", "Parliament", "prime minister", "Reserve Bank of Australia", "Australian dollar", "the Sydney exchange"),
    ("Spain", "Spanish", "Madrid", "Barcelona", "the Cortes", "prime minister", "Bank of Spain", "euro", "the Madrid exchange"),
    ("Italy", "Italian", "Rome", "Milan", "Parliament", "prime minister", "Bank of Italy", "euro", "the Milan bourse"),
    ("Pakistan", "Pakistani", "Islamabad", "Karachi", "the National Assembly", "prime minister", "State Bank of Pakistan", "rupee", "the Karachi exchange"),
    ("Bangladesh", "Bangladeshi", "Dhaka", "Chittagong", "Parliament", "prime minister", "Bangladesh Bank", "taka", "the Dhaka exchange"),
    ("Thailand", "Thai", "Bangkok", "Chiang Mai", "Parliament", "prime minister", "Bank of Thailand", "baht", "the Bangkok exchange"),
    ("Colombia", "Colombian", "Bogotá", "Medellín", "Congress", "president", "Colombian central bank", "peso", "the Bogotá exchange"),
    ("Peru", "Peruvian", "Lima", "Arequipa", "Congress", "president", "Peruvian central bank", "sol", "the Lima exchange"),
    ("Hungary", "Hungarian", "Budapest", "Debrecen", "Parliament", "prime minister", "Hungarian central bank", "forint", "the Budapest exchange"),
    ("the Netherlands", "Dutch", "The Hague", "Amsterdam", "Parliament", "prime minister", "Dutch central bank", "euro", "the Amsterdam exchange"),
    ("Sweden", "Swedish", "Stockholm", "Gothenburg", "the Riksdag", "prime minister", "Riksbank", "krona", "the Stockholm exchange"),
    ("Greece", "Greek", "Athens", "Thessaloniki", "Parliament", "prime minister", "Bank of Greece", "euro", "the Athens exchange"),
    ("Romania", "Romanian", "Bucharest", "Cluj", "Parliament", "president", "National Bank of Romania", "leu", "the Bucharest exchange"),
    ("Sri Lanka", "Sri Lankan", "Colombo", "Kandy", "Parliament", "president", "Central Bank of Sri Lanka", "rupee", "the Colombo exchange"),
    ("Malaysia", "Malaysian", "Kuala Lumpur", "Penang", "Parliament", "prime minister", "Bank Negara", "ringgit", "the Kuala Lumpur exchange"),
    ("New Zealand", "New Zealand", "Wellington", "Auckland", "Parliament", "prime minister", "Reserve Bank of New Zealand", "New Zealand dollar", "the Auckland exchange"),
    ("Portugal", "Portuguese", "Lisbon", "Porto", "Parliament", "prime minister", "Bank of Portugal", "euro", "the Lisbon exchange"),
    ("Nepal", "Nepali", "Kathmandu", "Pokhara", "Parliament", "prime minister", "Nepal Rastra Bank", "rupee", "the Kathmandu exchange"),
    ("Vietnam", "Vietnamese", "Hanoi", "Ho Chi Minh City", "the National Assembly", "prime minister", "State Bank of Vietnam", "dong", "the Ho Chi Minh City exchange"),
    ("Norway", "Norwegian", "Oslo", "Bergen", "the Storting", "prime minister", "Norges Bank", "krone", "the Oslo exchange"),
    ("Ukraine", "Ukrainian", "Kyiv", "Lviv", "the Verkhovna Rada", "president", "National Bank of Ukraine", "hryvnia", "the Kyiv exchange"),
    ("Taiwan", "Taiwanese", "Taipei", "Kaohsiung", "the Legislative Yuan", "president", "Taiwan's central bank", "Taiwan dollar", "the Taipei exchange"),
]
# name, demonym, capital, other city, legislature, leader, central bank, currency, exchange, region
AF = [
    ("Nigeria", "Nigerian", "Abuja", "Lagos", "the National Assembly", "president", "Central Bank of Nigeria", "naira", "the Nigerian Exchange", "West Africa"),
    ("Kenya", "Kenyan", "Nairobi", "Mombasa", "Parliament", "president", "Central Bank of Kenya", "shilling", "the Nairobi Securities Exchange", "East Africa"),
    ("South Africa", "South African", "Pretoria", "Johannesburg", "Parliament", "president", "South African Reserve Bank", "rand", "the Johannesburg Stock Exchange", "southern Africa"),
    ("Ghana", "Ghanaian", "Accra", "Kumasi", "Parliament", "president", "Bank of Ghana", "cedi", "the Ghana Stock Exchange", "West Africa"),
    ("Ethiopia", "Ethiopian", "Addis Ababa", "Dire Dawa", "Parliament", "prime minister", "National Bank of Ethiopia", "birr", "the Ethiopian Securities Exchange", "the Horn of Africa"),
    ("Egypt", "Egyptian", "Cairo", "Alexandria", "the House of Representatives", "president", "Central Bank of Egypt", "Egyptian pound", "the Egyptian Exchange", "North Africa"),
    ("Morocco", "Moroccan", "Rabat", "Casablanca", "Parliament", "prime minister", "Bank Al-Maghrib", "dirham", "the Casablanca bourse", "North Africa"),
    ("Senegal", "Senegalese", "Dakar", "Saint-Louis", "the National Assembly", "president", "BCEAO", "CFA franc", "the regional bourse in Abidjan", "West Africa"),
    ("Côte d'Ivoire", "Ivorian", "Yamoussoukro", "Abidjan", "the National Assembly", "president", "BCEAO", "CFA franc", "the regional bourse in Abidjan", "West Africa"),
    ("Tanzania", "Tanzanian", "Dodoma", "Dar es Salaam", "Parliament", "president", "Bank of Tanzania", "Tanzanian shilling", "the Dar es Salaam exchange", "East Africa"),
    ("Uganda", "Ugandan", "Kampala", "Entebbe", "Parliament", "president", "Bank of Uganda", "Ugandan shilling", "the Uganda Securities Exchange", "East Africa"),
    ("Rwanda", "Rwandan", "Kigali", "Huye", "Parliament", "president", "National Bank of Rwanda", "Rwandan franc", "the Rwanda Stock Exchange", "East Africa"),
    ("Zambia", "Zambian", "Lusaka", "Ndola", "the National Assembly", "president", "Bank of Zambia", "kwacha", "the Lusaka exchange", "southern Africa"),
    ("Zimbabwe", "Zimbabwean", "Harare", "Bulawayo", "Parliament", "president", "Reserve Bank of Zimbabwe", "ZiG currency", "the Zimbabwe Stock Exchange", "southern Africa"),
    ("Mozambique", "Mozambican", "Maputo", "Beira", "the Assembly of the Republic", "president", "Bank of Mozambique", "metical", "the Maputo exchange", "southern Africa"),
    ("Angola", "Angolan", "Luanda", "Lobito", "the National Assembly", "president", "National Bank of Angola", "kwanza", "the Luanda exchange", "southern Africa"),
    ("the Democratic Republic of Congo", "Congolese", "Kinshasa", "Lubumbashi", "the National Assembly", "president", "Central Bank of Congo", "Congolese franc", "the Kinshasa market", "central Africa"),
    ("Cameroon", "Cameroonian", "Yaoundé", "Douala", "the National Assembly", "president", "BEAC", "CFA franc", "the Douala exchange", "central Africa"),
    ("Mali", "Malian", "Bamako", "Timbuktu", "the transitional council", "junta leader", "BCEAO", "CFA franc", "the regional bourse", "the Sahel"),
    ("Niger", "Nigerien", "Niamey", "Agadez", "the transitional council", "junta leader", "BCEAO", "CFA franc", "the regional bourse", "the Sahel"),
    ("Burkina Faso", "Burkinabe", "Ouagadougou", "Bobo-Dioulasso", "the transitional assembly", "junta leader", "BCEAO", "CFA franc", "the regional bourse", "the Sahel"),
    ("Sudan", "Sudanese", "Khartoum", "Port Sudan", "the sovereign council", "army chief", "Central Bank of Sudan", "Sudanese pound", "the Khartoum market", "the Horn of Africa"),
    ("Somalia", "Somali", "Mogadishu", "Kismayo", "the federal parliament", "president", "Central Bank of Somalia", "Somali shilling", "the Mogadishu market", "the Horn of Africa"),
    ("Tunisia", "Tunisian", "Tunis", "Sfax", "Parliament", "president", "Central Bank of Tunisia", "dinar", "the Tunis bourse", "North Africa"),
    ("Algeria", "Algerian", "Algiers", "Oran", "the National People's Assembly", "president", "Bank of Algeria", "dinar", "the Algiers bourse", "North Africa"),
    ("Botswana", "Botswana", "Gaborone", "Francistown", "the National Assembly", "president", "Bank of Botswana", "pula", "the Botswana Stock Exchange", "southern Africa"),
    ("Namibia", "Namibian", "Windhoek", "Walvis Bay", "the National Assembly", "president", "Bank of Namibia", "Namibian dollar", "the Namibian Stock Exchange", "southern Africa"),
    ("Malawi", "Malawian", "Lilongwe", "Blantyre", "Parliament", "president", "Reserve Bank of Malawi", "kwacha", "the Malawi Stock Exchange", "southern Africa"),
    ("Sierra Leone", "Sierra Leonean", "Freetown", "Bo", "Parliament", "president", "Bank of Sierra Leone", "leone", "the Freetown market", "West Africa"),
    ("Madagascar", "Malagasy", "Antananarivo", "Toamasina", "the National Assembly", "president", "Central Bank of Madagascar", "ariary", "the Antananarivo market", "the Indian Ocean"),
    ("Benin", "Beninese", "Porto-Novo", "Cotonou", "the National Assembly", "president", "BCEAO", "CFA franc", "the regional bourse", "West Africa"),
    ("Liberia", "Liberian", "Monrovia", "Buchanan", "the Legislature", "president", "Central Bank of Liberia", "Liberian dollar", "the Monrovia market", "West Africa"),
]
# weight the big-news countries up
AF_WEIGHTED = AF[:8] * 3 + AF[8:]

AF_EXPORT = {"Nigeria": "crude oil", "Ghana": "cocoa", "Côte d'Ivoire": "cocoa", "Zambia": "copper",
             "the Democratic Republic of Congo": "cobalt", "Angola": "crude oil", "Botswana": "diamonds",
             "Kenya": "tea", "Ethiopia": "coffee", "South Africa": "platinum", "Egypt": "natural gas",
             "Morocco": "phosphates", "Tanzania": "gold", "Uganda": "coffee", "Mozambique": "liquefied natural gas",
             "Namibia": "uranium", "Malawi": "tobacco", "Senegal": "offshore oil", "Mali": "gold",
             "Burkina Faso": "gold", "Niger": "uranium", "Zimbabwe": "lithium", "Rwanda": "tin",
             "Sierra Leone": "iron ore", "Madagascar": "vanilla", "Cameroon": "timber", "Tunisia": "olive oil",
             "Algeria": "natural gas", "Sudan": "gum arabic", "Somalia": "livestock", "Benin": "cotton",
             "Liberia": "rubber"}

# ---------------------------------------------------------------- invented organisations
FIN_CO = ["Halvorsen Retail", "Brightwater Energy", "Corvant Group", "Meridian Foods", "Aldgate Insurance",
          "Pinecrest Airlines", "Norrland Steel", "Sakura Motors", "Bellhaven Pharma", "Caldera Mining",
          "Westmark Logistics", "Oakridge Homes", "Solenne Luxury", "Tidewater Shipping", "Granite Peak Cement",
          "Ventura Beverages", "Harlow Chemicals", "Kestrel Hotels", "Ridgeway Utilities", "Marlowe Apparel",
          "Fjordline Seafood", "Castlebar Brewing", "Ironvale Resources", "Pemberton Foods"]
BANKS = ["Corvant Bank", "Northbridge Bank", "Aldermoor Capital", "Sterling Crest Bank", "Kingsway Financial",
         "Helios Bancorp", "Tasman Savings", "Montclair Trust", "Eastwater Bank", "Baltic Union Bank",
         "Redfern Securities", "Lakeshore Bancorp", "Crown Harbour Bank"]
FUNDS = ["Ashgrove Capital", "Pillarstone Partners", "Ember Ridge Investors", "Blue Heron Asset Management",
         "Cartwright & Vale", "Silvermere Fund"]
TECH_CO = ["Vantix", "Quorra Systems", "Lumina Labs", "Nexora", "Arclight Devices", "Helix Cloud", "Parallax AI",
           "Stratum Networks", "Pixelgrove", "Tessellate", "Brightline Robotics", "Cirrus Grid", "Mosaic Software",
           "Halcyon Games", "Relay Social", "Streamly"]
CHIP = ["Cobalt Semiconductor", "Ferro Microdevices", "Novalith", "Siltronix Foundry", "Arkwright Chips",
        "Kaimon Semiconductor"]
PHONE = ["Arclight", "Pixelgrove", "Kestra Mobile", "Hanul Electronics", "Orion Handsets"]
PHONE_MODEL = ["Nova 12", "Edge X", "Aero Fold", "Pulse 7 Pro", "Lumen S", "Vista Mini"]
AI_LAB = ["Parallax AI", "Lumina Labs", "Cortexa", "Deepwell Research", "Synthetica", "Mindframe"]
PLATFORM = ["Helix Cloud", "Chatterbox", "Streamly", "Quorra Systems", "Cirrus Grid", "Mosaic Software",
            "Relay Social", "Parcelpoint", "Snapframe"]
TELCO = ["Zephyr Telecom", "Bluewave Mobile", "Teleon", "Carrier One", "Northstar Broadband"]
STARTUP = ["Quillbyte", "Sparrowhawk Data", "Kinetic Mesh", "Plumeria Bio", "Datacairn", "Ovenbird",
           "Tilework", "Brisa Robotics", "Marigold Security", "Shardline", "Fernwise", "Ledgerloop"]
SPACE = ["NASA", "the European Space Agency", "Japan's JAXA", "India's ISRO", "Skyforge Launch", "Aurora Orbital",
         "Orbitra"]
SOFTWARE = ["a widely used VPN appliance", "a popular web browser", "an open-source logging library",
            "email server software", "a router firmware", "a file-transfer tool", "a content management system"]
VICTIM = ["a regional hospital network", "a city council", "a major port operator", "a national rail operator",
          "a chain of pharmacies", "a university", "a water utility", "an airline's booking system",
          "a payroll provider", "a car dealership software vendor"]
AF_FINTECH = ["Kijiji Pay", "Sokoni Wallet", "Ubuntu Ledger", "Jollof Pay", "Baobab Credit", "Savanna Pay",
              "Harmattan Finance", "Duka Money", "Zuri Payments", "Kobo Lane", "Mkopo Labs", "Sahel Send"]
AF_TELCO = ["Sahara Mobile", "Kilima Telecom", "Tembo Networks", "Gold Coast Wireless", "Nile Connect",
            "Ubuntu Fibre"]
AF_BANK = ["Lagoon Bank", "Highveld Bank", "Equator Trust Bank", "Harbourgate Bank", "Kilimanjaro Commercial Bank",
           "Sankofa Bank", "Ubuntu Capital"]
AF_CO = ["Adamawa Cement", "Limpopo Mining", "Oduduwa Foods", "Rift Agro", "Volta Breweries", "Copperbelt Metals",
         "Atlas Phosphates", "Kalahari Logistics", "Niger Delta Petroleum"]

SLOTS = {
    "pct": lambda: f"{R.uniform(0.4, 9.8):.1f}", "pct2": lambda: f"{R.uniform(0.3, 6.5):.1f}",
    "small": lambda: f"{R.uniform(0.2, 3.9):.1f}", "rate": lambda: f"{R.choice([1.5, 2.25, 2.5, 3.0, 3.75, 4.25, 4.5, 5.0, 5.25, 5.5, 6.5, 7.0]):g}",
    "arate": lambda: f"{R.choice([7.5, 8.25, 10.0, 12.5, 13.0, 15.75, 18.0, 22.5, 26.25, 27.5, 29.0]):g}",
    "ainfl": lambda: f"{R.uniform(4.0, 33.0):.1f}",
    "bp": lambda: pick(["25", "50", "75", "a quarter-point", "half a percentage point"]).replace("a quarter-point", "25"),
    "bn": lambda: str(R.choice([1.2, 2, 3.5, 4, 6, 7.8, 9, 12, 15, 18, 22, 31, 40, 55, 68])).rstrip("0").rstrip("."),
    "m": lambda: str(R.choice([8, 12, 15, 20, 25, 32, 40, 48, 60, 75, 90, 110, 150, 220, 310, 420])),
    "n": lambda: str(R.randint(3, 48)), "n2": lambda: str(R.randint(2, 19)),
    "k": lambda: f"{R.randint(2, 95)},000" if R.random() < 0.6 else f"{R.randint(2, 95)},{R.randint(100, 999)}",
    "seats": lambda: str(R.randint(120, 420)), "total": lambda: str(R.choice([450, 500, 543, 600, 630])),
    "votes": lambda: f"{R.randint(120, 330)} to {R.randint(40, 118)}",
    "turnout": lambda: str(R.randint(41, 82)), "share": lambda: str(R.randint(31, 58)),
    "price": lambda: str(R.randint(62, 98)), "gold": lambda: f"{R.randint(1900, 3400):,}",
    "btc": lambda: f"{R.randint(28, 118)},000", "yield": lambda: f"{R.uniform(2.1, 5.4):.2f}",
    "month": lambda: pick(MONTHS), "day": lambda: pick(DAYS), "ord": lambda: pick(ORD),
    "q": lambda: pick(["first-quarter", "second-quarter", "third-quarter", "fourth-quarter", "half-year", "annual"]),
    "person": person, "person2": person, "aperson": aperson, "aperson2": aperson,
    "co": lambda: pick(FIN_CO), "co2": lambda: pick(FIN_CO), "bank": lambda: pick(BANKS), "bank2": lambda: pick(BANKS),
    "fund": lambda: pick(FUNDS), "techco": lambda: pick(TECH_CO), "techco2": lambda: pick(TECH_CO),
    "chip": lambda: pick(CHIP), "phone": lambda: pick(PHONE), "model": lambda: pick(PHONE_MODEL),
    "lab": lambda: pick(AI_LAB), "platform": lambda: pick(PLATFORM), "telco": lambda: pick(TELCO),
    "startup": lambda: pick(STARTUP), "space": lambda: pick(SPACE), "software": lambda: pick(SOFTWARE),
    "victim": lambda: pick(VICTIM), "fintech": lambda: pick(AF_FINTECH), "atelco": lambda: pick(AF_TELCO),
    "abank": lambda: pick(AF_BANK), "aco": lambda: pick(AF_CO),
    "series": lambda: pick(["seed", "Series A", "Series B", "Series C", "pre-Series A"]),
    "nm": lambda: pick(["3", "2", "5", "4"]),
    "index": lambda: pick(["S&P 500", "Nasdaq Composite", "Dow Jones Industrial Average", "FTSE 100", "DAX",
                           "CAC 40", "Nikkei 225", "Hang Seng", "Sensex", "ASX 200", "Kospi", "Stoxx 600"]),
    "commodity": lambda: pick(["copper", "aluminium", "nickel", "iron ore", "coffee", "wheat", "soybeans", "sugar",
                               "natural gas", "palm oil", "silver", "zinc"]),
    "party": lambda: pick(["the centre-right opposition", "the governing coalition", "the Social Democrats",
                           "the conservative party", "the ruling party", "a new reformist movement",
                           "the Greens", "the populist right", "the Liberal party", "the Labour-led alliance"]),
    "apart": lambda: pick(["the ruling party", "the main opposition party", "a youth-led coalition",
                           "the governing alliance", "an opposition bloc", "the former ruling party"]),
    "issue": lambda: pick(["pension reform", "immigration rules", "a housing bill", "healthcare spending",
                           "a judicial overhaul", "climate targets", "defence spending", "education funding",
                           "a minimum wage rise", "police powers", "electoral reform", "farm subsidies"]),
    "policy": lambda: pick(["raise the retirement age", "tighten asylum rules", "cap rents in big cities",
                            "expand free childcare", "ban phones in schools", "cut farm subsidies",
                            "raise defence spending", "lower the voting age to 16", "reform the police",
                            "speed up permits for housing"]),
}

def cap(s): return s[0].upper() + s[1:] if s else s

class Ctx(dict):
    def __missing__(self, key):
        if key in SLOTS:
            v = SLOTS[key]()
            # keep paired slots distinct
            base = key.rstrip("2")
            if key.endswith("2") and base in self:
                while v == self[base]:
                    v = SLOTS[key]()
            self[key] = v
            return v
        if key.startswith("C") and len(key) > 1:
            v = cap(self[key[1:]])
            self[key] = v
            return v
        raise KeyError(key)

def place_ctx(ctx, rec, prefix=""):
    keys = ["country", "demonym", "capital", "city", "legislature", "leader", "cb", "cur", "exchange", "region"]
    for k, v in zip(keys, rec):
        ctx[prefix + k] = v
        ctx[prefix + "C" + k] = cap(v)
    if prefix == "" and rec[0] in AF_EXPORT:
        ctx["export"] = AF_EXPORT[rec[0]]

NO_ARTICLE = re.compile(r"\b[Tt]he (Norges Bank|Riksbank|Bank Indonesia|Bangko Sentral|Bank Negara|Bank Al-Maghrib|"
                        r"BCEAO|BEAC|Taiwan's central bank|Bundesbank|Banco Central do Brasil|Bangladesh Bank|"
                        r"Nepal Rastra Bank|India's ISRO|Japan's JAXA|NASA)")

def fill(t, ctx):
    s = t.format_map(ctx)
    s = NO_ARTICLE.sub(lambda m: m.group(1), s)
    return re.sub(r"\s+", " ", s).strip()

GENERIC = [
    "A spokesperson declined to comment beyond the statement.",
    "Further details are expected later in the week.",
    "It was not immediately clear how long the effects would last.",
    "Officials promised a fuller update within days.",
    "The figures are preliminary and may be revised.",
    "Critics said the move came too late, while supporters called it overdue.",
    "The development had been widely expected by people familiar with the matter.",
    "Reaction was mixed, with several observers urging caution.",
    "The statement gave no timetable for the next steps.",
    "Questions remain over how the plan will be paid for.",
    "More announcements are expected before the end of the month.",
    "Some of those affected said they had received little warning.",
]

# ---------------------------------------------------------------- finance (non-African subjects)
EURO = ("the euro zone", "euro-zone", "Frankfurt", "Brussels", "the European Parliament", "Commission president",
        "European Central Bank", "euro", "European bourses")
RATE_SETTERS = [c for c in NONAF if c[7] != "euro"] + [EURO] * 4

# Each sub-subject: places to draw from, variants (headline alternatives, lede alternatives; " || " separates
# alternatives that fit the same story), and follow-up sentences that fit any variant of the sub-subject.
FINANCE = {
    "rates": dict(places=RATE_SETTERS, v=[
        ("{Ccb} holds rates at {rate}% as inflation cools || {Ccb} leaves borrowing costs unchanged at {rate}%",
         "The {cb} left its policy rate at {rate}% {day}, saying price pressures were easing but remained above target. || Rate-setters at the {cb} kept the benchmark at {rate}% {day} and said they wanted more evidence before easing."),
        ("{Ccb} raises benchmark rate by {bp} basis points || Surprise hike from {cb} jolts the {cur}",
         "The {cb} lifted borrowing costs by {bp} basis points {day}, its most aggressive move in months. || The {cb} unexpectedly raised its key rate to {rate}%, sending the {cur} higher against the dollar."),
        ("{Ccb} cuts rates for the {ord} time this year || {Ccb} lowers key rate to {rate}% as growth falters",
         "Policymakers at the {cb} lowered the key interest rate to {rate}% {day}, pointing to slowing wage growth and soft demand."),
        ("Traders bet on {cb} cut after weak jobs data || Markets price in earlier easing from the {cb}",
         "Money markets now price in a rate cut by the {cb} within months after payrolls grew far less than forecast."),
        ("{Ccb} governor warns rate cuts are not imminent || {Ccb} chief pushes back against bets on easing",
         "Governor {person} said the {cb} would need more evidence that inflation was falling before lowering rates, in a speech {day}."),
        ("Minutes show {cb} policymakers divided over next move || {Ccb} split as hawks resist rate cut",
         "Minutes of the latest {cb} meeting showed several members favoured holding rates for longer, while others argued the economy needed relief."),
    ], b=[
        "The {cur} moved {small}% against its peers after the announcement.",
        "Economists had been split on the decision, with a slight majority expecting no change.",
        "The bank said it expected inflation to return to its goal within two years.",
        "Mortgage lenders are likely to adjust their pricing in the coming days.",
        "Short-dated bond yields fell as investors pulled forward bets on easier policy.",
        "The vote among rate-setters was closer than markets had assumed.",
    ]),
    "inflation": dict(places=NONAF + [EURO], v=[
        ("{Cdemonym} inflation slows to {pct}% in {month} || Price growth in {country} eases for a {ord} month",
         "Annual consumer price inflation in {country} eased to {pct}% in {month}, official data showed {day}."),
        ("Consumer prices in {country} rise faster than expected || {Cdemonym} inflation surprises on the upside",
         "Prices in {country} rose {pct}% from a year earlier, above the {pct2}% economists polled had forecast."),
        ("Core inflation in {country} edges up to {pct}% || Services costs keep {demonym} inflation sticky",
         "Core inflation, which strips out food and fuel, ticked up to {pct}% in {country} as rents and services costs kept climbing."),
        ("Food and energy push {demonym} inflation to {pct}% || Grocery bills lift {demonym} price growth",
         "Higher electricity tariffs and grocery bills lifted the headline inflation rate in {country} to {pct}% in {month}."),
        ("{Cdemonym} producer prices fall for a {ord} month || Factory-gate prices slide in {country}",
         "Producer prices in {country} declined again in {month}, a sign that cost pressures in supply chains are fading."),
    ], b=[
        "The figures strengthen the case for lower interest rates later in the year.",
        "Analysts said base effects from last year's energy spike were flattering the numbers.",
        "Wage growth remains strong, which could keep price rises elevated.",
        "The {cur} firmed slightly after the release.",
        "Households have yet to feel much relief, with food prices still well above pre-pandemic levels.",
    ]),
    "earnings": dict(places=NONAF, v=[
        ("{co} profit beats forecasts on strong demand || {co} earnings top estimates as prices hold",
         "{co} reported {q} net profit of ${m}m, ahead of analyst estimates, helped by firm pricing."),
        ("{co} shares slump after {q} revenue miss || {co} stock tumbles on weak sales",
         "Shares in {co} fell {pct}% in early trading after {q} sales came in below expectations."),
        ("{co} cuts full-year guidance as costs climb || {co} warns on profit, blaming freight and wages",
         "{co} now expects annual operating profit at the low end of its range, citing freight and wage costs."),
        ("{co} lifts dividend after record {q} earnings || {co} rewards shareholders after bumper year",
         "{co} raised its payout to shareholders after posting its best results in a decade."),
        ("{co} swings to loss on restructuring charges || {co} posts surprise loss",
         "{co} booked a one-off charge of ${m}m tied to store closures and job cuts, pushing it into the red."),
    ], b=[
        "Revenue rose {pct}% to ${bn}bn.",
        "The company also announced a ${bn}bn share buyback programme.",
        "Analysts said the outlook implied a weaker second half.",
        "The stock has gained {n}% so far this year.",
        "Operating margins narrowed to {pct}% from a year earlier.",
        "Chief executive {person} told analysts that demand had held up better than feared.",
    ]),
    "currencies": dict(places=NONAF, v=[
        ("Dollar climbs against yen as Treasury yields rise || Dollar firms as traders trim rate-cut bets",
         "The dollar rose {small}% against a basket of major currencies {day} as Treasury yields climbed."),
        ("Euro slips to {n2}-week low on growth worries || Euro weakens after soft factory surveys",
         "The euro fell to its lowest level in {n2} weeks against the dollar after surveys pointed to shrinking factory output."),
        ("Sterling rallies after upbeat retail sales data || Pound gains as shoppers defy gloom",
         "Sterling gained {small}% after figures showed shoppers spent more than expected in {month}."),
        ("{Cdemonym} {cur} hits record low against the dollar || {Cdemonym} authorities step in to support the {cur}",
         "The {cur} fell to its weakest level on record, prompting the {cb} to sell foreign reserves to slow the slide, dealers said."),
        ("Emerging-market currencies slide as dollar strengthens || Dollar strength hammers emerging-market currencies",
         "Currencies from the {cur} to the rupiah lost ground {day} as higher US yields drew money back to dollar assets."),
    ], b=[
        "Officials said they were watching exchange-rate moves closely.",
        "Importers rushed to buy dollars ahead of the weekend.",
        "A weaker currency risks pushing up the cost of imported fuel and food.",
        "Options markets showed investors paying more to hedge against further swings.",
        "Currency traders said the move reflected widening interest-rate differentials.",
    ]),
    "commodities": dict(places=NONAF, v=[
        ("Brent crude rises to ${price} a barrel on supply fears || Oil climbs as shipping disruptions spread",
         "Brent crude futures rose {small}% to ${price} a barrel {day} after disruptions to tanker traffic."),
        ("Oil falls as stockpiles build and demand outlook dims || Crude slips on surprise inventory build",
         "Oil prices slipped after industry data showed a surprise build in US crude inventories."),
        ("Gold hits record above ${gold} an ounce || Bullion extends rally as investors seek safety",
         "Gold climbed to a record as investors sought safety and central banks kept buying bullion."),
        ("{Ccommodity} prices slide on weak Chinese demand || {Ccommodity} drops as factory activity slows",
         "Benchmark {commodity} contracts fell {pct}% on the week as factory activity in China slowed."),
        ("{Ccommodity} futures jump after poor harvest forecasts || Weather worries lift {commodity} prices",
         "{Ccommodity} prices surged after forecasters cut estimates for output in key growing regions."),
        ("OPEC+ agrees to extend output cuts into next year || Oil producers keep supply curbs in place",
         "The producer group said members would keep {n2} million barrels a day off the market until the end of next year."),
    ], b=[
        "Hedge funds have been adding to bullish positions for three weeks.",
        "Traders are watching freight rates and inventory data for clues about demand.",
        "Analysts at {bank} raised their price forecast for the rest of the year.",
        "A stronger dollar makes commodities priced in the currency more expensive for other buyers.",
        "Physical buyers in Asia have held back, waiting for prices to ease.",
    ]),
    "banking": dict(places=NONAF, v=[
        ("{bank} to cut {k} jobs in cost overhaul || {bank} plans branch closures and job cuts",
         "{bank} said it would shed about {k} roles over three years as it closes branches and automates back-office work."),
        ("Regulators fine {bank} ${m}m over money-laundering lapses || {bank} penalised for weak anti-fraud controls",
         "The financial regulator fined {bank} ${m}m for failing to monitor suspicious transactions, it said {day}."),
        ("{bank} raises ${bn}bn in capital after loan losses || {bank} taps investors to shore up balance sheet",
         "{bank} sold new shares worth ${bn}bn after bad loans to commercial property rose sharply."),
        ("Deposit outflows hit regional lenders in {country} || Savers pull cash from mid-sized banks",
         "Customers pulled deposits from several mid-sized lenders in {country} after a rival disclosed heavy losses on its bond holdings."),
        ("{bank} profit jumps as higher rates lift lending income || Higher rates power {bank} earnings",
         "Net interest income at {bank} rose {n}%, as the lender earned more on loans than it paid savers."),
        ("Stress tests show {demonym} banks can weather a downturn || {Cdemonym} lenders pass annual stress test",
         "All of the largest lenders in {country} passed the annual stress test, the {cb} said {day}."),
    ], b=[
        "The bank's shares fell {pct}% on the news.",
        "The lender said its capital ratio remained well above regulatory minimums.",
        "Unions said they would fight compulsory redundancies.",
        "Credit-rating agencies said they were reviewing the sector's outlook.",
        "Deposit insurance covers most retail savers.",
    ]),
    "markets": dict(places=NONAF, v=[
        ("Stocks close higher as rally broadens || Equities climb as investors shrug off rate worries",
         "The {index} ended {small}% higher {day}, led by banks and industrial shares."),
        ("{Cindex} falls {small}% as bond yields climb || Rising yields knock {index} lower",
         "Equities fell across the board as investors reassessed the outlook for interest rates, dragging the {index} lower."),
        ("{Cindex} hits record high on earnings optimism || {Cindex} closes at all-time high",
         "The benchmark {index} closed at a record, lifted by better-than-expected company results."),
        ("Global shares slide on recession fears || World stocks extend losses as growth worries mount",
         "World stocks lost ground for a {ord} session as weak manufacturing data stoked worries about growth."),
        ("{Cindex} posts best week since {month} || Investors pile back into equities",
         "The {index} rose {pct}% over five sessions, its strongest weekly gain since {month}, as bargain hunters returned."),
    ], b=[
        "Defensive sectors such as utilities and healthcare outperformed.",
        "Energy shares lagged as oil prices retreated.",
        "Strategists at {fund} said valuations left little room for disappointment.",
        "About {n} of the index's members reported results this week.",
        "Investors will look to inflation data next week for direction.",
        "A gauge of expected volatility rose to its highest in a month.",
    ]),
    "bonds": dict(places=NONAF, v=[
        ("Ten-year Treasury yield climbs to {yield}% || Treasuries sell off as supply swells",
         "The yield on the benchmark ten-year US note rose to {yield}% {day}, its highest in {n2} weeks."),
        ("{Ccountry} sells ${bn}bn of bonds in record debt sale || Strong demand for {demonym} government bonds",
         "{Ccountry} sold ${bn}bn of government bonds, drawing orders worth more than three times the amount on offer."),
        ("Gilt yields jump after borrowing figures disappoint || UK borrowing overshoot rattles bond market",
         "Yields on long-dated British government debt rose after public borrowing overshot official forecasts."),
        ("{Cdemonym} bond spreads widen on fiscal worries || Investors demand more to hold {demonym} debt",
         "The premium investors demand to hold {demonym} debt over safer benchmarks widened to its highest this year."),
        ("Corporate bond issuance hits record in {month} || Companies rush to sell debt before rates move",
         "Companies sold a record volume of investment-grade bonds in {month} as they raced to lock in funding."),
        ("Ratings agency downgrades {country}'s sovereign debt || {Ccountry} loses top credit rating",
         "A ratings agency cut {country}'s credit rating by one notch, citing rising debt and weak growth."),
    ], b=[
        "Bond prices move inversely to yields.",
        "The finance ministry said demand showed confidence in its fiscal plans.",
        "Pension funds were among the biggest buyers, according to the debt office.",
        "The move pushes borrowing costs higher for households and companies alike.",
        "Traders said the auction was the weakest since {month}.",
    ]),
    "crypto": dict(places=NONAF, v=[
        ("Bitcoin tops ${btc} as fund inflows surge || Bitcoin rallies to ${btc} on steady ETF buying",
         "Bitcoin climbed above ${btc} {day} as exchange-traded funds that hold the token drew steady inflows."),
        ("Crypto exchange files for bankruptcy after withdrawals freeze || Troubled crypto platform seeks court protection",
         "The exchange froze customer withdrawals before filing for court protection, owing creditors more than ${m}m."),
        ("Bitcoin slides below ${btc} in broad crypto sell-off || Crypto markets lose ${bn}bn in a day",
         "Digital assets lost about ${bn}bn in market value in a day as leveraged traders were forced to sell."),
        ("{Cdemonym} regulator sues crypto platform over unregistered tokens || Securities watchdog targets crypto exchange",
         "The securities regulator in {country} said the platform had offered tokens that should have been registered as securities."),
        ("Stablecoin issuer faces questions over reserves || Redemptions hit stablecoin after audit delay",
         "Holders of the stablecoin redeemed ${m}m in a day after an audit of its reserves was delayed."),
    ], b=[
        "Smaller tokens fell even more sharply.",
        "The company said client funds were safe, but gave no date for resuming withdrawals.",
        "Critics said the episode showed the need for tighter rules on crypto firms.",
        "Trading volumes on major exchanges doubled compared with the previous week.",
    ]),
    "deals": dict(places=NONAF, v=[
        ("{co} agrees to buy {co2} for ${bn}bn || {co} strikes ${bn}bn deal for {co2}",
         "{co} has agreed to acquire {co2} in a cash-and-stock deal valuing the target at ${bn}bn, including debt."),
        ("{co} rejects takeover approach from {fund} || {co} board rebuffs {fund} bid",
         "The board of {co} said the unsolicited offer from {fund} significantly undervalued the company."),
        ("{fund} takes {co} private in ${bn}bn deal || {fund} to buy {co} at {n}% premium",
         "{fund} will pay a {n}% premium to last week's closing price to take {co} off the stock market."),
        ("{co} and {co2} call off merger after regulator pushback || Competition concerns sink {co} tie-up",
         "{co} and {co2} abandoned their planned merger after competition authorities raised concerns about prices."),
        ("Bidding war erupts for {co} || Rival bidder emerges for {co}",
         "A rival bidder has emerged for {co}, pushing its shares {pct}% above the agreed offer price."),
    ], b=[
        "The deal is expected to close in the second half of the year, subject to shareholder approval.",
        "The combined group would have annual revenue of about ${bn}bn.",
        "Shares in the target jumped {n}% on the news.",
        "The buyer expects cost savings of around ${m}m a year by the third year.",
        "{bank} and {bank2} are advising on the transaction.",
    ]),
    "economy": dict(places=NONAF, v=[
        ("{Cdemonym} economy grows {small}% in the {q2} || {Cdemonym} growth beats expectations",
         "Gross domestic product in {country} expanded {small}% from the previous quarter, official estimates showed."),
        ("{Ccountry} slips into recession as consumers cut back || {Cdemonym} economy shrinks for second quarter",
         "Output in {country} shrank for a second straight quarter, meeting the common definition of a technical recession."),
        ("US employers add {k} jobs, beating forecasts || American hiring stays robust",
         "Non-farm payrolls in the United States rose by {k} last month, while wage growth held steady."),
        ("{Cdemonym} unemployment rises to {pct}% || Jobless rate climbs in {country}",
         "The jobless rate in {country} rose to {pct}%, the highest in more than two years."),
        ("{Cdemonym} trade surplus widens as exports rebound || Exports from {country} jump in {month}",
         "Exports from {country} rose {pct}% from a year earlier in {month}, led by machinery and vehicles."),
        ("House prices in {country} drop at fastest pace in years || {Cdemonym} property market cools further",
         "Average house prices in {country} fell {pct}% from a year earlier as mortgage costs bit."),
        ("Factory activity in {country} contracts again || {Cdemonym} manufacturing slump deepens",
         "A purchasing managers' index for {demonym} manufacturing stayed below 50 in {month}, signalling contraction."),
    ], b=[
        "Household spending was the main drag on growth.",
        "Economists expect a modest recovery in the second half.",
        "The data add to pressure on the {cb} to ease policy.",
        "Business investment remained weak amid uncertainty over trade.",
        "Government spending provided some support.",
    ]),
}
SLOTS["q2"] = lambda: pick(["first quarter", "second quarter", "third quarter", "fourth quarter"])

# finance stories that mention Africa in passing (label stays finance)
FINANCE_PASSING = [
    "Emerging-market funds, including those with holdings in {xcountry}, also saw outflows.",
    "Similar pressures have been reported in markets as different as {xcountry} and Turkey.",
    "Analysts said economies from Chile to {xcountry} could feel the knock-on effects.",
]

# ---------------------------------------------------------------- tech
TECH = {
    "ai": dict(places=NONAF, v=[
        ("{lab} unveils model it says rivals human experts at coding || {lab} releases new AI model with longer memory",
         "{lab} released a new large language model {day}, claiming it outperformed earlier systems on programming and maths benchmarks."),
        ("AI chatbot gave wrong answers to tax questions, study finds || Researchers find AI assistants invent legal citations",
         "Researchers who tested several popular chatbots found they gave confident but incorrect answers to about a third of questions."),
        ("{lab} opens its model weights to developers || {lab} bets on open-source AI",
         "{lab} said it would publish the weights of its latest model so developers could run and modify it on their own hardware."),
        ("{techco} adds AI assistant to its office software || {techco} rolls out generative AI features to millions of users",
         "{techco} began rolling out an AI assistant that drafts emails, summarises meetings and writes spreadsheet formulas."),
        ("Training costs for frontier AI models soar, report says || Data-centre power demand from AI jumps",
         "The compute needed to train leading AI models has been doubling roughly every six months, according to a new industry report."),
        ("{lab} delays launch of voice assistant over safety concerns || {lab} pauses image tool after misuse",
         "{lab} postponed the release of its voice assistant after internal testing found it could be tricked into imitating real people."),
    ], b=[
        "The company said the system had been tested for safety before release.",
        "Independent researchers said the benchmark results had yet to be verified.",
        "Rivals are expected to answer with their own releases within weeks.",
        "The model will first be available to paying subscribers.",
        "Engineers said the system still struggled with multi-step reasoning.",
        "The launch intensifies competition for developers and enterprise customers.",
    ]),
    "chips": dict(places=NONAF, v=[
        ("{chip} unveils {nm}-nanometre process, promising faster chips || {chip} starts mass production on {nm}nm node",
         "{chip} said its {nm}-nanometre manufacturing process would deliver chips that are faster and use less power."),
        ("{chip} to build ${bn}bn chip plant in {country} || {chip} picks {city} for new fabrication plant",
         "{chip} will invest ${bn}bn in a semiconductor fabrication plant near {city}, with production due to start in three years."),
        ("Chip shortage eases as carmakers rebuild stocks || Memory chip prices rebound on AI server demand",
         "Prices for memory chips rose for a {ord} straight quarter as cloud providers bought hardware for AI servers."),
        ("US tightens export rules on advanced AI chips || New export controls bar sales of top chips to China",
         "The US Commerce Department widened restrictions on exports of advanced AI processors and chipmaking tools, in rules published {day}."),
        ("{chip} unveils AI accelerator to challenge market leader || {chip} launches data-centre GPU",
         "{chip} showed off a new accelerator for training AI models, claiming twice the performance per watt of its previous generation."),
        ("{country} offers subsidies to lure chipmakers || {Cdemonym} chip fund attracts {chip}",
         "The government in {capital} will offer grants and tax breaks worth ${bn}bn to attract semiconductor factories."),
    ], b=[
        "The company said yields on the new process were improving faster than expected.",
        "Equipment makers said the rules would affect a small share of their sales.",
        "Analysts said the plant would help diversify supply away from a handful of locations.",
        "The chips are aimed at data centres and high-end laptops.",
        "Engineers will need to master new packaging techniques to stack chips more densely.",
    ]),
    "phones": dict(places=NONAF, v=[
        ("{phone} launches {model} with bigger battery and AI camera || {phone} unveils {model} at packed launch event",
         "{phone} introduced the {model} {day}, with a larger battery, a brighter display and camera software that uses on-device AI."),
        ("Smartphone shipments fall for a {ord} quarter || Global phone sales slump as upgrades slow",
         "Worldwide smartphone shipments fell {pct}% in the latest quarter as consumers held on to their devices for longer."),
        ("{phone} foldable phone draws complaints over cracked screens || Users report hinge faults on {phone} {model}",
         "Owners of the {phone} {model} have reported screens cracking along the fold after a few weeks of use."),
        ("{phone} to stop selling older models in Europe over charger rules || {phone} switches to USB-C across line-up",
         "{phone} said it would move every new handset to a universal charging port to comply with new rules."),
        ("{phone} pushes software update to fix overheating || {phone} {model} update drains batteries, users say",
         "{phone} released a software update {day} after owners complained that the {model} became hot during video calls."),
    ], b=[
        "The phone goes on sale next month starting at ${price}9.",
        "Analysts said premium models were holding up better than budget devices.",
        "The company did not say how many units were affected.",
        "Repair specialists said replacement parts remained hard to find.",
        "Reviewers praised the camera but criticised the price.",
    ]),
    "cyber": dict(places=NONAF, v=[
        ("Ransomware attack disrupts {victim} || Hackers knock {victim} offline",
         "A ransomware attack forced {victim} in {country} to take its systems offline {day}, officials said."),
        ("Hackers breach {techco}, exposing {n} million records || Data of {n} million customers stolen in {techco} breach",
         "{techco} said attackers had accessed a database holding names, email addresses and hashed passwords of about {n} million customers."),
        ("Critical flaw found in {software} || Security researchers warn of actively exploited bug",
         "Security researchers disclosed a critical vulnerability in {software} that lets attackers run code remotely, and said it was already being exploited."),
        ("State-backed hackers targeted telecom networks, investigators say || Espionage campaign hit routers worldwide",
         "A hacking group linked to a foreign intelligence service compromised routers at several telecom operators, investigators said."),
        ("Phishing scam uses fake delivery texts to steal bank logins || Surge in AI-written phishing emails",
         "Security firms reported a sharp rise in text messages that impersonate delivery companies to harvest banking passwords."),
    ], b=[
        "The company urged customers to change their passwords and enable two-factor authentication.",
        "A patch has been released and administrators were urged to install it immediately.",
        "No ransom demand has been made public.",
        "Investigators said the attackers had been inside the network for weeks before being detected.",
        "The national cybersecurity agency said it was assisting with the response.",
    ]),
    "telecom": dict(places=NONAF, v=[
        ("{telco} switches on standalone 5G in {n} cities || {telco} expands 5G coverage to rural areas",
         "{telco} said its standalone 5G network was now live in {n} cities, promising lower latency for businesses."),
        ("{Ccountry} raises ${bn}bn from spectrum auction || Operators bid for 5G airwaves in {country}",
         "Mobile operators in {country} paid ${bn}bn for new radio spectrum in an auction that closed {day}."),
        ("Satellite broadband service reaches {k} users || Low-orbit internet expands to remote towns",
         "A low-Earth-orbit satellite internet service said it had signed up {k} subscribers, many in places without fibre."),
        ("Undersea cable cut slows internet across region || Repairs under way after subsea cable damage",
         "Internet speeds slowed across several countries after a subsea cable was damaged, network operators said."),
        ("{telco} to shut down 3G network next year || {telco} to retire old networks to free spectrum",
         "{telco} will switch off its 3G network next year and reuse the frequencies for faster 4G and 5G services."),
    ], b=[
        "The operator said it would invest ${bn}bn in its network over five years.",
        "Consumer groups warned that older handsets would stop working.",
        "Repairs could take several weeks, depending on weather at sea.",
        "Fibre-to-the-home now covers about {n}% of households.",
    ]),
    "startups": dict(places=NONAF, v=[
        ("{startup} raises ${m}m to build AI agents for accountants || {startup} closes ${m}m {series} round",
         "{startup}, which makes software for small businesses, said it raised ${m}m in a {series} round led by {fund}."),
        ("{startup} becomes unicorn after ${m}m funding round || {startup} valued at ${bn}bn",
         "{startup} is now valued at more than $1bn after investors put ${m}m into the robotics start-up."),
        ("{startup} lays off a third of staff as funding dries up || {startup} cuts jobs to extend runway",
         "{startup} told employees it was cutting about a third of its workforce to conserve cash."),
        ("{techco} acquires {startup} to boost cloud security || {techco} snaps up AI start-up {startup}",
         "{techco} has bought {startup}, a start-up whose software detects unusual activity in cloud accounts."),
        ("Venture funding for start-ups rebounds on AI boom || Start-up investment falls to five-year low",
         "Venture capital investment in technology start-ups changed sharply this quarter, with AI companies taking about half of all money raised."),
    ], b=[
        "The company plans to double its engineering team.",
        "Founders said the money would fund expansion into new markets.",
        "The start-up has more than {n} enterprise customers.",
        "Investors have grown choosier about which companies they back.",
    ]),
    "techreg": dict(places=NONAF, v=[
        ("EU fines {platform} €{m}m over data transfers || {platform} hit with privacy fine",
         "European regulators fined {platform} €{m}m for moving users' personal data abroad without adequate safeguards."),
        ("Regulators probe {platform} app store rules || Competition watchdog opens investigation into {platform}",
         "The competition authority in {country} opened an investigation into whether {platform}'s app store fees break competition law."),
        ("Court rules {platform} abused dominance in search advertising || {platform} loses antitrust case",
         "A court found that {platform} had illegally protected its dominance in online advertising, in a ruling {day}."),
        ("{Ccountry} passes law requiring age checks on social media || {Cdemonym} law bans social media for under-16s",
         "Lawmakers in {country} approved rules requiring social media platforms to verify users' ages, with fines for companies that fail to comply."),
        ("AI rules take effect, forcing disclosure of training data || New AI law requires labels on generated content",
         "Companies building general-purpose AI models must now publish summaries of the data used to train them under new rules."),
        ("{platform} to change default browser screen after regulator order || {platform} opens messaging to rivals",
         "{platform} will let users choose their default browser and search engine after regulators ordered changes."),
    ], b=[
        "The company said it would appeal.",
        "Digital rights groups welcomed the move but said enforcement would be the real test.",
        "The fine is among the largest imposed under the rules.",
        "Industry groups warned the requirements could slow product launches.",
        "The company has six months to comply.",
    ]),
    "outages": dict(places=NONAF, v=[
        ("Cloud outage knocks banking apps and airlines offline || {platform} outage disrupts thousands of websites",
         "A failure at {platform}'s data centres took down websites and apps for several hours {day}."),
        ("Faulty software update crashes millions of computers || Bad security update grounds flights and halts hospitals",
         "A faulty update to widely used security software caused computers to crash on start-up, disrupting airlines, hospitals and broadcasters."),
        ("{platform} down for hours as users report login failures || {platform} restores service after outage",
         "Users of {platform} were unable to log in or load messages for about {n2} hours, the company said."),
        ("Mobile network outage leaves millions without calls || {telco} customers hit by nationwide outage",
         "Customers of {telco} could not make calls or use mobile data for most of the day after a core network fault."),
    ], b=[
        "The company blamed a configuration change and said it was not a cyberattack.",
        "Engineers rolled back the change and services gradually returned.",
        "Customers demanded compensation for lost business.",
        "The incident renewed questions about reliance on a few cloud providers.",
    ]),
    "space": dict(places=NONAF, v=[
        ("{Cspace} launches lunar lander on new rocket || {Cspace} rocket lifts off on maiden flight",
         "{Cspace} launched a robotic lander towards the Moon {day}, on the first flight of its new heavy-lift rocket."),
        ("Satellite constellation reaches {k} spacecraft || Astronomers warn of satellite streaks",
         "Operators of a broadband constellation said it now has {k} satellites in orbit, prompting fresh concern from astronomers."),
        ("Space telescope spots water vapour on distant exoplanet || Probe returns asteroid samples to Earth",
         "Scientists using a space telescope detected water vapour in the atmosphere of a planet orbiting a nearby star."),
        ("{Cspace} scrubs launch after engine sensor fault || Rocket explodes minutes after lift-off",
         "{Cspace} called off a launch seconds before ignition after sensors flagged a problem with one of the engines."),
    ], b=[
        "The next launch window opens in about three weeks.",
        "Engineers are analysing telemetry from the flight.",
        "The mission carries instruments from {n2} universities.",
        "The spacecraft is expected to reach lunar orbit in about a week.",
    ]),
    "devices": dict(places=NONAF, v=[
        ("{techco} unveils headset that blends virtual and real worlds || {techco} launches mixed-reality glasses",
         "{techco} showed off lightweight glasses that overlay directions and messages on the real world."),
        ("Quantum computer solves problem beyond classical machines, {lab} says || Researchers report quantum error-correction milestone",
         "Researchers said their quantum processor performed a calculation in minutes that would take a supercomputer far longer."),
        ("Battery breakthrough promises faster charging for electric cars || Solid-state battery enters pilot production",
         "Engineers said a new solid-state battery cell could charge to 80% in about ten minutes and last thousands of cycles."),
        ("{techco} releases operating system update with on-device AI || {techco} ends support for older laptops",
         "{techco} began rolling out a major operating system update that runs some AI features directly on the device."),
        ("Game console sales jump after price cut || {techco} delays flagship game to next year",
         "Sales of home game consoles rose {n}% after manufacturers cut prices ahead of the holidays."),
        ("{Cbrightline} robots start work in warehouses || Humanoid robots enter car factories in trial",
         "Humanoid robots built by Brightline Robotics began moving parts on a car assembly line as part of a trial."),
    ], b=[
        "Pre-orders open next week.",
        "The company said developers would get early access to the tools.",
        "Critics said the device was too expensive for mainstream buyers.",
        "Production at scale is still several years away, the researchers cautioned.",
    ]),
}
SLOTS["Cbrightline"] = lambda: "Brightline"

TECH_PASSING = [
    "The company also plans a small engineering office in {xcity}.",
    "Users as far apart as Brazil and {xcountry} reported problems.",
    "The service is already available in {xcountry} and several Asian markets.",
]

# ---------------------------------------------------------------- politics (non-African subjects)
POLITICS = {
    "elections": dict(places=NONAF, v=[
        ("{Cdemonym} voters head to the polls in tight general election || {Ccountry} votes as cost of living dominates campaign",
         "Voters in {country} began casting ballots {day} in a general election that polls suggest is too close to call."),
        ("{Cparty} wins majority in {country} || {Cdemonym} election delivers landslide for {party}",
         "{Cparty} won {seats} of {total} seats in {country}'s parliament, according to official results, securing a governing majority."),
        ("{Ccountry} heads for presidential runoff || No outright winner in {demonym} presidential vote",
         "No candidate won more than half the vote in {country}'s presidential election, setting up a runoff next month between {person} and {person2}."),
        ("Opposition leads in {demonym} polls ahead of election || {person} gains ground in {demonym} race",
         "{person}, the opposition candidate, holds a lead of about {n2} points over the incumbent, according to a poll of {k} voters."),
        ("Turnout hits {turnout}% in {demonym} local elections || {Cdemonym} regional vote seen as test for government",
         "Turnout reached {turnout}% in local and regional elections in {country}, seen as a test of the government's popularity before a national vote."),
        ("India's marathon election enters final phase || Indian voters weigh jobs and prices in final round",
         "Millions of Indians voted {day} in the last phase of a general election held over six weeks, with results due within days."),
        ("{Cdemonym} leader concedes defeat after election || {person} claims victory in {demonym} vote",
         "{person} conceded defeat late on election night after exit polls showed {party} far ahead, ending years in power."),
    ], b=[
        "Coalition talks could take weeks.",
        "The winner will face pressure to bring down living costs and repair public services.",
        "Campaigning was dominated by housing, migration and the economy.",
        "Official results are expected by the end of the week.",
        "Analysts said the result would be read as a verdict on the government's economic record.",
    ]),
    "parliament": dict(places=NONAF, v=[
        ("{Cdemonym} government survives no-confidence vote || {Cleader} narrowly wins confidence vote",
         "The government in {capital} survived a motion of no confidence {day} by {votes}, after a small party abstained."),
        ("{Cdemonym} coalition collapses over {issue} || {Cdemonym} government falls as partner quits",
         "{Ccountry}'s governing coalition broke apart after a junior partner withdrew in a dispute over {issue}."),
        ("{Clegislature} passes bill to {policy} || Lawmakers in {country} vote to {policy}",
         "{Clegislature} voted {votes} to approve a bill that will {policy}, after months of debate."),
        ("{Cdemonym} prime minister resigns after party revolt || {Cleader} quits amid leadership challenge",
         "{person} said {day} they would step down as leader after losing the support of most lawmakers in the governing party."),
        ("{Cdemonym} parliament approves budget after all-night session || Lawmakers pass {demonym} budget despite opposition walkout",
         "Lawmakers in {country} approved next year's budget after an all-night debate, as opposition members walked out in protest over spending cuts."),
        ("Snap election called in {country} after budget defeat || {Cleader} dissolves parliament",
         "The {leader} of {country} called an early election after {legislature} rejected the government's budget."),
    ], b=[
        "Opposition leaders accused the government of ignoring ordinary voters.",
        "The bill now goes to the upper house.",
        "A new cabinet is expected to be sworn in within days.",
        "Analysts said the vote exposed deep divisions within the ruling party.",
        "Several lawmakers crossed the floor to vote with the opposition.",
    ]),
    "courts": dict(places=NONAF, v=[
        ("{Cdemonym} top court strikes down emergency decree || Constitutional court rules against government in {country}",
         "{Ccountry}'s constitutional court ruled {day} that an emergency decree issued by the government exceeded its powers."),
        ("Former {demonym} leader convicted of corruption || Ex-minister jailed in {demonym} graft case",
         "A court in {capital} found a former leader guilty of accepting bribes while in office and handed down a {n2}-year prison sentence."),
        ("Supreme Court hears challenge to voting map || Judges block redrawn electoral districts",
         "The Supreme Court heard arguments {day} over whether a redrawn electoral map diluted the votes of minority communities."),
        ("Court bars {person} from standing in election || Election body disqualifies opposition candidate",
         "Judges in {country} upheld a ban preventing opposition figure {person} from running in next year's election."),
        ("International court orders halt to military operation || World court issues ruling in border dispute",
         "The International Court of Justice issued a binding ruling {day} in a long-running dispute between two neighbouring states."),
    ], b=[
        "Lawyers for the defence said they would appeal.",
        "Supporters gathered outside the court as the verdict was read.",
        "The government said it respected the ruling but disagreed with it.",
        "Legal experts said the decision could reshape the balance of power between branches of government.",
    ]),
    "diplomacy": dict(places=NONAF, v=[
        ("{Cdemonym} and {demonym2} leaders meet to ease tensions || {Ccountry} and {country2} agree to restore ties",
         "The leaders of {country} and {country2} met in {capital} {day} and agreed to reopen embassies and resume direct flights."),
        ("{Ccountry} expels diplomats over spying allegations || {Ccountry} recalls ambassador from {country2}",
         "{Ccountry} ordered {n2} diplomats from {country2} to leave within 72 hours, accusing them of espionage."),
        ("G7 leaders pledge support at summit || NATO allies agree to raise defence spending",
         "Leaders gathered for a two-day summit pledged to coordinate sanctions and raise military spending."),
        ("New sanctions target shipping firms || {Ccountry} imposes sanctions over human rights abuses",
         "{Ccountry} announced sanctions on {n} individuals and companies, freezing their assets and banning travel."),
        ("Foreign ministers fail to agree on joint statement || UN Security Council deadlocked over resolution",
         "Foreign ministers ended talks in {capital} without a joint communique after disagreements over wording on the war."),
        ("{Ccountry} and {country2} sign trade and security pact || {Cdemonym} leader visits {capital2} in first trip abroad",
         "{Ccountry} and {country2} signed an agreement on defence cooperation and trade during a state visit {day}."),
    ], b=[
        "The foreign ministry called the move unjustified and promised a response.",
        "Diplomats said the talks were frank but constructive.",
        "The agreement still needs to be ratified by both parliaments.",
        "Analysts said the meeting was largely symbolic.",
        "The United Nations secretary-general welcomed the outcome.",
    ]),
    "conflict": dict(places=NONAF, v=[
        ("Ceasefire talks resume as fighting continues || Mediators push for truce in border conflict",
         "Negotiators returned to talks {day} aimed at a ceasefire, as shelling continued along the front line."),
        ("Drone strikes hit energy infrastructure overnight || Missile barrage targets cities",
         "A wave of drone and missile attacks struck power stations overnight, leaving hundreds of thousands without electricity."),
        ("Troops deployed after border clashes between {country} and {country2} || Soldiers killed in border skirmish",
         "At least {n2} soldiers were killed in clashes on the border between {country} and {country2}, officials said."),
        ("Prisoner exchange frees hundreds of captives || Warring sides swap prisoners in mediated deal",
         "The two sides exchanged more than {n}0 prisoners of war in a swap brokered by a third country."),
        ("Aid convoys reach besieged city after weeks of fighting || UN warns of famine risk in war zone",
         "Aid trucks carrying food and medicine entered the city for the first time in weeks, the United Nations said."),
    ], b=[
        "Both sides accused each other of violating earlier agreements.",
        "Humanitarian agencies called for safe corridors for civilians.",
        "The defence ministry said air defences had intercepted most of the drones.",
        "Casualty figures could not be independently verified.",
    ]),
    "policy": dict(places=NONAF, v=[
        ("{Cdemonym} government unveils plan to {policy} || {Cleader} promises to {policy}",
         "The government of {country} set out plans {day} to {policy}, calling it a priority for the rest of its term."),
        ("{Ccountry} tightens immigration rules as arrivals rise || New asylum law takes effect in {country}",
         "New rules in {country} make it harder for asylum seekers to bring relatives and shorten the time for appeals."),
        ("{Ccountry} scraps controversial pension reform || Government backs down on retirement age",
         "The government in {capital} dropped plans to raise the retirement age after weeks of protests and strikes."),
        ("Health ministers agree to cut waiting lists || {Cdemonym} government pledges more nurses",
         "The health ministry in {country} pledged to recruit {k} nurses and reduce waiting times for surgery."),
        ("{Ccountry} sets 2035 target to phase out coal || {Cdemonym} climate plan criticised as too slow",
         "The government in {capital} committed to closing its last coal-fired power station by 2035 under a new climate plan."),
    ], b=[
        "Opposition parties said the plan lacked detail.",
        "The proposals will be debated in {legislature} next month.",
        "Campaign groups said the measures did not go far enough.",
        "The policy is expected to be a central issue at the next election.",
    ]),
    "protests": dict(places=NONAF, v=[
        ("Thousands march in {capital} against {issue} || Protesters rally in {city} over {issue}",
         "Tens of thousands of people marched through {capital} {day} to protest against government plans on {issue}."),
        ("Police clash with protesters in {city} || Tear gas fired as demonstrations turn violent",
         "Police in {city} fired tear gas and water cannon at protesters who tried to reach government buildings."),
        ("General strike paralyses {country} || Unions bring {country} to a standstill",
         "Trains, schools and hospitals in {country} were disrupted as unions staged a nationwide general strike over {issue}."),
        ("Farmers block roads in protest at {demonym} subsidy cuts || Tractors converge on {capital}",
         "Farmers drove hundreds of tractors into {capital} to protest against planned cuts to fuel and farm subsidies."),
        ("Students occupy campuses demanding resignation of minister || Youth-led protests spread in {country}",
         "Student-led protests spread to at least {n2} cities in {country}, with demonstrators demanding the resignation of the interior minister."),
    ], b=[
        "Organisers said the protests would continue until the government changed course.",
        "Police said {n} people had been arrested.",
        "The interior ministry said the rally had not been authorised.",
        "The government invited union leaders to talks.",
    ]),
}

POLITICS_PASSING = [
    "Delegations from {xcountry} and several Gulf states attended as observers.",
    "{Cxcountry} was among the countries that abstained.",
    "The president is due to travel on to {xcountry} later in the week.",
]

# ---------------------------------------------------------------- africa (any subject, primarily about African places)
AFRICA = {
    "a_rates": dict(places=AF_WEIGHTED, v=[
        ("{Ccb} raises rate to {arate}% to fight inflation || {Ccb} hikes again as {cur} slides",
         "The {cb} raised its benchmark lending rate to {arate}% {day}, its {ord} increase this year, as inflation stayed stubbornly high."),
        ("{Ccb} holds rate at {arate}% || {Ccb} pauses tightening cycle",
         "The {cb} kept its policy rate at {arate}%, saying earlier increases needed time to work through the economy."),
        ("{Ccb} cuts rate as inflation eases || {Cdemonym} central bank delivers first cut in years",
         "The {cb} lowered its key rate to {arate}% {day}, citing a steady fall in inflation and a more stable {cur}."),
        ("{Cdemonym} central bank governor warns on food prices || {Ccb} signals more tightening",
         "Governor {aperson} said the {cb} stood ready to tighten further if food and fuel prices kept rising."),
    ], b=[
        "Inflation in {country} stood at {ainfl}% last month.",
        "Businesses in {city} complained that borrowing costs were already crippling.",
        "The {cur} firmed slightly against the dollar after the decision.",
        "Analysts had expected a smaller move.",
        "The monetary policy committee will meet again in two months.",
    ]),
    "a_macro": dict(places=AF_WEIGHTED, v=[
        ("{Cdemonym} inflation climbs to {ainfl}% || Food prices push {demonym} inflation higher",
         "Annual inflation in {country} rose to {ainfl}% in {month}, driven by the cost of food and transport, the statistics office said."),
        ("{Cdemonym} {cur} hits record low against the dollar || {Ccountry} moves to unify exchange rates",
         "The {cur} weakened to a record low on the official market {day} as importers scrambled for scarce dollars."),
        ("{Ccountry} reaches staff-level deal with IMF || IMF approves ${bn}bn loan for {country}",
         "{Ccountry} agreed a ${bn}bn loan programme with the International Monetary Fund, tied to spending cuts and tax reforms."),
        ("{Ccountry} returns to Eurobond market with ${bn}bn sale || {Cdemonym} bond sale draws strong demand",
         "{Ccountry} sold ${bn}bn of dollar-denominated bonds, its first international debt sale in years, the finance ministry said."),
        ("{Ccountry} agrees debt restructuring with creditors || {Cdemonym} bondholders accept haircut",
         "{Ccountry} reached a deal with bondholders to restructure its external debt, easing repayments over the next decade."),
        ("{Cdemonym} economy grows {small}% as services rebound || {Ccountry} GDP growth slows",
         "The economy of {country} grew {small}% in the {q2}, helped by trade, telecoms and financial services."),
        ("{Ccountry} scraps fuel subsidy, prices double || Fuel queues return in {city}",
         "Petrol prices in {country} doubled after the government removed a costly subsidy, with long queues forming at stations in {city}."),
    ], b=[
        "The finance ministry said the measures would stabilise public finances.",
        "Traders in {city} said the cost of imported goods had risen sharply.",
        "Debt service takes up a large share of government revenue.",
        "Economists expect growth of about {small}% this year.",
        "Labour unions threatened strikes over the rising cost of living.",
    ]),
    "a_business": dict(places=AF_WEIGHTED, v=[
        ("{Cabank} profit jumps on currency gains || {Cdemonym} lender {abank} expands into {region}",
         "{Cabank}, one of the biggest lenders in {country}, reported a sharp rise in profit as the weaker {cur} inflated its dollar assets."),
        ("{Cdemonym} stocks rally as foreign investors return || {Cexchange} hits record high",
         "Shares on {exchange} rose to a record {day} as foreign portfolio investors returned after currency reforms."),
        ("{Cdemonym} {export} exports rise as prices climb || {Ccountry} earns more from {export}",
         "Export earnings from {export} in {country} rose {pct}% this year on higher global prices, official data showed."),
        ("{Caco} plans ${m}m expansion in {country} || {Caco} opens new plant near {city}",
         "{Caco} will invest ${m}m in a new facility near {city}, creating about {k} jobs, the company said."),
        ("Ghana's cocoa regulator raises farmgate price || Cocoa smuggling worries Ghanaian regulator",
         "Ghana's cocoa board raised the price paid to farmers for the new season, hoping to curb smuggling to neighbouring countries."),
        ("{Ccountry} awards mining licences to new investors || {Cdemonym} miners hit by power cuts",
         "The mines ministry in {country} said it had granted licences to explore for {export} to several new investors."),
    ], b=[
        "Foreign investors have been net buyers of {demonym} assets this quarter.",
        "Local manufacturers say access to foreign exchange remains their biggest challenge.",
        "The project is expected to be completed within two years.",
        "Exporters said poor roads and port delays were eating into margins.",
    ]),
    "a_tech": dict(places=AF_WEIGHTED, v=[
        ("{Cdemonym} fintech {fintech} raises ${m}m || {Cfintech} closes ${m}m {series} round to expand across Africa",
         "{Cfintech}, a {demonym} payments start-up, raised ${m}m in a {series} round to expand into new markets."),
        ("Mobile money transactions in {country} top ${bn}bn || {Catelco} mobile money service reaches {n} million users",
         "Mobile money payments in {country} passed ${bn}bn in value last quarter, as more traders in {city} stopped accepting cash."),
        ("{Cdemonym} start-up builds drones to deliver medical supplies || {Ccity} start-up bets on electric motorbike taxis",
         "A start-up based in {city} is using drones and electric motorbikes to carry medicines and parcels to places poorly served by roads."),
        ("{Ccountry} orders internet shutdown during exams || Internet restricted in {country} amid unrest",
         "Authorities in {country} restricted mobile internet access {day}, according to network monitoring groups."),
        ("New data centre opens in {city} || {Catelco} builds {country}'s largest data centre",
         "A new data centre opened in {city}, promising faster cloud services and lower costs for businesses in {country}."),
        ("{Catelco} launches 5G in {city} || {Ccountry} auctions 5G spectrum",
         "{Catelco} switched on its 5G network in {city} {day}, the first phase of a rollout across {country}."),
        ("{Cdemonym} regulator fines {atelco} over dropped calls || {Ccountry} orders SIM card re-registration",
         "The communications regulator in {country} fined {atelco} for poor network quality after complaints about dropped calls."),
    ], b=[
        "Investors are betting on Africa's young and fast-growing population.",
        "Only about half the population of {country} uses the internet regularly.",
        "The company said it now serves more than {k} merchants.",
        "Digital rights groups condemned the restrictions.",
        "Start-ups in {country} raised more money this year than last, according to an industry tracker.",
    ]),
    "a_elections": dict(places=AF_WEIGHTED, v=[
        ("{Cdemonym} voters go to the polls in presidential election || {Ccountry} votes with economy top of mind",
         "Millions of voters in {country} cast ballots {day} in a presidential election dominated by the cost of living and jobs."),
        ("{Cdemonym} opposition rejects election results || {Cdemonym} opposition candidate heads to court",
         "The main opposition candidate in {country}, {aperson}, rejected official results and said he would challenge them in court."),
        ("{Caperson} sworn in as {country}'s president || {Caperson} wins {demonym} presidential vote",
         "{Caperson} was declared the winner of {country}'s presidential election with {share}% of the vote, the electoral commission said."),
        ("{Cdemonym} electoral commission delays results || Tension rises in {city} as count drags on",
         "The electoral commission in {country} postponed announcing results, citing delays in transmitting tallies from rural areas."),
        ("{Capart} loses majority in {demonym} parliament || Coalition talks begin in {country}",
         "{Capart} lost its majority in {country}'s parliament for the first time, forcing it into talks with smaller parties."),
    ], b=[
        "Observers from the African Union said the vote was largely peaceful.",
        "Turnout was {turnout}%, according to the electoral commission.",
        "Supporters celebrated in the streets of {city}.",
        "Civil society groups called for calm while results are tallied.",
        "Youth unemployment was a central issue of the campaign.",
    ]),
    "a_politics": dict(places=AF_WEIGHTED, v=[
        ("African Union summit opens in Addis Ababa || AU leaders call for reform of UN Security Council",
         "African leaders gathered in Addis Ababa {day} for the African Union's annual summit, with conflicts in Sudan and the Sahel high on the agenda."),
        ("ECOWAS leaders meet over Sahel juntas || West African bloc lifts sanctions on {country}",
         "Leaders of the West African bloc ECOWAS met in Abuja to discuss relations with military governments in Mali, Burkina Faso and Niger."),
        ("Military junta in {country} delays return to civilian rule || Soldiers seize power in {country}",
         "The military authorities in {country} said elections promised for next year would be postponed, citing insecurity."),
        ("{Cdemonym} parliament votes to impeach deputy president || {Cdemonym} lawmakers pass finance bill amid protests",
         "Lawmakers in {country} voted {votes} in a motion that deepened a rift within the ruling alliance."),
        ("{Cdemonym} court annuls election law || {Cdemonym} Supreme Court upholds president's win",
         "The Supreme Court of {country} ruled {day} on a petition brought by opposition parties, in a case closely watched across {region}."),
        ("Protests over taxes spread across {country} || Young protesters march in {city} against finance bill",
         "Thousands of young people marched through {city} to protest against tax increases, in demonstrations organised largely on social media."),
        ("{Ccountry} and neighbour sign peace deal || Talks on eastern Congo resume in Doha",
         "{Ccountry} and a neighbouring government signed an agreement aimed at ending years of fighting in their shared border region."),
        ("{Cdemonym} president reshuffles cabinet || {Caperson} named {demonym} finance minister",
         "The president of {country} named {aperson} as finance minister in a cabinet reshuffle announced {day}."),
    ], b=[
        "The government said the measures were needed to restore stability.",
        "Opposition leaders accused the authorities of silencing dissent.",
        "Regional diplomats said the next few weeks would be decisive.",
        "Police said {n} people had been detained in {city}.",
        "The decision drew criticism from rights groups.",
    ]),
    "a_security": dict(places=AF_WEIGHTED, v=[
        ("Jihadist attack kills {n} soldiers in {country} || Militants attack army post in {region}",
         "Suspected jihadist fighters attacked an army base in {country} {day}, killing at least {n} soldiers, security sources said."),
        ("Al-Shabaab claims bombing in Mogadishu || Somali forces retake town from al-Shabaab",
         "A car bomb exploded near a busy junction in Mogadishu, and the al-Shabaab group said it carried out the attack."),
        ("Fighting displaces thousands in Sudan's Darfur || Sudan's army and RSF clash near El Fasher",
         "Heavy fighting between Sudan's army and the paramilitary Rapid Support Forces forced thousands to flee, aid agencies said."),
        ("Gunmen kidnap students in northern Nigeria || Nigerian troops free kidnapped villagers",
         "Armed men abducted dozens of pupils from a school in northern Nigeria, the state government said {day}."),
        ("M23 rebels advance near Goma || UN peacekeepers begin withdrawal from eastern Congo",
         "Rebels of the M23 movement seized more territory near Goma in eastern Congo, sending residents fleeing towards the city."),
    ], b=[
        "The region has suffered repeated attacks by armed groups in recent years.",
        "Aid agencies warned of a growing humanitarian crisis.",
        "Residents said they had been left without protection.",
        "The government declared three days of national mourning.",
    ]),
    "a_society": dict(places=AF_WEIGHTED, v=[
        ("Cholera outbreak spreads in {country} || {Cdemonym} health ministry declares cholera emergency",
         "Health officials in {country} reported hundreds of new cholera cases {day}, mostly in crowded districts of {city}."),
        ("Malaria vaccine rollout expands to {country} || {Ccountry} begins vaccinating children against malaria",
         "{Ccountry} started giving a malaria vaccine to young children, joining a growing number of African countries using the shots."),
        ("Floods kill dozens and displace thousands in {country} || Heavy rains wash away roads in {city}",
         "Flooding after days of heavy rain killed at least {n} people in {country} and destroyed thousands of homes."),
        ("Drought threatens harvests across {region} || Maize prices soar in {country} as rains fail",
         "Failed rains have left millions facing hunger across {region}, with maize prices in {country} at record levels."),
        ("Ethiopia completes filling of Nile dam reservoir || Egypt and Sudan protest Ethiopian dam move",
         "Ethiopia said it had finished filling the reservoir behind its giant hydropower dam on the Blue Nile, a project Egypt and Sudan have long opposed."),
        ("South Africa's power cuts ease as Eskom fixes plants || Load-shedding returns to South Africa",
         "South Africa's state power utility said scheduled blackouts would be reduced as repairs at coal plants brought units back online."),
        ("New railway links {city} to the coast || {Ccountry} opens upgraded port",
         "A new railway line linking {city} to the coast began carrying freight {day}, cutting journey times for exporters."),
        ("{Ccountry} celebrates after reaching Africa Cup of Nations final || {Cdemonym} team knocked out of AFCON",
         "Fans poured onto the streets of {city} after the national football team reached the final of the Africa Cup of Nations."),
        ("Lagos traffic chaos as bridge closes for repairs || Nairobi expressway toll rise angers motorists",
         "Commuters in the city faced hours-long delays after authorities closed a major bridge for urgent repairs."),
    ], b=[
        "The World Health Organization said it was sending supplies.",
        "Aid groups appealed for funding to reach affected families.",
        "Residents of {city} said conditions had worsened in recent weeks.",
        "Officials said the project was financed partly by development lenders.",
        "Farmers' groups warned that food prices would keep rising.",
    ]),
}

AFRICA_MENTION_EXTRA = [  # more place words so africa items are not only about their headline
    "The story is being followed closely across {region}.",
    "Residents of {city} said they were watching closely.",
    "{Caperson2}, an analyst in {city}, said the next few months would be decisive.",
]

# ---------------------------------------------------------------- outlets: each has one fixed feed hint
OUTLETS = {
    "finance": ["Ledgerline", "The Market Courier", "Capital Brief", "Bourse Weekly", "Tradewind Markets", "Coinage Daily"],
    "tech": ["Circuit Daily", "ByteFront", "The Silicon Post", "Kernel Report", "Uplink News"],
    "politics": ["Capitol Dispatch", "The Chamber", "Statecraft Weekly", "Ballot Review"],
    "africa": ["Savanna Times", "Nile Courier", "Rift Valley Review", "Gulf of Guinea Post", "Kalahari Herald",
               "Sahel Observer"],
    None: ["Global Wire Service", "The Evening Chronicle", "Harbour Post", "Continental Monitor", "Daily Meridian",
           "Northern Star Tribune", "Atlas News Network", "The Observer Line"],
}
# African specialist outlets whose feeds carry a subject hint, not the regional one.
AF_SUBJECT_OUTLETS = {"finance": ["Naira Markets Daily", "Cape Exchange Report"],
                      "tech": ["Silicon Savannah Wire", "Kilimanjaro Tech Digest"],
                      "politics": ["Accra Political Review"]}
AF_SUBJECT_OF = {"a_rates": "finance", "a_macro": "finance", "a_business": "finance", "a_tech": "tech",
                 "a_elections": "politics", "a_politics": "politics", "a_security": "politics", "a_society": None}

def choose_outlet(topic, sub):
    r = R.random()
    if topic == "africa":
        subj = AF_SUBJECT_OF[sub]
        if r < 0.45: hint = "africa"; name = pick(OUTLETS["africa"])
        elif r < 0.75: hint = None; name = pick(OUTLETS[None])
        elif subj: hint = subj; name = pick(AF_SUBJECT_OUTLETS[subj] + OUTLETS[subj])
        else: hint = None; name = pick(OUTLETS[None])
        return name, hint
    if r < 0.45: hint = topic
    elif r < 0.85: hint = None
    elif r < 0.95: hint = "africa"   # regional outlets also carry global news
    else: hint = pick([t for t in ("finance", "tech", "politics") if t != topic])
    return pick(OUTLETS[hint]), hint

def alt(s): return pick([x.strip() for x in s.split(" || ")])

def generate(topic, table, passing, count, start_id):
    items, seen = [], set()
    subs = list(table)
    attempts = 0
    while len(items) < count and attempts < count * 50:
        attempts += 1
        sub = subs[len(items) % len(subs)] if R.random() < 0.7 else pick(subs)
        spec = table[sub]
        ctx = Ctx()
        rec = pick(spec["places"])
        place_ctx(ctx, rec)
        rec2 = pick([c for c in spec["places"] if c[0] != rec[0]])
        for k, v in zip(["country2", "demonym2", "capital2"], rec2[:3]):
            ctx[k] = v; ctx["C" + k] = cap(v)
        place_ctx(ctx, pick(AF), prefix="x")
        h, a = pick(spec["v"])
        headline = fill(alt(h), ctx)
        if headline.lower() in seen:
            continue
        seen.add(headline.lower())
        sentences = [fill(alt(a), ctx)]
        follow = list(spec["b"])
        R.shuffle(follow)
        r = R.random()
        if r < 0.8: sentences.append(fill(follow[0], ctx))
        if r < 0.3 and len(follow) > 1: sentences.append(fill(follow[1], ctx))
        if R.random() < 0.25: sentences.append(pick(GENERIC))
        if passing and R.random() < 0.10:
            sentences.insert(min(len(sentences), 2), fill(pick(passing), ctx))
        if topic == "africa" and R.random() < 0.15:
            sentences.append(fill(pick(AFRICA_MENTION_EXTRA), ctx))
        outlet, hint = choose_outlet(topic, sub)
        items.append({"topic": topic, "sub": sub, "headline": headline, "body": " ".join(sentences[:4]),
                      "source": outlet, "feedHint": hint})
    return items

def main():
    items = []
    items += generate("finance", FINANCE, FINANCE_PASSING, 230, 0)
    items += generate("tech", TECH, TECH_PASSING, 230, 0)
    items += generate("politics", POLITICS, POLITICS_PASSING, 230, 0)
    items += generate("africa", AFRICA, None, 250, 0)
    import sys
    sys.path.insert(0, HERE)
    from handwritten import ITEMS
    for i, (topic, hint, source, headline, body) in enumerate(ITEMS):
        items.append({"id": f"hw-{i + 1:03d}", "topic": topic, "headline": headline, "body": body,
                      "source": source, "feedHint": hint})
    R.shuffle(items)
    with open(os.path.join(HERE, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for i, o in enumerate(items):
            out = {"id": o.get("id") or f"tc-{i + 1:04d}", "topic": o["topic"], "headline": o["headline"], "body": o["body"],
                   "source": o["source"], "feedHint": o.get("feedHint")}
            f.write(json.dumps(out, ensure_ascii=False) + "\n")
    counts = {}
    for o in items: counts[o["topic"]] = counts.get(o["topic"], 0) + 1
    print(len(items), counts)

if __name__ == "__main__":
    main()
