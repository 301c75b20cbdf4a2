import CTesseract
import Foundation

/// Tesseract (English LSTM model from Debian's `tesseract-ocr-eng`), one engine behind a lock.
/// Calls are blocking; run them off the cooperative thread pool.
public final class TextReader: @unchecked Sendable {
    public struct Line: Sendable, Equatable {
        public let text: String
        /// Tesseract's confidence for the line, 0–100.
        public let confidence: Double
    }

    public enum Layout: Sendable {
        /// One uniform block of text (an MRZ).
        case block
        /// Text scattered over the image in no particular order (a card's fields).
        case sparse
    }

    public enum Failure: Error, Sendable, Equatable {
        case engineUnavailable(String)
    }

    private let api: OpaquePointer
    private let lock = NSLock()

    /// `dataPath` nil uses Tesseract's compiled-in tessdata directory (or `TESSDATA_PREFIX`).
    public init(language: String = "eng", dataPath: String? = nil) throws(Failure) {
        guard let api = TessBaseAPICreate() else { throw .engineUnavailable("TessBaseAPICreate failed") }
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(api, dataPath, language) == 0 else {
            TessBaseAPIDelete(api)
            throw .engineUnavailable("Tesseract could not load the '\(language)' model (is tesseract-ocr-\(language) installed?)")
        }
        self.api = api
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// The lines of text Tesseract reads in `image`. `characters` limits what it may read
    /// (for example `A-Z0-9<` for an MRZ); nil reads anything.
    public func lines(in image: DecodedImage, layout: Layout, characters: String? = nil) -> [Line] {
        lock.lock()
        defer { lock.unlock() }
        TessBaseAPISetPageSegMode(api, layout == .block ? PSM_SINGLE_BLOCK : PSM_SPARSE_TEXT)
        _ = TessBaseAPISetVariable(api, "tessedit_char_whitelist", characters ?? "")
        TessBaseAPISetImage2(api, image.pix)
        TessBaseAPISetSourceResolution(api, 300)
        defer { TessBaseAPIClear(api) }
        guard TessBaseAPIRecognize(api, nil) == 0, let iterator = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        var lines: [Line] = []
        repeat {
            guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE) else { continue }
            let value = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(text)
            if !value.isEmpty {
                lines.append(Line(text: value, confidence: Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE))))
            }
        } while TessResultIteratorNext(iterator, RIL_TEXTLINE) != 0
        return lines
    }
}
