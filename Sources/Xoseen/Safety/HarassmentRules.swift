/// Insults aimed at the other person, slurs, wishing them harm, threats. Hyperbole ("this traffic is killing
/// me"), self-talk ("I'm so stupid") and teasing ("you're such a nerd") are not aimed to hurt and stay allowed;
/// negation is respected ("you're not ugly at all"). Slurs are listed in ``SlurLexicon``; hate said outright
/// about a group is ``HateSpeechRules``, hate phrased any other way the learned classifier's part
/// (``LearnedSafetyModel``).
enum HarassmentRules: SafetyRuleSet {
    static let sets: [String: [String]] = [
        "insult": SharedWords.words(
            """
            ugly fat stupid dumb worthless pathetic disgusting retarded retard useless repulsive hideous gross trash \
            garbage loser idiot moron dumbass failure joke psycho freak pig cow troll skank tramp whore slut bitch \
            hoe cunt brainless braindead waste_of_space piece_of_trash piece_of_shit piece_of_garbage fatso scum \
            subhuman imbecile disgust asshole arsehole douchebag douche dickhead twat bastard wanker tosser \
            jackass dipshit shithead scumbag halfwit half_wit dimwit nitwit numbnuts ignorant coward disgrace \
            embarrassment delusional fraud waste_of_air waste_of_oxygen waste_of_skin fatty
            """),
        "insultFill": SharedWords.words(
            """
            are r re is so such a an really fucking fkn fking freaking just look looks sound seem truly being total \
            complete absolute little literally the most too ugly fat dumb stupid cheap huge big disgusting pathetic \
            worthless ass af damn actually still always be must nothing but stuck_up stuckup crazy annoying \
            arrogant spoiled spoilt bitter needy entitled lazy useless ignorant selfish lying cheating ungrateful \
            miserable jealous psycho old dirty filthy nasty
            """),
        "slur": SlurLexicon.unambiguous,
        "slurAmbiguous": SlurLexicon.ambiguous,
        "slurEmphasis": SharedWords.words(
            """
            stupid dumb dirty filthy fucking fuckin fkn damn damned ugly fat disgusting worthless lazy sick nasty \
            little typical bloody common too_many bunch_of
            """),
        "shaming": SharedWords.words("shaming shame shamed shamer shamers"),
        "harm": SharedWords.words("hurt kill beat stab shoot punch smack strangle choke rape burn end ruin destroy slap"),
        "future": SharedWords.words("ill will gonna going_to im_going_to im_gonna i_will wanna"),
        "loveVerb": SharedWords.words("love loves date dates want wants like likes asked cares care"),
        "threatPhrase": SharedWords.words(
            """
            watch_your_back watch_yourself youll_regret you_will_regret youll_be_sorry you_will_be_sorry make_you_pay \
            make_you_regret make_you_suffer cant_hide you_cant_hide show_up_at_your \
            come_to_your_house come_find_you coming_for_you make_your_life_hell make_your_life_miserable \
            youre_gonna_regret youre_going_to_regret you_are_going_to_regret sleep_with_one_eye_open \
            you_wont_see_it_coming you_will_not_see_it_coming wont_know_what_hit_you
            """),
        // Parts of the body a threat names: "I'll break your legs", "I'll slit your throat".
        "body": SharedWords.words("legs leg arms arm neck face jaw nose teeth bones skull throat head fingers knees"),
        // The reader's people: "your family will pay", "I hope your mom dies".
        "kin": SharedWords.words(
            "family kids children mom mother mum dad father sister brother wife husband son daughter dog parents"),
        "beatOutOf": SharedWords.words("beat_the_shit_out_of beat_the_crap_out_of beat_the_hell_out_of"),
        // Violence done to someone: "she should be hanged", "he deserves to be shot".
        "violated": SharedWords.words(
            """
            killed shot hanged hung lynched gassed executed burned burnt raped beaten stabbed strangled tortured \
            murdered beheaded strung_up put_down
            """),
        "person": SharedWords.words("she he they her him them"),
    ]

