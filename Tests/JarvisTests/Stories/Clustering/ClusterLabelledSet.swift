import Foundation
import Jarvis

/// A small labelled set for the clusterer's thresholds: invented outlets, invented articles
/// about overlapping events, with near-miss pairs (two central-bank decisions, two floods,
/// two EU fines on tech firms, two telecom results) and same-event pairs worded differently.
/// `event` is the true grouping.
struct LabelledArticle {
    var event: String
    var source: String
    var hours: Double
    var headline: String
    var body: String
    var url: String? = nil
    var contentHash: String? = nil
}

enum ClusterLabelledSet {
    static let start = Date(timeIntervalSince1970: 1_772_438_400)  // 2026-03-02T08:00:00Z

    static func article(_ item: LabelledArticle, index: Int) -> StoryArticle {
        let time = start.addingTimeInterval(item.hours * 3600)
        return StoryArticle(
            id: "a\(index)", feedId: item.source.lowercased(), source: item.source, sourceAuthority: nil, topicHint: nil,
            region: nil, headline: item.headline, body: item.body, publishedAt: time, firstSeenAt: time, isBreakingFlag: false,
            canonicalUrl: item.url
                ?? "https://\(item.source.lowercased().replacingOccurrences(of: " ", with: "")).example/\(index)",
            contentHash: item.contentHash ?? "hash-\(index)")
    }

