/// The chat safety scan: decides, before delivery, whether a plain-text message may be shown to the other
/// person. Pure and deterministic — no I/O, no clock, no randomness — and fast enough to run on every message
/// (a few microseconds; `make eval-safety` prints the figure).
///
/// A message is folded (``CharacterFolding``: invisible characters, compatibility forms, accents, look-alike
/// letters), tokenised (``MessageTokenizer``: leetspeak, joined and masked words), read through a slip
/// (``Misspellings``), split where glued (``GluedWords``) and rejoined where split (``TokenMerger``), then read
/// by the number finder (``DigitRunReader``) and the phrase rules of each category (``OffPlatformRules``,
/// ``MoneyScamRules``, ``HarassmentRules``, ``HateSpeechRules``, ``SexualCoercionRules``, ``MinorSafetyRules``,
/// ``PersonalDataRules``), and by the learned classifier (``LearnedSafetyModel``: hate speech, insults, threats,
/// spam, learned from real labelled messages). Either may block; when several categories have evidence,
/// ``CueTally/priority`` names the verdict.
public struct SafetyScanner: Sendable {
    private let rules: CompiledSafetyRules
    public let model: LearnedSafetyModel

    public init(model: LearnedSafetyModel) {
        rules = CompiledSafetyRules.shared
        self.model = model
    }

    /// Loads the learned classifier from `<resourcesDirectory>/safety` (`Resources/xoseen` in the repository).
    public init(resourcesDirectory: String) throws {
        try self.init(model: LearnedSafetyModel(directory: resourcesDirectory + "/safety"))
    }

    public func scan(_ text: String) -> SafetyVerdict {
        evidence(for: text).verdict()
    }

    /// The evidence behind a verdict, for operators and tuning (`safety-eval --verbose`): what was found and
    /// which rule phrases matched, with their weights. Never shown to the sender.
    public func explain(_ text: String) -> [String] {
        evidence(for: text).lines
    }

    private func evidence(for text: String) -> CueTally {
        var tally = CueTally()
        let folded = CharacterFolding.fold(text)
        let learned = model.verdict(folded: LinkMasking.masked(folded))
        if let learned { tally.addLearned(learned.category, learned.reason, learned.evidence) }
        var tokens = MessageTokenizer.tokenize(folded)
        guard !tokens.isEmpty else { return tally }
        for index in tokens.indices { tokens[index].id = rules.wordID(tokens[index].text) }
        if let split = rules.gluedWords.splitAll(tokens, vocabulary: rules.vocabulary) { tokens = split }

        for finding in DigitRunReader.findings(in: tokens, phoneCues: rules.phoneCues, socialSecurityCues: rules.socialCues) {
            switch finding {
            case .phone: tally.addStrong(.offPlatform, .phoneNumber)
            case .card: tally.addStrong(.personalData, .cardNumber)
            case .socialSecurity: tally.addStrong(.personalData, .governmentID)
            }
        }
        if tokens.contains(where: { $0.flags.contains(.email) }) { tally.addStrong(.offPlatform, .emailAddress) }

        var matched = Set<Int>()
        rules.collectMatches(in: tokens, into: &matched)
        if let merged = TokenMerger.merge(tokens, vocabulary: rules.vocabulary) {
            rules.collectMatches(in: merged, into: &matched)
        }
        for index in matched.sorted() { tally.add(rules.cues[index]) }
        if learned?.category == .moneyScam && !tally.promotes { notePromotion(in: tokens, into: &tally) }
        return tally
    }

    /// Whether the message promotes something, looked for only when the classifier votes spam and no rule has
    /// said so already (``CueTally/promotes``): most messages never pay for it.
    private func notePromotion(in tokens: [MessageToken], into tally: inout CueTally) {
        if tokens.count >= CueTally.longText {
            tally.markPromotion("a long text")
        } else if let pointer = tokens.first(where: \.pointsSomewhere) {
            tally.markPromotion(String(decoding: pointer.raw, as: UTF8.self))
        } else {
            let promotion = CompiledSafetyRules.promotion
            var tokens = tokens
            for index in tokens.indices { tokens[index].id = promotion.wordID(tokens[index].text) }
            var matched = Set<Int>()
            promotion.collectMatches(in: tokens, into: &matched)
            if let cue = matched.min().map({ promotion.cues[$0] }) { tally.markPromotion("[\(cue.group)] \(cue.phrase)") }
        }
    }
}

/// Sums matched cues per category and group and picks the verdict.
struct CueTally {
    /// Evidence by category, then group: total weight and the reason of the heaviest cue.
    private var groups: [SafetyCategory: [String: (weight: Double, reason: SafetyReason, strongest: Double)]] = [:]
    /// One line per piece of evidence, in the order found.
    private(set) var lines: [String] = []
    /// Counter-evidence by category (the summed weight of negative cues, as a positive number): a warning such
    /// as "never share your PIN" weighs against the classifier's vote in that category too.
    private var counter: [SafetyCategory: Double] = [:]

