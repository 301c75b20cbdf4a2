// Written by scripts/train-summary-words.py from the development events of news-events.jsonl
// (993 events, 126945 words); features in `WordImportance.featureNames` order.
enum WordImportanceModel {
    static let intercept = -4.1511
    static let coefficients: [Double] = [
        -0.8744,  // voice_share
        0.7742,  // two_voices
        0.4952,  // three_voices
        2.2109,  // headline_share
        0.4667,  // in_a_headline
        1.0912,  // lead_voice_share
        1.0290,  // earliest_position
        1.0038,  // log_count
        0.3409,  // capitalised_share
        0.2990,  // number
        0.2109,  // length
    ]
}
