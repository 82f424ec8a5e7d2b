//! The manual pages: one per command, each listing every option its
//! `--help` lists, and no page referred to that cannot be produced.

use crate::common::{run, succeed as gametree};

/// The long options a help text or a page names: `--algo`, ...
fn long_options(text: &str) -> Vec<String> {
    let mut options: Vec<String> = text
        .replace("\\-", "-")
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .map(str::to_string)
        .collect();
    options.sort();
    options.dedup();
    options
}

#[test]
fn every_command_has_a_page_with_every_option() {
    for command in [
        &["trace"][..],
        &["check"],
        &["compare"],
        &["gen", "random"],
        &["gen", "tictactoe"],
        &["gen", "connect4"],
        &["gen", "nim"],
        &["sheet"],
        &["schema"],
    ] {
        let help = gametree(&[command, &["--help"]].concat());
        let page = gametree(&[&["man"][..], command].concat());
        let page = String::from_utf8(page.stdout).unwrap();
        let title = format!(".TH gametree-{} 1", command.join("-"));
        assert!(page.contains(&title), "{command:?}: {page}");
        let options = long_options(&String::from_utf8_lossy(&help.stdout));
        assert!(options.contains(&"--help".to_string()), "{command:?}: {options:?}");
        let missing: Vec<String> = options
            .into_iter()
            .filter(|option| !page.contains(&option.replace('-', "\\-")))
            .collect();
        assert!(missing.is_empty(), "{command:?}: the page lacks {missing:?}");
    }
}

#[test]
fn every_page_the_manual_refers_to_can_be_produced() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("man");
    let _ = std::fs::remove_dir_all(&dir);
    gametree(&["man", "--dir", dir.to_str().unwrap()]);
    let pages: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for page in &pages {
        let text = std::fs::read_to_string(dir.join(page)).unwrap();
        for reference in text.split_whitespace().filter(|word| word.ends_with("(1)")) {
            let file = format!("{}.1", reference.trim_end_matches("(1)").replace("\\-", "-"));
            assert!(
                pages.contains(&file),
                "{page} refers to {reference}, which is not in {pages:?}"
            );
        }
    }
    let unknown = run(&["man", "nope"]);
    assert_eq!(unknown.status.code(), Some(2));
}
