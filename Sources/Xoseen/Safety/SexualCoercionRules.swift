/// Demands for sexual images or acts, pressure after a no, "you owe me", and threats to share intimate images
/// (sextortion). "Send me a pic of your dog", consent talk ("no pressure at all") and "you owe me a rematch"
/// stay allowed: a picture request or "you owe me" counts only with something sexual or a condition. Talking
/// about sex or dating between adults ("it's okay to have sex on a first date if it's mutual") is not
/// coercion: the word "sex" is half the evidence and needs a demand, a condition or pressure beside it.
enum SexualCoercionRules: SafetyRuleSet {
    static let sets: [String: [String]] = [
        "nude": SharedWords.words(
            """
            nude nudes naked nudie nudies noods noodz nudez nsfw topless tits boobs boob titties pussy dick cock \
            underwear bra panties lingerie thong body butt ass booty privates nipples without_clothes no_clothes \
            without_your_clothes with_no_clothes
            """),
        "image": SharedWords.words(
            """
            pic pics picture pictures photo photos video videos vid vids selfie selfies screenshots nudes
            """),
        "sexual": SharedWords.words(
            """
            nude nudes naked noods noodz nsfw sex sleep_with_me sleep_with_you hook_up hookup fuck_me sexy
            """),
        "garment": SharedWords.words("shirt top clothes bra pants dress panties underwear skirt jeans knickers boxers"),
        "condition": SharedWords.words(
            """
            if_you_leave if_you_block if_you_ignore unless_you or_ill or_i_will or_else or_were_done \
            or_we_are_done or_im or_i_unmatch or_i_unmatch or_ill_unmatch if_you_really if_you_loved if_you_love \
            if_you_cared if_you_liked if_you_promise prove_it prove_you prove_ur prove_that go_public goes_public everyone_does_it just_do_it \
            not_a_big_deal not_asking_again im_not_asking_again send_more nobodys_going_to_find_out \
            nobody_will_know no_one_will_know nobody_is_going_to_find_out nobody_will_see no_one_will_see
            """),
        "pressure": SharedWords.words(
            """
            you_know_you_want_it you_know_you_want_to no_means_yes wont_take_no not_taking_no stop_saying_no \
            cant_say_no dont_get_to_say_no whether_you_like_it_or_not you_have_no_choice \
            nobody_will_believe_you no_one_will_believe_you get_you_drunk i_can_make_you not_leaving_until \
            prove_youre_into_me prove_you_like_me led_me_on you_have_to_now you_have_to_do_it touching_yourself \
            touch_yourself play_with_yourself want_to_fuck_me you_want_to_fuck or_ill_find_someone_else \
            find_someone_else_who_will owe_me_sex find_someone_who_will find_somebody_who_will \
            keep_asking_until until_you_say_yes till_you_say_yes
            """),
        // What "you owe me …" is owed for.
        "owedFor": SharedWords.words(
            """
            paid_for_dinner paid_for bought_you_drinks bought_you_dinner bought_you after_everything \
            after_all_ive_done for_dinner sex a_night come_upstairs cant_back_out back_out
            """),
        // Entitlement on its own ("after everything I did for you"): half the evidence, never the topic of sex.
        "entitled": SharedWords.words(
            """
            paid_for_dinner bought_you_drinks bought_you_dinner after_everything after_all_ive_done \
            cant_back_out
            """),
        "prude": SharedWords.words("prude frigid cocktease tease prick_tease"),
    ]

