import Testing
import Xoseen

/// Hate speech said outright (``HateSpeechRules``): blocked whatever group it is aimed at; statements about a
/// group that deny, reject or report it, and ordinary talk about who someone is, stay allowed.
@Suite struct HateSpeechRulesTests {
    @Test(arguments: [
        "immigrants are vermin",
        "blacks are nothing but animals",
        "muslims are all terrorists",
        "jews are not human",
        "trans people are mentally ill freaks",
        "islam is a cancer",
        "gays should be shot",
        "refugees deserve to die",
        "I wish all muslims would die",
        "kill all the immigrants",
        "gas the jews",
        "death to gays",
        "deport every muslim",
        "I despise disabled people",
        "we hate lesbians",
        "these immigrants disgust me",
        "gay people make me sick",
        "mexicans are ruining this country",
        "women belong in the kitchen",
        "women should not be allowed to vote",
        "gays shouldn't exist",
        "refugees need to get out of our country",
        "muslims can't be trusted",
        "never trust a jew",
        "go back to your country",
        "the holocaust never happened",
        "immigrants with any power are a danger to this country",
        "refugee lives don't matter",
        "muslims are no better than cockroaches",
        "you're nothing but immigrant filth",
        "gay lives should not matter to anyone",
        "a disabled life isn't worth living",
        "immigrants like you make me so furious",
        "seeing lesbians everywhere makes me angry",
        "I'm so sick of muslims",
        "what is it with you fucking immigrants",
        "I'm going to beat a gay guy tonight",
        "I will make those refugees suffer",
        "I'd love to see the jews suffer",
        "someone should shoot those migrants",
        "this country would be better off without muslims",
        "refugees are all complete assholes",
        "women can all go fuck themselves",
        "if you're a woman you're probably dumb",
        "women like you are so stupid. you're just all idiots",
        "if you're a refugee then you're just dumb",
        "hordes of migrants everywhere",
        "muslims are taking over this town",
        "the contempt I feel for immigrants",
        "refugees are not welcome here",
        "trans women will never be real women",
        "I will never respect gay people",
        "the only good muslim is a dead one",
        "I feel sick whenever I see lesbians",
        "I've met plenty of migrants and I hate every one of them",
        "women are just incompetent",
        "why are we not allowed to kill muslims?",
        "I can't stand being around muslims",
        "women piss me off",
        "gay people give me the creeps",
        "I feel nothing but disgust for immigrants",
        "disabled people are a drain on society",
        "let's go beat up some gays",
        "someone needs to teach those women a lesson",
        "I'd love to see all the refugees burn",
        "the world would be a better place without black people",
        "I hope all trans people die",
    ])
    func explicitHateIsBlocked(_ text: String) {
        SafetyTesting.expect(text, gets: .blocked(category: .harassment, reason: .hateSpeech))
    }

    @Test(arguments: [
        "not all muslims are terrorists",
        "immigrants are not criminals",
        "people who say women are property are idiots",
        "it's racist to say blacks are animals",
        "the stereotype that mexicans are criminals is so tired",
        "when you go back to your country for christmas, bring me a souvenir",
        "I go back to india every summer",
        "go back to your room and get dressed lol",
        "women are property owners in that state too",
        "trans people deserve respect",
        "my best friends are gay and jewish",
        "I'm muslim and proud of it",
        "the refugees were killed in the bombing",
        "my grandmother survived the holocaust",
        "we should help refugees settle in",
        "I can't stand mornings",
        "I hope all the refugees will find homes",
        "can women be trusted with a secret? lol",
        "black lives matter",
        "women in my family are the best cooks",
        "the way they treat women makes me sick",
        "I'm sick of refugees being treated like criminals",
        "we ran out of black garbage bags",
        "female lives matter too",
        "I don't think immigrants are criminals",
        "you can't seriously believe that all muslims are terrorists",
        "I'd love to see the jewish museum",
        "gay lives are worth celebrating",
        "she's tired of immigrants being blamed for everything",
        "hordes of tourists at the beach today",
        "if you're a woman in tech, then you know the struggle",
        "muslims are not terrorists",
        "I get so angry when I see refugees treated like that",
        "I can't trust women after my divorce, it's hard",
        "immigrants are not the problem, greed is",
        "I would never say women are trash",
        "nobody should kill muslims",
        "I'm not going to hurt a gay person, relax",
        "no woman deserves to be raped",
        "I'm sick of hearing that immigrants are criminals",
        "I don't wish immigrants would die",
        "I would never want to see muslims suffer",
        "I never said women piss me off",
        "it's not true that refugees are criminals",
        "I hope muslims suffer less discrimination here",
        "I can't say I hate women",
    ])
    func talkAboutGroupsStaysAllowed(_ text: String) {
        SafetyTesting.expect(text, gets: .allowed)
    }

    @Test(arguments: [
        "he said \"women belong in the kitchen\", can you believe it",
        "my ex told me \"go back to your country\" and I left",
        "saying \"immigrants are vermin\" is disgusting",
        "“gays should be shot” is what he wrote, I reported him",
        "saying 'women are trash' is so rude",
        "he literally told me ‘go back to your country’ on our first date",
    ])
    func quotedHateIsReportedSpeech(_ text: String) {
        SafetyTesting.expect(text, gets: .allowed)
    }

    @Test(arguments: [
        "\"immigrants are vermin\"",
        "'immigrants are vermin'",
        "I don't care what the students' parents think, immigrants are vermin",
        "immigrants are vermin, \"seriously\"",
        "women belong in the kitchen \"lol\"",
        "he said \"women belong in the kitchen and gays should be shot",
    ])
    func ownWordsInQuotesStillBlock(_ text: String) {
        SafetyTesting.expect(text, gets: .blocked(category: .harassment, reason: .hateSpeech))
    }

    @Test func aQuotedSlurStillBlocks() {
        SafetyTesting.expect("he called me a \"slut\"", gets: .blocked(category: .harassment, reason: .slur))
    }
}
