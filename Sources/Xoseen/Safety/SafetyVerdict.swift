/// What the chat safety scan found in one message. Blocked messages are never delivered; the sender learns the
/// category and a stable reason code (never the matched words, so the filter cannot be probed word by word).
public enum SafetyVerdict: Sendable, Hashable {
    case allowed
    case blocked(category: SafetyCategory, reason: SafetyReason)

    public var isBlocked: Bool {
        if case .blocked = self { return true }
        return false
    }

    /// The category of a blocked message; nil when allowed.
    public var category: SafetyCategory? {
        if case .blocked(let category, _) = self { return category }
        return nil
    }
}

/// The kinds of harm the scanner blocks. Raw values are the wire and labelled-set names.
public enum SafetyCategory: String, CaseIterable, Sendable, Hashable, Codable {
    /// Moving the conversation off the app: phone numbers, e-mail, handles on other services.
    case offPlatform = "off_platform"
    /// Requests for money, gift cards, transfers; investment pitches; prize claims and bulk spam.
    case moneyScam = "money_scam"
    /// Insults, slurs, hate speech, wishing harm, threats.
    case harassment
    /// Demands for sexual images or acts, pressure after a no, sextortion.
    case sexualCoercion = "sexual_coercion"
    /// Home addresses, identity, card and bank numbers, secrets, private facts about others.
    case personalData = "personal_data"
}

/// A stable reason code inside a category. Static members, so adding one breaks no caller.
public struct SafetyReason: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let phoneNumber = SafetyReason(rawValue: "phone_number")
    public static let emailAddress = SafetyReason(rawValue: "email_address")
    public static let contactHandle = SafetyReason(rawValue: "contact_handle")
    public static let moveOffPlatform = SafetyReason(rawValue: "move_off_platform")

    public static let giftCard = SafetyReason(rawValue: "gift_card")
    public static let moneyRequest = SafetyReason(rawValue: "money_request")
    public static let wireTransfer = SafetyReason(rawValue: "wire_transfer")
    public static let investmentPitch = SafetyReason(rawValue: "investment_pitch")
    public static let paymentCredentials = SafetyReason(rawValue: "payment_credentials")
    /// Prize and lottery claims, premium-rate shortcodes ("txt WIN to 80086"), "reply STOP" bulk texts.
    public static let prizeScam = SafetyReason(rawValue: "prize_scam")
    /// Bulk or promotional messages (the learned classifier's spam class): "check out my channel".
    public static let spam = SafetyReason(rawValue: "spam")

    public static let insult = SafetyReason(rawValue: "insult")
    public static let slur = SafetyReason(rawValue: "slur")
    /// Demeaning a group: sexist, racist, religious, homophobic abuse (the learned classifier's hate class), and
    /// a group called vermin, wished dead or out of the country in so many words (``HateSpeechRules``).
    public static let hateSpeech = SafetyReason(rawValue: "hate_speech")
    public static let wishingHarm = SafetyReason(rawValue: "wishing_harm")
    public static let threat = SafetyReason(rawValue: "threat")

    public static let explicitImageRequest = SafetyReason(rawValue: "explicit_image_request")
    public static let pressure = SafetyReason(rawValue: "sexual_pressure")
    public static let imageThreat = SafetyReason(rawValue: "intimate_image_threat")
    /// Someone under 18 in an adults' chat: "I'm 15 btw", "you're 16 right?" (``MinorSafetyRules``).
    public static let underage = SafetyReason(rawValue: "underage")

    public static let homeAddress = SafetyReason(rawValue: "home_address")
    public static let governmentID = SafetyReason(rawValue: "government_id")
    public static let cardNumber = SafetyReason(rawValue: "card_number")
    public static let bankDetails = SafetyReason(rawValue: "bank_details")
    public static let secret = SafetyReason(rawValue: "secret")
    public static let privateFacts = SafetyReason(rawValue: "private_facts")
}
