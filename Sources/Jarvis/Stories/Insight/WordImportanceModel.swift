// Written by scripts/train-summary-words.py from the development events of news-events.jsonl
// (993 events, 126942 words); features in `WordImportance.featureNames` order.
enum WordImportanceModel {
    static let intercept = -4.1643
    static let coefficients: [Double] = [
        -0.8804,  // voice_share
        0.7737,  // two_voices
        0.4848,  // three_voices
        2.2149,  // headline_share
        0.4651,  // in_a_headline
        1.0895,  // lead_voice_share
        1.0297,  // earliest_position
        1.0175,  // log_count
        0.3378,  // capitalised_share
        0.3021,  // number
        0.2192,  // length
    ]
}
