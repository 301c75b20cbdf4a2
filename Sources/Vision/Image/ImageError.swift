/// Why an uploaded file is not an image we can work with. Each case is the caller's fault
/// (a 422), never a crash.
public enum ImageError: Error, Sendable, Equatable {
    /// Not a recognisable image file (text, an executable, random bytes, empty).
    case notAnImage
    /// An image format we do not accept (only JPEG, PNG and WebP are).
    case unsupportedFormat(String)
    /// The header declares more pixels than we decode (a decompression bomb, or simply too big).
    case tooManyPixels(width: Int, height: Int)
    /// Smaller than anything a face or a document could be read from.
    case tooSmall(width: Int, height: Int)
    /// The header was fine but the pixel data could not be decoded (truncated, corrupt).
    case corrupt

    public var message: String {
        switch self {
        case .notAnImage: "The file is not an image."
        case .unsupportedFormat(let name): "Image format \(name) is not supported; send JPEG, PNG or WebP."
        case .tooManyPixels(let w, let h):
            "The image declares \(w)×\(h) pixels, more than the \(ImageLimits.standard.maxPixels / 1_000_000) megapixels accepted."
        case .tooSmall(let w, let h):
            "The image is \(w)×\(h) pixels; at least \(ImageLimits.standard.minSide) pixels a side are needed."
        case .corrupt: "The image data is corrupt or truncated."
        }
    }
}

/// What we agree to decode. Checked against the file's header before any pixel is decoded.
public struct ImageLimits: Sendable {
    public var maxPixels: Int
    public var maxSide: Int
    public var minSide: Int

    public init(maxPixels: Int, maxSide: Int, minSide: Int) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
        self.minSide = minSide
    }

    /// 40 megapixels (a 12 MB phone JPEG is well under), 12 000 pixels a side, 64 at least.
    public static let standard = ImageLimits(maxPixels: 40_000_000, maxSide: 12_000, minSide: 64)
}
