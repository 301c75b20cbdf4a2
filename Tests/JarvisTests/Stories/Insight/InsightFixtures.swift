import Foundation
import Jarvis

/// Invented outlets and stories for the insight tests (no real publication is quoted).
enum InsightFixtures {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    static func article(
        _ id: String, _ source: String, _ headline: String, _ body: String, minutesAgo: Double,
        authority: Int? = nil, region: String? = nil, flag: Bool = false, hash: String? = nil
    ) -> StoryArticle {
        let published = now.addingTimeInterval(-minutesAgo * 60)
        return StoryArticle(
            id: id, feedId: "feed-" + source.lowercased().replacingOccurrences(of: " ", with: "-"), source: source,
            sourceAuthority: authority, topicHint: nil, region: region, headline: headline, body: body,
            publishedAt: published, firstSeenAt: published, isBreakingFlag: flag,
            canonicalUrl: "https://example.test/\(id)", contentHash: hash ?? "hash-\(id)")
    }

    /// A central-bank decision told by four outlets; the first report has the weakest headline.
    static let rateHike: [StoryArticle] = [
        article(
            "r1", "Lagos Ledger", "WATCH: What the CBN did today",
            "The Central Bank of Nigeria raised its benchmark interest rate to 27.5% on Tuesday. Governor Olayemi Cardoso said the increase was needed to tame inflation. Inflation stood at 33.2% in the latest figures from the statistics bureau. Click here to subscribe to our newsletter.",
            minutesAgo: 180, authority: 60, region: "ng"),
        article(
            "r2", "Abuja Standard Wire", "Central Bank of Nigeria raises benchmark rate to 27.5% to fight inflation",
            "The Central Bank of Nigeria raised its benchmark rate to 27.50% at the end of a two-day meeting in Abuja. The Monetary Policy Committee voted unanimously for the hike, its sixth this year. Governor Olayemi Cardoso said inflation at 33.2% left the committee little choice. Banks are expected to pass the higher cost of borrowing on to customers within weeks.",
            minutesAgo: 150, authority: 85, region: "ng"),
        article(
            "r3", "Nairobi Courier", "Nigeria's central bank lifts rates again",
            "Nigeria's central bank lifted its policy rate to 27.5% as Governor Olayemi Cardoso pledged to bring inflation under control. Analysts in Lagos said the move would strengthen the naira but squeeze manufacturers. The Central Bank of Nigeria has now raised rates six times this year.",
            minutesAgo: 120, authority: 55, region: "ke"),
        article(
            "r4", "Accra Times", "Why Nigeria's rate hike matters?",
            "Ghanaian exporters are watching Lagos closely. The Central Bank of Nigeria raised its rate to 27.5%, the highest level in decades. Traders in Accra said a stronger naira could help cross-border commerce.",
            minutesAgo: 90, authority: 40, region: "gh"),
    ]

    /// A building collapse where two outlets give different death tolls.
    static let collapse: [StoryArticle] = [
        article(
            "c1", "Lagos Ledger", "Building collapses in Kano market",
            "At least 12 people died when a three-storey building collapsed in Kano on Monday. Rescue workers searched the rubble through the night for survivors. The Kano State Emergency Management Agency said the building had been marked for demolition.",
            minutesAgo: 60, authority: 60),
        article(
            "c2", "Nairobi Courier", "Deadly building collapse in Kano",
            "The collapse killed 15 people, officials of the Kano State Emergency Management Agency said on Tuesday. Rescue workers pulled survivors from the rubble overnight. Traders said the building had been marked for demolition months ago.",
            minutesAgo: 40, authority: 55),
    ]

    /// A tech outage with no African angle and no figures in common.
    static let outage: [StoryArticle] = [
        article(
            "o1", "Harbor Tech Review", "Cloud provider Nimbus suffers global outage",
            "Nimbus Cloud said a configuration error took down its storage service for four hours on Wednesday. Thousands of websites and apps went offline during the outage. The company apologised and promised a full incident report.",
            minutesAgo: 30, authority: 70, region: "global"),
        article(
            "o2", "Northern Byte", "Nimbus outage knocks thousands of sites offline",
            "Engineers at Nimbus Cloud rolled back a faulty configuration change after storage requests began failing worldwide. Customers reported errors for most of Wednesday afternoon. Nimbus Cloud said no customer data was lost.",
            minutesAgo: 20, authority: 65, region: "global"),
        article(
            "o3", "Metro Gadget Post", "Nimbus Cloud blames configuration error for outage",
            "A faulty configuration change caused the Nimbus Cloud storage outage on Wednesday, the company said. The disruption lasted about four hours and affected thousands of customers. Nimbus Cloud promised a full incident report within a week.",
            minutesAgo: 10, authority: 50, region: "global"),
    ]

