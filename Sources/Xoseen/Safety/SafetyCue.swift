/// One piece of evidence for a category: a phrase pattern (``PhrasePattern``) and how much it counts. A
/// message is blocked for a category when its matched cues add up to at least 1 — strong cues (weight 1) alone,
/// weak ones (0.5) only in pairs. Weak cues are the words that are innocent alone and telling together: a gift
/// card is a birthday present until someone asks for its code. Weak cues add up only within their group (by
/// default their reason), so "she" and "lives in Brooklyn" do not make personal data together. A negative weight
/// is counter-evidence within its group: "never share your PIN" cancels "share your PIN".
struct SafetyCue: Sendable {
    let category: SafetyCategory
    let reason: SafetyReason
    let weight: Double
    let phrase: String
    let group: String
    /// Whether a match that starts inside a quotation (``MessageToken/Flags/quoted``) is left out: the sender
    /// is reporting someone else's words ("he said \"women belong in the kitchen\", can you believe it").
    let quotationReports: Bool

    /// The group of weightless cues that mark a message as promoting something (a channel, a sale, a prize):
    /// the learned classifier's spam vote needs one of them, or a link, a handle, an amount, a long number or a
    /// long text (``CueTally``).
    static let promotionGroup = "promotion"

    init(
        _ category: SafetyCategory, _ reason: SafetyReason, _ weight: Double, _ phrase: String, group: String? = nil,
        quotationReports: Bool = false
    ) {
        self.category = category
        self.reason = reason
        self.weight = weight
        self.phrase = phrase
        self.group = group ?? reason.rawValue
        self.quotationReports = quotationReports
    }
}

/// A category's rules: its cues and the named word sets they use (`@name` in a phrase).
protocol SafetyRuleSet {
    static var sets: [String: [String]] { get }
    static var cues: [SafetyCue] { get }
}

/// Word sets every rule set may use.
enum SharedWords {
    static let sets: [String: [String]] = [
        "you": words("you u ya yu youu yoo youre ur u_r you_r yall"),
        "negation": words(
            """
            not no never dont didnt doesnt isnt arent wasnt werent wont cant cannot wouldnt shouldnt couldnt aint \
            without nobody hardly barely
            """),
        // Words that do not make a user name: "my instagram is [mostly] food pics".
        "filler": words(
            """
            is so mostly private just a an the pretty really dead boring full not only all kind like empty old new \
            off down hacked broken public random weird cringe mainly basically literally lol haha for of my on and \
            but i it its too very also more less still always never that this where what how when same gone deleted \
            inactive there here got was has have had gets keeps set mine yours if to in at with
            """),
        "num": words("zero one two three four five six seven eight nine"),
    ]

    /// Splits a space-separated word list.
    static func words(_ list: String) -> [String] {
        list.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }
}
