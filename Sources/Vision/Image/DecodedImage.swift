import CTesseract
import Foundation

/// A decoded image (a Leptonica `Pix`, 32 bits a pixel), owned and freed by this object.
/// Not thread-safe; used by one pipeline at a time.
public final class DecodedImage: @unchecked Sendable {
    let pix: UnsafeMutablePointer<Pix>

    init(owning pix: UnsafeMutablePointer<Pix>) { self.pix = pix }

    deinit {
        var pointer: UnsafeMutablePointer<Pix>? = pix
        pixDestroy(&pointer)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }

    private static let quiet: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    /// Decodes the file at `path` after checking its format and declared dimensions against
    /// `limits`: a hostile header never gets as far as a pixel buffer.
    public static func load(path: String, limits: ImageLimits = .standard) throws(ImageError) -> DecodedImage {
        let (width, height) = try header(path: path, limits: limits)
        guard let decoded = pixRead(path) else { throw .corrupt }
        let image = DecodedImage(owning: decoded)
        guard image.width == width, image.height == height else { throw .corrupt }
        return try image.asRGB()
    }

    /// The declared width and height, after the format and size checks `load` makes; reads the
    /// header only (a caller can budget several files' pixels before decoding any).
    public static func header(path: String, limits: ImageLimits = .standard) throws(ImageError) -> (width: Int, height: Int) {
        _ = quiet
        var format: Int32 = 0
        guard findFileFormat(path, &format) == 0, format != Int32(IFF_UNKNOWN) else { throw .notAnImage }
        switch format {
        case Int32(IFF_JFIF_JPEG), Int32(IFF_PNG), Int32(IFF_WEBP): break
        default: throw .unsupportedFormat(Self.formatName(format))
        }
        var w: Int32 = 0
        var h: Int32 = 0
        var bps: Int32 = 0
        var spp: Int32 = 0
        var colormap: Int32 = 0
        guard pixReadHeader(path, &format, &w, &h, &bps, &spp, &colormap) == 0 else { throw .corrupt }
        let width = Int(w)
        let height = Int(h)
        guard width <= limits.maxSide, height <= limits.maxSide, width * height <= limits.maxPixels else {
            throw .tooManyPixels(width: width, height: height)
        }
        guard width >= limits.minSide, height >= limits.minSide else { throw .tooSmall(width: width, height: height) }
        return (width, height)
    }

    private func asRGB() throws(ImageError) -> DecodedImage {
        if pixGetDepth(pix) == 32 { return self }
        guard let converted = pixConvertTo32(pix) else { throw .corrupt }
        return DecodedImage(owning: converted)
    }

    static func formatName(_ format: Int32) -> String {
        switch format {
        case Int32(IFF_BMP): "BMP"
        case Int32(IFF_GIF): "GIF"
        case Int32(IFF_JP2): "JPEG 2000"
        case Int32(IFF_PNM): "PNM"
        case Int32(IFF_PS), Int32(IFF_LPDF): "PostScript/PDF"
        case Int32(IFF_SPIX): "SPIX"
        default: "TIFF"
        }
    }

    /// The pixels as packed RGB bytes (3 a pixel, rows top to bottom).
    public func rgbBytes() -> [UInt8] {
        let w = width
        let h = height
        let wordsPerLine = Int(pixGetWpl(pix))
        guard let data = pixGetData(pix) else { return [] }
        return [UInt8](unsafeUninitializedCapacity: w * h * 3) { buffer, count in
            for y in 0..<h {
                let line = data + y * wordsPerLine
                for x in 0..<w {
                    let word = line[x]  // 0xRRGGBBAA
                    let o = (y * w + x) * 3
                    buffer[o] = UInt8(truncatingIfNeeded: word >> 24)
                    buffer[o + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    buffer[o + 2] = UInt8(truncatingIfNeeded: word >> 8)
                }
            }
            count = w * h * 3
        }
    }

    /// The same image scaled down so that its longer side is at most `maxSide` (itself when it
    /// already fits).
    public func fitting(maxSide: Int) -> DecodedImage {
        let longer = max(width, height)
        guard longer > maxSide else { return self }
        let factor = Float(maxSide) / Float(longer)
        guard let scaled = pixScale(pix, factor, factor) else { return self }
        return DecodedImage(owning: scaled)
    }

    /// The same image scaled by `factor`.
    public func scaled(by factor: Double) -> DecodedImage? {
        pixScale(pix, Float(factor), Float(factor)).map(DecodedImage.init(owning:))
    }

    /// A rectangle of the image, clipped to its bounds; nil when nothing is left.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> DecodedImage? {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(self.width, x + width)
        let bottom = min(self.height, y + height)
        guard right > left, bottom > top,
            let created = boxCreate(Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        else { return nil }
        var box: UnsafeMutablePointer<Box>? = created
        defer { boxDestroy(&box) }
        return pixClipRectangle(pix, created, nil).map(DecodedImage.init(owning:))
    }

    /// A copy with a rectangle painted white (clipped to the image).
    public func blanked(x: Int, y: Int, width: Int, height: Int) -> DecodedImage? {
        let left = max(0, x)
        let top = max(0, y)
        let right = min(self.width, x + width)
        let bottom = min(self.height, y + height)
        guard let copy = pixCopy(nil, pix) else { return nil }
        let result = DecodedImage(owning: copy)
        guard right > left, bottom > top,
            let created = boxCreate(Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        else { return result }
        var box: UnsafeMutablePointer<Box>? = created
        defer { boxDestroy(&box) }
        _ = pixSetInRect(copy, created)
        return result
    }

    /// Rotated by `quarterTurns` × 90° clockwise.
    public func rotated(quarterTurns: Int) -> DecodedImage? {
        pixRotateOrth(pix, Int32(((quarterTurns % 4) + 4) % 4)).map(DecodedImage.init(owning:))
    }
}
