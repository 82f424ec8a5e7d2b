//! `gametree sheet`: the same seed makes the same sheet, and every answer
//! key checks as right against its tree.

use std::path::Path;

use crate::common::{graphviz_available, succeed as gametree};

fn sheet(name: &str, seed: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sheet").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    gametree(&["sheet", "--count", "3", "--seed", seed, "--algo", "alphabeta", "-o", dir_arg]);
    dir
}

#[test]
fn a_sheet_is_the_same_for_the_same_seed_and_its_keys_check() {
    let (one, two) = (sheet("one", "7"), sheet("two", "7"));
    let picture = if graphviz_available() { "svg" } else { "dot" };
    for number in 1..=3 {
        let tree = one.join(format!("exercise-{number}.json"));
        let key = one.join(format!("exercise-{number}-key.txt"));
        for file in [&tree, &key] {
            let name = file.file_name().unwrap();
            assert_eq!(std::fs::read(file).unwrap(), std::fs::read(two.join(name)).unwrap());
        }
        assert!(one.join(format!("exercise-{number}.{picture}")).exists());
        let verdict = gametree(&[
            "check",
            tree.to_str().unwrap(),
            key.to_str().unwrap(),
            "--algo",
            "alphabeta",
        ]);
        let said = String::from_utf8(verdict.stdout).unwrap();
        assert_eq!(said, "order: ok\nleaves: ok\npruned: ok\nbest move: ok\nvalue: ok\n");
    }
    let index = std::fs::read_to_string(one.join("index.md")).unwrap();
    assert!(index.contains("| 3 | [exercise-3.json](exercise-3.json) |"), "{index}");
    let other = sheet("other-seed", "8");
    assert_ne!(
        std::fs::read(one.join("exercise-1.json")).unwrap(),
        std::fs::read(other.join("exercise-1.json")).unwrap()
    );
}

#[test]
fn the_pictures_show_the_exercise_not_its_solution() {
    let dir = sheet("pictures", "5");
    let picture = if graphviz_available() { "svg" } else { "dot" };
    for number in 1..=3 {
        let tree = dir.join(format!("exercise-{number}.json"));
        let drawn = |extra: &[&str], name: &str| {
            let out = dir.join(format!("{name}-{number}.{picture}"));
            let args = ["trace", tree.to_str().unwrap(), "--algo", "alphabeta"];
            gametree(&[&args[..], extra, &["-o", out.to_str().unwrap()]].concat());
            std::fs::read(out).unwrap()
        };
        let sheets = std::fs::read(dir.join(format!("exercise-{number}.{picture}"))).unwrap();
        assert_eq!(sheets, drawn(&["--exercise"], "handed-out"), "exercise {number}");
        assert_ne!(sheets, drawn(&[], "solved"), "exercise {number}");
    }
}

#[test]
fn the_index_names_the_check_command_with_the_sheets_options() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sheet").join("conventions");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let args = ["sheet", "--count", "1", "--algo", "alphabeta", "--start-at-bound", "--alpha=-3"];
    let said = gametree(&[&args[..], &["-o", dir_arg]].concat()).stderr;
    let said = String::from_utf8(said).unwrap();
    assert_eq!(said, format!("wrote 1 exercise into {dir_arg}: see index.md\n"));
    let index = std::fs::read_to_string(dir.join("index.md")).unwrap();
    let command = "`gametree check TREE ANSWER --algo alphabeta --start-at-bound --alpha=-3`";
    assert!(index.contains(command), "{index}");
    assert!(index.contains("1 random tree from seed 1"), "{index}");
}
