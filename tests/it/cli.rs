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