    /// Quoted inside a longer message, an insult, a threat or a wish of harm is reported speech ("she told me
    /// \"you're worthless\""); a slur blocks quoted too (policy).
    static let cues: [SafetyCue] = written.map { cue in
        cue.reason == .slur
            ? cue
            : SafetyCue(cue.category, cue.reason, cue.weight, cue.phrase, group: cue.group, quotationReports: true)
    }

    /// The cues as written; `cues` marks all but the slurs as reported when quoted.
    private static let written: [SafetyCue] = [
        SafetyCue(.harassment, .insult, 1, "@you ~4@insultFill @insult"),
        // "You prick!" insults; "did you prick your finger?" is the verb.
        SafetyCue(.harassment, .insult, 1, "@you ~4@insultFill prick|pricks !your|yourself|my|his|her|the|a|it|them|on"),
        // "slut-shaming" names what someone does to others, it calls nobody a slut.
        SafetyCue(.harassment, .slur, 1, "@slur !@shaming"),
        // A word that is a slur only in one reading: aimed at someone, insulted, or beside another slur.
        SafetyCue(.harassment, .slur, 0.5, "@slurAmbiguous !@shaming"),
        SafetyCue(.harassment, .slur, 1, "@you ~3@insultFill @slurAmbiguous"),
        SafetyCue(.harassment, .slur, 1, "@slurEmphasis ~1 @slurAmbiguous"),
        // …or wished dead, or the object of killing: "all fags should die", "kill the trannies" (was allowed).
        SafetyCue(
            .harassment, .slur, 1,
            """
            @slurAmbiguous & ~3 should|must|deserve|deserves|ought_to|need_to|gotta|can ~2 die|burn|rot|be_killed|be_shot|be_hanged|be_gassed|be_burned|be_exterminated|be_lynched|be_wiped_out
            """),
        SafetyCue(
            .harassment, .slur, 1,
            "kill|lynch|gas|exterminate|slaughter|murder|execute|shoot|burn|stab|behead|drown ~2@groupFill & @slurAmbiguous"),
        SafetyCue(
            .harassment, .insult, 1, "ugly_ass|dumb_ass|stfu|shut_the_fuck_up|go_to_hell|eat_shit|eat_a_dick|suck_a_dick"),
        // "nobody would date a fatty like you", "a loser like you"; "you smell like shit" (were allowed).
        SafetyCue(.harassment, .insult, 1, "a|an ~1 @insult like @you"),
        SafetyCue(.harassment, .insult, 1, "@you smell|stink|smells|stinks like shit|garbage|trash|crap|ass|piss|death"),
        // "Piss off!" is an insult; "don't want to piss off a witch" uses the verb with its object.
        SafetyCue(
            .harassment, .insult, 1,
            """
            piss_off !a|an|the|some|any|my|his|her|their|our|this|that|these|those|people|everyone|everybody|someone|\
            somebody|anyone|anybody|them|him|us
            """),
        SafetyCue(.harassment, .insult, 1, "fuck|fck|fuk|fk|screw you|u|off|yourself|urself"),
        SafetyCue(.harassment, .insult, 1, "nobody|no_one|noone ~3 @loveVerb you|u"),
        SafetyCue(.harassment, .wishingHarm, 1, "kill|kiii yourself|urself|yourselves|youself"),
        // "Don't kill yourself over it" comforts and "you'll kill yourself laughing" jokes (counter-evidence).
        SafetyCue(.harassment, .wishingHarm, -1, "@negation ~1 kill|kiii yourself|urself|yourselves|youself"),
        SafetyCue(
            .harassment, .wishingHarm, -1,
            "youll|youd|could|would|will|might|gonna ~1 kill|kiii yourself|urself|yourselves|youself laughing"),
        SafetyCue(.harassment, .wishingHarm, -1, "die|dies|died|dying laughing"),
        SafetyCue(.harassment, .wishingHarm, 1, "kys|go_die|die_alone|drink_bleach|hang_yourself"),
        SafetyCue(.harassment, .wishingHarm, 1, "hope ~1 you|u ~2 die|dies|suffer|rot|hit|hurt|raped"),
        // Harm wished in other words: "I hope you get cancer", "I hope your mom dies", "nobody would miss you",
        // "do everyone a favour and die", "the world would be better without you".
        SafetyCue(
            .harassment, .wishingHarm, 1,
            "hope ~1 you|u ~1 get|catch|gets ~1 cancer|aids|ebola|hit_by|run_over|killed|hurt|raped|shot|stabbed"),
        SafetyCue(.harassment, .wishingHarm, 1, "hope ~1 your|ur @kin ~2 dies|die|get_cancer|gets_cancer|suffers|suffer"),
        SafetyCue(.harassment, .wishingHarm, 1, "nobody|no_one|noone ~1 would|will|is_going_to miss @you $"),
        SafetyCue(
            .harassment, .wishingHarm, 1,
            "nobody|no_one|noone ~1 would|will miss @you if|when ~2 died|dead|gone|disappeared|killed_yourself"),
        SafetyCue(.harassment, .wishingHarm, 1, "a_favor|a_favour and die|kill_yourself"),
        // "The world would be better without you"; "I'm better off without you" ends a relationship.
        SafetyCue(
            .harassment, .wishingHarm, 1,
            "world|everyone|everybody|earth|society|planet ~3 better|better_off without @you"),
        // Told to the reader; "I want to end it all" is the sender's own despair, not abuse.
        SafetyCue(
            .harassment, .wishingHarm, 1,
            "@you|go|just ~1 should|must|need_to|gotta|better|go ~1 end_it_all|end_yourself|off_yourself|unalive_yourself"),
        SafetyCue(.harassment, .wishingHarm, 1, "go|just end_yourself|off_yourself|unalive_yourself"),
        SafetyCue(.harassment, .wishingHarm, 1, "@you deserve ~2 hurt|suffer|die|pain"),
        SafetyCue(.harassment, .wishingHarm, 1, "get|be|getting raped"),
        // "No woman deserves to be raped", "… should never be raped" say the opposite.
        SafetyCue(.harassment, .wishingHarm, -1, "no|nobody|no_one|noone ~2 deserves|deserve to? be|get raped"),
        SafetyCue(.harassment, .wishingHarm, -1, "should_not|shouldnt|should_never|must_never ~1 be|get raped"),
        // Wished on someone else, or called for: "she should be strung up", "he deserves to die", "I hope she gets
        // raped", "kill them all". Told as news ("she was killed") or denied ("he shouldn't be shot") it is neither.
        SafetyCue(
            .harassment, .wishingHarm, 1,
            "@person should|must|deserves_to|deserve_to|needs_to|need_to|ought_to ~1 all? be|get ~1 @violated"),
        SafetyCue(.harassment, .wishingHarm, 1, "@person deserves|deserve|should|must ~1 to? die|death"),
        SafetyCue(
            .harassment, .wishingHarm, 1,
            "hope|wish|pray ~1 @person ~2 dies|die|dead|gets_raped|get_raped|gets_killed|get_killed|burns|suffers|rots"),
        SafetyCue(.harassment, .threat, 1, "kill|lynch|gas them all|all_of_them"),
        // Violence promised to the body or the people of the reader: "I'll break your legs", "your family will pay".
        SafetyCue(.harassment, .threat, 1, "@future ~2 break|snap|smash|slit|cut|crack|bash_in ~1 your|ur @body"),
        SafetyCue(
            .harassment, .threat, 1,
            """
            your|ur @kin ~1 will|gonna|is_going_to|are_going_to pay_for_this|pay_for_that|pay_for_it|pay_dearly|\
            suffer_for_this|get_hurt
            """),
        SafetyCue(.harassment, .threat, 1, "your|ur @kin ~1 will|gonna|is_going_to|are_going_to pay $"),
        SafetyCue(.harassment, .threat, 1, "@future ~2 hurt|kill|murder|stab|shoot ~1 your|ur @kin"),
        SafetyCue(.harassment, .threat, 1, "make_sure ~1 @you ~1 never|cant|wont ~1 walk|talk|see|breathe|smile again"),
        SafetyCue(.harassment, .threat, 1, "youd_better|you_better|you_had_better|better watch_yourself $"),
        // "You're dead." threatens; "are you dead? you haven't texted" teases.
        SafetyCue(.harassment, .threat, 1, "youre|ur|u_r|you_r|you_are|u_are dead|dead_meat|a_dead_man|a_dead_woman|so_dead $"),
        SafetyCue(.harassment, .threat, 1, "i|we want|wish @you dead"),
        // Blackmail: "I'll tell everyone if you don't".
        SafetyCue(
            .harassment, .threat, 1,
            """
            @future ~2 tell|show|send|post ~2 everyone|everybody|your_friends|your_family|your_boss|your_parents|\
            the_internet ~1 unless|if_you_dont|if_you_wont|if_you_refuse|if_you_leave|if_you_block|if_u_dont
            """),
        SafetyCue(.harassment, .threat, 1, "find|found|get|got|look_up ~1 where @you live|work|sleep|stay"),
        SafetyCue(.harassment, .threat, 1, "die|suffer|death ~4 at_my_hands|by_my_hand|by_my_hands"),
        // Stalking told to the one stalked: "I followed you home last night", "I've been watching you." (allowed).
        SafetyCue(.harassment, .threat, 1, "i|ive|i_have followed @you home|to_your_house|to_your_place|to_work"),
        SafetyCue(.harassment, .threat, 1, "ive|i_have|i_been been? watching @you $"),
        SafetyCue(
            .harassment, .threat, 1,
            "ive|i_have|i_been been? watching @you for|every|all ~1 weeks|months|days|years|a_while|day|night|time"),
        SafetyCue(.harassment, .threat, 1, "@future ~2 @harm ~1 you|u|ur|your|yo|ya !a|an|some|at|in|to"),
        SafetyCue(
            .harassment, .threat, 1,
            "@future ~2 find|come_find you|u !a|an|the|some|something|one|someone|another|more|better|guys"),
        // Meeting up is no threat: "I'll find you at the bar", "I'll find you by the entrance at 7".
        SafetyCue(.harassment, .threat, -1, "find|come_find you|u at|by|near|outside|inside|in the|a|an|:num"),
        SafetyCue(.harassment, .threat, 1, "know ~3 you|u live|work|stay|sleep|drive|park"),
        SafetyCue(.harassment, .threat, 1, "@threatPhrase"),
        // Teasing about what the reader would miss: "you'll regret not trying the tiramisu".
        SafetyCue(
            .harassment, .threat, -1,
            "youll_regret|you_will_regret not|missing|skipping ~1 trying|seeing|coming|this|the|it"),
        // Aimed at the reader or meant ("I'd beat the shit out of her"): "he beat the crap out of me at chess" tells
        // a story.
        SafetyCue(.harassment, .threat, 1, "@beatOutOf you|u|ya|yo"),
        SafetyCue(.harassment, .threat, 1, "@future|want|want_to|id|would|could|gonna|should ~2 @beatOutOf"),
        // "Or else!" threatens; "or else you'll miss the train" is the other half of a condition (a threat in it
        // is found by its own words: "or else I'll hurt you").
        SafetyCue(.harassment, .threat, 1, "or_else !@you|i|im|ill|we|it|its|they|he|she|the|there|my|your|this|that"),
        // "Do that again and see what happens" dares; "make a move and see what happens" advises.
        SafetyCue(.harassment, .threat, 1, "youll|or ~1 see_what_happens"),
        SafetyCue(.harassment, .threat, 1, "again and see_what_happens"),
    ]
}
