// Written by scripts/train-headlines.py from the development events of news-events.jsonl
// (993 events); features in `HeadlineSelector.featureNames` order. Only the order of a story's
// headlines matters, so there is no intercept.
enum HeadlineModel {
    static let coefficients: [Double] = [
        0.3552,  // centrality
        0.5784,  // headline_agreement
        0.1574,  // shared_terms
        -0.3186,  // length
        -0.0441,  // short
        0.0375,  // long
        -0.0040,  // colon
        -0.0231,  // quotation
        -0.0061,  // number
        -0.0132,  // entities
        0.0215,  // action_verb
        -0.0778,  // opinion
        0.1734,  // terms
    ]
}
