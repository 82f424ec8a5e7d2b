//! The command line as a user meets it: every case under tests/cmd runs the
//! real binary and compares its stdout, stderr and exit status with the
//! files beside it. The README's console examples are checked the same
//! way, so the output it shows is the tool's own.
//!
//! After a deliberate change of output,
//! `TRYCMD=overwrite cargo test --test it cli::` rewrites the expected
//! files; read the diff before committing.

#[test]
fn cli_cases() {
    // Some cases write their files under target/ in the package root, where
    // the tests run; a clone built with CARGO_TARGET_DIR elsewhere has none.
    std::fs::create_dir_all("target").expect("target/ can be created");
    trycmd::TestCases::new()
        .register_bin("gametree", trycmd::cargo::cargo_bin("gametree"))
        .case("tests/cmd/*.toml")
        .case("tests/cmd/*.md")
        .case("README.md")
        .case("docs/*.md");
}

/// The `sh` recipe under "Traces in CI" in docs/json-trace.md, which
/// trycmd cannot run (a loop): run as written with bash on a copy of the
/// repository's trees/, its "once" half writes a trace per tree (the
/// chance trees with expectimax) and its CI half passes, then fails once
/// an expected trace differs. It wrote an empty trace for the chance
/// trees, which then failed with "no answer lines".
#[test]
fn the_ci_recipe_in_the_docs_runs_on_the_trees() {
    use std::process::Command;
    let docs = std::fs::read_to_string("docs/json-trace.md").expect("docs/json-trace.md");
    let section = &docs[docs.find("## Traces in CI").expect("the CI section")..];
    let start = section.find("```sh\n").expect("an sh block") + "```sh\n".len();
    let recipe = &section[start..start + section[start..].find("```").expect("its end")];
    let (once, ci) = recipe.split_at(recipe.find("# in CI:").expect("the CI half"));
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("ci-recipe");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("trees")).expect("a folder for the recipe");
    let trees = crate::common::example_trees();
    for tree in &trees {
        std::fs::copy(tree, dir.join("trees").join(tree.file_name().unwrap())).expect("a copy");
    }
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_gametree")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let bash = |script: &str| {
        let output = Command::new("bash")
            .args(["-c", script])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("bash runs");
        (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
    };
    let (status, said) = bash(once);
    assert_eq!(status, Some(0), "the once half: {said}");
    for tree in &trees {
        let expected = dir.join("expected").join(tree.file_name().unwrap());
        let trace = std::fs::read_to_string(&expected).expect("a trace per tree");
        assert!(trace.starts_with('{'), "{}: {trace:?}", expected.display());
    }
    assert_eq!(bash(ci), (Some(0), String::new()), "the CI half on unchanged traces");
    let changed = dir.join("expected/expectimax.json");
    let trace = std::fs::read_to_string(&changed).unwrap();
    // The root's value, 3.
    let tampered = trace.replacen("\"value\": 3,", "\"value\": 4,", 1);
    assert_ne!(tampered, trace, "the root's value is in the trace");
    std::fs::write(&changed, tampered).unwrap();
    assert_eq!(bash(ci).0, Some(1), "the CI half on a changed trace");
}