    static let items: [LabelledArticle] = [
        // Nigeria: CBN raises the policy rate.
        .init(
            event: "cbn-hike", source: "Lagos Ledger", hours: 0,
            headline: "Central Bank of Nigeria raises benchmark rate to 27.5% to fight inflation",
            body:
                "The Central Bank of Nigeria raised its monetary policy rate by 25 basis points to 27.5% on Tuesday, its sixth increase this cycle. Governor Olayemi Cardoso said the Monetary Policy Committee wanted to bring inflation, now above 33%, under control. The naira was little changed in Lagos trading."
        ),
        .init(
            event: "cbn-hike", source: "Abuja Times", hours: 1.5,
            headline: "CBN lifts MPR again as inflation bites",
            body:
                "Nigeria's apex bank has increased the monetary policy rate to 27.5 percent from 27.25 percent. Olayemi Cardoso, the CBN governor, told reporters in Abuja that the committee voted to tighten further because food inflation remains high. Analysts had expected a hold."
        ),
        .init(
            event: "cbn-hike", source: "Continental Wire", hours: 2,
            headline: "Nigeria tightens again: MPC votes for 25bp hike",
            body:
                "Nigeria's Monetary Policy Committee voted to raise the policy rate to 27.5%, Governor Olayemi Cardoso announced after the two-day meeting. The Central Bank of Nigeria kept the cash reserve ratio at 50% for commercial banks. Inflation stood at 33.9% in the latest data."
        ),
        .init(
            event: "cbn-hike", source: "Market Daily", hours: 3,
            headline: "Naira steadies as Cardoso's committee tightens once more",
            body:
                "The naira held near 1,530 to the dollar after the Central Bank of Nigeria raised its key rate to 27.5%. Traders in Lagos said the Monetary Policy Committee's move to lift the rate by 25 basis points was a signal that Cardoso will keep fighting inflation."
        ),
        .init(
            event: "cbn-hike", source: "Pan-African Post", hours: 2.2,
            headline: "Nigeria tightens again: MPC votes for 25bp hike",
            body:
                "Nigeria's Monetary Policy Committee voted to raise the policy rate to 27.5%, Governor Olayemi Cardoso announced after the two-day meeting. The Central Bank of Nigeria kept the cash reserve ratio at 50% for commercial banks. Inflation stood at 33.9% in the latest data.",
            contentHash: "syndicated-cbn"),
        .init(
            event: "cbn-hike", source: "Lagos Ledger", hours: 50,
            headline: "Nigerian lenders pass on higher borrowing costs after CBN hike",
            body:
                "Commercial banks in Nigeria began raising lending rates two days after the Central Bank of Nigeria lifted its monetary policy rate to 27.5%. Borrowers in Lagos face loans above 35%, bankers said, as Cardoso's tightening feeds through."
        ),

        // Kenya: CBK cuts its rate (same day, same vocabulary, different country and direction).
        .init(
            event: "cbk-cut", source: "Nairobi Standard Wire", hours: 0.5,
            headline: "Central Bank of Kenya cuts benchmark rate to 9.25%",
            body:
                "The Central Bank of Kenya lowered its benchmark lending rate by 50 basis points to 9.25% on Tuesday, citing slowing inflation and a stable shilling. Governor Kamau Thugge said the Monetary Policy Committee wanted to support credit to the private sector."
        ),
        .init(
            event: "cbk-cut", source: "Continental Wire", hours: 1,
            headline: "Kenya eases monetary policy for a fifth time",
            body:
                "Kenya's central bank cut the Central Bank Rate to 9.25 percent from 9.75 percent. Kamau Thugge said inflation of 3.5% gave the Monetary Policy Committee room to ease. The shilling traded at 129 to the dollar in Nairobi."
        ),
        .init(
            event: "cbk-cut", source: "East Africa Business", hours: 4,
            headline: "Thugge: lower CBR should revive lending to small firms",
            body:
                "Banks in Nairobi are expected to lower loan pricing after the Central Bank of Kenya reduced the CBR to 9.25%. Governor Kamau Thugge said the 50 basis point cut reflects inflation well within the target range."
        ),
        .init(
            event: "cbk-cut", source: "Market Daily", hours: 5,
            headline: "Shilling firm after Kenya rate cut",
            body:
                "The Kenyan shilling was steady at 129 per dollar after the Central Bank of Kenya cut its policy rate to 9.25%. Traders said Thugge's committee signalled further easing if inflation stays near 3.5%."
        ),

        // Mozambique floods.
        .init(
            event: "moz-floods", source: "Maputo Herald", hours: 10,
            headline: "Floods kill at least 40 in central Mozambique",
            body:
                "At least 40 people have died after days of heavy rain flooded Sofala province in central Mozambique, the National Institute for Disaster Management said. Thousands of families in Beira were moved to shelters as the Pungwe river burst its banks."
        ),
        .init(
            event: "moz-floods", source: "Continental Wire", hours: 12,
            headline: "Mozambique flood death toll rises as Pungwe bursts its banks",
            body:
                "Rescue teams in Sofala searched for survivors after the Pungwe river overflowed, with the death toll reaching 40. Mozambique's disaster agency said 12,000 people had been displaced around Beira."
        ),
        .init(
            event: "moz-floods", source: "Pan-African Post", hours: 30,
            headline: "Beira residents wade through water as aid arrives",
            body:
                "Aid flights landed in Beira on Thursday as floodwaters in Sofala province began to recede. The disaster management institute in Mozambique put the death toll at 43 and said 12,000 people remain displaced."
        ),
        .init(
            event: "moz-floods", source: "Global Desk", hours: 14,
            headline: "Dozens dead as heavy rains swamp Mozambique's Sofala province",
            body:
                "Torrential rain has killed dozens of people in Mozambique, where the Pungwe river flooded villages near Beira. Officials said 40 were confirmed dead and 12,000 displaced."
        ),

        // Malawi floods (near miss: same kind of event, neighbouring country, next day).
        .init(
            event: "malawi-floods", source: "Lilongwe Observer", hours: 28,
            headline: "Floods in southern Malawi kill 12, wash away bridges",
            body:
                "Flash floods in Malawi's Chikwawa and Nsanje districts killed 12 people and destroyed two bridges, the Department of Disaster Management Affairs said. The Shire river rose after heavy rain in Blantyre."
        ),
        .init(
            event: "malawi-floods", source: "Continental Wire", hours: 30,
            headline: "Malawi declares disaster in Nsanje after Shire river floods",
            body:
                "President Lazarus Chakwera declared a state of disaster in Nsanje and Chikwawa after floods along the Shire river left 12 dead. Malawi's disaster affairs department said 5,000 households were affected."
        ),
        .init(
            event: "malawi-floods", source: "Global Desk", hours: 33,
            headline: "Chakwera appeals for aid as Malawi counts flood damage",
            body:
                "Malawi's president Lazarus Chakwera asked donors for help after the Shire river flooded villages in the south, killing 12 people in Chikwawa and Nsanje."
        ),

        // Safaricom results.
        .init(
            event: "safaricom", source: "East Africa Business", hours: 6,
            headline: "Safaricom profit rises 9% on M-Pesa growth",
            body:
                "Safaricom reported a 9% rise in net profit to 52 billion shillings for the half year, driven by M-Pesa fees. Chief executive Peter Ndegwa said the Ethiopian unit narrowed its losses."
        ),
        .init(
            event: "safaricom", source: "Tech Savanna", hours: 7,
            headline: "M-Pesa carries Safaricom as Ethiopia losses shrink",
            body:
                "Mobile money platform M-Pesa lifted Safaricom's half-year earnings to 52 billion shillings, up 9%. Peter Ndegwa told analysts the Ethiopia business will break even by 2027."
        ),
        .init(
            event: "safaricom", source: "Market Daily", hours: 8,
            headline: "Safaricom shares climb after half-year results",
            body:
                "Shares in Safaricom rose 4% in Nairobi after the telecoms group posted net income of 52 billion shillings, a 9% increase, on strong M-Pesa revenue, said chief executive Peter Ndegwa."
        ),

        // MTN results (near miss: African telecom earnings, same week).
        .init(
            event: "mtn", source: "Joburg Business Review", hours: 20,
            headline: "MTN swings to loss as naira devaluation hits Nigeria unit",
            body:
                "MTN Group reported a full-year loss of 8 billion rand after the collapse of the naira wiped out earnings at MTN Nigeria. Chief executive Ralph Mupita said data revenue grew 25% across its markets."
        ),
        .init(
            event: "mtn", source: "Tech Savanna", hours: 21,
            headline: "Mupita: MTN's fintech arm keeps growing despite currency losses",
            body:
                "MTN Group's mobile money business MoMo grew revenue 20%, but currency losses in Nigeria pushed the Johannesburg-based telecom operator to a loss of 8 billion rand, Ralph Mupita said."
        ),
        .init(
            event: "mtn", source: "Lagos Ledger", hours: 22,
            headline: "Naira slump drags MTN Group into the red",
            body:
                "Africa's largest mobile operator MTN Group posted an 8 billion rand loss, blaming the devaluation of the naira. MTN Nigeria's results turned negative, Ralph Mupita told investors in Johannesburg."
        ),

        // Senegal election.
        .init(
            event: "senegal-vote", source: "Dakar Dispatch", hours: 40,
            headline: "Faye wins Senegal presidential election in first round",
            body:
                "Opposition candidate Bassirou Diomaye Faye won Senegal's presidential election with 54% of the vote, provisional results showed. Ruling coalition candidate Amadou Ba conceded and congratulated Faye."
        ),
        .init(
            event: "senegal-vote", source: "Continental Wire", hours: 41,
            headline: "Senegal's Amadou Ba concedes defeat",
            body:
                "Former prime minister Amadou Ba conceded on Monday and congratulated Bassirou Diomaye Faye, who took 54% according to provisional figures. Crowds celebrated in Dakar."
        ),
        .init(
            event: "senegal-vote", source: "Global Desk", hours: 44,
            headline: "Diomaye Faye, 44, to become Africa's youngest elected leader",
            body:
                "Bassirou Diomaye Faye, released from prison only ten days before the vote, will become Senegal's president after winning 54% in the first round. Celebrations continued in Dakar late into the night."
        ),
        .init(
            event: "senegal-vote", source: "Pan-African Post", hours: 70,
            headline: "Constitutional Council confirms Faye victory",
            body:
                "Senegal's Constitutional Council confirmed on Wednesday that Bassirou Diomaye Faye won the presidential election with 54.3% of the vote, clearing the way for his inauguration in Dakar."
        ),

        // Kenya finance bill protests (shares Kenya, Nairobi, shillings with the CBK story).
        .init(
            event: "kenya-protests", source: "Nairobi Standard Wire", hours: 26,
            headline: "Police fire tear gas at finance bill protesters in Nairobi",
            body:
                "Police in Nairobi fired tear gas at thousands of young protesters marching against tax increases in the Finance Bill. Demonstrators gathered near Parliament as lawmakers debated the proposals of President William Ruto's government."
        ),
        .init(
            event: "kenya-protests", source: "Global Desk", hours: 27,
            headline: "Kenyan youth take to streets against new taxes",
            body:
                "Protests spread across Kenya as young people rallied against the Finance Bill, which would raise taxes on bread and mobile money. Police used tear gas and water cannon in Nairobi, and rights groups said dozens were arrested."
        ),
        .init(
            event: "kenya-protests", source: "Continental Wire", hours: 29,
            headline: "Ruto says he will listen as Finance Bill protests grow",
            body:
                "President William Ruto said his government would listen to young Kenyans after a day of protests against the Finance Bill in Nairobi and other cities, in which police fired tear gas at demonstrators."
        ),

        // EU fines Apple.
        .init(
            event: "eu-apple", source: "Brussels Tech Brief", hours: 15,
            headline: "EU fines Apple €500m under Digital Markets Act",
            body:
                "The European Commission fined Apple 500 million euros for stopping app developers from steering users to cheaper offers outside the App Store, the first penalty under the Digital Markets Act. Apple said it would appeal."
        ),
        .init(
            event: "eu-apple", source: "Global Desk", hours: 16,
            headline: "Apple to appeal half-billion euro App Store penalty",
            body:
                "Apple said it will challenge the European Commission's decision to impose a fine of 500 million euros over App Store anti-steering rules, calling it unfair to its developers."
        ),
        .init(
            event: "eu-apple", source: "Tech Savanna", hours: 18,
            headline: "Brussels hits iPhone maker over anti-steering rules",
            body:
                "The iPhone maker Apple must pay 500 million euros after Brussels found its App Store rules broke the Digital Markets Act, EU competition chief Teresa Ribera said."
        ),

        // EU fines Meta the same day (near miss).
        .init(
            event: "eu-meta", source: "Brussels Tech Brief", hours: 15.5,
            headline: "Meta fined €200m over pay-or-consent model",
            body:
                "The European Commission fined Meta 200 million euros for its pay-or-consent advertising model on Facebook and Instagram, which it said breached the Digital Markets Act. Meta called the decision a tariff on American business."
        ),
        .init(
            event: "eu-meta", source: "Global Desk", hours: 17,
            headline: "Facebook owner penalised for forcing users to pay or share data",
            body:
                "Meta Platforms must pay 200 million euros after the European Commission ruled that its pay-or-consent choice for Facebook and Instagram users did not comply with EU rules."
        ),
        .init(
            event: "eu-meta", source: "Tech Savanna", hours: 19,
            headline: "Meta says EU's €200m penalty targets US firms",
            body:
                "Meta Platforms said the European Commission's 200 million euro fine over its pay-or-consent ads model unfairly targets American companies, as Brussels enforces the Digital Markets Act on Facebook and Instagram."
        ),

        // South Africa: Eskom load shedding.
        .init(
            event: "eskom", source: "Joburg Business Review", hours: 34,
            headline: "Eskom returns to stage 4 load shedding after unit failures",
            body:
                "South Africa's power utility Eskom said it would implement stage 4 load shedding from 16:00 after six generating units broke down at Kusile and Medupi. The utility asked households to cut use."
        ),
        .init(
            event: "eskom", source: "Pan-African Post", hours: 36,
            headline: "Power cuts return in South Africa as Kusile and Medupi units trip",
            body:
                "Rolling blackouts are back in South Africa, with Eskom announcing stage 4 power cuts after breakdowns at the Kusile and Medupi power stations. Electricity minister Kgosientsho Ramokgopa said repairs were under way."
        ),
        .init(
            event: "eskom", source: "Global Desk", hours: 38,
            headline: "Ramokgopa promises end to blackouts within days",
            body:
                "South Africa's electricity minister Kgosientsho Ramokgopa said Eskom would suspend load shedding within days once units at Medupi and Kusile return to service."
        ),

        // Singletons.
        .init(
            event: "ethiopia-airport", source: "Addis Chronicle", hours: 9,
            headline: "Ethiopian Airlines opens new cargo terminal at Bole",
            body:
                "Ethiopian Airlines inaugurated a cargo terminal at Addis Ababa Bole International Airport that doubles its capacity to handle perishables such as flowers and meat."
        ),
        .init(
            event: "ghana-cocoa", source: "Accra Mirror", hours: 24,
            headline: "Ghana raises cocoa farmgate price by 45%",
            body:
                "Ghana's cocoa regulator Cocobod raised the price paid to farmers by 45% for the new season as world cocoa prices hit record highs, the finance minister said in Accra."
        ),
        .init(
            event: "zambia-debt", source: "Lusaka Times Wire", hours: 45,
            headline: "Zambia reaches deal with bondholders on $3bn debt",
            body:
                "Zambia agreed terms with holders of its $3 billion of Eurobonds, finance minister Situmbeko Musokotwane said in Lusaka, a key step in the debt restructuring that began after the 2020 default."
        ),
    ]

    /// B-cubed precision, recall and F1 of a clustering against the true events.
    static func bCubed(predicted: [String], truth: [String]) -> (precision: Double, recall: Double, f1: Double) {
        precondition(predicted.count == truth.count)
        var precision = 0.0
        var recall = 0.0
        for i in predicted.indices {
            let sameCluster = predicted.indices.filter { predicted[$0] == predicted[i] }
            let sameClass = truth.indices.filter { truth[$0] == truth[i] }
            let both = sameCluster.filter { truth[$0] == truth[i] }.count
            precision += Double(both) / Double(sameCluster.count)
            recall += Double(both) / Double(sameClass.count)
        }
        precision /= Double(predicted.count)
        recall /= Double(predicted.count)
        return (precision, recall, 2 * precision * recall / (precision + recall))
    }
}
