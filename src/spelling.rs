//! Help with misspelt keys and names: the known word nearest to an unknown
//! one, and lists of the known words for error messages.
//!
//! Tree files and classroom answers are typed by hand, so `"chlidren"`,
//! `leafs:` or a node name typed two ways is a common first error; the
//! message should say what was meant.

/// The known word closest to `word` in spelling, if one is close enough to
/// be what was meant: at most one edit away for words of up to four
/// letters, two for longer ones. An edit is a letter added, removed,
/// changed, or swapped with its neighbour; case is ignored. A word that
/// shares no letter with `word` (`f` for `a`) is never the one meant.
/// Ties go to the earlier word.
pub fn nearest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_lowercase();
    let letters = word.chars().count();
    let allowed = if letters > 4 { 2 } else { 1 };
    known
        .into_iter()
        // Words of lengths further apart need more edits anyway; this also
        // keeps a long unknown key from costing a large table.
        .filter(|candidate| candidate.chars().count().abs_diff(letters) <= allowed)
        // The optimal string alignment distance: no letter edited twice.
        .map(|candidate| (strsim::osa_distance(&word, &candidate.to_lowercase()), candidate))
        .filter(|&(distance, candidate)| {
            distance <= allowed && distance < letters.max(candidate.chars().count())
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// ` (did you mean "children"?)` after an error's subject, or nothing
/// without a word `meant`.
pub fn did_you_mean(meant: Option<&str>) -> String {
    meant.map(|word| format!(" (did you mean {word:?}?)")).unwrap_or_default()
}

/// `a, b or c`: the words in order, for "expected a, b or c".
pub fn one_of(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [only] => (*only).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEYS: [&str; 6] = ["root", "player", "perspective", "children", "values", "players"];

    #[test]
    fn typos_find_the_key_that_was_meant() {
        for (typo, meant) in [
            ("chlidren", "children"),
            ("childern", "children"),
            ("valuess", "values"),
            ("vaules", "values"),
            ("Children", "children"),
            ("ROOT", "root"),
            ("rot", "root"),
            ("plyer", "player"),
            ("perspectiv", "perspective"),
        ] {
            assert_eq!(nearest(typo, KEYS), Some(meant), "{typo}");
        }
    }

    #[test]
    fn words_far_from_every_key_get_no_suggestion() {
        let long = "children".repeat(100_000);
        for word in ["foo", "name", "tree", "", "x", "childrens-list", &long] {
            assert_eq!(nearest(word, KEYS), None, "{word}");
        }
        assert_eq!(nearest("a", ["f", "b"]), None);
        assert_eq!(nearest("fx", ["a", "f"]), Some("f"));
        assert_eq!(nearest("fX", ["A", "F"]), Some("F"));
    }

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert_eq!(nearest("vlaue", ["values", "value"]), Some("value"));
        assert_eq!(nearest("chlidren", KEYS), Some("children"));
    }

    #[test]
    fn hints_read_as_questions() {
        assert_eq!(did_you_mean(Some("leaves")), " (did you mean \"leaves\"?)");
        assert_eq!(did_you_mean(None), "");
    }

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(one_of(&[]), "");
        assert_eq!(one_of(&["a"]), "a");
        assert_eq!(one_of(&["a", "b"]), "a or b");
        assert_eq!(one_of(&["a", "b", "c"]), "a, b or c");
    }
}
