//! The reading rules of [`super`], one test or more each.

use super::*;
use crate::answer::LeafMark;
use crate::bounds::ValueKind;
use crate::check::classroom::{Claim, OrderItems};
use crate::num::Written;
use crate::tree::{Naming, Overrides};

/// A whole number as an answer writes it.
fn whole(value: f64) -> Written {
    Written { value: crate::num::Value::decimal(value), places: Some(0) }
}

fn aima() -> Tree {
    crate::tree::parse(b"[[3,12,8],[2,4,6],[14,5,2]]", Naming::Letters, Overrides::default())
        .unwrap()
}

fn keys(text: &str) -> Vec<Key> {
    parse(text, &aima()).unwrap().lines.iter().map(|line| line.key).collect()
}

fn skipped(text: &str) -> Vec<String> {
    let reading = parse(text, &aima()).unwrap();
    reading.skipped.iter().map(|s| s.describe(reading.lang)).collect()
}

#[test]
fn reads_keys_in_any_case_and_order_with_commas_and_comments() {
    let tree = aima();
    let text = "// student 7\n\nBest: b\nORDER: e:3, f:12  g:8\nleaves: e f # k\n";
    let reading = parse(text, &tree).unwrap();
    assert_eq!(keys(text), [Key::Order, Key::Leaves, Key::BestMove]);
    assert_eq!((reading.lines[0].number, reading.lang), (4, Lang::En));
    let Items::Order(order) = &reading.lines[0].items else { panic!("an order line") };
    let twelve = Some(Claim::new(whole(12.0), None));
    assert_eq!(order.get(1), Some((tree.name_index().get("f").unwrap(), twelve)));
    let Items::Leaves(leaves) = &reading.lines[1].items else { panic!("a leaves line") };
    assert_eq!(leaves[2], LeafMark::Cutoff);
}

#[test]
fn a_key_alone_takes_its_items_from_the_next_lines_and_lists_wrap() {
    let text = "Reihenfolge, in der die Knoten ihre Bewertung erhalten:\n\ne:3 f:12\ng:8 b:3\nbester Zug:\nb\nc\n";
    let reading = parse(text, &aima()).unwrap();
    let Items::Order(order) = &reading.lines[0].items else { panic!("an order line") };
    assert_eq!((order.len(), reading.lang), (4, Lang::De));
    let b = aima().name_index().get("b").unwrap();
    assert_eq!(reading.lines[1].items, Items::BestMove(Some(b)));
    assert_eq!(skipped(text), ["Zeile 7 \u{fc}bersprungen: \"c\" ist keine Antwortzeile"]);
    let leaves = "Reihenfolge des Blattbesuchs, # f\u{fc}r pruning:\nk l m # e\n";
    assert_eq!(keys(leaves), [Key::Leaves]);
    assert_eq!(keys("pruned:\ni j\nvalue:\n\n3"), [Key::Pruned, Key::Value]);
}

