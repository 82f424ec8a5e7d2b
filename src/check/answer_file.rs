//! What an answer file holds: its text, decoded, or why it is no text a
//! student's answer can be read from (an empty file, a photo or a PDF
//! handed in by mistake, another encoding), in the answer's language.

use std::borrow::Cow;

use super::classroom::AnswerError;
use crate::lang::Lang;

/// Files students hand in by mistake, by the bytes they start with, named
/// in English and German.
const NOT_TEXT: &[(&[u8], &str, &str)] = &[
    (b"\x89PNG", "a PNG image", "ein PNG-Bild"),
    (b"\xff\xd8\xff", "a JPEG image", "ein JPEG-Bild"),
    (b"GIF8", "a GIF image", "ein GIF-Bild"),
    (b"%PDF-", "a PDF document", "ein PDF-Dokument"),
    (b"PK\x03\x04", "a Word document or a zip archive", "ein Word-Dokument oder ZIP-Archiv"),
    (b"\xd0\xcf\x11\xe0", "an old Word document", "ein altes Word-Dokument"),
    (b"{\\rtf", "a rich-text (RTF) document", "ein RTF-Dokument"),
];

/// An answer file's text: UTF-8, without a byte-order mark (as some
/// editors save one), or UTF-16 with a byte-order mark (Windows editors'
/// "Unicode"), decoded; an empty file, a file of a kind that is not text
/// and any other bytes are refused, in `lang`.
pub fn text(bytes: &[u8], lang: Lang) -> Result<Cow<'_, str>, AnswerError> {
    let de = lang == Lang::De;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(AnswerError::whole(if de {
            "die Datei ist leer"
        } else {
            "the file is empty"
        }));
    }
    if let Some(&(_, en, german)) = NOT_TEXT.iter().find(|(start, ..)| bytes.starts_with(start)) {
        return Err(AnswerError::whole(if de {
            format!("{german}, keine Textdatei: geben Sie die Antwort als Text (UTF-8) ab")
        } else {
            format!("{en}, not a text file: hand in the answer as text (UTF-8)")
        }));
    }
    let utf16 = match bytes {
        [0xff, 0xfe, rest @ ..] => Some((rest, u16::from_le_bytes as fn([u8; 2]) -> u16)),
        [0xfe, 0xff, rest @ ..] => Some((rest, u16::from_be_bytes as fn([u8; 2]) -> u16)),
        _ => None,
    };
    let not_text = || AnswerError::whole(lang.words().verdict.not_utf8);
    if let Some((rest, unit)) = utf16 {
        let chunks = rest.chunks_exact(2);
        if !chunks.remainder().is_empty() {
            return Err(not_text());
        }
        let units: Vec<u16> = chunks.map(|pair| unit([pair[0], pair[1]])).collect();
        return String::from_utf16(&units).map(Cow::Owned).map_err(|_| not_text());
    }
    let text = std::str::from_utf8(bytes).map_err(|_| not_text())?;
    Ok(Cow::Borrowed(text.strip_prefix('\u{feff}').unwrap_or(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_with_a_byte_order_mark_is_decoded_and_other_bytes_are_refused() {
        let answer = "best move: b\n";
        let le: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain(answer.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xfe, 0xff]
            .into_iter()
            .chain(answer.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(text(&le, Lang::En).unwrap(), answer);
        assert_eq!(text(&be, Lang::En).unwrap(), answer);
        assert_eq!(text("\u{feff}order: e".as_bytes(), Lang::En).unwrap(), "order: e");
        let refused = "not UTF-8 text: save the answer as UTF-8";
        assert_eq!(text(&le[..le.len() - 1], Lang::En).unwrap_err().message, refused);
        assert_eq!(text(&[0x61, 0xff], Lang::En).unwrap_err().message, refused);
        assert_eq!(text(&[0xff, 0xfe, 0x00, 0xd8], Lang::En).unwrap_err().message, refused);
        let german = "kein UTF-8-Text: speichern Sie die Antwort als UTF-8";
        assert_eq!(text(&[0x61, 0xff], Lang::De).unwrap_err().message, german);
    }

    #[test]
    fn an_empty_file_and_a_photo_are_named_as_what_they_are() {
        let message = |bytes: &[u8], lang| text(bytes, lang).unwrap_err().message;
        assert_eq!(message(b"", Lang::En), "the file is empty");
        assert_eq!(message(b" \r\n\n", Lang::De), "die Datei ist leer");
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        assert_eq!(
            message(png, Lang::En),
            "a PNG image, not a text file: hand in the answer as text (UTF-8)"
        );
        assert_eq!(
            message(b"%PDF-1.7\n", Lang::De),
            "ein PDF-Dokument, keine Textdatei: geben Sie die Antwort als Text (UTF-8) ab"
        );
    }
}
