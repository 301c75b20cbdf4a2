import CDlibFace
import Foundation

/// dlib's face models, loaded once. Calls are blocking and serialised by a lock (one engine
/// holds one network); run them off the cooperative thread pool.
public final class FaceEngine: @unchecked Sendable {
    /// The files the engine needs, as shipped by the `face-recognition-models` package.
    public static let shapePredictorFile = "shape_predictor_5_face_landmarks.dat"
    public static let recognitionModelFile = "dlib_face_recognition_resnet_model_v1.dat"

    public enum Failure: Error, Sendable, Equatable {
        case modelsMissing(directory: String)
        case modelLoad(String)
        case analysis(String)
    }

    private let engine: OpaquePointer
    private let lock = NSLock()

    /// Loads both models from `directory`.
    public init(modelsDirectory directory: String) throws(Failure) {
        let shapes = directory + "/" + Self.shapePredictorFile
        let network = directory + "/" + Self.recognitionModelFile
        guard FileManager.default.fileExists(atPath: shapes), FileManager.default.fileExists(atPath: network) else {
            throw .modelsMissing(directory: directory)
        }
        var error = [CChar](repeating: 0, count: 512)
        guard let engine = face_engine_open(shapes, network, &error, error.count) else {
            throw .modelLoad(String(decoding: error.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.engine = engine
    }

    deinit { face_engine_close(engine) }

    /// Faces in `image`, largest first, with descriptors for the first `describing` of them.
    /// `upsample` doubles the image that many times before detection (finds faces smaller than
    /// about 80 pixels, at four times the cost each).
    public func faces(in image: DecodedImage, describing: Int = 1, upsample: Int = 0, maxFaces: Int = 16) throws(Failure)
        -> [DetectedFace]
    {
        let width = image.width
        let height = image.height
        let rgb = image.rgbBytes()
        var found = [face_engine_face](repeating: face_engine_face(), count: maxFaces)
        var error = [CChar](repeating: 0, count: 512)
        lock.lock()
        let count = face_engine_analyze(
            engine, rgb, width, height, width * 3, Int32(upsample), &found, Int32(maxFaces),
            Int32(describing), &error, error.count)
        lock.unlock()
        guard count >= 0 else {
            throw .analysis(String(decoding: error.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return found.prefix(min(Int(count), maxFaces)).map { face in
            var descriptor: FaceDescriptor?
            if face.has_descriptor != 0 {
                descriptor = withUnsafeBytes(of: face.descriptor) { raw in
                    FaceDescriptor(values: Array(raw.bindMemory(to: Float.self)))
                }
            }
            return DetectedFace(
                left: face.left, top: face.top, right: face.right, bottom: face.bottom, score: face.score,
                descriptor: descriptor)
        }
    }
}
