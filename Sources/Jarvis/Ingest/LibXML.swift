import CLibXML2

/// libxml2's global state must be initialised once, before any thread parses.
enum LibXML {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    static func initialize() { _ = initialized }
}