    /// When several categories have enough evidence, the first here names the verdict: the harm that is worse to
    /// let through (a threat that mentions a phone number is a threat).
    static let priority: [SafetyCategory] = [.sexualCoercion, .harassment, .moneyScam, .personalData, .offPlatform]

    /// Whether the message promotes something: a ``SafetyCue/promotionGroup`` cue, a link, a handle, an amount, a
    /// long number, a long text, or any evidence of a scam or of moving off the platform. The classifier's spam
    /// vote counts only then: it learned from comment and e-mail spam, where "check out this song" and "are you
    /// free saturday? wanna watch a movie" read like promotion — between two people they are an invitation.
    private(set) var promotes = false
    /// Words from which a message counts as a long text (e-mail spam, copied pitches) for ``promotes``.
    static let longText = 60

    mutating func markPromotion(_ why: String) {
        if !promotes { lines.append("money_scam 0 promotes: \(why)") }
        promotes = true
    }

    mutating func addStrong(_ category: SafetyCategory, _ reason: SafetyReason) {
        if category == .moneyScam || category == .offPlatform { promotes = true }
        lines.append("\(category.rawValue) 1.0 found \(reason)")
        add(category: category, group: "found:" + reason.rawValue, reason: reason, weight: 1)
    }

    static let learnedGroup = "learned"

    mutating func addLearned(_ category: SafetyCategory, _ reason: SafetyReason, _ evidence: String) {
        lines.append("\(category.rawValue) 1.0 \(evidence)")
        add(category: category, group: Self.learnedGroup, reason: reason, weight: 1)
    }

    mutating func add(_ cue: SafetyCue) {
        if cue.weight >= 0.5 && (cue.category == .moneyScam || cue.category == .offPlatform) { promotes = true }
        lines.append("\(cue.category.rawValue) \(cue.weight) [\(cue.group)] \(cue.phrase)")
        add(category: cue.category, group: cue.group, reason: cue.reason, weight: cue.weight)
    }

    private mutating func add(category: SafetyCategory, group: String, reason: SafetyReason, weight: Double) {
        if weight < 0 { counter[category, default: 0] -= weight }
        var entry = groups[category, default: [:]][group] ?? (0, reason, 0)
        entry.weight += weight
        if weight > entry.strongest {
            entry.strongest = weight
            entry.reason = reason
        }
        groups[category, default: [:]][group] = entry
    }

    func verdict() -> SafetyVerdict {
        // The classifier's spam is the least specific verdict: a message with a phone number, an e-mail address or
        // a card number is named for what the rules found, even if it also reads like bulk text.
        if let found = verdict(skipping: [.moneyScam]) { return found }
        return verdict(skipping: []) ?? .allowed
    }

    /// The first category in ``priority`` with a passing group, leaving out the classifier's vote in `skipped`.
    private func verdict(skipping skipped: Set<SafetyCategory>) -> SafetyVerdict? {
        for category in Self.priority {
            var entries = groups[category] ?? [:]
            if skipped.contains(category) || (category == .moneyScam && !promotes) {
                entries[Self.learnedGroup] = nil
            } else if let counterWeight = counter[category], var learned = entries[Self.learnedGroup] {
                learned.weight -= counterWeight
                entries[Self.learnedGroup] = learned
            }
            // Heaviest group first, ties by group name: never by the dictionary's order, which differs between
            // processes (it once made one message `slur` in one process and `insult` in another).
            // The rules' reasons are more specific than the classifier's, so they win ties.
            // Weights are decimal fractions meant to add up to 1 in any order (0.35 + 0.3 + 0.35 is 0.9999… in
            // binary), so a group passes within a hair of 1.
            let passing = entries.filter { $0.value.weight >= 1 - 1e-9 }.sorted { a, b in
                if a.value.weight != b.value.weight { return a.value.weight > b.value.weight }
                if (a.key == Self.learnedGroup) != (b.key == Self.learnedGroup) { return b.key == Self.learnedGroup }
                return a.key < b.key
            }
            guard let top = passing.first else { continue }
            return .blocked(category: category, reason: top.value.reason)
        }
        return nil
    }
}

/// The rules compiled once: vocabulary, patterns, and an index from a word to the patterns it can start.
final class CompiledSafetyRules: Sendable {
    static let shared: CompiledSafetyRules = {
        do {
            return try CompiledSafetyRules(ruleSets: [
                OffPlatformRules.self, MoneyScamRules.self, HarassmentRules.self, HateSpeechRules.self,
                SexualCoercionRules.self, MinorSafetyRules.self, PersonalDataRules.self,
            ])
        } catch {
            // The rules are constants in this module; a syntax error is a programming error caught by the tests.
            fatalError("safety rules: \(error)")
        }
    }()

