/// What the user says the document is (`doc_type`). It decides where we look first (the MRZ of
/// a passport) and the day/month order assumed for an ambiguous printed date.
public enum DocumentKind: String, Sendable, CaseIterable {
    case stateId = "state_id"
    case driversLicense = "drivers_license"
    case passport
    case idCard = "id_card"

    /// US state IDs and licences print month first; passports and national ID cards day first.
    var dateOrder: PrintedDate.Order {
        switch self {
        case .stateId, .driversLicense: .monthFirst
        case .passport, .idCard: .dayFirst
        }
    }
}
