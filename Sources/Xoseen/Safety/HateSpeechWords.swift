/// The words of ``HateSpeechRules``: the groups, what is said of them, and the words around both.
extension HateSpeechRules {
    static let sets: [String: [String]] = [
        "group": SharedWords.words(
            """
            muslims moslems jews jewish_people christians catholics hindus sikhs arabs blacks black_people \
            black_men black_women white_people whites africans asians asian_people chinese_people indians \
            mexicans latinos hispanics immigrants migrants refugees foreigners asylum_seekers gays gay_people \
            gay_men lesbians homosexuals bisexuals trans_people transgender_people transgenders transsexuals \
            trans_women trans_men transwomen women females disabled_people the_disabled autistic_people gypsies \
            pakistanis somalis nigerians haitians syrians palestinians israelis illegals illegal_immigrants \
            illegal_aliens brown_people indigenous_people native_americans aboriginals aborigines nonbinary_people \
            non_binary_people deaf_people blind_people romanians
            """),
        // One of a group, after "every" or "never trust a".
        "member": SharedWords.words(
            """
            muslim jew arab black black_person immigrant migrant refugee foreigner gay gay_person lesbian \
            trans_person transgender_person woman female mexican african asian chinese indian gypsy disabled_person
            """),
        // A group as the word before a noun: "muslim scum", "female lives", "immigrant filth".
        "kind": SharedWords.words(
            """
            muslim jewish arab black immigrant migrant refugee gay lesbian trans transgender female disabled \
            mexican african asian gypsy
            """),
        // Words allowed between a group and what is said of it: "muslims are all just filthy animals".
        "hateFill": SharedWords.words(
            """
            all just nothing but basically literally simply such so too very always fucking filthy dirty disgusting \
            damn bloody really truly absolute absolutely complete total the like a an no better than less more worse \
            dumb stupid lazy dangerous evil ugly subhuman primitive inbred genetically naturally still common that \
            even only massive utter huge probably definitely
            """),
        // Words allowed between a verb and the group it is aimed at: "kill all the fucking immigrants".
        "groupFill": SharedWords.words(
            "all the these those fucking filthy dirty damn bloody every last stupid single one of being around"),
        "vermin": SharedWords.words(
            """
            animals vermin parasites cockroaches roaches rats insects leeches apes monkeys savages barbarians \
            subhuman subhumans sub_human filth scum trash garbage vile evil inferior worthless useless the_worst \
            disease cancer plague virus pests pigs dogs swine beasts lice maggots mentally_ill perverts pedophiles \
            paedophiles predators rapists terrorists criminals invaders degenerates freaks abominations \
            abomination unnatural stupid dumb idiots morons retarded disgusting repulsive dirty filthy not_human \
            pathetic revolting lowlifes scumbags liars thieves lazy greedy violent a_threat a_burden \
            a_waste_of_space stinking smelly primitive backward uncivilized a_danger a_menace human_garbage \
            human_trash lesser_beings inferior_beings less_than_human not_people dishonest untrustworthy \
            incompetent immoral uncivilised unclean selfish manipulative deceitful treacherous barbaric brutal cruel \
            vicious hypocrites frauds cowards psychopaths sociopaths losers annoying insufferable unbearable shit \
            drain freeloaders moochers pedos paedos groomers
            """),
        // One of a group called one of them: "every muslim is a terrorist".
        "verminOne": SharedWords.words(
            """
            terrorist criminal rapist animal pig parasite thief liar pedophile paedophile pedo groomer savage subhuman \
            degenerate freak invader cockroach rat
            """),
        // What a group is denied: "refugees are not welcome", "trans women are not real women".
        "worthy": SharedWords.words(
            """
            human people welcome worthy capable intelligent smart trustworthy normal civilised civilized decent \
            real_women real_men real_people real_americans valuable wanted fit_to one_of_us
            """),
        "killVerb": SharedWords.words(
            """
            kill hang lynch gas exterminate eradicate slaughter murder execute nuke bomb burn castrate sterilize \
            wipe_out get_rid_of strangle stab torture behead drown put_an_end_to
            """),
        "harmed": SharedWords.words(
            """
            killed shot hanged hung lynched gassed exterminated executed burned burnt eradicated wiped_out \
            slaughtered murdered sterilized castrated deported locked_up put_down euthanized raped beaten banned \
            removed enslaved put_in_camps rounded_up thrown_out kicked_out locked_away
            """),
        "ought": SharedWords.words("should must need_to needs_to ought_to deserve_to have_to has_to shall"),
        "hateVerb": SharedWords.words("hate despise detest loathe cant_stand cannot_stand"),
        // What a group is said to stir in the speaker: "immigrants make me sick", "… fill me with rage".
        "anger": SharedWords.words(
            """
            sick furious angry mad rage fury disgust hatred contempt nauseous puke vomit want_to_puke want_to_vomit \
            anger boil scorn disdain loathing angrier madder sicker
            """),
        // Swearing at a group as a whole: "muslims are all complete assholes".
        "cursed": SharedWords.words(
            "assholes arseholes bastards scumbags dickheads motherfuckers cunts pricks wankers twats shitheads pieces_of_shit"),
        // Between a negation and the violence it renounces: "nobody should ever kill …", "I'm not going to hurt …";
        // "why are we not allowed to kill …" asks for it.
        "renounce": SharedWords.words(
            "should would will want wanna to going gonna ever i we anyone one let try mean plan intend could be"),
        // Between a negation and the belief it denies: "you can't seriously believe that …".
        "disbelief": SharedWords.words("i we honestly seriously really actually possibly truly still"),
        // What follows a group that is wronged, not blamed: "sick of women being harassed", "angry when I see
        // refugees treated like that".
        "suffered": SharedWords.words(
            """
            being getting treated not who dying suffering having harassed abused attacked mistreated hurt killed \
            beaten denied struggle struggling crying cry get
            """),
        // Nouns that make a group's name a slur: "muslim scum", "immigrant filth".
        "refuse": SharedWords.words("trash scum filth garbage vermin savages subhumans degenerates lowlifes refuse"),
        "homeland": SharedWords.words(
            """
            country countries africa mexico india china your_own_country where_you_came_from where_you_come_from \
            the_jungle the_desert your_cave your_shithole
            """),
        "ourPlace": SharedWords.words(
            """
            our_country this_country our_countries our_nation this_nation our_neighborhood our_neighbourhood \
            our_society our_culture our_race our_women our_children our_kids europe america the_west britain \
            the_world
            """),
        "ruin": SharedWords.words(
            "ruin ruining ruined destroy destroying destroyed infest infesting invade invading invaded outbreed replacing"),
        "belongPlace": SharedWords.words(
            "kitchen kitchens cage cages zoo zoos camp camps chains ovens gas_chambers the_gas_chamber"),
        // What a statement about a group goes on with: the counter-evidence below needs one.
        "stance": SharedWords.words("are r re should shouldnt must deserve belong can cant cannot dont need_to have_to"),
        "sayWord": SharedWords.words(
            """
            saying claim claims claiming stereotype stereotypes myth myths assume assumes assuming \
            assumption idea notion racist sexist bigoted bigots racists homophobic who_say who_says who_said \
            who_think who_thinks who_believe hearing heard
            """),
    ]

    /// The word sets people obfuscate, whose words are read through a slip (``Misspellings``): the groups, the
    /// slurs and insults (``HarassmentRules``), what dehumanises, the verbs of violence.
    static let obfuscated = [
        "group", "member", "kind", "vermin", "cursed", "refuse", "hateVerb", "anger", "killVerb", "harmed", "insult",
        "slur", "slurAmbiguous", "violated",
    ]
}
