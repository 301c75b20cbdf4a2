/// A persona's lifestyle answers, in the vocabulary `scripts/learn-population.py` maps the OkCupid answers to.
/// `nil` is "unstated" (most people leave some blank: 41% say nothing about diet, 59% nothing about children).
///
/// Our profile contract has no lifestyle fields, so these reach people only through the bio (``sentence``) and
/// shape the seed history's hidden preferences (``dealbreaker(for:)``); the ranker never reads them.
public struct Lifestyle: Sendable, Hashable, Codable {
    public enum Drinks: String, Sendable, Hashable, Codable, CaseIterable { case never, rarely, socially, often }
    public enum Smokes: String, Sendable, Hashable, Codable, CaseIterable { case no, sometimes, yes }
    public enum Drugs: String, Sendable, Hashable, Codable, CaseIterable { case never, sometimes, often }
    public enum Diet: String, Sendable, Hashable, Codable, CaseIterable { case anything, vegetarian, vegan, other }
    public enum Children: String, Sendable, Hashable, Codable, CaseIterable {
        case hasKids = "has_kids"
        case wants
        case mightWant = "might_want"
        case doesntWant = "doesnt_want"
        case noKids = "no_kids"
    }

    public var drinks: Drinks?
    public var smokes: Smokes?
    public var drugs: Drugs?
    public var diet: Diet?
    public var children: Children?

    public init(drinks: Drinks? = nil, smokes: Smokes? = nil, drugs: Drugs? = nil, diet: Diet? = nil, children: Children? = nil) {
        self.drinks = drinks
        self.smokes = smokes
        self.drugs = drugs
        self.diet = diet
        self.children = children
    }

    /// What the person says about it in their bio ("Drinks socially, doesn't smoke, vegetarian."), or nil when
    /// nothing is stated. Drugs stay out of bios, as they mostly do on real ones.
    public var sentence: String? {
        var parts: [String] = []
        switch drinks {
        case .never: parts.append("doesn't drink")
        case .rarely: parts.append("drinks rarely")
        case .socially: parts.append("drinks socially")
        case .often: parts.append("likes a drink")
        case nil: break
        }
        switch smokes {
        case .no: parts.append("doesn't smoke")
        case .sometimes: parts.append("smokes now and then")
        case .yes: parts.append("smokes")
        case nil: break
        }
        switch diet {
        case .vegetarian: parts.append("vegetarian")
        case .vegan: parts.append("vegan")
        case .anything, .other, nil: break
        }
        switch children {
        case .hasKids: parts.append("has kids")
        case .wants: parts.append("wants kids one day")
        case .mightWant: parts.append("might want kids")
        case .doesntWant: parts.append("doesn't want kids")
        case .noKids, nil: break
        }
        guard let first = parts.first else { return nil }
        return (first.prefix(1).uppercased() + first.dropFirst() + parts.dropFirst().map { ", " + $0 }.joined()) + "."
    }

    /// Added to a viewer's like logit in the seed history when the candidate's stated answers clash with the
    /// viewer's: a non-smoker and a daily smoker, wanting children and not wanting any, a teetotaller and a
    /// heavy drinker (the frictions dating surveys name most). 0 when either side left the answer blank.
    public func dealbreaker(for candidate: Lifestyle) -> Double {
        var penalty = 0.0
        if smokes == .no, candidate.smokes == .yes { penalty -= 1.5 }
        switch (children, candidate.children) {
        case (.wants, .doesntWant), (.doesntWant, .wants), (.doesntWant, .hasKids): penalty -= 1.0
        default: break
        }
        if drinks == .never, candidate.drinks == .often { penalty -= 0.7 }
        return penalty
    }
}
