extension SourceAgreement {
    /// The conflict line: the disputed quantities (most sources involved first), then a denial against a
    /// confirmation; at most two statements. Nil when the story has one voice or the sources agree.
    func conflict() -> String? {
        guard story.voiceCount >= 2 else { return nil }
        var statements = figureConflicts()
        if let claim = claimConflict() { statements.append(claim) }
        guard !statements.isEmpty else { return nil }
        return statements.prefix(2).joined(separator: " ")
    }

    struct Side {
        var figure: Figure
        var sources: [String]  // display names, first report first
        var firstArticle: Int
        var sourceKeys: Set<String> = []
    }

    /// A quantity the sources report with different values: its key (unit and subject), its figures, and one
    /// side per value.
    struct Dispute {
        var key: String
        var group: [Figure]
        var sides: [Side]
    }

    /// What a disputed figure counts: its subject's name ("the death toll"), except a vote count of something
    /// other than votes — "41 voting districts" are districts: "the number of voting districts".
    private static func disputeLabel(_ figure: Figure) -> String {
        guard let subject = figure.subject else { return figure.unit == "date" ? "the date" : "the figures" }
        let counted = figure.unit.split(separator: " ").last.map(String.init) ?? figure.unit
        if subject == .votes, !["vote", "ballot"].contains(counted) {
            let noun = figure.display.split(separator: " ").dropFirst().joined(separator: " ")
            if !noun.isEmpty { return "the number of " + noun }
        }
        return subject.label
    }

    /// The quantity a figure measures, as disputes are keyed: unit and subject.
    private static func quantityKey(_ figure: Figure) -> String { figure.unit + "|" + (figure.subject?.rawValue ?? "?") }

    private func figureConflicts() -> [String] {
        disputes.map { dispute in
            let subject = dispute.group[0].subject
            let sides = dispute.sides.sorted { $0.firstArticle < $1.firstArticle }
            let label = Self.disputeLabel(dispute.group[0])
            let claims = sides.map { side in
                let value = subject?.countsPeople == true ? FigureOrder.number(side.figure) : side.figure.display
                let names = SourceAgreement.list(side.sources.sorted { story.sourceRank($0) < story.sourceRank($1) })
                return "\(names) \(side.sources.count == 1 ? "reports" : "report") \(value)"
            }
            return (
                involved: sides.reduce(0) { $0 + $1.sources.count }, key: dispute.key,
                text: "Sources differ on \(label): \(claims.joined(separator: ", "))."
            )
        }
        .sorted { ($0.involved, $1.key) > ($1.involved, $0.key) }.map(\.text)
    }

    /// The quantities in dispute: each source's exact value of one quantity, two or more values, no source
    /// explaining them (a rise, a range), and the reports about the same thing.
    func findDisputes() -> [Dispute] {
        var byKey: [String: [Figure]] = [:]
        for figure in figures where !figure.approximate {
            byKey[Self.quantityKey(figure), default: []].append(figure)
        }
        // Every figure of a unit by source, estimated or not, whatever its subject: what each source gives at all.
        var byUnitAndSource: [String: [String: [Figure]]] = [:]
        for figure in figures { byUnitAndSource[figure.unit, default: [:]][sourceKey(figure), default: []].append(figure) }
        var found: [Dispute] = []
        for key in byKey.keys.sorted() {
            let group = byKey[key]!
            let subject = group[0].subject
            // Each source's distinct values for this key; an earlier value ("up from 3,625") beside a current one
            // is history, not a second report.
            var perSource: [String: [Figure]] = [:]
            for figure in group.sorted(by: FigureOrder.byArticleSentence) {
                let source = sourceKey(figure)
                if !(perSource[source] ?? []).contains(where: { $0.sameValue(as: figure) }) {
                    perSource[source, default: []].append(figure)
                }
            }
            for (source, values) in perSource where values.count > 1 {
                let current = values.filter { !$0.earlier }
                if current.count == 1 { perSource[source] = current }
            }
            var sides: [Side] = []
            for source in perSource.keys.sorted() where perSource[source]!.count == 1 {
                let figure = perSource[source]![0]
                let name = story.articles[figure.article].article.source
                if let s = sides.firstIndex(where: { $0.figure.sameValue(as: figure) }) {
                    sides[s].sources.append(name)
                    sides[s].firstArticle = min(sides[s].firstArticle, figure.article)
                    sides[s].sourceKeys.insert(source)
                } else {
                    sides.append(Side(figure: figure, sources: [name], firstArticle: figure.article, sourceKeys: [source]))
                }
            }
            guard sides.count >= 2 else { continue }
            // Prices for different things are different quantities ("GH¢61,600 a tonne", "GH¢3,850 a bag"): the
            // thing most sides price is the one compared, and no side without it.
            let pers = Dictionary(grouping: sides.compactMap(\.figure.per), by: { $0 }).mapValues(\.count)
            if pers.count > 1 {
                let ranked = pers.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                guard ranked[0].value > ranked[1].value else { continue }
                sides = sides.filter { $0.figure.per == ranked[0].key }
                guard sides.count >= 2 else { continue }
            }
            // A source on one side that also gives another side's value, however it words it ("about 260 miles
            // and 167 miles"; "the deficit surged 26%" beside "revenues grew 4%"), reports two things, not a
            // different count of one.
            let givenBySource = byUnitAndSource[group[0].unit] ?? [:]
            if sides.contains(where: { side in
                sides.contains { other in
                    other.figure.value != side.figure.value
                        && side.sourceKeys.contains { source in
                            (givenBySource[source] ?? []).contains { $0.sameValue(as: other.figure) }
                        }
                }
            }) {
                continue
            }
            // Money rounded in print ("$600 million" for $601 million): within 1%, one amount.
            let values = sides.map(\.figure.value)
            if Figure.isMoney(unit: group[0].unit), let low = values.min(), let high = values.max(), high <= low * 1.01 {
                continue
            }
            // A source that gives several of the disputed values explains them (a rise, a range).
            let explained = perSource.values.contains { values in
                values.count > 1 && sides.filter { side in values.contains { $0.sameValue(as: side.figure) } }.count >= 2
            }
            if explained { continue }
            // Same unit and subject is not yet the same quantity ("240 votes" in the House, "28 votes" in a
            // committee): the two reports must also be about the same thing — sentences of shared content
            // (cosine ≥ 0.2), or near-identical ones (≥ 0.5) when the subject is unknown.
            // A price of the same thing ("the price … a bag") says what it is about by itself: words every report
            // of the story shares weigh nothing in that cosine.
            let samePer = sides.allSatisfy { $0.figure.per != nil && $0.figure.per == sides[0].figure.per }
            if !(samePer && subject != nil), !sidesShareSentence(sides, in: group, threshold: subject == nil ? 0.5 : 0.2) {
                continue
            }
            found.append(Dispute(key: key, group: group, sides: sides))
        }
        return found
    }