    /// An election story told by one outlet.
    static let singleElection: [StoryArticle] = [
        article(
            "e1", "Nairobi Courier", "Kenya's electoral commission sets date for by-elections",
            "Kenya's Independent Electoral and Boundaries Commission has set March 14 as the date for by-elections in three constituencies. The commission said voter registers would be published two weeks before polling day. Candidates have until February 20 to submit their nomination papers. Opposition parties welcomed the timetable but called for an audit of the register.",
            minutesAgo: 45, authority: 55, region: "ke")
    ]

    /// A fuel price rise reported by three outlets (for ROUGE).
    static let fuelPrice: [StoryArticle] = [
        article(
            "f1", "Lagos Ledger", "Petrol price rises again in Lagos",
            "Petrol stations in Lagos raised the pump price of fuel on Thursday for the third time this month. Motorists queued for hours at filling stations across the city. Transport unions warned that bus fares would rise if prices did not fall.",
            minutesAgo: 200, authority: 60, region: "ng"),
        article(
            "f2", "Abuja Standard Wire", "Nigeria fuel price increase hits motorists",
            "Fuel prices in Nigeria rose on Thursday as the state oil company raised its pump price in Lagos and Abuja. Motorists queued at filling stations in both cities. Economists said the rise would push inflation higher.",
            minutesAgo: 190, authority: 85, region: "ng"),
        article(
            "f3", "Accra Times", "Nigerian motorists face higher petrol prices",
            "Nigerian motorists are paying more for petrol after another increase in the pump price on Thursday. Transport unions warned of higher bus fares. Long queues formed at filling stations in Lagos.",
            minutesAgo: 170, authority: 40, region: "gh"),
    ]

    /// Syndication: the same wire text under two names counts once.
    static let drought: [StoryArticle] = [
        article(
            "d1", "Horn Daily", "Drought leaves two million in need of food aid in Somalia",
            "The drought in Somalia has left two million people in need of food aid, the United Nations said on Friday. Aid agencies warned that the failed rains could push parts of the country into famine. The Somali government appealed for international help.",
            minutesAgo: 300, authority: 50, hash: "wire-1"),
        article(
            "d2", "Mogadishu Mirror", "Drought leaves two million in need of food aid in Somalia",
            "The drought in Somalia has left two million people in need of food aid, the United Nations said on Friday. Aid agencies warned that the failed rains could push parts of the country into famine. The Somali government appealed for international help.",
            minutesAgo: 290, authority: 50, hash: "wire-1"),
    ]

    /// Reference summaries written by hand for the ROUGE measurement.
    static let references: [(name: String, articles: [StoryArticle], topic: Topic, reference: String)] = [
        (
            "rate hike", rateHike, .finance,
            "The Central Bank of Nigeria raised its benchmark interest rate to 27.5% to fight inflation, which stood at 33.2%. Governor Olayemi Cardoso said the hike was needed, and analysts said the naira could strengthen."
        ),
        (
            "collapse", collapse, .africa,
            "A three-storey building collapsed in Kano, killing at least 12 people. Rescue workers searched the rubble for survivors, and the emergency agency said the building had been marked for demolition."
        ),
        (
            "outage", outage, .tech,
            "A faulty configuration change caused a four-hour Nimbus Cloud storage outage on Wednesday that took thousands of websites offline. The company said no data was lost and promised an incident report."
        ),
        (
            "election", singleElection, .politics,
            "Kenya's electoral commission set March 14 for by-elections in three constituencies. Voter registers will be published two weeks before polling day."
        ),
        (
            "fuel price", fuelPrice, .africa,
            "Fuel prices in Nigeria rose on Thursday as the pump price was raised in Lagos and Abuja. Motorists queued at filling stations and transport unions warned bus fares would rise."
        ),
    ]
}
