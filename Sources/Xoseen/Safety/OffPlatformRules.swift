/// Moving the conversation off the app — where scams and harassment continue without the app's protection.
/// Phone numbers are found by ``DigitRunReader`` and e-mail addresses by the tokeniser; these cues catch
/// handles and invitations. Naming a service is not enough ("I saw that on instagram"); sharing a handle on it
/// or asking to move there is.
enum OffPlatformRules: SafetyRuleSet {
    static let sets: [String: [String]] = [
        "platform": SharedWords.words(
            """
            snap snapchat snapchatt sc insta instagram ig gram whatsapp whatsap watsapp wattsapp whatapp wa_app \
            telegram tg kik signal facebook fb messenger discord twitter tiktok wechat weixin skype imessage \
            facetime viber hangouts line_id line_app email e_mail gmail threads other_app another_app different_app \
            other_apps linkedin zoom google_meet tinder hinge bumble grindr
            """),
        "contactVerb": SharedWords.words(
            """
            add follow dm pm msg message text txt hmu reach find contact hit ping friend write email mail snap \
            whatsapp telegram facetime catch look call
            """),
        "mover": SharedWords.words(
            """
            move switch take continue moving switching taking lets let_us can_we could_we should_we we_should \
            we_can wanna chat talk talking chatting
            """),
        "provider": SharedWords.words("gmail yahoo hotmail outlook icloud aol protonmail proton gmx ymail msn"),
        "tld": SharedWords.words("com net org co io edu me us uk ca de"),
        "handleWord": SharedWords.words("handle username user_name name id tag user account"),
    ]

    static let cues: [SafetyCue] = [
        // "add me on snap", "hit me up on kik", "dm me on insta"
        SafetyCue(.offPlatform, .contactHandle, 1, "@contactVerb me|us ~2 on|at|via|over|thru|through the? @platform"),
        // One name on every app: "my handle is the same everywhere, bella rose 22".
        SafetyCue(
            .offPlatform, .contactHandle, 1,
            """
            handle|handles|username|usernames|user_name ~1 is|s|are the_same everywhere|on_every_app|on_everything|\
            on_all_of_them
            """),
        // "my ig is the same as my name here", "look me up on linkedin" (were allowed).
        SafetyCue(
            .offPlatform, .contactHandle, 1,
            "my|mine @platform @handleWord? is|s the_same_as|same_as|the_same ~2 my|as? name|username|here|this_one"),
        SafetyCue(.offPlatform, .contactHandle, 1, "look|find|search me|for_me up? on|at @platform"),
        // "hmu" carries its "me": "hmu on snap".
        SafetyCue(.offPlatform, .contactHandle, 1, "hmu ~1 on|at|via|over the? @platform"),
        // "let's move this to whatsapp", "can we chat on telegram instead"
        SafetyCue(.offPlatform, .moveOffPlatform, 1, "@mover ~3 on|to|over|onto the? @platform"),
        // "follow my kik", "what is your telegram", "send me your insta"
        SafetyCue(.offPlatform, .contactHandle, 1, "add|follow|friend|whats|what_is|send|give|drop ~2 my|your|ur|ya @platform"),
        // "my snap is r.okafor_3", "my insta username is dee.lux", "sc: mike.nyc"
        SafetyCue(.offPlatform, .contactHandle, 1, "my|mine|our @platform is|= :content"),
        SafetyCue(.offPlatform, .contactHandle, 1, "my|mine|our @platform @handleWord is|=? :content"),
        SafetyCue(.offPlatform, .contactHandle, 1, "@platform @handleWord? is|=? :handle"),
        // Another app unnamed, and the pretext that this one is watched: "download this app so we can talk
        // privately", "the app here is monitored, let's talk somewhere else" (were allowed). The pretext alone is
        // half ("this site is monitored for safety, which is nice").
        SafetyCue(
            .offPlatform, .moveOffPlatform, 1,
            "download|install ~3 app|apps ~6 talk|chat|message|text|call|talking|chatting|privately"),
        SafetyCue(
            .offPlatform, .moveOffPlatform, 0.5,
            "app|site|here|chat|chats ~1 is|are|gets|get monitored|watched|recorded|spied_on|not_private|not_safe"),
        SafetyCue(
            .offPlatform, .moveOffPlatform, 0.5,
            """
            talk|chat|text|message|talking|chatting ~2 somewhere_else|elsewhere|privately|in_private|somewhere_private|\
            another_app|a_different_app|other_app
            """),
        // "do you have whatsapp?", "are you on snap?", "you got insta?"
        SafetyCue(.offPlatform, .moveOffPlatform, 1, "@you have|got|on the? @platform"),
        // "whatsapp me", "snap me @dannyboy91"
        SafetyCue(
            .offPlatform, .contactHandle, 1, "whatsapp|snap|snapchat|telegram|facetime|kik|imessage|insta|ig|email|mail me"),
        // "jess dot smith at gmail dot com", "tom (at) hotmail (dot) com"
        SafetyCue(.offPlatform, .emailAddress, 1, ":content at @provider"),
        SafetyCue(.offPlatform, .emailAddress, 1, "at :content dot @tld"),
    ]

    /// Words that make seven to nine digits a phone number ("text me 555 0199").
    static let phoneCueWords = SharedWords.words(
        """
        number numbers num numba digits cell phone call text txt mobile tel whatsapp reach ring fone contact
        """)
}
