import Foundation
import Vision

/// The third-party files `scripts/fetch-third-party.sh` puts under `third_party/` (models from
/// face-recognition-models; photos from face_recognition's and scikit-image's bundled test data).
enum ThirdParty {
    static let root = FileManager.default.currentDirectoryPath + "/third_party"
    static let modelsDirectory = root + "/face-models"

    static func photo(_ name: String) -> String { root + "/face-photos/" + name }

    /// One engine for the whole test process (loading the models takes about half a second).
    static let faces: FaceEngine = {
        do { return try FaceEngine(modelsDirectory: modelsDirectory) } catch {
            fatalError("Face models missing under \(modelsDirectory): run scripts/setup.sh (\(error))")
        }
    }()
}
