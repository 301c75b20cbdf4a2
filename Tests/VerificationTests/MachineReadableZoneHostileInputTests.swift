import Foundation
import Testing
import XoseenVerification

/// OCR lines the verifier must survive. Found by the `mrz` fuzz target: a date field holding
/// non-ASCII digits (Arabic-Indic, fractions: `Character.isNumber` says yes, `Int` says no) hit a
/// force unwrap and stopped the server.
@Suite struct MachineReadableZoneHostileInputTests {
    let today = CalendarDate(year: 2026, month: 12, day: 1)!

    @Test(arguments: ["\u{667}\u{664}\u{660}\u{668}\u{661}\u{662}", "½½0812", "74081\u{FF12}"])
    func nonASCIIDigitsInTheBirthDateAreNoDate(_ field: String) {
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO" + field + "2F1204159ZE184226B<<<<<10"]
        #expect(MachineReadableZone.find(in: td3, today: today)?.isValid != true)
        let td1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", field + "2F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]
        #expect(MachineReadableZone.find(in: td1, today: today)?.isValid != true)
    }

    @Test func theSpecimenStillReads() throws {
        let zone = try #require(
            MachineReadableZone.find(
                in: [
                    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
                ], today: today))
        #expect(zone.isValid)
        #expect(zone.dateOfBirth == CalendarDate(year: 1974, month: 8, day: 12))
    }
}
