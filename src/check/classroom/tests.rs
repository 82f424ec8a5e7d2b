//! How a line's words are joined and how a long line is shown.

use super::*;

#[test]
fn a_line_is_shown_whole_up_to_200_characters_and_cut_after() {
    let line = "é".repeat(QUOTED);
    assert_eq!(shown(&line), line);
    assert_eq!(shown(format_args!("{line}x")), format!("{line}… ({} bytes)", 2 * QUOTED + 1));
    assert_eq!(shown(format_args!("{line}xy")), format!("{line}… ({} bytes)", 2 * QUOTED + 2));
}

#[test]
fn a_line_as_answers_write_it_is_its_own_joining_and_is_not_copied() {
    let joined = joined_words("e:3 f:≥12 b:3 #");
    assert!(matches!(joined, Cow::Borrowed("e:3 f:≥12 b:3 #")), "{joined:?}");
    assert!(matches!(joined_words("e f  "), Cow::Borrowed("e f")));
    let rewritten = [
        ("e:3  f", "e:3 f"),
        ("e: 3, f = <= 2; g", "e:3 f:≤2 g"),
        ("h:1,5 k", "h:1,5 k"),
        ("e\tf", "e f"),
        ("  e", "e"),
    ];
    for (line, want) in rewritten {
        let joined = joined_words(line);
        assert_eq!(joined, want, "{line:?}");
        assert_eq!(matches!(joined, Cow::Borrowed(_)), line.starts_with(want), "{line:?}");
    }
}

#[test]
fn a_lines_items_get_room_for_all_its_words_at_once() {
    use crate::tree::{Naming, Overrides};
    let tree = crate::tree::parse(&b"[[1, 2], [3, 4]]"[..], Naming::Letters, Overrides::default());
    let tree = tree.unwrap();
    let names = Names::of(&tree);
    let Ok(Items::Order(items)) = parse_items(Key::Order, "d:1 e:2  b:1 f:3 g:4", &names) else {
        panic!("the order line reads");
    };
    assert_eq!((items.len(), items.capacity()), (5, 5), "room for the joined words");
    let Ok(Items::Leaves(marks)) = parse_items(Key::Leaves, "d e # f g", &names) else {
        panic!("the leaves line reads");
    };
    assert_eq!((marks.len(), marks.capacity()), (5, 5));
}
