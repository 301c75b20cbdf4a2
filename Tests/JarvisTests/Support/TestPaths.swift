import Foundation

/// Where the tests find files on disk: this target's `Fixtures` and the repository's `Resources/jarvis`,
/// worked out once from this file's place so the test files themselves can live in any folder.
enum TestPaths {
    /// `Tests/JarvisTests`.
    static let testTarget = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let repository = testTarget.deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testTarget.appendingPathComponent("Fixtures")
    static let resources = repository.appendingPathComponent("Resources/jarvis")
}
