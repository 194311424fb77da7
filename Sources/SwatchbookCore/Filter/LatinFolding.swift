/// fzf's table of Latin letters (its algo/normalize.go): what a term with
/// none of these characters folds them to, so that "loo" finds
/// "Małopolskie" and "nd" "Bình Định". Each letter is listed with the
/// characters fzf 0.38 folds to it, read from the binary, one line per
/// codepoint of U+00C0–U+2184, one query per letter (`FzfAgreementTests`
/// checks it again). The table keeps case as fzf's does: "Ö" folds to "O",
/// but "Š" to nothing, so "Sain" does not find "Šalčininkai" while "sain",
/// which compares "š", does; and "ᴀ" folds to "A" even for a caseless term.
enum LatinFolding {
    /// The codepoints the table covers, fzf's own bounds.
    private static let covered: ClosedRange<UInt32> = 0xC0...0x2184

    private static let letters: [(Unicode.Scalar, String)] = [
        ("a", "àáâãäåāăąǎȁȃȧɐɑ\u{363}ḁẚạảấầẩẫậắằẳẵặ"),
        ("A", "ÀÁÂÃÄÅȺᴀẤẦẨẪẬẮẰẲẴẶ"),
        ("b", "ƀƃɓḃḅḇ"),
        ("B", "ƁɃʙᴃ"),
        ("c", "çćĉċčƈȼɕʗ\u{368}ↄ"),
        ("C", "ÇȻᴄ"),
        ("d", "ďđƌȡɖɗ\u{369}ḋḍḏḑḓ"),
        ("D", "ƉƊᴅ"),
        ("e", "èéêëēĕėęěǝȅȇȩɇɘɛɜɝɞʚ\u{364}ᴈḙḛẹẻẽếềểễệ"),
        ("E", "ÈÉÊËƎƐɆᴇẾỀỂỄỆ"),
        ("f", "ƒḟ"),
        ("g", "ĝğġģǥǧǵɠɡḡ"),
        ("G", "Ɠɢʛ"),
        ("h", "ĥħȟɥɦʮ\u{36A}ḣḥḧḩḫẖₕ"),
        ("H", "ʜ"),
        ("i", "ìíîïĩīĭįıǐȉȋɨ\u{365}ᴉᵢḭỉịⁱ"),
        ("I", "ÌÍÎÏİƗɪ"),
        ("j", "ĵǰȷɉɟʝ"),
        ("J", "Ɉᴊ"),
        ("k", "ķƙǩʞḱḳḵₖ"),
        ("K", "ᴋ"),
        ("l", "ĺļľŀłƚȴɫɬɭḷḻḽₗ"),
        ("L", "Ƚʟᴌ"),
        ("m", "ɯɰɱ\u{36B}ᴟḿṁṃₘ"),
        ("M", "Ɯᴍ"),
        ("n", "ñńņňƞǹȵɲɳṅṇṉṋₙ"),
        ("N", "ÑƝȠɴᴎ"),
        ("o", "òóôõöøōŏőơǒǫȍȏȯɔɵ\u{366}ᴑᴒᴓᴖᴗọỏốồổỗộớờởỡợ"),
        ("O", "ÒÓÔÕÖØƆƟᴏᴐỐỒỔỖỘỚỜỞỠỢ"),
        ("p", "ƥṕṗₚ"),
        ("P", "ᴘ"),
        ("q", "ɋʠ"),
        ("Q", "Ɋ"),
        ("r", "ŕŗřȑȓɍɹɺɻɼɽɾɿ\u{36C}ᵣṙṛṟ"),
        ("R", "Ɍʀʁᴙᴚ"),
        ("s", "ßśŝşšſșȿʂṡṣẛₛ"),
        ("t", "ţťŧƫƭțȶʇʈ\u{36D}ṫṭṯṱẗₜ"),
        ("T", "ƮȾᴛ"),
        ("u", "ùúûüũūŭůűųưǔȕȗʉ\u{367}ᴝᴞᵤṳṵṷụủứừửữự"),
        ("U", "ÙÚÛÜɄᴜỨỪỬỮỰ"),
        ("v", "ʋʌ\u{36E}ᵥṽṿ"),
        ("V", "ƲɅᴠ"),
        ("w", "ŵʍẁẃẅẇẉẘ"),
        ("W", "ᴡ"),
        ("x", "\u{36F}ẋẍ"),
        ("y", "ýÿŷƴȳɏʎẏẙỳỵỷỹ"),
        ("Y", "ÝŸɎʏ"),
        ("z", "źżžƶȥɀʐʑẑẓẕ"),
        ("Z", "ᴢ"),
    ]

    /// For each covered codepoint, its ASCII letter, or 0 for itself.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: Int(covered.count))
        for (letter, characters) in letters {
            for scalar in characters.unicodeScalars {
                table[Int(scalar.value - covered.lowerBound)] = UInt8(ascii: letter)
            }
        }
        return table
    }()

    /// The letter `value` folds to, or `value` itself.
    @inline(__always)
    static func fold(_ value: UInt32) -> UInt32 {
        guard covered.contains(value) else { return value }
        let letter = table[Int(value - covered.lowerBound)]
        return letter == 0 ? value : UInt32(letter)
    }
}
