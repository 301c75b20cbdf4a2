import Vision

/// What the document says about its holder's date of birth: the MRZ (with its check digits)
/// where there is one, and the printed birth-date field.
public struct DocumentReading: Sendable, Equatable {
    public var mrz: MachineReadableZone?
    public var field: DateOfBirthField?
    /// Words only documents print ("PASSPORT", "LICENSE", "DATE OF BIRTH", …) found on it.
    public var documentWords: Int

    public init(mrz: MachineReadableZone? = nil, field: DateOfBirthField? = nil, documentWords: Int = 0) {
        self.mrz = mrz
        self.field = field
        self.documentWords = documentWords
    }

    /// Something only a document has was read: an MRZ (valid or not), a printed date or a
    /// document's words. A plain portrait has none of them.
    public var hasDocumentFeatures: Bool { mrz != nil || field != nil || documentWords > 0 }

    /// Words that cards and passports print and photographs rarely show, whole words only.
    static let vocabulary: Set<String> = [
        "PASSPORT", "PASSEPORT", "REISEPASS", "PASAPORTE", "LICENSE", "LICENCE", "DRIVER", "DRIVING",
        "IDENTITY", "IDENTIFICATION", "NATIONALITY", "SURNAME", "GIVEN", "EXPIRES", "EXPIRY",
        "ISSUED", "ISSUE", "BIRTH", "DOB", "SEX", "HEIGHT", "CLASS", "PERSONALAUSWEIS", "CARTE", "IDENTITE",
    ]

    static func documentWords(in lines: [String]) -> Int {
        lines.reduce(0) { total, line in
            total + line.uppercased().split(whereSeparator: { !$0.isLetter }).filter { vocabulary.contains(String($0)) }.count
        }
    }
}

/// Reads a document image with Tesseract. Passports: the bottom of the page with the MRZ
/// alphabet only, as one block (measured on an ICAO specimen: line 2 reads cleanly this way).
/// Cards: the whole card as one block (a label and its value stay on one line), then the MRZ
/// band too when the card has one (TD1).
public struct DocumentReader: Sendable {
    let text: TextReader
    static let mrzAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"

    public init(text: TextReader) { self.text = text }

    /// `portrait`: where the holder's face is, as fractions of the image (left, top, width,
    /// height); the printed fields are read on the side of the card away from it (photo texture
    /// reads as noise that drowns the labels beside it).
    /// `kind` nil (an operator's `xoseen read-document` without `--doc-type`): look for an MRZ
    /// first, as for a passport, and read printed dates day first.
    public func read(
        _ document: DecodedImage, kind: DocumentKind?, today: CalendarDate,
        portrait: (x: Double, y: Double, width: Double, height: Double)? = nil
    ) -> DocumentReading {
        let image = document.fitting(maxSide: 1800)
        var reading = DocumentReading()
        var fields = image
        if let p = portrait {
            // Read beside the portrait, not over it: the side of the card away from the photo.
            let w = Double(image.width)
            let margin = p.width * 1.4
            if p.x + p.width / 2 < 0.5 {
                let left = Int((p.x + p.width + margin) * w)
                fields = image.cropped(x: left, y: 0, width: image.width - left, height: image.height) ?? image
            } else {
                fields = image.cropped(x: 0, y: 0, width: Int((p.x - margin) * w), height: image.height) ?? image
            }
            if fields.width < image.width / 4 { fields = image }
        }
        let mrzFirst = kind == .passport || kind == nil
        if mrzFirst {
            reading.mrz = mrz(in: image, today: today)
            if let zone = reading.mrz, zone.isValid, !zone.birthCenturyIsOpen(today: today) { return reading }
        }
        let lines = text.lines(in: fields, layout: .block)
        reading.documentWords = DocumentReading.documentWords(in: lines.map(\.text))
        // The MRZ's two-digit birth year cannot tell a child from someone a century older; a
        // printed birth date with the same day, month and year digits settles the century.
        if let zone = reading.mrz, zone.isValid, zone.birthCenturyIsOpen(today: today), let printed = reading.field?.date,
            let birth = zone.dateOfBirth, printed.month == birth.month, printed.day == birth.day,
            printed.year % 100 == birth.year % 100, printed.year != birth.year
        {
            reading.mrz = zone.withBirthYear(printed.year)
        }
        reading.field = DateOfBirthField.find(
            in: lines.map { .init(text: $0.text, confidence: $0.confidence) },
            order: (kind ?? .idCard).dateOrder, today: today)
        if reading.mrz == nil, kind == .idCard || kind == nil || lines.contains(where: { $0.text.contains("<<") }) {
            reading.mrz =
                (mrzFirst ? nil : mrz(in: image, today: today)) ?? MachineReadableZone.find(in: lines.map(\.text), today: today)
        }
        return reading
    }

    /// The MRZ band: the bottom 30% of the page, then the bottom 45% if that found nothing.
    func mrz(in image: DecodedImage, today: CalendarDate) -> MachineReadableZone? {
        var best: MachineReadableZone?
        for share in [0.30, 0.45] {
            let top = Int(Double(image.height) * (1 - share))
            guard let band = image.cropped(x: 0, y: top, width: image.width, height: image.height - top) else { continue }
            let lines = text.lines(in: band, layout: .block, characters: Self.mrzAlphabet).map(\.text)
            if let zone = MachineReadableZone.find(in: lines, today: today) {
                if zone.isValid { return zone }
                best = best ?? zone
            }
        }
        return best
    }
}
