import Foundation
import Testing

@testable import Jarvis

/// Wire boilerplate and page furniture never reach summaries, consensus or conflict.
@Suite struct PageFurnitureTests {
    @Test(
        arguments: [
            // (body, what must be gone, what must stay)
            (
                "LAGOS (Reuters) - Nigeria's central bank raised its key rate to 27.5% on Tuesday.",
                "(Reuters)", "Nigeria's central bank raised its key rate to 27.5% on Tuesday."
            ),
            (
                "NEW YORK, March 3 (Reuters) — Stocks fell on Monday as bond yields rose.",
                "NEW YORK", "Stocks fell on Monday as bond yields rose."
            ),
            (
                "WASHINGTON — The Senate passed the bill by 68 votes to 31.", "WASHINGTON",
                "The Senate passed the bill by 68 votes to 31."
            ),
            ("KHARTOUM, Sudan -- Armed men hijacked a plane on Tuesday.", "KHARTOUM", "Armed men hijacked a plane on Tuesday."),
            (
                "The ministry confirmed the figures. (Reporting by Ana Lopez; Editing by Tom Hill)",
                "Reporting by", "The ministry confirmed the figures."
            ),
            (
                "The ministry confirmed the figures.\nReporting by Ana Lopez; Editing by Tom Hill",
                "Editing by", "The ministry confirmed the figures."
            ),
            (
                "The vote is due on Friday.\nThe Associated Press contributed to this report.",
                "contributed", "The vote is due on Friday."
            ),
            ("The vote is due on Friday.\nRead more: Why the vote matters", "Read more", "The vote is due on Friday."),
            (
                "The vote is due on Friday.\nSign up for Daily Newsletters Manage Newsletters", "Sign up",
                "The vote is due on Friday."
            ),
            ("The vote is due on Friday.\nCLICK HERE TO GET THE FOX NEWS APP", "CLICK HERE", "The vote is due on Friday."),
            ("Image copyright Getty Images\nThe vote is due on Friday.", "Getty", "The vote is due on Friday."),
            (
                "Enlarge this image toggle caption Evan Vucci/AP Evan Vucci/AP\nThe vote is due on Friday.", "Vucci",
                "The vote is due on Friday."
            ),
            (
                "The vote is due on Friday.\nCopyright © 2020 The Washington Times, LLC. Click here for reprint permission.",
                "Copyright", "The vote is due on Friday."
            ),
            ("The vote is due on Friday.\nFollow Kevin on Twitter", "Twitter", "The vote is due on Friday."),
            ("ADVERTISEMENT\nThe vote is due on Friday.\nStory Continued Below", "ADVERTISEMENT", "The vote is due on Friday."),
            ("By Jane Smith, Political Reporter\nThe vote is due on Friday.", "Jane Smith", "The vote is due on Friday."),
            ("The mayor (Photo by John Doe/Getty Images) spoke on Friday.", "Getty", "The mayor spoke on Friday."),
            (
                "Lawmakers met on Friday. ( Also on POLITICO: GOP discovers Romney could win)", "POLITICO",
                "Lawmakers met on Friday."
            ),
            (
                "President Trump Donald John TrumpTrump faces high stakes in meeting with Erdoğan MORE on Monday slammed "
                    + "former Secretary of State John Kerry.", "Donald John",
                "President Trump on Monday slammed former Secretary of State John Kerry."
            ),
            // The block repeats the name the sentence gives: that name stays.
            (
                "Former Rep. Joe Walsh Joe WalshBill Weld secures one Iowa delegate MORE (R-Ill.) has ended his campaign.",
                "Bill Weld", "Former Rep. Joe Walsh (R-Ill.) has ended his campaign."
            ),
            (
                "Slideshow (5 Images)\nUpdated at 3:15 p.m. ET\nThe vote is due on Friday.", "Slideshow",
                "The vote is due on Friday."
            ),
            // Embedded social posts and agency photo credits (seen in the real event set).
            (
                "The vote is due on Friday.\nHard to believe anyone would approve! — Jane Roe (@janeroe) December 28, 2018",
                "@janeroe", "The vote is due on Friday."
            ),
            ("The vote is due on Friday. pic.twitter.com/AbC123xyz", "pic.twitter", "The vote is due on Friday."),
            (
                "FILE PHOTO: The senator speaks in Washington, U.S., May 23, 2017. REUTERS/Kevin Lamarque/File Photo\n"
                    + "The vote is due on Friday.", "Lamarque", "The vote is due on Friday."
            ),
            (
                "The senator arrives at the Capitol. (AP Photo/J. Scott Applewhite)\nThe vote is due on Friday.",
                "Applewhite", "The vote is due on Friday."
            ),
            // Photo captions left in running text with their credits, and the caption before a credit.
            (
                "The council voted on Monday. Councillor Ann Poole (left) greets residents in Leeds, March 4, 2021. "
                    + "(Ben Marsh/Reuters) The new budget takes effect in April.", "Ben Marsh",
                "The council voted on Monday. The new budget takes effect in April."
            ),
            (
                "The council voted on Monday. Residents queue outside the town hall, March 4, 2021. (Ben Marsh/Reuters)",
                "queue outside", "The council voted on Monday."
            ),
            (
                "Councillor Ann Poole at the town hall (Ben Marsh/Pool via AP) The new budget takes effect in April.",
                "Ann Poole", "The new budget takes effect in April."
            ),
            (
                "The council voted on Monday. Ben Marsh | Leeds Civic Trust | Getty Images The new budget takes effect in April.",
                "Getty", "The new budget takes effect in April."
            ),
            (
                "The council voted on Monday. Councillor Ann Poole. | Ben Marsh/AP Photo more on the vote",
                "AP Photo", "The council voted on Monday."
            ),
            ("Leeds, England (CNN)The council voted on Monday.", "CNN", "The council voted on Monday."),
            (
                "LEEDS, Nov 25 (Pennine Wire) - The council voted on Monday.", "Pennine Wire",
                "The council voted on Monday."
            ),
            ("NEW YORK (Hudson Daily News) — The council voted on Monday.", "Hudson", "The council voted on Monday."),
            (
                "LEEDS, England/LONDON (Reuters) - The council voted on Monday.", "Reuters", "The council voted on Monday."
            ),
            (
                "The council voted on Monday. Councillor Ann Poole speaks in Leeds, Britain, March 4, 2021. "
                    + "REUTERS/Ben Marsh The new budget takes effect in April.", "Ann Poole",
                "The council voted on Monday. The new budget takes effect in April."
            ),
            (
                "In this March 4, 2021, file photo, Councillor Ann Poole speaks in Leeds. The new budget takes effect in April.",
                "file photo", "The new budget takes effect in April."
            ),
            (
                "The council voted on Monday. Leeds Civic Trust did not immediately respond to a request for comment.",
                "request for comment", "The council voted on Monday."
            ),
            // Old wire copy (AP, NYT news service): " _ " as a dash, "_" opening a list item, `` '' as quotes.
            ("HOLLYWOOD (AP) _ The council voted on Monday.", "HOLLYWOOD", "The council voted on Monday."),
            ("UNITED NATIONS _ The council voted on Monday.", "UNITED NATIONS", "The council voted on Monday."),
            (
                "The council voted on Monday _ the first time since 1998 _ to raise fares.", "_",
                "The council voted on Monday — the first time since 1998 — to raise fares."
            ),
            (
                "The council voted on Monday. _The new budget takes effect in April.", "_",
                "The council voted on Monday. The new budget takes effect in April."
            ),
            (
                "``The budget is fair,'' the mayor said.", "`", "“The budget is fair,” the mayor said."
            ),
            // Datelines and stamps of web pages: an outlet with a digit, a date before the outlet, bars, a city and
            // its country in ordinary capitals, an agency glued to its dash, date and update stamps, a label.
            ("LEEDS (KTV9) – The council voted on Monday.", "KTV9", "The council voted on Monday."),
            ("March 1 (UPI) -- The council voted on Monday.", "UPI", "The council voted on Monday."),
            ("Leeds, England | Pennine Wire | The council voted on Monday.", "Pennine", "The council voted on Monday."),
            ("Leeds/York | The council voted on Monday.", "York", "The council voted on Monday."),
            ("CNN– The council voted on Monday.", "CNN", "The council voted on Monday."),
            ("Nairobi, Kenya – The council voted on Monday.", "Nairobi", "The council voted on Monday."),
            (
                "March 10, 2023 Updated Fri., March 10, 2023 at 8:19 p.m. The council voted on Monday.", "Updated",
                "The council voted on Monday."
            ),
            ("[Developing Story] November 11, 2022 – The council voted on Monday.", "Developing", "The council voted on Monday."),
            // More page stamps and datelines of web copy: day first, a bare date before the text, a place and a colon
            // or a date on the first line, a live page's update label.
            ("5th September 2022 The council voted on Monday.", "2022", "The council voted on Monday."),
            ("Sunday 28 March 2021 - 17:34 The council voted on Monday.", "17:34", "The council voted on Monday."),
            ("March 10, 2023 The council voted on Monday.", "2023", "The council voted on Monday."),
            ("Leeds: The council voted on Monday.", "Leeds", "The council voted on Monday."),
            ("Leeds, England: The council voted on Monday.", "England", "The council voted on Monday."),
            ("Leeds, Sep 10 The council voted on Monday.", "Sep", "The council voted on Monday."),
            ("UPDATE: The council voted on Monday.", "UPDATE", "The council voted on Monday."),
            ("Update4: The council voted on Monday.", "Update", "The council voted on Monday."),
            // AP's caption that opens on the picture.
            (
                "In this image released by the council, the mayor signs the budget. The council voted on Monday.", "mayor signs",
                "The council voted on Monday."
            ),
            // A bullet opens an item of its own; a related story's headline run into the text is no sentence.
            ("The council voted on Monday. • Fares rise in April.", "•", "Fares rise in April."),
            (
                "The council voted on Monday. ‘Record’ Fares Rise Again in Leeds, Mayor Says (AP)", "Mayor Says",
                "The council voted on Monday."
            ),
        ] as [(String, String, String)])
    func furnitureIsRemovedAndNewsKept(body: String, gone: String, kept: String) {
        let cleaned = PageFurniture.clean(body)
        #expect(!cleaned.contains(gone), "\(gone) left in: \(cleaned)")
        #expect(cleaned.contains(kept), "news lost: \(cleaned)")
    }