#[test]
fn lines_end_at_cr_lf_and_crlf() {
    let text = "order: e\rleaves: e\r\npruned: i\nvalue: 3\r";
    let reading = parse(text, &aima()).unwrap();
    let numbers: Vec<usize> = reading.lines.iter().map(|line| line.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
}

#[test]
fn decorations_around_a_key_are_ignored_and_other_lines_skipped() {
    for text in [
        "1. order: e",
        "12) order: e",
        "3a) order: e",
        "b) order: e",
        "**order:** e",
        "**order**: e",
        "__order__: e",
        "- order: e",
        "* order: e",
        "+ order: e",
        "> order: e",
        "## order: e",
        "order: e // a comment",
    ] {
        assert_eq!(keys(text), [Key::Order], "{text}");
    }
    // A name may start with an emphasis mark where no emphasis opens.
    let star = crate::tree::parse(
        br#"{"root": "r", "children": {"r": ["*b", "c"]}, "values": {"*b": 1, "c": 2}}"#,
        Naming::Letters,
        Overrides::default(),
    )
    .unwrap();
    for text in ["best move: *b", "**best move:** *b", "* best move: *b", "_best move:_ *b"] {
        let b = star.name_index().get("*b").unwrap();
        let reading = parse(text, &star).unwrap();
        assert_eq!(reading.lines[0].items, Items::BestMove(Some(b)), "{text}");
    }
    // A name line (line 2) is skipped without a warning.
    let text = "# Aufgabe 3\nName: Ada\nAufgabe 3a)\norder: e\n1234) value: 3\nab) value: 3";
    assert_eq!(
        skipped(text),
        [
            "line 1 skipped: \"# Aufgabe 3\" is not an answer line",
            "line 3 skipped: \"Aufgabe 3a)\" is not an answer line",
            "line 5 skipped: unknown key \"1234) value\"; the keys are order, leaves, pruned, best move and value",
            "line 6 skipped: unknown key \"ab) value\"; the keys are order, leaves, pruned, best move and value",
        ]
    );
    // A comment needs a space before it: a//b is one word.
    let none = |_: &str| false;
    assert_eq!(without_comment("a//b // c", none), "a//b");
    assert_eq!(without_comment("// c", none), "");
    // A node may be named `//`: its items are no comment.
    let slashes = |word: &str| word == "//";
    assert_eq!(without_comment("order: c:0 //:0 r:0", slashes), "order: c:0 //:0 r:0");
    assert_eq!(without_comment("leaves: // e //note", slashes), "leaves: // e");
}

#[test]
fn a_key_twice_and_misspelt_keys_are_skipped_named() {
    assert_eq!(
        skipped("order: e:3\norder: f:12\nf"),
        ["line 2 skipped: \"order\" is given twice (first on line 1)"]
    );
    let misspelt = skipped("leafs: e\nbest move: b\nBest  Mvoe: b");
    assert!(misspelt[0].starts_with(
        "line 1 skipped: unknown key \"leafs\" (did you mean \"leaves\"?); the keys are"
    ));
    assert!(
        misspelt[1]
            .starts_with("line 3 skipped: unknown key \"Best Mvoe\" (did you mean \"best move\"?)")
    );
    let error = parse("leafs: e\n", &aima()).unwrap_err().to_string();
    assert!(error.starts_with("line 1: unknown key \"leafs\""), "{error}");
    assert!(error.ends_with("; no line is an answer line"), "{error}");
    let error = parse("// nothing\n\n", &aima()).unwrap_err().to_string();
    assert!(error.starts_with("no answer lines"), "{error}");
}

#[test]
fn items_that_do_not_read_make_their_key_wrong() {
    let tree = aima();
    let reason = |text: &str| match &parse(text, &tree).unwrap().lines[0].items {
        Items::Unreadable { reason, .. } => reason.describe(Lang::En),
        other => panic!("{other:?}"),
    };
    assert_eq!(reason("pruned: x"), "no node is named \"x\"");
    assert_eq!(reason("order: e:three"), "expected a number, got \"three\"");
    assert_eq!(reason("order: :3"), "malformed item \":3\": expected name:value");
    assert_eq!(reason("order: c:<2"), "expected a number, got \"<2\"");
    assert_eq!(reason("order:"), "\"order\" lists nothing");
    assert_eq!(reason("order: e none"), "no node is named \"none\"");
    assert_eq!(
        reason("best move: b c"),
        "\"best move\" takes one node name (or none), got \"b c\""
    );
    assert_eq!(reason("value: 3 4"), "\"value\" takes one number, got \"3 4\"");
    // The items on the line after a key line without any are its items,
    // whether they read or not; a name line there is not.
    assert_eq!(reason("pruned:\n\ni x\n"), "no node is named \"x\"");
    assert_eq!(
        reason("best move:\nb c"),
        "\"best move\" takes one node name (or none), got \"b c\""
    );
    assert_eq!(reason("leaves: e:3 f"), "\"leaves\" names nodes only, without values: \"e:3\"");
    assert_eq!(reason("pruned: i=4"), "\"pruned\" names nodes only, without values: \"i:4\"");
    let items = |text: &str| parse(text, &tree).unwrap().lines[0].items.clone();
    // A `#` written onto the leaf before it is a mark of its own.
    assert_eq!(items("leaves: e f g h# k"), items("leaves: e f g h # k"));
    assert_eq!(items("leaves:\nName: Anna\ne f\n"), items("leaves: e f"));
    let long = "x".repeat(300);
    assert_eq!(
        reason(&format!("pruned: {long}")),
        format!("no node is named \"{}\"… (300 bytes)", &long[..200])
    );
}

#[test]
fn reads_what_a_human_grader_reads() {
    let tree = aima();
    let id = |name: &str| tree.name_index().get(name).unwrap();
    let text = "order = e=3; f: 12 ; g = 8\nbest_move b\nValue = 3\npruned: -";
    let lines = parse(text, &tree).unwrap().lines;
    let exact = |value| Some(Claim::new(whole(value), None));
    let order = vec![(id("e"), exact(3.0)), (id("f"), exact(12.0)), (id("g"), exact(8.0))];
    assert_eq!(lines[0].items, Items::Order(order.into_iter().collect()));
    assert_eq!(lines[1].items, Items::Pruned(Vec::new()));
    assert_eq!(lines[2].items, Items::BestMove(Some(id("b"))));
    assert_eq!(lines[3].items, Items::Value(whole(3.0)));
    for best in ["best-move: b", "bestmove: b", "BEST MOVE b", "best = b", "best move \"b\""] {
        let lines = parse(best, &tree).unwrap().lines;
        assert_eq!(lines[0].items, Items::BestMove(Some(id("b"))), "{best}");
    }
    for nothing in
        ["pruned:\nbest move:", "pruned: \u{2014}\nbest move: -", "pruned: none\nbest move: none"]
    {
        let lines = parse(nothing, &tree).unwrap().lines;
        let items = [&lines[0].items, &lines[1].items];
        assert_eq!(items, [&Items::Pruned(vec![]), &Items::BestMove(None)], "{nothing}");
    }
    let lines = parse("order (inner nodes): none", &tree).unwrap().lines;
    assert_eq!(lines[0].items, Items::Order(OrderItems::default()));
}

#[test]
fn bounds_read_as_the_diagrams_print_them() {
    let tree = aima();
    let id = |name: &str| tree.name_index().get(name).unwrap();
    let upper = Some(Claim::new(whole(2.0), Some(ValueKind::Upper)));
    let lower = Some(Claim::new(whole(5.0), Some(ValueKind::Lower)));
    for text in ["c:\u{2264}2", "c:<=2", "c<=2", "c = <=2", "c\u{2264}2", "c: \u{2264} 2"] {
        let lines = parse(&format!("order: {text}"), &tree).unwrap().lines;
        assert_eq!(
            lines[0].items,
            Items::Order([(id("c"), upper)].into_iter().collect()),
            "{text}"
        );
    }
    for text in ["d:\u{2265}5", "d>=5", "d: >= 5"] {
        let lines = parse(&format!("order: {text}"), &tree).unwrap().lines;
        assert_eq!(
            lines[0].items,
            Items::Order([(id("d"), lower)].into_iter().collect()),
            "{text}"
        );
    }
}

#[test]
fn the_lecture_notes_german_lines_read_long_and_short() {
    let text = "Reihenfolge, in der die Knoten ihre Bewertung erhalten: e:3 f:12\n\
                Reihenfolge des Blattbesuchs, # f\u{fc}r pruning: e f g h #\n\
                ABGESCHNITTEN: i j\nbester Zug: b\nWert: 3";
    assert_eq!(keys(text), Key::ALL);
    let short = "Reihenfolge des Blattbesuchs: e\nPruning: i\nWurzelwert: 3";
    assert_eq!(keys(short), [Key::Leaves, Key::Pruned, Key::Value]);
    assert_eq!(keys("besuchte Bl\u{e4}tter: e\nWert der Wurzel: 3"), [Key::Leaves, Key::Value]);
}

#[test]
fn a_long_line_is_read_once() {
    // Linear: each line is searched for a key in its first bytes only.
    let line = "leafs: ".to_string() + &"f ".repeat(100_000);
    let reading = parse(&format!("{line}\nbest move: b"), &aima()).unwrap();
    assert_eq!(reading.skipped.len(), 1);
    let line = "f ".repeat(100_000);
    let described = skipped(&format!("{line}\nbest move: b"));
    assert!(
        described[0].ends_with("… (199999 bytes) is not an answer line"),
        "{}",
        &described[0][..40]
    );
}

/// A `none` or `-` line after a list's items adds nothing to the list: the
/// list keeps its items and the line is skipped, not read as a node.
#[test]
fn nothing_after_a_list_s_items_is_no_more_of_it() {
    let tree = aima();
    let id = |name: &str| tree.name_index().get(name).unwrap();
    let reading = parse("order: e:3\nnone", &tree).unwrap();
    let three = Some(Claim::new(whole(3.0), None));
    assert_eq!(reading.lines[0].items, Items::Order([(id("e"), three)].into_iter().collect()));
    assert_eq!(skipped("order: e:3\nnone"), ["line 2 skipped: \"none\" is not an answer line"]);
    let reading = parse("pruned: i\n-", &tree).unwrap();
    assert_eq!(reading.lines[0].items, Items::Pruned(vec![id("i")]));
    assert_eq!(skipped("pruned: i\n-"), ["line 2 skipped: \"-\" is not an answer line"]);
}

/// In a tree with a node named `//`, an answer's `//` is that node, not
/// the start of a comment.
#[test]
fn a_node_named_with_slashes_is_no_comment() {
    let tree = crate::tree::parse(
        br#"{"root": "r", "children": {"r": ["//", "c"]}, "values": {"//": 1, "c": 2}}"#,
        Naming::Letters,
        Overrides::default(),
    )
    .unwrap();
    let reading = parse("pruned: // c", &tree).unwrap();
    let [slashes, c] = ["//", "c"].map(|name| tree.name_index().get(name).unwrap());
    assert_eq!(reading.lines[0].items, Items::Pruned(vec![slashes, c]));
}