    /// ``PromotionRules`` alone, read only when the classifier votes spam.
    static let promotion: CompiledSafetyRules = {
        do {
            return try CompiledSafetyRules(ruleSets: [PromotionRules.self])
        } catch {
            fatalError("promotion rules: \(error)")
        }
    }()

    let cues: [SafetyCue]
    let vocabulary: SafetyVocabulary
    let misspellings: Misspellings
    let gluedWords: GluedWords
    let context: MatchContext
    let phoneCues: Set<Int32>
    let socialCues: Set<Int32>
    private let patterns: [PhrasePattern]
    /// Per cue, ``SafetyCue/quotationReports``: its matches that start inside a quotation are left out.
    private let reportedWhenQuoted: [Bool]
    private let byLeadingWord: [Int32: [Int]]
    private let unindexed: [Int]
    /// Per cue, ``PhrasePattern/requiredWordSets``: a cue is tried only where the message has a word of each.
    private let requiredWordSets: [[Set<Int32>]]

    init(ruleSets: [any SafetyRuleSet.Type]) throws {
        var sets = SharedWords.sets
        var cues: [SafetyCue] = []
        for ruleSet in ruleSets {
            sets.merge(ruleSet.sets) { _, new in new }
            cues += ruleSet.cues
        }
        var vocabulary = SafetyVocabulary()
        var patterns: [PhrasePattern] = []
        var byLeadingWord: [Int32: [Int]] = [:]
        var unindexed: [Int] = []
        for (index, cue) in cues.enumerated() {
            let pattern = try PhrasePattern(cue.phrase, sets: sets, vocabulary: &vocabulary)
            patterns.append(pattern)
            if let leading = pattern.leadingIDs {
                for id in leading { byLeadingWord[id, default: []].append(index) }
            } else {
                unindexed.append(index)
            }
        }
        let ids = { (words: [String]) in Set(words.map { vocabulary.id(for: $0) }) }
        phoneCues = ids(OffPlatformRules.phoneCueWords)
        socialCues = ids(SharedWords.words("ssn social security"))
        let negations = ids(sets["negation"] ?? [])
        let fillers = ids(sets["filler"] ?? [])
        self.cues = cues
        self.patterns = patterns
        reportedWhenQuoted = cues.map(\.quotationReports)
        self.byLeadingWord = byLeadingWord
        self.unindexed = unindexed
        requiredWordSets = patterns.map(\.requiredWordSets)
        self.vocabulary = vocabulary
        let abusive = HateSpeechRules.obfuscated.flatMap { sets[$0] ?? [] }
        self.misspellings = Misspellings(vocabulary: vocabulary, words: abusive)
        self.gluedWords = GluedWords(abusiveWords: abusive)
        self.context = MatchContext(vocabulary: vocabulary, negations: negations, fillers: fillers)
    }

    /// The vocabulary id of a token's skeleton, or of the rule word it is a slip of (``Misspellings``).
    func wordID(_ skeleton: String) -> Int32 {
        let id = vocabulary.lookup(skeleton)
        return id == MessageToken.unknown ? misspellings.id(for: skeleton) ?? id : id
    }

    /// Adds the indices of the cues that match anywhere in `tokens`.
    func collectMatches(in tokens: borrowing [MessageToken], into matched: inout Set<Int>) {
        // The message's words, with what its masked words may stand for; a cue missing a word it needs is not
        // tried at all (a message of 300 group names would otherwise try each group-led cue 300 times).
        var present = Set<Int32>()
        for position in tokens.indices {
            present.insert(tokens[position].id)
            if tokens[position].flags.contains(.masked) {
                present.formUnion(vocabulary.maskedCandidates(tokens[position].text))
            }
        }
        var checked: [Int: Bool] = [:]
        func possible(_ index: Int) -> Bool {
            if let known = checked[index] { return known }
            let answer = requiredWordSets[index].allSatisfy { words in
                present.count < words.count ? present.contains(where: words.contains) : words.contains(where: present.contains)
            }
            checked[index] = answer
            return answer
        }
        for position in tokens.indices {
            let token = tokens[position]
            var candidates = byLeadingWord[token.id] ?? []
            if token.flags.contains(.masked) {
                for id in vocabulary.maskedCandidates(token.text) { candidates += byLeadingWord[id] ?? [] }
            }
            let quoted = token.flags.contains(.quoted)
            for index in candidates
            where !matched.contains(index) && !(quoted && reportedWhenQuoted[index]) && possible(index) {
                if patterns[index].matches(tokens, at: position, context: context) { matched.insert(index) }
            }
        }
        for index in unindexed where !matched.contains(index) && possible(index) {
            for position in tokens.indices {
                if tokens[position].flags.contains(.quoted) && reportedWhenQuoted[index] { continue }
                if patterns[index].matches(tokens, at: position, context: context) {
                    matched.insert(index)
                    break
                }
            }
        }
    }
}