    @Test func captionLikeSentencesEndWithAPlaceAndADate() {
        #expect(PhotoCaptions.looksLikeCaption("Commuters wait on a platform in Leeds, Britain, Tuesday, March 4, 2021."))
        #expect(!PhotoCaptions.looksLikeCaption("The rules take effect on Jan. 15, 2027."))
        // Who stands where, as AP's captions say it (the summary's own filter; the credit may be cut already).
        #expect(PhotoCaptions.looksLikeCaption("Listening are from left, Ann Poole and Tom Reed, both of Leeds."))
        #expect(!PhotoCaptions.looksLikeCaption("The party moved from left to centre under its new leader."))
        #expect(
            PhotoCaptions.looksLikeCaption(
                "Governor Tunde Adeyemi speaks about the bridge in the state house, Thursday, April 23, 2026, in Ikeja."))
    }

    /// A caption ends with the picture's date, year and all; news of the same week leaves the year out.
    @Test func aSentenceEndingWithThisWeeksFullDateIsACaption() throws {
        let published = try Date("2022-09-08T18:00:00Z", strategy: .iso8601)
        let body = """
            Rescue workers carry an injured man in Leeds on Sept. 6, 2022. The council voted on Monday.
            The mayor speaks outside the town hall on Thursday, September 8, 2022, in Leeds.
            The new fares take effect on January 1, 2023. The bridge opened on June 3, 2015.
            """
        let cleaned = PageFurniture.clean(body, published: published)
        #expect(!cleaned.contains("Rescue workers") && !cleaned.contains("mayor speaks"), "\(cleaned)")
        for kept in ["The council voted on Monday.", "take effect on January 1, 2023.", "opened on June 3, 2015."] {
            #expect(cleaned.contains(kept), "\(kept) lost: \(cleaned)")
        }
        // Without a date to compare with, only the caption forms without one apply.
        #expect(PageFurniture.clean(body).contains("Rescue workers"))
    }

    @Test func aNamedPersonInTheActIsACaption() {
        #expect(PhotoCaptions.looksLikeCaption("Rep. Ada Obi speaks at the party convention in Abuja."))
        #expect(PhotoCaptions.looksLikeCaption("Governor Tunde Adeyemi speaking at a rally."))
        #expect(!PhotoCaptions.looksLikeCaption("Governor Tunde Adeyemi spoke at a rally on Monday."))
        #expect(!PhotoCaptions.looksLikeCaption("Ada Obi is speaking out against the bridge closure."))
        #expect(!PhotoCaptions.looksLikeCaption("The governor speaks Yoruba and English."))
    }

    @Test func slashesInNewsAreNotCredits() {
        let body = """
            An Ipsos/Reuters poll found 41% support for the plan (U.S./China talks resume on May 3, 2021). \
            The Pfizer/BioNTech vaccine was approved on Dec. 2, 2020.
            """
        #expect(PageFurniture.clean(body) == body)
    }

    @Test(arguments: [
        ("Council approves fare rise (video)", "Council approves fare rise"),
        ("Council approves fare rise [VIDEO, PHOTOS]", "Council approves fare rise"),
        ("Council approves fare rise - video", "Council approves fare rise"),
        ("Council approves fare rise | Leeds Ledger", "Council approves fare rise"),
        ("The Latest: Council approves fare rise", "Council approves fare rise"),
        ("The latest fares approved by the council", "The latest fares approved by the council"),
        ("Video games council approves rating rules", "Video games council approves rating rules"),
        ("(Video) council approves fare rise", "(Video) council approves fare rise"),
    ])
    /// Headlines lose presentation tags as they lose a trailing source name (`HeadlineText.clean`).
    func presentationTagsLeaveTheHeadline(_ headline: String, _ expected: String) {
        #expect(HeadlineText.clean(headline, source: "Leeds Ledger") == expected)
    }

    @Test func ordinaryNewsIsUntouched() {
        let body = """
            The Central Bank of Nigeria raised its benchmark rate to 27.5% on Tuesday, the sixth rise this year.
            Governor Olayemi Cardoso said inflation, at 33.2% in March, remained the main concern.
            "We will do what it takes," he told reporters in Abuja.
            """
        #expect(PageFurniture.clean(body) == body)
        // Openings that look like a dateline or a stamp but are news: two names before a dash, a date in a sentence.
        for sentence in [
            "Smith, Jones – the firm behind the bid – won the contract on Monday.",
            "May 5 is when the council votes on the budget.", "March 10, 2023 was the day the bank failed, regulators said.",
            "Leeds, the city that hosted the vote, said no.", "In this city the council votes in May.",
        ] {
            #expect(PageFurniture.clean(sentence).hasPrefix(sentence.prefix(12)), "\(sentence)")
        }
    }

    @Test func summariesAndConsensusCarryNoFurniture() {
        func article(_ id: String, _ source: String, _ body: String) -> StoryArticle {
            StoryArticle(
                id: id, feedId: nil, source: source, sourceAuthority: 80, topicHint: nil, region: nil,
                headline: "Nigeria's central bank raises key rate to 27.5%", body: body,
                publishedAt: Date(timeIntervalSince1970: 1_700_000_000), firstSeenAt: Date(timeIntervalSince1970: 1_700_000_000),
                isBreakingFlag: false, canonicalUrl: nil, contentHash: id)
        }
        let articles = [
            article(
                "a", "Wire One",
                """
                LAGOS (Reuters) - The Central Bank of Nigeria raised its benchmark interest rate to 27.5% on Tuesday to fight inflation.
                The monetary policy committee voted unanimously, Governor Olayemi Cardoso told reporters in Abuja.
                (Reporting by Ana Lopez; Editing by Tom Hill)
                """),
            article(
                "b", "Paper Two",
                """
                By Jane Smith
                ABUJA — The Central Bank of Nigeria lifted its benchmark rate to 27.5% on Tuesday, its sixth increase this year.
                Read more: What the naira's fall means for you
                Sign up for our daily business newsletter
                Copyright © 2024 Paper Two. All rights reserved.
                """),
        ]
        let insight = StoryAnalyzer().analyze(articles, topic: .africa, now: Date(timeIntervalSince1970: 1_700_003_600))
        for text in [insight.summary, insight.consensus ?? "", insight.conflict ?? ""] {
            for furniture in [
                "Reuters", "Reporting by", "Editing", "Jane Smith", "Read more", "Sign up", "Copyright", "LAGOS (", "ABUJA —",
            ] {
                #expect(!text.contains(furniture), "\(furniture) in: \(text)")
            }
        }
        #expect(insight.summary.contains("27.5%"))
    }
}
