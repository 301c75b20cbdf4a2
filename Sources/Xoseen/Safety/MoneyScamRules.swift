/// Romance and investment scams: asking for money, gift cards (their codes are cash that cannot be traced),
/// transfers, payment credentials, and "let me show you how I trade" pitches. Money in passing — prices,
/// splitting a bill, a job in finance, a gift card received — is not a request and stays allowed. Prize claims,
/// premium-rate shortcodes and bulk-text wording ("reply STOP to opt out") are the spam that reaches chat; bulk
/// and promotional spam without such words is the learned classifier's part (``LearnedSafetyModel``).
enum MoneyScamRules: SafetyRuleSet {
    static let sets: [String: [String]] = [
        "giftCard": SharedWords.words(
            """
            gift_card gift_cards giftcard giftcards itunes_card itunes_cards steam_card steam_cards google_play_card \
            google_play_cards play_store_card apple_card apple_cards amazon_card sephora_card ebay_card xbox_card \
            vanilla_card razer_card target_card walmart_card
            """),
        "moneyWord": SharedWords.words(
            """
            money cash funds bucks dollars dollar usd btc bitcoin crypto usdt eth grand payment
            """),
        "payApp": SharedWords.words(
            """
            paypal venmo cashapp cash_app zelle western_union moneygram wise remitly apple_pay google_pay
            """),
        "bill": SharedWords.words(
            """
            rent bill bills fees fee medicine medication surgery hospital ticket flight visa debt tuition groceries \
            lawyer medical treatment fine bail
            """),
        "few": SharedWords.words("some the more a little bit of your ur extra quick"),
        "investment": SharedWords.words(
            """
            invest investing investment investor investors trading trade trader forex crypto cryptocurrency bitcoin \
            btc ethereum eth usdt coin coins presale mining
            """),
        "pitch": SharedWords.words(
            """
            guaranteed guarantee returns double_your 10x 100x 5x x10 passive_income financial_freedom teach_you \
            show_you get_you_in want_in once_in_a_lifetime minimum_deposit insider no_risk risk_free make_money \
            daily_profit my_mentor moon invest_with_me invest_with_us join_me introduce_you my_broker \
            my_account_manager
            """),
        "hardship": SharedWords.words(
            """
            stuck stranded customs hospital surgery medicine deployed overseas oil_rig frozen hacked declined \
            inheritance lawyer leave_papers emergency desperate short_on kicking_me_out lost_my_wallet
            """),
        "prize": SharedWords.words(
            """
            prize prizes reward rewards cash_prize jackpot winnings voucher vouchers award lottery sweepstake \
            sweepstakes giveaway bonus ringtone holiday cruise
            """),
        "won": SharedWords.words(
            """
            you_have_won youve_won you_won you_are_a_winner youre_a_winner been_selected have_been_chosen \
            you_have_been_selected selected_to_receive lucky_winner
            """),
        // Congratulating is ordinary between people ("congrats on the award!"): it only adds to a prize claim.
        "cheer": SharedWords.words("congratulations congrats winner"),
        "bulk": SharedWords.words(
            """
            free_entry free_msg freemsg txt_stop std_rates per_msg per_min per_week opt_out unsubscribe \
            subscribe t_cs tcs t_c 150p 18_only urgent_reply call_now claim_now act_now limited_time \
            click_here click_the_link visit_our_website
            """),
        "cryptoScam": SharedWords.words(
            """
            airdrop usdt nft binance wallet_address seed_phrase crypto_signals trading_platform trading_account \
            mining_pool recovery_fee withdrawal_fee unlock_your_account
            """),
        "asking": SharedWords.words(
            """
            can_you could_you can_u could_u help_me help_out need_your_help need_help please_help i_hate_asking \
            if_you_really \
            pay_you_back pay_u_back pay_it_back give_it_back make_it_up_to_you reimburse
            """),
    ]

