import Foundation
import Testing
import XoseenVerification

/// MRZ check digits (ICAO 9303's own specimen), printed dates, birth-date labels.
@Suite struct DocumentReadingTests {
    let today = CalendarDate(year: 2026, month: 12, day: 1)!

    @Test func icaoCheckDigits() {
        #expect(MachineReadableZone.checkDigit("L898902C3") == 6)
        #expect(MachineReadableZone.checkDigit("740812") == 2)
        #expect(MachineReadableZone.checkDigit("120415") == 9)
        #expect(MachineReadableZone.checkDigit("ZE184226B<<<<<") == 1)
        #expect(MachineReadableZone.checkDigit("a") == nil)
    }

    @Test func td3SpecimenValidates() throws {
        let zone = try #require(
            MachineReadableZone.find(
                in: [
                    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
                    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
                ], today: today))
        #expect(zone.format == .td3)
        #expect(zone.isValid)
        #expect(zone.dateOfBirth == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(zone.expiry == CalendarDate(year: 2012, month: 4, day: 15))
        #expect(zone.documentNumber == "L898902C3")
        #expect(zone.nationality == "UTO" && zone.sex == "F" && zone.lines.count == 2)
        #expect(!zone.birthCenturyIsOpen(today: today))
    }

    /// A holder born in '12 reads as a child; a century earlier is still a possible age, so the
    /// printed field must settle it (the reader then looks at it). OCR's `1` for `I` in the
    /// country code is repaired.
    @Test func aTwoDigitBirthYearCanLeaveTheCenturyOpen() throws {
        let zone = try #require(
            MachineReadableZone.find(
                in: [
                    "PAISLAEVARSDOTTIR<<THURIDUR<OESP<<<<<<<<<<<<",
                    "A3536444<71SL1212123<3103108121212<1239<<<68",
                ], today: today))
        #expect(zone.isValid)
        #expect(zone.dateOfBirth == CalendarDate(year: 2012, month: 12, day: 12))
        #expect(zone.birthCenturyIsOpen(today: today))
        #expect(zone.nationality == "ISL")
    }

    /// A two-digit birth year equal to this year's, on a day still to come, is last century's: a birth date is
    /// never in the future (the fuzzer found "261204" read as 2026-12-04 on 2026-06-01).
    @Test func aBirthDayLaterThisYearIsLastCentury() throws {
        // ICAO's specimen with its birth date (YYMMDD, then a check digit left unfixed) replaced.
        func birth(_ yymmdd: String) throws -> CalendarDate? {
            try #require(
                MachineReadableZone.find(
                    in: ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO\(yymmdd)0F1204159ZE184226B<<<<<10"],
                    today: today)
            ).dateOfBirth
        }
        #expect(try birth("261215") == CalendarDate(year: 1926, month: 12, day: 15))
        #expect(try birth("261115") == CalendarDate(year: 2026, month: 11, day: 15))
    }

    @Test func td3WithAnAlteredBirthDateFailsItsChecks() throws {
        let zone = try #require(
            MachineReadableZone.find(
                in: [
                    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
                    "L898902C36UTO7508122F1204159ZE184226B<<<<<10",
                ], today: today))
        #expect(!zone.isValid)
        #expect(zone.failedChecks.contains("date_of_birth"))
        #expect(zone.failedChecks.contains("composite"))
    }

    @Test func td1SpecimenValidatesEvenWithOCRFillerSlips() throws {
        let clean = try #require(
            MachineReadableZone.find(
                in: [
                    "I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
                ], today: today))
        #expect(clean.format == .td1 && clean.isValid)
        #expect(clean.dateOfBirth == CalendarDate(year: 1974, month: 8, day: 12))
        // As Tesseract reads OCR-B filler: `<<` pairs as K, the line too long.
        let slipped = try #require(
            MachineReadableZone.find(
                in: [
                    "I<UTOD231458907K<K<K<KKKKKKKKKKK", "7408122F1204159UTO<<<<<<<K<<K<<6", "ERIKSSON<<ANNA<MARIAK<<<<<<<K<",
                ], today: today))
        #expect(slipped.isValid)
        #expect(slipped.dateOfBirth == CalendarDate(year: 1974, month: 8, day: 12))
    }

    @Test func twoDigitBirthYearsAreNeverInTheFuture() throws {
        let zone = try #require(
            MachineReadableZone.find(
                in: [
                    "P<UTOX<<Y<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<",
                    "X1234567<7UTO0807043F3106305<<<<<<<<<<<<<<02",
                ], today: today))
        #expect(zone.dateOfBirth == CalendarDate(year: 2008, month: 7, day: 4))
    }

    @Test(arguments: [
        ("DOB 03/14/1990", PrintedDate.Order.monthFirst, "1990-03-14"),
        ("DOB 14/03/1990", .monthFirst, "1990-03-14"),
        ("Date of birth 04.05.1990", .dayFirst, "1990-05-04"),
        ("Date of birth 04.05.1990", .monthFirst, "1990-04-05"),
        ("BIRTH DATE 1990-03-14", .dayFirst, "1990-03-14"),
        ("Date of birth O4 JUL 1988", .dayFirst, "1988-07-04"),
        ("DOB 14-Mar-1990", .monthFirst, "1990-03-14"),
        ("DOB March 14, 1990", .dayFirst, "1990-03-14"),
        ("Geburtsdatum 29.02.2000", .dayFirst, "2000-02-29"),
        ("Dos 03/14/1990", .monthFirst, "1990-03-14"),
        ("bay DATE OF BITH 14 MAR 1990", .dayFirst, "1990-03-14"),
        // Two-digit years: the date is never after today (2026-12-01), a day later this year is last century's.
        ("DOB 15.11.26", .dayFirst, "2026-11-15"), ("DOB 15.12.26", .dayFirst, "1926-12-15"),
        ("DOB 15 DEC 26", .dayFirst, "1926-12-15"),
    ])
    func birthDateFields(text: String, order: PrintedDate.Order, expected: String) throws {
        let field = try #require(DateOfBirthField.find(in: [.init(text: text, confidence: 90)], order: order, today: today))
        #expect(field.date.iso == expected)
        #expect(field.labelled)
    }

    @Test func withoutALabelTheEarliestDateIsAWeakReading() throws {
        let lines: [DateOfBirthField.Line] = [
            .init(text: "ISS 06/30/2021", confidence: 90), .init(text: "x 03/14/1990", confidence: 90),
            .init(text: "EXP 06/30/2031", confidence: 90),
        ]
        let field = try #require(DateOfBirthField.find(in: lines, order: .monthFirst, today: today))
        #expect(field.date.iso == "1990-03-14")
        #expect(!field.labelled && field.confidence < 60)
    }

    @Test func impossibleDatesAreNotDates() {
        #expect(CalendarDate(year: 2001, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDate(iso: "1990-13-01") == nil)
        #expect(CalendarDate(iso: "1990-1-01") == nil)
        #expect(DateOfBirthField.find(in: [.init(text: "DOB 31/02/1990", confidence: 90)], order: .dayFirst, today: today) == nil)
    }

    @Test func ageCountsWholeYears() throws {
        let born = try #require(CalendarDate(iso: "2008-12-02"))
        #expect(born.age(on: today) == 17)
        #expect(born.age(on: CalendarDate(year: 2026, month: 12, day: 2)!) == 18)
        let leap = try #require(CalendarDate(iso: "2008-02-29"))
        #expect(leap.age(on: CalendarDate(year: 2026, month: 2, day: 28)!) == 17)
        #expect(leap.age(on: CalendarDate(year: 2026, month: 3, day: 1)!) == 18)
    }
}