    static let cues: [SafetyCue] = [
        // "send nudes", "show me your tits", "send a pic of your ass"
        SafetyCue(.sexualCoercion, .explicitImageRequest, 1, "send|show|give|drop|snap ~5 @nude", group: "sexual"),
        SafetyCue(
            .sexualCoercion, .explicitImageRequest, 1, "send|show ~3 something|anything ~1 sexy|spicy|hot|naughty|dirty",
            group: "sexual"),
        SafetyCue(.sexualCoercion, .explicitImageRequest, 1, "show ~3 under ~2 dress|clothes|shirt|skirt", group: "sexual"),
        SafetyCue(
            .sexualCoercion, .explicitImageRequest, 1, "see|watch ~2 you|u|your|ur naked|nude|body|boobs|tits", group: "sexual"),
        SafetyCue(
            .sexualCoercion, .explicitImageRequest, 1, "take_off|undress|strip ~5 pic|pics|video|camera|cam|for_me|send",
            group: "sexual"),
        SafetyCue(.sexualCoercion, .explicitImageRequest, 0.5, "send|show ~3 @image|something|one|it", group: "sexual"),
        // "send me a pic of you in the shower", "… in your underwear" (was allowed).
        SafetyCue(
            .sexualCoercion, .explicitImageRequest, 1,
            "send|show ~3 @image ~4 shower|bath|bathtub|underwear|lingerie|bra|panties|thong", group: "sexual"),
        SafetyCue(.sexualCoercion, .explicitImageRequest, 0.5, "@sexual", group: "sexual"),
        SafetyCue(
            .sexualCoercion, .explicitImageRequest, 1,
            "take ~2 @garment off ~1 on|for ~1 camera|cam|video|facetime|me", group: "sexual"),
        // Persuading with secrecy: "come on, just one pic, nobody will see it".
        SafetyCue(
            .sexualCoercion, .explicitImageRequest, 0.5, "just|only one|1 ~1 pic|pics|photo|picture|selfie|vid|video",
            group: "sexual"),
        // Pressure after a no, entitlement.
        SafetyCue(.sexualCoercion, .pressure, 1, "@pressure", group: "sexual"),
        // Said of a person, "put out" and "give it up" are sex owed; "put out the candles", "they put out an
        // album", "I was a bit put out by it", "give it up for the band" are not.
        SafetyCue(
            .sexualCoercion, .pressure, 1,
            """
            @you|she|better|gotta|have_to|need_to|should|wont|doesnt|didnt|never ~3 put_out \
            !the|a|an|some|my|your|ur|his|her|their|our|this|that|those|these|fire|fires|by|with|about|any|more|new
            """,
            group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 1, "give_it_up to|for? me|already|tonight", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 1, "give_it_up $", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, -1, "@negation|never ~1 give_it_up", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 0.5, "@condition", group: "sexual"),
        SafetyCue(
            .sexualCoercion, .pressure, 0.5, "if_you_dont !mind|want|wanna|feel|like|have|need|care|know|agree|hear",
            group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 1, "stop_being|dont_be|such_a|being|youre_being ~1 @prude", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 0.5, "@prude", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 0.5, "owe|owes me", group: "sexual"),
        // After a no, patience spent, more owed, drink to help (each was allowed): "you said no but I know you
        // want it", "I've been patient", "I deserve more than a kiss", "you'll change your mind after a few drinks".
        SafetyCue(.sexualCoercion, .pressure, 0.5, "@you said|say no", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 0.5, "i_know @you want_it|want_me|want_to", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 0.5, "been_patient|waited_long_enough|waited_so_long", group: "sexual"),
        SafetyCue(
            .sexualCoercion, .pressure, 1, "deserve|deserves|earned ~1 more_than ~1 a? kiss|hug|cuddle|makeout|that",
            group: "sexual"),
        SafetyCue(
            .sexualCoercion, .pressure, 1, "change your|ur mind ~2 after|with ~3 drinks|drink|shots|wine|beers",
            group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 1, "owe|owes me ~1 @owedFor", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 1, "owe|owes me ~3 spent|paid|bought|did_for_you", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 0.5, "@entitled", group: "sexual"),
        SafetyCue(.sexualCoercion, .pressure, 1, "expect_you_to ~3 night|sex|stay|sleep", group: "sexual"),
        // Threats to share intimate images.
        SafetyCue(
            .sexualCoercion, .imageThreat, 1, "post|leak|spread|expose|publish ~2 your|ur|the|those ~2 @image", group: "sexual"),
        // Pictures passed on; "send me the pics from the party" asks for them.
        SafetyCue(
            .sexualCoercion, .imageThreat, 0.5, "share|send|show !me|us ~2 the|your|ur|those ~1 @image", group: "sexual"),
        SafetyCue(.sexualCoercion, .imageThreat, 0.5, "have ~1 your|ur @image", group: "sexual"),
        SafetyCue(
            .sexualCoercion, .imageThreat, 0.5,
            "not_afraid_to_use|dont_make_me_use|ill_use|i_will_use|gonna_use them|it|those", group: "sexual"),
    ]
}