    /// Some pair of figures across sides comes from sentences of two voices whose TF-IDF cosine (the figures'
    /// own sentences; the headline for a headline figure) reaches `threshold`.
    private func sidesShareSentence(_ sides: [Side], in group: [Figure], threshold: Double) -> Bool {
        func vector(_ f: Figure) -> TermVector { space.vector(terms(article: f.article, sentence: f.sentence)) }
        for i in sides.indices {
            for j in sides.indices where j > i {
                let left = group.filter { $0.sameValue(as: sides[i].figure) }
                let right = group.filter { $0.sameValue(as: sides[j].figure) }
                for l in left {
                    for r in right where voice(l) != voice(r) && vector(l).cosine(vector(r)) >= threshold { return true }
                }
            }
        }
        return false
    }

    private static let denyStems = stems(["denied", "denies", "deny", "refuted", "refutes"])
    private static let confirmStems = stems(["confirmed", "confirms", "confirm", "admitted", "admits", "acknowledged"])

    private static func stems(_ words: [String]) -> Set<String> {
        Set(words.flatMap { InsightText.analyzer.terms($0) })
    }

    private func claimConflict() -> String? {
        struct Claim {
            var article: Int
            var sentence: Int
            var denies: Bool
        }
        var claims: [String: [Claim]] = [:]
        for (a, features) in story.articles.enumerated() {
            for (s, sentence) in features.sentences.enumerated() {
                let lower = " " + sentence.lowercased() + " "
                if lower.contains(" not ") || lower.contains("n't ") || lower.contains(" no ") || lower.contains(" never ") {
                    continue
                }
                let terms = Set(features.sentenceTerms[s])
                let denies = !terms.isDisjoint(with: SourceAgreement.denyStems)
                let confirms = !terms.isDisjoint(with: SourceAgreement.confirmStems)
                guard denies != confirms else { continue }
                claims[features.sourceKey, default: []].append(Claim(article: a, sentence: s, denies: denies))
            }
        }
        let claimStems = SourceAgreement.denyStems.union(SourceAgreement.confirmStems)
        func vector(_ c: Claim) -> TermVector {
            space.vector(story.articles[c.article].sentenceTerms[c.sentence].filter { !claimStems.contains($0) })
        }
        let deniers = claims.keys.sorted().filter { claims[$0]!.allSatisfy(\.denies) }
        let confirmers = claims.keys.sorted().filter { claims[$0]!.allSatisfy { !$0.denies } }
        for d in deniers {
            for c in confirmers {
                for x in claims[d]! {
                    for y in claims[c]! where story.articles[x.article].voice != story.articles[y.article].voice {
                        let sx = story.articles[x.article].sentences[x.sentence]
                        let sy = story.articles[y.article].sentences[y.sentence]
                        let sharedName = !Set(text.entities(sx)).isDisjoint(with: text.entities(sy))
                        guard sharedName, vector(x).cosine(vector(y)) >= 0.35 else { continue }
                        let denier = story.articles[x.article].article.source
                        let confirmer = story.articles[y.article].article.source
                        return
                            "Sources contradict each other: \(denier) reports a denial (“\(Normalized.truncate(sx, to: 110))”), "
                            + "while \(confirmer) reports a confirmation (“\(Normalized.truncate(sy, to: 110))”)."
                    }
                }
            }
        }
        return nil
    }
}
