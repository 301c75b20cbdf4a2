/// What makes a message promote something (``SafetyCue/promotionGroup``): the learned classifier's spam vote
/// counts only with one of these, or with a link, a handle, an amount, a long number, a long text or any scam or
/// off-platform cue (``CueTally/promotes``). Sharing is not spam between two people ("check out this song, it
/// reminds me of you", "are you free on saturday? wanna watch a movie"); pointing everyone at one's own channel,
/// selling and collecting are. These cues weigh nothing: they never block alone.
enum PromotionRules: SafetyRuleSet {
    static let sets: [String: [String]] = [
        // What a sender promotes: their own channel, music or page ("check out my channel", "subscribe to our page").
        "promoted": SharedWords.words(
            """
            channel channels chanel video videos vid vids vlog vlogs blog page pages site website song songs music \
            track tracks beat beats mixtape album remix remixes cover covers rap raps band podcast stream playlist \
            account profile youtube instagram insta tiktok twitter facebook store shop business app book art merch \
            link content game
            """),
        // Where a sender's own work lives ("my channel", "our page"); not "my favourite song".
        "outlet": SharedWords.words(
            """
            channel channels chanel canal vlog vlogs blog page pages website site mixtape podcast playlist merch \
            store shop remix remixes covers vids vidz vidios videos parody
            """),
        // Selling and paying: the words of an offer.
        "commerce": SharedWords.words(
            """
            buy order orders sale sales discount discounts offer offers deal deals price prices pricing cheap \
            cheapest shop store shopping shipping delivery wholesale promo coupon coupons earn earning earnings \
            income profit profits customer customers product products brand brands subscription subscriptions \
            membership members money cash dollars pounds euros credit loan loans mortgage insurance casino bet \
            betting win winner winners won prize prizes reward rewards bonus jackpot lottery giveaway ringtone \
            ringtones tones polys wallpaper wap mobile mobiles handset tariff tariffs mins txts txt sms msg msgs \
            network click visit download website online http https www com net org html
            """),
        // "Free" as an offer, not "are you free on saturday?".
        "freeGoods": SharedWords.words(
            """
            gift gifts entry trial download downloads ringtone ringtones ticket tickets iphone ipad shipping sample \
            samples money cash stuff prize offer membership access credit credits coins followers likes subscribers \
            views msg msgs text texts txt txts mins minutes camcorder phone mobile delivery call calls chat pics \
            video videos
            """),
    ]

    static let cues: [SafetyCue] = [
        promotion(
            "check|watch|listen|visit|see|look|go|come|subscribe|follow|like|share|support|view|hear ~3 my|our ~2 @promoted"),
        promotion("my|our ~2 @outlet"),
        promotion(
            "made|did|started|uploaded|posted|recorded ~2 a|an|my|our|some|new ~2 @promoted|parody|musicvideo"),
        promotion(
            """
            subscribe|subscriber|subscribers|subscribed|subscribing|sub|subs|unsubscribe|sub4sub|suscribe|subscrib|subcribe|subscribee|subscrible
            """),
        promotion("follow|add me|us"),
        // Asking for likes and shares; not for a thumbs up or views, which comment sections ask for about the video
        // itself ("thumbs up if you watched it in 2011", labelled benign by YouTube's own set).
        promotion(
            """
            check_me_out|check_us_out|likes|share_this|spread_the_word|please_share|this_comment|follow_4_follow|follow_for_follow|like_4_like|like_for_like|f4f|l4l
            """),
        promotion("@commerce"),
        promotion("free ~1 @freeGoods"),
        promotion("for_free|4_free|free_of_charge|totally_free|completely_free|freemsg|free_msg"),
    ]

    private static func promotion(_ phrase: String) -> SafetyCue {
        SafetyCue(.moneyScam, .spam, 0, phrase, group: SafetyCue.promotionGroup)
    }
}
