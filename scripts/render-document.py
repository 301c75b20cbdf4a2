#!/usr/bin/env python3
"""Renders a synthetic identity document (a card or a passport data page) with ImageMagick, for
the verification tests and `make eval-verify`. Everything on it is made up except the portrait,
which is a photo we are allowed to use (see scripts/fetch-third-party.sh).

  render-document.py --kind passport --photo P --dob 1990-03-14 --out doc.png [--break-check-digit]
  render-document.py --kind state_id --photo P --dob 1990-03-14 --date-format "%m/%d/%Y" --out card.png
  render-document.py --kind id_card_td1 ...   (a card with a three-line TD1 MRZ)

The MRZ check digits are computed here independently of the server's code (ICAO 9303 part 3:
weights 7, 3, 1; digits as themselves, A-Z as 10-35, '<' as 0)."""
import argparse
import datetime
import subprocess
import sys

FONT = "DejaVu-Sans"
FONT_BOLD = "DejaVu-Sans-Bold"
MRZ_FONT = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"


def check_digit(text):
    total = 0
    for i, c in enumerate(text):
        if c.isdigit():
            v = int(c)
        elif "A" <= c <= "Z":
            v = ord(c) - 55
        else:
            v = 0
        total += v * (7, 3, 1)[i % 3]
    return str(total % 10)


def field(text, length):
    return (text.upper().replace(" ", "<") + "<" * length)[:length]


def yymmdd(date):
    return date.strftime("%y%m%d")


def td3(surname, given, number, nationality, dob, sex, expiry, personal, break_check):
    line1 = field("P<" + nationality + surname + "<<" + given.replace(" ", "<"), 44)
    num = field(number, 9)
    pers = field(personal, 14)
    parts = [num, check_digit(num), nationality, yymmdd(dob), check_digit(yymmdd(dob)), sex,
             yymmdd(expiry), check_digit(yymmdd(expiry)), pers, check_digit(pers)]
    composite = num + parts[1] + yymmdd(dob) + parts[4] + yymmdd(expiry) + parts[7] + pers + parts[9]
    line2 = "".join(parts) + check_digit(composite)
    if break_check:  # the date-of-birth check digit, off by one
        i = 9 + 1 + 3 + 6
        line2 = line2[:i] + str((int(line2[i]) + 1) % 10) + line2[i + 1:]
    return [line1, line2]


def td1(surname, given, number, nationality, dob, sex, expiry, break_check):
    num = field(number, 9)
    line1 = field("I<" + nationality + num + check_digit(num), 30)
    line2 = yymmdd(dob) + check_digit(yymmdd(dob)) + sex + yymmdd(expiry) + check_digit(yymmdd(expiry)) + nationality
    line2 = field(line2, 29)
    composite = line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29]
    line2 += check_digit(composite)
    if break_check:
        line2 = line2[:6] + str((int(line2[6]) + 1) % 10) + line2[7:]
    line3 = field(surname + "<<" + given.replace(" ", "<"), 30)
    return [line1, line2, line3]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kind", choices=["passport", "state_id", "drivers_license", "id_card_td1"], required=True)
    p.add_argument("--photo", required=True)
    p.add_argument("--dob", required=True, help="YYYY-MM-DD")
    p.add_argument("--date-format", default="%m/%d/%Y", help="strftime format of the printed dates on cards")
    p.add_argument("--dob-label", default="DOB")
    p.add_argument("--surname", default="RIVERA")
    p.add_argument("--given", default="ALEX JORDAN")
    p.add_argument("--number", default="X1234567")
    p.add_argument("--expiry", default="2031-06-30")
    p.add_argument("--break-check-digit", action="store_true")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    dob = datetime.date.fromisoformat(a.dob)
    expiry = datetime.date.fromisoformat(a.expiry)
    issued = datetime.date(2021, 6, 30)

    if a.kind == "passport":
        w, h, photo_box = 1250, 880, (60, 150, 330, 420)
        mrz = td3(a.surname, a.given, a.number, "UTO", dob, "F", expiry, "", a.break_check_digit)
        title = "PASSPORT   UTOPIA"
        lines = [("Surname", a.surname), ("Given names", a.given), ("Nationality", "UTOPIAN"),
                 ("Date of birth", dob.strftime("%d %b %Y").upper()), ("Sex", "F"),
                 ("Date of expiry", expiry.strftime("%d %b %Y").upper()), ("Passport No", a.number)]
    else:
        w, h, photo_box = 1012, 638, (40, 120, 300, 340)
        mrz = td1(a.surname, a.given, a.number, "UTO", dob, "F", expiry, a.break_check_digit) if a.kind == "id_card_td1" else []
        title = {"state_id": "STATE OF UTOPIA   IDENTIFICATION CARD", "drivers_license": "STATE OF UTOPIA   DRIVER LICENSE",
                 "id_card_td1": "REPUBLIC OF UTOPIA   IDENTITY CARD"}[a.kind]
        lines = [("DL NO" if a.kind == "drivers_license" else "ID NO", a.number), ("LN", a.surname), ("FN", a.given),
                 (a.dob_label, dob.strftime(a.date_format)), ("ISS", issued.strftime(a.date_format)),
                 ("EXP", expiry.strftime(a.date_format)), ("SEX", "F")]
        if mrz:
            lines = lines[:5]

    x, y, pw, ph = photo_box
    cmd = ["convert", "-size", f"{w}x{h}", "xc:#eef3f7",
           "-fill", "#1d3b5a", "-draw", f"rectangle 0,0 {w},90",
           "-font", FONT_BOLD, "-pointsize", "38", "-fill", "white", "-annotate", "+40+60", title,
           "(", a.photo, "-auto-orient", "-resize", f"{pw}x{ph}^", "-gravity", "north", "-extent", f"{pw}x{ph}", ")",
           "-gravity", "northwest", "-geometry", f"+{x}+{y}", "-composite", "+gravity"]
    tx, ty = x + pw + 40, y + 10
    for label, value in lines:
        cmd += ["-font", FONT, "-pointsize", "22", "-fill", "#4a5a6a", "-annotate", f"+{tx}+{ty + 20}", label,
                "-font", FONT_BOLD, "-pointsize", "32", "-fill", "black", "-annotate", f"+{tx + 190}+{ty + 22}", value]
        ty += 54 if not mrz else 46
    if mrz:
        size = 34 if a.kind == "passport" else 40
        my = h - 30 - (len(mrz) - 1) * (size + 14)
        cmd += ["-fill", "white", "-draw", f"rectangle 0,{my - size - 20} {w},{h}", "-font", MRZ_FONT,
                "-pointsize", str(size), "-fill", "black"]
        for line in mrz:
            cmd += ["-annotate", f"+40+{my}", line]
            my += size + 14
    cmd += ["-quality", "92", a.out]
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    if "--print-mrz" in sys.argv:
        print("\n".join(mrz))


if __name__ == "__main__":
    main()
