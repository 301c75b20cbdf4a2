import Foundation
import Xoseen

/// The shipped scanner (rules and the learned classifier from `Resources/xoseen/safety`) for the safety tests.
enum SafetyTesting {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/xoseen").path
    static let scanner: SafetyScanner = {
        do {
            return try SafetyScanner(resourcesDirectory: resources)
        } catch {
            fatalError("the shipped safety classifier does not load: \(error)")
        }
    }()
}
