import Testing
import Xoseen

/// The chat safety scanner message by message: each category, each obfuscation, hard benign cases. The
/// labelled sets are measured in `SafetyLabelledSetTests`.
@Suite struct SafetyScannerTests {
    let scanner = SafetyTesting.scanner

    func expectBlocked(
        _ text: String, _ category: SafetyCategory, _ reason: SafetyReason? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let verdict = scanner.scan(text)
        #expect(
            verdict.category == category, "\(text) → \(verdict)\n\(scanner.explain(text))",
            sourceLocation: sourceLocation)
        if let reason {
            #expect(
                verdict == .blocked(category: category, reason: reason), "\(text) → \(verdict)",
                sourceLocation: sourceLocation)
        }
    }

    // MARK: Categories

    @Test(arguments: [
        ("ring me on 917 555 0186 tonight", SafetyReason.phoneNumber),
        ("(718) 555-0134 is my cell", .phoneNumber),
        ("+44 7700 900 811 whatsapp", .phoneNumber),
        ("hmu on snap", .contactHandle),
        ("my handle is the same everywhere, bella rose 22", .contactHandle),
        ("let's talk on the other app, this one is glitchy", .moveOffPlatform),
        ("reach me at 555-0175, that's my number", .phoneNumber),
        ("call 1.555.123.4567 after 6", .phoneNumber),
        ("+33.612.345.678 is my french number", .phoneNumber),
        ("mon numéro: 06.12.34.56.78", .phoneNumber),
        ("write to me: nate.r@protonmail.com", .emailAddress),
        ("nate dot r at protonmail dot com", .emailAddress),
        ("add me on snapchat, it's nate_r21", .contactHandle),
        ("follow me on instagram @nate.runs", .contactHandle),
        ("can we move to whatsapp? this app keeps crashing", .moveOffPlatform),
        ("are you on telegram?", .moveOffPlatform),
        ("download this app so we can talk privately", .moveOffPlatform),
        ("my ig is the same as my name here", .contactHandle),
        ("look me up on linkedin, john smith nyc", .contactHandle),
        ("let's video chat on zoom", .moveOffPlatform),
        ("are you on hinge too?", .moveOffPlatform),
        ("the app here is monitored, let's talk somewhere else", .moveOffPlatform),
    ])
    func offPlatform(_ text: String, _ reason: SafetyReason) {
        expectBlocked(text, .offPlatform, reason)
    }

    @Test(arguments: [
        ("could you grab me a $50 Apple gift card on your way? send me the code", SafetyReason.giftCard),
        ("send me $150 please, my rent is late", .moneyRequest),
        ("zelle me 80 for the train ticket", .moneyRequest),
        ("can you pay my rent this month? I'll pay you back", .moneyRequest),
        ("I need to pay my rent, can you help?", .moneyRequest),
        ("please pay my phone bill babe", .moneyRequest),
        ("can you lend me 200 till friday?", .moneyRequest),
        ("can you loan me a few hundred", .moneyRequest),
        ("I'll send a cheque, deposit it and wire back what's left", .wireTransfer),
        ("what's your bank routing number? I'll send you something nice", .paymentCredentials),
        ("my cousin runs a forex fund, guaranteed 25% a month, want in?", .investmentPitch),
    ])
    func moneyScam(_ text: String, _ reason: SafetyReason) {
        expectBlocked(text, .moneyScam, reason)
    }

    @Test(arguments: [
        ("you're a pathetic ugly loser", SafetyReason.insult),
        ("you're an asshole", .insult),
        ("you prick", .insult),
        ("you absolute twat", .insult),
        ("you are a fraud", .insult),
        ("you're a waste of air", .insult),
        ("whatever slut", .slur),
        ("go kill yourself", .wishingHarm),
        ("I'm going to hurt you", .threat),
        ("I know where you work", .threat),
        ("answer me or else", .threat),
        ("I will find you at your house", .threat),
        ("you will regret this", .threat),
        ("I'll beat the crap out of you", .threat),
        ("I'd beat the shit out of her if I saw her", .threat),
        ("I'll tell everyone if you don't", .threat),
        ("go kill yourself laughing, loser", .wishingHarm),
        ("she should be strung up", .wishingHarm),
        ("he deserves to die", .wishingHarm),
        ("I hope she gets raped", .wishingHarm),
        ("kill them all", .threat),
        ("you will die at my hands", .threat),
        ("I'll break your legs", .threat),
        ("you're dead meat", .threat),
        ("your family will pay", .threat),
        ("I'll hurt your kids", .threat),
        ("sleep with one eye open", .threat),
        ("I will find where you live", .threat),
        ("I hope you get cancer", .wishingHarm),
        ("I hope your mom dies", .wishingHarm),
        ("nobody would miss you if you died", .wishingHarm),
        ("do everyone a favor and die", .wishingHarm),
        ("the world would be better without you", .wishingHarm),
        ("you should just end it all", .wishingHarm),
        ("I followed you home last night", .threat), ("I've been watching you", .threat),
        ("I've been watching you for weeks.", .threat),
    ])
    func harassment(_ text: String, _ reason: SafetyReason) {
        expectBlocked(text, .harassment, reason)
    }

    @Test(arguments: [
        ("send me a nude tonight", SafetyReason.explicitImageRequest),
        ("you know you want it, stop pretending", .pressure),
        ("I'll leak your pics to everyone", .imageThreat),
        ("I bought you dinner so you owe me", .pressure),
        ("you owe me after all I spent", .pressure),
        ("come on just one pic, nobody will see it", .explicitImageRequest),
        ("take your shirt off on camera", .explicitImageRequest),
        ("I have your pics and I'm not afraid to use them", .imageThreat),
        ("can you send me a pic of you in the shower", .explicitImageRequest),
        ("send me a pic of you in your underwear", .explicitImageRequest),
        ("you said no but I know you want it", .pressure), ("I'll keep asking until you say yes", .pressure),
        ("if you don't have sex with me I'll find someone who will", .pressure),
        ("we've been on 3 dates, I deserve more than a kiss", .pressure),
        ("you'll change your mind after a few drinks", .pressure),
    ])
    func sexualCoercion(_ text: String, _ reason: SafetyReason) {
        expectBlocked(text, .sexualCoercion, reason)
    }

    @Test(arguments: [
        ("she lives at 19 Ludlow St, go see her", SafetyReason.homeAddress),
        ("my address is 401 Bergen St apt 3", .homeAddress),
        ("ssn 321-54-9870", .governmentID),
        ("4242 4242 4242 4242 that's my card", .cardNumber),
        ("my password is bluebird77", .secret),
        ("my pin is 4 4 7 1", .secret),
        ("cvv 123, exp 12/27", .cardNumber),
        ("passport number is X1234567", .governmentID),
        ("my account is 12345678", .bankDetails),
        ("fyi she has herpes, her ex told me", .privateFacts),
        ("he's on probation, ask him about his criminal record", .privateFacts),
        ("what's the 6 digit code you just got?", .secret),
        ("can you read me the code from your phone", .secret),
        ("here's my password: hunter2", .secret),
        ("what's your social security number? for the background check", .governmentID),
        ("my verification code is 482913", .secret),
    ])
    func personalData(_ text: String, _ reason: SafetyReason) {
        expectBlocked(text, .personalData, reason)
    }

    // MARK: Lexicon and learned classes

    @Test(arguments: [
        "shut up you fags", "look at these retards", "go back home, wetbacks", "typical stupid tranny",
        "you homo", "the kikes run everything", "filthy spic", "what a bunch of faggots", "you're so retarded",
        "ignore me again and see what happens", "piss off, creep", "just piss off", "shut up you he-she",
        "too many queers in this town", "just another common cripple", "what a bunch of dykes", "rapefugees out",
        // An ambiguous slur wished dead or killed (each was allowed).
        "all fags should die", "kill all the fags", "kill the trannies", "gas the gypsies",
        // An insult after its adjectives (both were allowed).
        "why are you ignoring me you stuck up bitch", "you lying cheating bastard",
        "nobody would date a fatty like you", "you smell like shit", "eat a dick",
    ])
    func slursWithInflections(_ text: String) {
        expectBlocked(text, .harassment)
    }

    @Test(arguments: [
        ("Txt WIN to 87121 to claim your prize", SafetyReason.prizeScam),
        ("Your free ringtone is waiting. Simply text the password MIX to 85069 to verify", .prizeScam),
        ("Congratulations! You have won a £1,000 cash prize, claim now", .prizeScam),
        ("FREE entry into our weekly draw, reply STOP to opt out", .prizeScam),
        ("claim your free reward before midnight", .prizeScam),
        ("my uncle trades crypto, guaranteed returns every week, want in?", .investmentPitch),
        ("my uncle is a crypto trader, want to invest with me?", .investmentPitch),
        ("can you spot me $50 for gas?", .moneyRequest),
        ("I'm a soldier deployed overseas and need help paying for my leave papers", .moneyRequest),
        ("my bank account is frozen, can you help me out", .moneyRequest),
        ("I just need a small loan until friday", .moneyRequest),
        ("please don't tell anyone but I need money urgently", .moneyRequest),
        // Three weights of 0.35, 0.3 and 0.35 add up to 1 whatever their order.
        ("I have an inheritance stuck in customs, I need a fee to release it", .moneyRequest),
        ("I'm stuck at customs, can you help me with the fee? I'll pay you back", .moneyRequest),
        ("I'm stranded overseas and the hospital won't let me leave until I pay, can you help me?", .moneyRequest),
        // The money mule's errands and a broker introduced (each was allowed).
        ("I need you to receive a package for me and forward it", .wireTransfer),
        ("can you cash a check for me? I'll send it to your address", .wireTransfer),
        ("I'm investing in gold with a broker, want me to introduce you?", .investmentPitch),
        // Phishing, selling pictures, the sugar-daddy offer (each was allowed).
        ("verify your account here to keep chatting: bit.ly/verify123", .paymentCredentials),
        ("your account will be suspended unless you confirm your details", .paymentCredentials),
        ("I sell pics, 20 bucks for a set", .spam),
        ("I'm a sugar daddy, I'll pay your bills for weekly meetups", .prizeScam),
        ("I'll give you $500 a week allowance", .prizeScam),
        // Premium texts by how they charge and stop ("To stop these msgs send STOP" was allowed).
        ("To stop these msgs send STOP", .prizeScam),
        ("2 cancel send STOP", .prizeScam),
        ("Join now by txting LOVE to 69888", .prizeScam),
        ("Fantasy league is back! SKY OPT OUT to 88088", .prizeScam),
        ("New tones every week, 150p/msg, reply STOP to end", .prizeScam),
    ])
    func spamAndScamVocabulary(_ text: String, _ reason: SafetyReason) {
        expectBlocked(text, .moneyScam, reason)
    }

    @Test(arguments: [
        "women are too stupid to be allowed to vote",
        "check out my channel and subscribe, new video every day!!",
        "please subscribe to my youtube channel",
        "I make covers, please look at my channel",
        "earn $500 a day from home, click here",
    ])
    func learnedClassesCatchWhatNoListNames(_ text: String) {
        #expect(scanner.scan(text).isBlocked, "\(text)\n\(scanner.explain(text))")
    }

    /// The classifier's spam vote needs something promoted (a channel, a sale, a link, an amount): it learned
    /// from comment spam, where sharing a song reads like promotion. Each of these was blocked as spam.
    @Test(arguments: [
        "are you free on saturday? wanna watch a movie with me",
        "U free on sat? wanna watch a movie wif me",
        "check out this song, it reminds me of you",
        "check out this song, it's my favourite song",
        // Asking for a thumbs up is comment-section talk, not selling (YouTube's own labels call it benign).
        "thumbs up if you remember this song from 2011", "thumbs up if you love this song",
        // A link alone read as spam: the training texts' benign links had been removed.
        "lol look at this https://t.co/abc123",
        "this place looks nice https://www.yelp.com/biz/joes-pizza",
    ])
    func sharingAndInvitingAreNotSpam(_ text: String) {
        #expect(scanner.scan(text) == .allowed, "\(text)\n\(scanner.explain(text))")
    }

    /// One sign of a premium text alone is ordinary talk about prices and texting.
    @Test(arguments: [
        "it's 50p a text on my plan so reply on whatsapp",
        "the parking costs £2 per hour there",
        "standard rates apply lol jk",
        "please stop texting me",
        "std txt rate applies",
    ])
    func oneSignOfAPremiumTextIsNotSpam(_ text: String) {
        #expect(scanner.scan(text) == .allowed, "\(text)\n\(scanner.explain(text))")
    }

    // MARK: Context

    @Test(arguments: [
        "it's okay to have sex on a first date if it's mutual",
        "I think sex gets better when you actually talk about what you like",
        "we talked about sex and kids on our second date, felt very adult",
        "hoe gaat het met je?",  // Dutch: how are you
        "ik weet niet hoe laat het is",
        "the tranny on my old truck finally died",  // transmission
        "I need to quit fags, they're killing me",  // cigarettes
        "this site is monitored for safety, which is nice",
        "I need to cash a check at the bank before it closes",
        "can you receive the package for me? I'm at work",
        "want me to introduce you to my friends?",
        "my zoom meeting ran late, sorry", "I met my ex on tinder lol", "zoom in on the photo, you'll see the dog",
        "my name is the same as my dad's",
        "you're so annoying haha", "are you crazy? lol",
        "I'll send you my passport photo to prove it's me", "my password manager is great",
        "the password reset page is broken", "what's your ID number on the app? mine is in my bio",
        "I've been watching you dance all night, you're amazing", "I followed you on spotify lol",
        "I've been watching your videos",
        "you said no to the sushi place, so pick somewhere", "I know you want it, the last slice is yours",
        "I deserve more than this job honestly", "you'll change your mind about the movie after the trailer",
        "thanks for being patient with me, I was nervous",
        "a girl like you deserves the best", "a loser like me doesn't deserve you lol", "this place smells like shit lol",
        "you smell like heaven",
        "did you verify your account? the app asked me to", "my weekly allowance as a kid was $5",
        "she used to sell pics of her paintings on etsy", "my account got locked because I forgot my password",
        "sugar daddy memes are so funny", "check out this song here",
        "let's talk somewhere else, this bar is too loud",
        "download the app for the restaurant so we can order ahead",
        "send me a pic of the bathroom tiles you picked",
        "I'd kill for a fag right now",
        "fags should be banned in pubs",
        "my bank texted: never share your PIN with anyone, not even us",
        "reminder from the bank: we will never ask for your PIN or password",
        "this fucking traffic, I'll be 10 minutes late",  // untargeted profanity is allowed
        "holy shit, that concert was amazing",
        "I'm en retard, désolé!",
        "I just lost my job and I'm worried about how I'm going to pay the bills",  // one's own bills
        "ask her out, make an actual move and see what happens",  // advice, not a dare
        "I saw a job ad outside your store and I'm coming to ask about it",
        "why the fuck would you ask him that?",
        "could you bring some fold-up chairs?",  // "fold" is no slur
        "don't want to piss off the neighbours before the party",  // the verb with its object
        "congratulations on your award, you really earned it!",  // congratulating is no prize claim
        "congrats on the bonus! drinks on you this weekend?",
        "he got arrested at the protest last night, it was all over the news",  // news, not a private fact
        "can you pick me up from the hospital after my surgery tomorrow?",  // a favour, no money
        "my friend says he/she is running late, whoever they bring",  // the pronoun
        "ask the host if he/she minds us bringing wine",
        "my dog has to wear a muzzle at the vet",  // no slur reads as "muzzle"
        "don't kill yourself over it, it was just one bad date",  // comfort, not a wish
        "you'll kill yourself laughing at this video",
        "I nearly died laughing at your message",
        "leave by 7 or else you will miss the train",  // a condition's other half
        "my brother beat the crap out of me at chess lol",  // a story, not a threat
        "a picture of my license plate got taken by a speed camera",  // a plate is no ID
        "that video has 2.124.821.694 views already",  // a count with dots between the thousands
        "we met on 02.08.2019 11 days before my birthday",  // a date with dots starts no phone number
        "my credit card got declined 2 times today lol",  // a count, not a card number
        "my account is 2 years old",
        "the expiry on my passport is in 3 months",
        "I need to pay my phone bill before friday",  // one's own bill
        "never send money to people you meet online, right?",  // a warning
        "can you lend me your umbrella tomorrow? it's supposed to rain",  // a thing, not money
        "I'll find you at the bar, I'll be wearing a red scarf",  // meeting up
        "you'll regret not trying the tiramisu",  // teasing
        "can you put out the candles before you leave",  // "put out" is sex owed only said of a person
        "they put out a new album last week",
        "I was a bit put out by his comment",
        "give it up for the band tonight!",  // applause
        "I have to give it up to her, she cooked amazing",  // credit
        "don't give it up, keep practicing piano",
        "my dad works in trading, he can help you move the couch",  // business talk is no pitch
        "the investors loved our strategy, it's a real opportunity for the team",
        "send me the pics from the party",  // asked for, not passed on
        "are you dead? you haven't texted",  // teasing, not a threat
        "I'm better off without you",  // a break-up
        "your family will pay for the wedding",
        "I'll get your mom a gift",
        "nobody will miss you at the party if you don't come",
        "I hope you get better soon",
        "you'd better watch out for the ice",
        "I want to end it all",  // the sender's own despair is not abuse
        "just one pic of the sunset please",
        "nobody will know we ate the whole cake",
        "I will tell everyone if you win lol",
        "take your shoes off for the video call, kidding",
        "can you spot me at the gym tomorrow",
        "hmu on the weekend",
        "join me for coffee?",
        "what's the promo code you got?",
        "send me the zip code of the venue",
        "never share a code you get by text with anyone",
        "send me the number of the restaurant",
        "get me a pin for the map",
        "the fee to clear customs was crazy on my last trip",
        "my account got hacked, can you help me report it",
        "I need help paying attention in class lol",
        "we met on another app before this one",
        "my name is the same everywhere I go, everyone knows me",
    ])
    func contextKeepsOrdinaryMessagesAllowed(_ text: String) {
        SafetyTesting.expect(text, gets: .allowed)
    }

    // MARK: Obfuscation

    @Test(arguments: [
        "t3xt m3 at 917 555 0142",  // leetspeak around the number
        "9 1 7 5 5 5 0 1 4 2",  // spaced digits
        "nine one seven five five five zero one four two",  // number words
        "nine 1 seven 5 five 5 oh 1 four 2",  // mixed
        "9l7-555-O142",  // letters for digits
        "９１７ ５５５ ０１４２",  // fullwidth digits
        "917\u{200B}555\u{200B}0142",  // zero-width spaces inside
    ])
    func obfuscatedPhoneNumbers(_ text: String) {
        expectBlocked(text, .offPlatform, .phoneNumber)
    }

    @Test(arguments: [
        "add me on sn@pch@t: kyle_07",  // symbols for letters
        "add me on s n a p c h a t",  // spaced letters
        "add me on s.n.a.p.c.h.a.t",  // dots between letters
        "add me on s_n_a_p_c_h_a_t",  // underscores between letters
        "add me on snap chat",  // split word
        "add me on \u{0455}\u{0578}\u{0430}\u{0440}",  // Cyrillic/Armenian look-alikes: "ѕոар"
        "add me on ｓｎａｐ",  // fullwidth
        "add me on sn\u{200D}ap",  // zero-width joiner
        "ADD ME ON SNAP",  // case
        "add me on snäp",  // accent
    ])
    func obfuscatedHandles(_ text: String) {
        expectBlocked(text, .offPlatform)
    }

    @Test(arguments: [
        "you're a b1tch",
        "you're a b!tch",
        "you're a b*tch",
        "you're a b i t c h",
        "you're a bitchhhh",
        "you're a \u{0432}itch",  // Cyrillic ve as b
        "you're a βitch",  // Greek beta
        "you're a bi\u{200B}tch",
        "ｙｏｕ'ｒｅ ａ ｂｉｔｃｈ",
        "you're a sl ut",
    ])
    func obfuscatedInsults(_ text: String) {
        expectBlocked(text, .harassment)
    }

    @Test func deterministicAcrossCallsAndInstances() {
        let texts = ["send nudes", "I'm 34 and live in Brooklyn", "call 917 555 0142", "dinner's on me"]
        let first = texts.map { SafetyTesting.scanner.scan($0) }
        for _ in 0..<3 {
            #expect(texts.map { scanner.scan($0) } == first)
        }
    }

    // MARK: Hard benign cases

    @Test(arguments: [
        "dinner's on me, you can get the next one",
        "I'm sorry, but I can't find the book that you lend me.",
        "my password is 4 words long lol",
        "she was killed in the crash",
        "you lucky bastard, enjoy the trip!",
        "did you prick your finger on the roses?",
        "my ex told me \"you're worthless\" and I believed it for years",
        "she said 'you're a disgrace' to me, can you believe it",
        "he shouldn't be shot for that",
        "they should be paid more",
        "hang them all on the wall",
        "I work in crypto compliance at a bank",
        "meet at 7:30 at 5th Ave and 14th St?",
        "my sister lives in Brooklyn, near the park",
        "I'm 29, 5'10\", born in 1996",
        "the flight is at 6:05 and lands at 9:50",
        "tickets are $85, I'll venmo you my half",
        "we lived on 86th St from 2011 to 2019",
        "the bar is at 120 Orchard St, see you there at 8",
        "my grandma turned 101 in 2023!",
        "I ran 13.1 miles in 1:52:40",
        "I follow a bunch of chefs on instagram",
        "my phone died, talk later",
        "you're not ugly at all, stop it",
        "this heat is killing me",
        "I'm going to destroy you at mario kart",
        "I'll shoot you a message here when I'm out",
        "I'll be at your place at 8",
        "send me a pic of your cat!",
        "no pressure, we can just get coffee",
        "I got my niece an Amazon gift card",
        "I hope you have a great day",
        "what's your favorite place in the city?",
        "my building has 2 elevators and 14 floors",
        "rent here is $2,900 which is wild",
        "",
        "   ",
        "😂😂😂",
    ])
    func hardBenign(_ text: String) {
        SafetyTesting.expect(text, gets: .allowed)
    }

    @Test func longMessagesAreScannedWhole() {
        let padding = String(repeating: "we should totally get tacos again sometime ", count: 200)
        #expect(scanner.scan(padding) == .allowed)
        #expect(scanner.scan(padding + "add me on snap: kev_22").category == .offPlatform)
    }
}
