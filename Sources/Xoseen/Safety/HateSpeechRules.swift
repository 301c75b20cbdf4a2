/// Hate speech said outright: a protected group — by race, ethnicity, nationality, religion, sexuality,
/// gender identity, sex or disability — called animals or a disease, declared inferior, denied a good quality,
/// wished dead or out of the country, threatened, or hated as a group ("immigrants are vermin", "gays should be
/// shot", "refugees are not welcome", "I despise muslims"). The words are in `HateSpeechWords.swift`.
/// Short and explicit, these are what the learned classifier, trained on long posts, lets through; hate
/// phrased any other way stays its part (``LearnedSafetyModel``).
///
/// Only the group said in full counts ("muslims", "gay people"), so talk about one person is untouched; a
/// negation cancels the statement ("muslims are not terrorists", "not all immigrants are criminals"), and so
/// do naming it as what others say ("the stereotype that women are stupid") and quoting it inside a longer
/// message (``SafetyCue/quotationReports``).
enum HateSpeechRules: SafetyRuleSet {
    static let cues: [SafetyCue] = [
        // Dehumanising and demeaning: "immigrants are vermin", "blacks are like animals", "islam is a cancer".
        hate(1, "@group ~3 are|r|re ~3@hateFill @vermin|@cursed"),
        // Asked as if known: "why are gay people so disgusting?", "aren't women just useless?"
        hate(1, "why|how_come are|r @group ~3@hateFill @vermin|@cursed"),
        hate(1, "arent @group ~3@hateFill @vermin|@cursed"),
        hate(1, "@group are|r|re ~2@hateFill property|objects !owners|owner|rights|tax|taxes"),
        hate(1, "islam|judaism|homosexuality|transgenderism is ~3@hateFill @vermin|sin|mental_illness|perversion"),
        hate(1, "womans|womens place is ~1 in the kitchen|home"),
        hate(1, "@group ~3 are|r|re ~2@hateFill no_better_than|worse_than|nothing_more_than ~2@hateFill @vermin"),
        hate(1, "@kind @refuse !bag|bags|bin|bins|can|cans|truck|trucks|day|collection|pickup|disposal|liner|liners"),
        // Stereotypes as a rule: "isn't it typical of a woman to be that stupid", "if you're a muslim, you're
        // probably stupid".
        hate(1, "typical of ~1 @member|@group to be ~3@hateFill @vermin"),
        hate(1, "if @you are? a|an @member then|so? @you are? ~3@hateFill @vermin"),
        // A group in charge or let in as a danger: "women being in charge is a danger to our country".
        hate(1, "@group being ~3 is ~2@hateFill @vermin"),
        // Called a swarm: "swarms of immigrants", "hordes of muslims".
        hate(1, "swarms|swarm|hordes|horde|infestation of ~1@groupFill @group"),
        hate(1, "@group ~4 will|would|is|are|r|keep ~1 @ruin @ourPlace"),
        hate(1, "@group ~2 @ruin everything|@ourPlace"),
        hate(1, "@group ~3 are|r|re @ruin|taking_over our|this"),
        // Their lives said to be worth nothing: "immigrant lives don't matter".
        hate(1, "@member|trans lives dont|do_not|dont_really|arent|are_not matter|count"),
        hate(1, "@member|trans lives are|r not|never worth"),
        hate(1, "@kind lives dont|do_not|dont_really|arent|are_not|shouldnt|should_not|wont matter|count|be_important"),
        hate(1, "@kind lives are|r ~2 worth ~1 nothing|less|shit"),
        hate(1, "@kind lives|life arent|isnt|are_not|is_not|aint worth ~1 shit|anything|a_thing|living|saving"),
        hate(1, "@kind lives|life have|has no value|worth"),
        // Wished dead, harmed or removed, as a norm: "gays should be shot", "muslims deserve to die".
        hate(1, "@group ~1@groupFill @ought ~1 all? be|get ~1 @harmed"),
        hate(1, "@group ~1@groupFill @ought|deserve ~1 all? die|suffer|burn|rot|hang|death"),
        // Calls to violence against a group: "kill all the immigrants", "gas the jews", "death to muslims".
        hate(1, "@killVerb ~2@groupFill @group"),
        hate(1, "shoot|deport|expel|ban all ~1@groupFill @group"),
        hate(1, "@killVerb|shoot|deport|expel|ban every|each @member"),
        hate(1, "death_to|fuck_all|fuck_the|fuck_these|fuck_those ~1@groupFill @group"),
        // Threatening its members: "I'm going to shoot the next gay person I see".
        hate(
            1,
            """
            @future|lets|let_us ~2 @killVerb|shoot|hurt|beat|stab|bash|hunt|round_up ~1 the_next|any|every|all|some \
            ~1@groupFill @member|@group
            """),
        hate(1, "teach ~2@groupFill @group a_lesson"),
        hate(1, "@future ~2 @killVerb|shoot|hurt|beat|rape a|an @member"),
        hate(1, "@future ~2 make ~2@groupFill @group|@member ~4 suffer|pay|bleed|die|disappear"),
        hate(
            1,
            """
            @group ~2 will|gonna|are_going_to pay_for_this|pay_for_that|pay_for_it|pay_dearly|burn_in_hell|\
            rot_in_hell|get_what_they_deserve|be_hanged|be_shot|be_lynched|be_gassed|be_exterminated
            """),
        hate(1, "@group ~2 will|gonna|are_going_to burn|hang $"),
        hate(
            1,
            """
            all_for|in_favour_of|in_favor_of shooting|killing|hanging|gassing|exterminating|lynching \
            ~1@groupFill @group
            """),
        // Mass violence against a people's places of worship, by the sender: "I'm going to shoot up a mosque".
        hate(
            1,
            """
            i|we|im|ill|lets|let_us ~3 shoot_up|burn_down|bomb|blow_up ~1 a|the|every|all|this|that? \
            mosque|mosques|synagogue|synagogues|church|churches|temple|temples|gurdwara
            """),
        // Violence wished on it: "I would love to see those immigrants suffer", "if only someone would strangle
        // those women".
        hate(1, "love|like|want|wanna|hope to? see ~2@groupFill @group suffer|die|burn|hang|bleed|rot|@harmed"),
        hate(1, "someone|somebody ~1 should|would|could|must|will @killVerb|shoot ~1@groupFill @group"),
        hate(1, "better_off|a_better_place without ~1@groupFill @group"),
        hate(1, "if ~1@groupFill @group were|was|got ~1 all? @harmed"),
        hate(1, "@group ~3 would|should all? be dead"),
        hate(1, "@group ~2 can|should|could all? go_fuck_themselves|fuck_off|go_to_hell|go_die|rot_in_hell"),
        // A group named, then called vermin by a pronoun: "Immigrants everywhere. They are parasites."
        hate(0.5, "@group", group: "hateByPronoun"),
        hate(0.5, "they|theyre ~1 are|r|re? ~3@hateFill @vermin", group: "hateByPronoun"),
        hate(0.5, "should|must|need_to|gotta|ought_to ~1 just? @killVerb|deport|shoot them", group: "hateByPronoun"),
        hate(0.5, "they|them ~2 @ought ~1 all? be|get ~1 @harmed", group: "hateByPronoun"),
        hate(0.5, "send|ship|kick|throw|deport them ~1 all? back|out|home", group: "hateByPronoun"),
        hate(0.5, "deport them", group: "hateByPronoun"),
        hate(0.5, "they|them ~2 @ought|deserve ~1 all? die|suffer|burn|rot|hang|death", group: "hateByPronoun"),
        hate(0.5, "i|we ~1 hate|despise|detest|loathe|cant_stand them|every_one_of_them|all_of_them", group: "hateByPronoun"),
        // Or the reader, as one of it: "I know women like you can't help it. You're just all that dumb."
        hate(0.5, "@group|@member like @you", group: "hateToReader"),
        hate(0.5, "@you are|r? ~3@hateFill @vermin", group: "hateToReader"),
        // Hating the group: "I despise muslims", "I hate all the gays", "these immigrants disgust me".
        hate(1, "i|we|i_really|i_just @hateVerb ~5@groupFill @group"),
        hate(1, "@group ~1 disgust|disgusts|sicken|sickens|repulse|repulses me|us"),
        // Plural verb: the group does it ("women like you make me furious"); "the way they treat women makes me
        // sick" blames someone else.
        hate(1, "@group ~6 make|fill me|us ~3 @anger"),
        hate(1, "nothing ~2 makes|make me|us ~1 @anger than ~2@groupFill @group"),
        hate(1, "@group ~4 piss|give|creep me|us off|the_creeps|out"),
        hate(1, "feel|have nothing_but|only|so_much @anger|scorn|disdain|loathing for ~2@groupFill @group"),
        hate(1, "seeing|having|hearing ~1@groupFill @group ~3 makes|fills me|us ~3 @anger"),
        hate(1, "@anger|scorn|disdain|loathing ~1 i|we feel|have for ~1@groupFill @group"),
        hate(1, "sick|tired of ~3@groupFill @group !@suffered"),
        hate(1, "pissed_off|disgusted|angry|furious by|at|with ~2@groupFill @group !@suffered"),
        // Cursed at as a group: "what is it with you fucking immigrants?"
        hate(1, "@you|these|those|all|the fucking|fkn|fuckin|filthy|dirty|goddamn|stinking @group"),
        // Ruining the country, kept in their place, denied rights: "immigrants are ruining this country", "women
        // belong in the kitchen", "gays shouldn't exist", "go back to your country".
        hate(1, "@group are|r|re|keep|will? ~1 @ruin @ourPlace"),
        hate(1, "@group belong|belongs in|on|back_in ~1 the|a? @belongPlace"),
        hate(1, "@group ~1@groupFill should|must|shall not|never be_allowed|exist"),
        hate(1, "@group ~1@groupFill shouldnt|mustnt be_allowed|exist"),
        hate(
            1,
            """
            @group ~1@groupFill dont|do_not|never deserve ~1 rights|to_live|to_exist|respect|love|kindness|\
            compassion|sympathy|to_be_happy|happiness|equality
            """),
        // A good quality denied: "refugees are not welcome here", "I will never respect gay people".
        hate(1, "@group ~2@groupFill are|r|re|will|can not|never ~1 be? ~2@hateFill @worthy"),
        hate(1, "@group ~2@groupFill arent|wont|will_never|cant|can_never ~1 be? ~2@hateFill @worthy"),
        hate(1, "no @member|@group ~1 is|are welcome"),
        // A denial that is the hate itself: "I don't think women should have any rights" (outweighs the
        // denied belief below).
        hate(
            3,
            """
            dont|do_not|never think ~1@groupFill @group should ~2 have|get|be_allowed ~2 rights|vote|the_vote|\
            to_vote|a_say|jobs|children|kids|to_marry|to_exist|to_live
            """),
        hate(1, "i|we will_never|wont|dont|cant|cannot|could_never|do_not ~1 ever? respect|tolerate|accept ~1@groupFill @group"),
        hate(1, "no @member ~2 can|could|should ever? be_trusted|be_respected|be_taken_seriously"),
        hate(1, "only good @member|@group is|are a|an? dead"),
        hate(
            1,
            """
            @group ~1@groupFill @ought|can|should ~1 go_back|be_sent_back|get_out|get_the_fuck_out|leave_our|\
            leave_this|leave_my
            """),
        hate(1, "@group ~1@groupFill cant|cannot|can_never be_trusted"),
        hate(1, "never trust a|an @member"),
        hate(1, "wish|hope all? ~1@groupFill @group would|will|were ~1 all? die|dead|disappear|burn"),
        hate(1, "wish|hope ~2@groupFill @group die|burn|rot|disappear|drop_dead"),
        hate(1, "if ~1@groupFill @group ~2 all? died|disappeared|vanished|dropped_dead|were_gone|were_dead"),
        // Disgust at the sight of it: "I feel sick whenever I see muslims".
        hate(1, "@anger|disgusted ~3 when|whenever|every_time i|we? see|hear|think_about ~2@groupFill @group !@suffered"),
        hate(1, "go back to your|ur ~1 own? @homeland"),
        hate(1, "go back to @homeland"),
        hate(1, "go back where_you_came_from|where_you_come_from|where_ya_came_from|where_u_came_from"),
        hate(1, "every|each @member is|s a|an ~2@hateFill @verminOne"),
        // Bred or spread like vermin: "muslims breed like rats".
        hate(
            1,
            "@group ~2 breed|multiply|spread like ~1 rats|rabbits|cockroaches|vermin|insects|animals|flies|a_virus|cancer"),
        // The antisemitic trope of control: "jews control the media".
        hate(
            1,
            """
            jews|the_jews|zionists|jewish_people ~2 control|run|own|controls|runs|owns the? media|banks|world|\
            government|hollywood|money|everything
            """),
        // Denial of the Holocaust and the slogans of the extreme right.
        hate(
            1,
            """
            holocaust never_happened|didnt_happen|is_a_hoax|was_a_hoax|is_a_lie|was_a_lie|is_a_myth|was_a_myth|\
            is_fake|was_fake
            """),
        hate(1, "holohoax|heil_hitler|sieg_heil|race_war_now|white_genocide|gas_the_jews"),
        hate(1, "white_power !cable|cables|cord|supply|adapter|plug|outlet|socket|strip|button|light|lead"),
        hate(1, "hitler ~1 was|is right|had_a_point $"),
        hate(1, "hitler ~1 did_nothing_wrong|should_have_finished"),
        // Declared less able as a group: "black people are less intelligent".
        hate(1, "@group ~2@groupFill are|r|re ~1 less ~1 intelligent|smart|capable|civilized|civilised|evolved|human"),
        // Kept in the kitchen, sent back: "women should stay in the kitchen", "send them all back to africa".
        hate(1, "@group ~1@groupFill should|must|need_to|belong ~1 stay|be|get_back in the @belongPlace"),
        hate(1, "send|ship|deport ~1@groupFill @group ~1 all? back to @homeland"),
        // By pronoun only with "all": "send them back to china" may be a parcel.
        hate(1, "send|ship|deport them all back to @homeland"),

        // Counter-evidence: "not all muslims are terrorists", "no, immigrants are not criminals".
        hate(-2, "@negation all|every|most|many ~1 @group @stance"),
        // Told of someone else: "they will slaughter the muslims".
        hate(
            -2,
            """
            he|she|they|who|isis ~1 will|would|wants_to|want_to|plans_to|plan_to|tried_to|try_to ~1 @killVerb \
            ~2@groupFill @group
            """),
        // Naming it as what others say: "people who say women are property are idiots", "the stereotype that
        // immigrants are criminals".
        hate(-2, "@sayWord ~2 that? ~1@groupFill @group @stance"),
        hate(-2, "@negation ~2@disbelief believe|think|accept|pretend|say|claim|agree that? ~1@groupFill @group @stance"),
        // A wish, feeling or saying denied: "I don't wish immigrants would die", "I never said women piss me off",
        // "it's not true that refugees are criminals".
        hate(
            -2,
            """
            @negation ~3@renounce wish|hope|want|wanna|love|like|feel|say|said|hate|despise|detest|loathe|\
            teach|see ~4 @group
            """),
        hate(-2, "not_true|isnt_true|untrue|false that ~1@groupFill @group"),
        // Violence renounced: "nobody should kill muslims", "I'm not going to hurt a gay person".
        hate(
            -2,
            """
            @negation ~3@renounce @killVerb|shoot|hurt|harm|beat|rape|deport & a|an|any|the|all|those|these? ~1@groupFill \
            & @member|@group
            """),
        // A trip home is no insult: "when you go back to your country for christmas", "I go back to india every
        // summer".
        hate(
            -2,
            """
            @you|i|we|they|he|she|will|would|when|did|do|to|ll|could|can|might|gonna|wanna|want|going|ill|id|then|\
            cant|should|and ~1 go back to your|ur|my|our|their? ~1 own? @homeland
            """),
    ]

    /// A hate cue: what it says is the sender's own unless quoted inside a longer message.
    private static func hate(_ weight: Double, _ phrase: String, group: String = "hate") -> SafetyCue {
        SafetyCue(.harassment, .hateSpeech, weight, phrase, group: group, quotationReports: true)
    }
}
