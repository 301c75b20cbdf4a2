/// Rejoins words split to dodge a filter: "s n a p", "w h a t s a p p", "tele gram", "sl ut", "k y s".
///
/// Adjacent short tokens (five characters or fewer, no clause break or wide space between) are joined when
/// the result is a word the rules know. To keep real phrases intact ("I'll be at your place" must not become
/// "beat"), a join needs at least one part that is a single letter or not a common English word.
enum TokenMerger {
    /// The merged sequence, or nil when nothing was joined.
    static func merge(_ tokens: [MessageToken], vocabulary: SafetyVocabulary) -> [MessageToken]? {
        var output: [MessageToken] = []
        var changed = false
        var index = 0
        while index < tokens.count {
            if let (end, merged) = longestJoin(from: index, tokens, vocabulary) {
                output.append(merged)
                index = end + 1
                changed = true
            } else {
                output.append(tokens[index])
                index += 1
            }
        }
        return changed ? output : nil
    }

    private static func longestJoin(from start: Int, _ tokens: [MessageToken], _ vocabulary: SafetyVocabulary)
        -> (Int, MessageToken)?
    {
        guard isJoinable(tokens[start]) else { return nil }
        var text = tokens[start].text
        var allSingle = text.utf8.count == 1
        var hasUncommonPart = allSingle || !commonWords.contains(text)
        var best: (Int, String)?
        var end = start + 1
        while end < tokens.count && end - start < 12 {
            let token = tokens[end]
            guard isJoinable(token), !token.flags.contains(.clauseStart), !token.separator.contains(.wideSpace) else { break }
            text += token.text
            let single = token.text.utf8.count == 1
            allSingle = allSingle && single
            hasUncommonPart = hasUncommonPart || single || !commonWords.contains(token.text)
            guard text.utf8.count <= 14 else { break }
            if hasUncommonPart && vocabulary.contains(text) && (text.utf8.count >= 4 || allSingle && text.utf8.count >= 3) {
                best = (end, text)
            }
            end += 1
        }
        guard let (last, joined) = best else { return nil }
        var merged = tokens[start]
        merged.text = joined
        merged.raw = tokens[start...last].flatMap(\.raw)
        merged.id = vocabulary.lookup(joined)
        merged.flags.remove(.numberWord)
        return (last, merged)
    }

    private static func isJoinable(_ token: MessageToken) -> Bool {
        token.flags.contains(.hasLetter) && token.text.utf8.count <= 5
            && !token.flags.contains(.email) && !token.flags.contains(.handle) && !token.flags.contains(.masked)
    }

    /// Short everyday words, as skeletons. Two of these side by side are a phrase, not a split word.
    static let commonWords: Set<String> = Set(
        SharedWords.words(
            """
            a an the be at to in on is it me my we he she so do go no of or as by up us am are was can you and for not \
            but all any had her his how its may new now old one our out see two way who did get has him let put say too \
            use ill im id ive its dont wont cant will just like what when then than them they that this with from have \
            your were been more some time very come here there want good well back also only over into after first \
            last long great little own other right big high small next early young few public bad same able to day \
            get got give make know take look think tell ask work seem feel try leave call need keep find show hear play \
            run move live hold bring happen write sit stand lose pay meet set learn lead stay fall cut reach kill \
            love hate hope wish mean yes yeah ok okay lol haha hey hi oh ah um why where which while
            """
        ).map { Skeleton.of(Array($0.utf8)) })
}
