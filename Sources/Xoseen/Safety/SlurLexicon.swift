/// Slurs against people for who they are — race and ethnicity, religion, sexuality and gender identity,
/// disability, and the gendered ones — with their plurals. This is a moderation word list: it has to name the
/// words to catch them.
///
/// Two lists. `unambiguous` words are slurs in every reading and block alone. `ambiguous` words are ordinary in
/// another language or sense ("hoe" is Dutch for "how" and a garden tool, "tranny" a transmission, "fag" a
/// British cigarette, "retard" French for "late" (its English plural
/// "retards" is unambiguous), "coon" a raccoon, "homo" the genus): alone they are half the
/// evidence, and block only aimed at someone ("you homo"), with an insult ("stupid fag") or with a second slur.
/// "retarded" is there too: as an adjective it is mostly untargeted profanity ("that's retarded"), allowed by
/// policy; "you retarded" is an insult. "he/she" is mostly the pronoun ("he/she is lying"), the slur only aimed.
/// Words whose skeleton (``Skeleton``: `l` and `i` merged) is a common word are left out: "foid" reads as
/// "fold", "muzzie" as "muzzle" (`SlurLexiconTests` checks every word against the encoder's vocabulary).
enum SlurLexicon {
    static let unambiguous: [String] =
        inflected(
            """
            nigger nigguh niger_bitch sandnigger jigaboo porch_monkey wetback beaner kike hymie christ_killer \
            raghead towelhead camel_jockey camelfucker camel_fucker rapefugee zipperhead chinaman slant_eye coolie gollywog golliwog \
            faggot fagot fagget faggit shemale ladyboy_freak dyke_bitch batty_boy poofter \
            retardo mongoloid spastic libtard \
            whore slut cunt skank thot feminazi femoid roastie
            """) + SharedWords.words("retards faggy faggoty sluttiest whorish")

    static let ambiguous: [String] =
        inflected(
            """
            nigga niggah chink gook spic spick paki wop dago coon redskin squaw gypsy injun \
            fag dyke homo tranny poof queer he_she \
            spaz cripple midget mong \
            hoe bitch
            """) + ["retard", "retarded"]

    /// Each word with its plural ("slut" → "sluts", "bitch" → "bitches", "christ_killer" → "christ_killers").
    static func inflected(_ list: String) -> [String] {
        SharedWords.words(list).flatMap { word -> [String] in
            let plural: String
            if word.hasSuffix("ch") || word.hasSuffix("sh") || word.hasSuffix("s") || word.hasSuffix("x") {
                plural = word + "es"
            } else if word.hasSuffix("y") && !word.hasSuffix("ey") {
                plural = String(word.dropLast()) + "ies"
            } else {
                plural = word + "s"
            }
            return [word, plural]
        }
    }
}
