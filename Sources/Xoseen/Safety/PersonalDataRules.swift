/// Sharing a home address (one's own this early, or someone else's at any time), identity documents, card and
/// bank numbers, passwords and codes, or private facts about a third party. Card and social security numbers
/// are also found by shape (``DigitRunReader``). Venue addresses ("the bar is at 85 Broad St") stay allowed.
enum PersonalDataRules: SafetyRuleSet {
    static let sets: [String: [String]] = [
        "street": SharedWords.words(
            """
            st street ave av avenue rd road blvd boulevard lane dr drive pl place ct court pkwy parkway ter \
            terrace way concourse sq square hwy highway
            """),
        "unit": SharedWords.words("apt apartment unit # suite ste floor flr buzz buzzer"),
        "owner": SharedWords.words("my her his their home exact new ex exs moms dads your wifes sisters"),
        "homeContext": SharedWords.words(
            """
            house home apartment apt building his_place her_place my_place door key alarm walks_home alone wife kids spread_it tell_her \
            found ex exs mom parents address addy lives live
            """),
        "idDocument": SharedWords.words(
            """
            passport license licence drivers_license id_number license_plate plate case_number passport_number
            """),
        "secret": SharedWords.words("password passcode pin pincode door_code alarm_code gate_code code_to login"),
        "sensitive": SharedWords.words(
            """
            medical_records hiv std herpes diagnosis probation criminal_record rehab work_schedule \
            walks_home picked_up_at get_picked_up parks_on maiden_name
            """),
        // "3 blocks from my flat" is a distance, not an address.
        "distance": SharedWords.words("miles mile minutes minute mins min blocks block hours hour km steps feet ft stops stop"),
        "thirdParty": SharedWords.words("her his she he hes shes their theyre"),
    ]

    static let cues: [SafetyCue] = [
        SafetyCue(.personalData, .homeAddress, 1, "live|lives|living|stay|stays|staying|located|livin ~1 at|on :num"),
        SafetyCue(.personalData, .homeAddress, 1, "@owner ~1 address|addy|adress ~3 :num"),
        SafetyCue(.personalData, .homeAddress, 1, ":num !@distance ~3 @street ~2 @unit"),
        SafetyCue(.personalData, .homeAddress, 0.5, ":num !@distance ~3 @street"),
        SafetyCue(.personalData, .homeAddress, 0.5, "@homeContext"),
        SafetyCue(.personalData, .governmentID, 1, "ssn|social_security|social_security_number ~4 :code"),
        SafetyCue(.personalData, .governmentID, 1, "my|her|his|your social ~2 :code"),
        SafetyCue(.personalData, .governmentID, 1, "@idDocument ~2 number|no|num|is ~1 :code"),
        SafetyCue(
            .personalData, .governmentID, 1,
            "photo|pic|picture|copy|scan ~3 id|passport|license|licence|drivers_license !plate|plates"),
        SafetyCue(.personalData, .governmentID, 1, "maiden_name"),
        // Asked for: "what's your social security number? for the background check" (was allowed).
        SafetyCue(
            .personalData, .governmentID, 1,
            """
            whats|what_is|give_me|send_me|tell_me|need ~3 your|ur ~1 ssn|social_security|social_security_number|\
            national_insurance_number|passport_number
            """),
        SafetyCue(.personalData, .governmentID, 1, "date_of_birth|dob|birth_date|birthdate ~3 :code"),
        SafetyCue(.personalData, .cardNumber, 1, "cvv|cvc|security_code|expiry|expiration|exp ~3 :code"),
        SafetyCue(.personalData, .cardNumber, 1, "card_number|credit_card|debit_card ~3 :code"),
        SafetyCue(.personalData, .bankDetails, 1, "account_number|acct|routing|routing_number|iban|sort_code ~3 :code"),
        SafetyCue(.personalData, .bankDetails, 1, "account ~2 is :code"),
        // Not the thing around a password: "my password manager is great" (was blocked).
        SafetyCue(
            .personalData, .secret, 1,
            """
            password|passcode|login !manager|managers|reset|policy|requirements|rules|hint|hints|strength|field|box|\
            page|app|screen|change ~2 is|= :any
            """),
        // "here's my password: hunter2" (the colon is no word).
        SafetyCue(.personalData, .secret, 1, "my|the|our password|passcode|pw :handle"),
        // Talk about a password is not the password: "my password is 4 words long", "my login is too complicated".
        SafetyCue(
            .personalData, .secret, -1,
            """
            password|passcode|login ~2 is|= ~2 long|short|characters|chars|letters|digits|words|strong|weak|\
            complicated|simple|easy|hard|old|wrong|incorrect|expired|different|same|secure|safe
            """),
        SafetyCue(.personalData, .secret, 1, "@secret ~4 is|= :code"),
        // "never tell anyone your PIN, it is 4 digits" is a warning, not a secret (counter-evidence).
        SafetyCue(
            .personalData, .secret, -1,
            "never|dont|not|nobody|no_one ~3 share|give|send|tell|disclose|reveal|ask ~4 pin|password|passcode|code"),
        SafetyCue(.personalData, .secret, 1, "key ~1 under ~2 mat|doormat|plant|rock|pot"),
        // One-time codes, the account takeover of dating scams: "what's the 6 digit code you just got?", "read me
        // the code from your phone", "my verification code is 482913". A promo or zip code is no secret.
        SafetyCue(
            .personalData, .secret, 1,
            """
            what|whats|send|tell|read|give|share|forward|need|text ~4 code|codes|digits ~5 got|get|received|\
            receive|sent|texted|phone|text|sms|message
            """),
        SafetyCue(
            .personalData, .secret, 1,
            """
            verification|verify|login|confirmation|one_time|otp|2fa|auth|authentication|google|whatsapp|sms ~1 \
            code|pin ~2 is|= :digits
            """),
        SafetyCue(.personalData, .secret, 1, "code ~3 texted|sent|emailed|got ~2 is|= :digits"),
        SafetyCue(
            .personalData, .secret, -1, "promo|discount|coupon|zip|area|dress|postal|source|qr|referral|invite|gift ~1 code"),
        SafetyCue(.personalData, .privateFacts, 0.5, "@sensitive"),
        SafetyCue(.personalData, .privateFacts, 0.5, "@thirdParty"),
    ]
}