    static let cues: [SafetyCue] = [
        // Gift cards: a mention is innocent; buying one for someone, its code, or its back are not.
        SafetyCue(.moneyScam, .giftCard, 0.5, "@giftCard"),
        SafetyCue(.moneyScam, .giftCard, 0.5, "buy|get|grab|pick|purchase|need|want ~4 @giftCard"),
        SafetyCue(.moneyScam, .giftCard, 0.5, "buy|get|grab|pick|purchase|send ~2 me|us"),
        // "The code", not "the zip code of the venue".
        SafetyCue(.moneyScam, .giftCard, 0.5, "the|a|your|ur|that|this|those|these|its|card code|codes"),
        SafetyCue(.moneyScam, .giftCard, 0.5, "scratch|the_back|reimburse|pay_you_back|explain"),
        SafetyCue(.moneyScam, .giftCard, 1, "@giftCard ~2 code|codes|number|numbers|pin"),
        // Direct requests: "send me $300", "lend me 200 bucks", "venmo me 40".
        SafetyCue(
            .moneyScam, .moneyRequest, 1,
            "send|wire|transfer|lend|loan|give|spare|venmo|cashapp|zelle|paypal|pay ~1 me|us ~4 @moneyWord|:money"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "venmo|cashapp|cash_app|zelle|paypal me|us ~1 :num|:money"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "send|wire|transfer ~2@few money|cash|funds|:money|bitcoin|btc"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "send|wire|transfer ~3 via|on|through|thru|by|with @payApp"),
        // "Lend me 200?" asks for money; "lend me your umbrella" and "lend me a hand" ask for a thing or a favour.
        SafetyCue(
            .moneyScam, .moneyRequest, 1,
            "lend|loan me|us !your|ur|the|a|an|that|this|those|these|his|her|their|my|our|ears|ear|hand"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "lend|loan me|us a|an ~2 hundred|thousand|grand|k|@moneyWord"),
        // Lending with nothing after it in the clause asks for nothing: "I can't find the book that you lend me."
        SafetyCue(.moneyScam, .moneyRequest, -1, "lend|lent|loaned me|us $"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "help me|us ~3 loan|:money|money|cash"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "need|needs :money"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "spot|front|float me|us ~1 :money|money|cash|some|a_few_bucks"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "need|needs ~2@few money|cash|funds for|to|by"),
        SafetyCue(
            .moneyScam, .moneyRequest, 1, "need|needs ~2@few money|cash|funds urgently|asap|badly|now|today|right_now"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "need|needs a|an small|quick|little? loan|advance"),
        // Paying one's own bills is life, not a request: "pay my rent" is a third of the evidence, a request with an
        // ask ("can you pay my rent?", "I need to pay my rent, can you help?") or a plea ("please pay my phone
        // bill"), not in "I need to pay my phone bill before Friday". (Cues lead with their rarest word: each is
        // tried at every occurrence of its first one.)
        SafetyCue(.moneyScam, .moneyRequest, 1, "help|cover|covering ~3 @bill"),
        SafetyCue(.moneyScam, .moneyRequest, 0.35, "pay|paying ~1 my|our ~1 @bill"),
        SafetyCue(.moneyScam, .moneyRequest, 1, "please|pls|plz pay|paying ~1 my|our ~1 @bill"),
        // A warning is not a request: "never send money to people you meet online".
        SafetyCue(
            .moneyScam, .moneyRequest, -1,
            "never|dont|not|nobody|no_one ~2 send|wire|transfer|give|lend ~3 money|cash|funds|bitcoin|btc"),
        // A hardship and an ask make a request only with money in the message: "can you pick me up from the
        // hospital?" is a favour, "I'm stuck at customs, can you help me with the fee?" is the scam.
        SafetyCue(.moneyScam, .moneyRequest, 0.35, "@hardship"),
        SafetyCue(.moneyScam, .moneyRequest, 0.35, "@asking"),
        SafetyCue(
            .moneyScam, .moneyRequest, 0.3,
            "@moneyWord|@payApp|:money|pay|paying|fee|fees|rent|bill|bills|debt|owe|tuition|bail|loan|bank"),
        // A fee to free what is held: "I have an inheritance stuck in customs, I need a fee to release it".
        SafetyCue(.moneyScam, .moneyRequest, 0.35, "need|needs ~3 fee|fees|charge|tax ~3 to? release|unlock|clear|free_up"),
        // Transfers and the fake-cheque trick.
        SafetyCue(.moneyScam, .wireTransfer, 1, "western_union|moneygram|wire_transfer|bank_transfer|wire_back"),
        SafetyCue(.moneyScam, .wireTransfer, 1, "wire|transfer ~3 money|funds|:money|:num ~3 account"),
        SafetyCue(.moneyScam, .wireTransfer, 1, "wire|transfer ~3 to|into my|this|your ~2 account"),
        SafetyCue(.moneyScam, .wireTransfer, 1, "deposit ~3 check|cheque"),
        SafetyCue(.moneyScam, .wireTransfer, 1, "cash ~3 check|cheque|checks|cheques for me|us"),
        SafetyCue(.moneyScam, .wireTransfer, 1, "can|could you|u cash ~2 check|cheque|checks|cheques"),
        // Reshipping, the money mule's errand: "receive a package for me and forward it".
        SafetyCue(.moneyScam, .wireTransfer, 1, "receive|accept ~3 package|packages|parcel|parcels ~5 forward|reship"),
        // Asking for someone's payment details.
        SafetyCue(
            .moneyScam, .paymentCredentials, 1,
            """
            give|send|need|tell|whats|what_is|share ~2 your|ur ~2 bank|account|routing|card_number|cvv|password|pin|apple_pay|login|card_details
            """),
        // Prize claims, premium shortcodes and bulk texts: "Txt WIN to 87121 to claim your £1,000 prize".
        SafetyCue(.moneyScam, .prizeScam, 1, "txt|text|sms|send|reply|txting|texting ~3 to :shortcode"),
        SafetyCue(.moneyScam, .prizeScam, 1, "opt_out|optout|stop|end|out ~1 to :shortcode"),
        // What a premium text costs and how to stop it, each innocent alone ("it's 50p a text on my plan"):
        // "150p/msg", "msgs cost £1.50", "std txt rate", "2 cancel send STOP".
        SafetyCue(
            .moneyScam, .prizeScam, 0.5,
            ":charge ~2 msg|msgs|message|messages|min|mins|minute|txt|txts|text|texts|call|wk|week|tone|sms|rcv"),
        SafetyCue(.moneyScam, .prizeScam, 0.5, "cost|costs|cst|charged|chg|chgs ~2 :charge"),
        SafetyCue(.moneyScam, .prizeScam, 0.5, "std|standard ~2 rate|rates|charges|chgs|chg|ntwk|network|txt"),
        SafetyCue(.moneyScam, .prizeScam, 0.5, "send|reply|txt|text stop $"),
        SafetyCue(.moneyScam, .prizeScam, 1, "cancel|unsubscribe|end|stop ~3 send|reply|txt|text stop"),
        SafetyCue(.moneyScam, .prizeScam, 1, "claim ~3 your|ur|the|a|this ~3 @prize|:money|cash|gift|free"),
        SafetyCue(.moneyScam, .prizeScam, 1, "@won ~6 @prize|:money"),
        SafetyCue(.moneyScam, .prizeScam, 1, "reply|txt|text|send stop ~3 end|opt_out|unsubscribe|cancel|quit|optout"),
        SafetyCue(.moneyScam, .prizeScam, 0.5, "@won"),
        SafetyCue(.moneyScam, .prizeScam, 0.25, "@cheer"),
        SafetyCue(.moneyScam, .prizeScam, 0.5, "@prize"),
        SafetyCue(.moneyScam, .prizeScam, 0.5, "@bulk"),
        SafetyCue(.moneyScam, .prizeScam, 0.5, "claim|redeem"),
        // Bank warnings are the opposite: "never share your PIN with anyone" (counter-evidence).
        SafetyCue(
            .moneyScam, .paymentCredentials, -1,
            """
            never|dont|not|nobody|no_one ~3 share|give|send|tell|disclose|ask|asks|reveal ~3 your|ur|their|a|the ~2 bank|account|card_number|cvv|password|pin|login|card_details|code
            """),
        // Phishing for the account: "verify your account here: bit.ly/…", "your account will be suspended unless you
        // confirm your details" (were allowed); "did you verify your account?" alone is not enough. "Here" and "click"
        // weigh less than half (0.55 + 0.45): alone they are no evidence of promotion either (``CueTally``).
        SafetyCue(
            .moneyScam, .paymentCredentials, 0.55,
            "verify|confirm|validate|update ~2 your|ur ~1 account|details|identity|information|info|login",
            group: "phishing"),
        SafetyCue(
            .moneyScam, .paymentCredentials, 0.5,
            "account ~2 will_be|has_been|is|gets suspended|locked|deactivated|disabled|closed|restricted|terminated",
            group: "phishing"),
        SafetyCue(.moneyScam, .paymentCredentials, 0.45, "here|link|click|tap|below :handle?", group: "phishing"),
        // Selling pictures, and the sugar-daddy offer that ends in a fee: "I sell pics, 20 bucks for a set", "I'm a
        // sugar daddy, I'll pay your bills", "I'll give you $500 a week allowance" (were allowed).
        SafetyCue(
            .moneyScam, .spam, 1, "i|im|we sell|selling ~1 my? pics|nudes|pictures|photos|content|videos|vids|feet_pics !of"),
        SafetyCue(.moneyScam, .spam, 1, "buy|purchase ~2 my pics|nudes|content|videos|vids|feet_pics !of"),
        SafetyCue(.moneyScam, .prizeScam, 0.5, "sugar_daddy|sugar_mommy|sugar_mama|sugardaddy", group: "sugar"),
        SafetyCue(
            .moneyScam, .prizeScam, 0.5, "allowance|pay_your_bills|pay_ur_bills|spoil_you|weekly|monthly", group: "sugar"),
        SafetyCue(.moneyScam, .prizeScam, 1, ":money ~3 a|per|every week|month|wk allowance", group: "sugar"),
        // Investment pitches: an investment word and a pitch word, anywhere in the message.
        SafetyCue(.moneyScam, .investmentPitch, 0.5, "@investment"),
        SafetyCue(.moneyScam, .investmentPitch, 0.5, "@pitch"),
        // Earnings promised in figures; "profit", "opportunity", "strategy" or "help you" alone are business talk
        // ("this is Sunshine Trading Company, can I help you?").
        SafetyCue(.moneyScam, .investmentPitch, 0.5, "earn|earning|make|making ~2 :money"),
        SafetyCue(.moneyScam, .investmentPitch, 0.5, "@cryptoScam"),
        SafetyCue(.moneyScam, .investmentPitch, 1, ":money ~4 get|make|earn|receive|turn_into ~2 :money"),
        SafetyCue(.moneyScam, .investmentPitch, 1, "pay_you ~2 interest"),
        SafetyCue(.moneyScam, .investmentPitch, 1, "send ~4 back|return double"),
    ]
}
