//! `check --format gradescope` writes what Gradescope's autograder
//! specification documents for `results.json`: only its fields, numbers
//! where it wants numbers, and a total that is the sum of the tests.

use serde_json::Value;

use crate::common::run;

/// The fields the specification lists, at the top and for each test.
const TOP: [&str; 8] = [
    "score",
    "execution_time",
    "output",
    "visibility",
    "stdout_visibility",
    "extra_data",
    "tests",
    "leaderboard",
];
const TEST: [&str; 11] = [
    "score",
    "max_score",
    "status",
    "name",
    "name_format",
    "number",
    "output",
    "output_format",
    "tags",
    "visibility",
    "extra_data",
];

fn results(args: &[&str]) -> Value {
    let output =
        run(&[&["check", "trees/aima-5-2.json"][..], args, &["--format", "gradescope"]].concat());
    serde_json::from_slice(&output.stdout).expect("results.json is JSON")
}

#[test]
fn results_have_the_documented_shape() {
    let cases = [
        (results(&["tests/answers/aima-right.txt", "--algo", "alphabeta"]), 5.0, 5.0),
        (results(&["tests/answers/aima-wrong-prune.txt", "--algo", "alphabeta"]), 2.0, 5.0),
        (results(&["tests/answers/aima-malformed.txt"]), 0.0, 5.0),
        (
            results(&[
                "tests/answers/aima-right.txt",
                "--algo",
                "alphabeta",
                "--points",
                "order=3,value=0.5",
            ]),
            3.5,
            3.5,
        ),
    ];
    for (results, score, max) in cases {
        let top = results.as_object().expect("an object");
        assert!(top.keys().all(|key| TOP.contains(&key.as_str())), "{results}");
        let tests = results["tests"].as_array().expect("tests");
        for test in tests {
            let fields = test.as_object().expect("a test object");
            assert!(fields.keys().all(|key| TEST.contains(&key.as_str())), "{test}");
            assert!(test["name"].is_string() && test["output"].is_string(), "{test}");
        }
        let sum = |field: &str| {
            tests.iter().map(|test| test[field].as_f64().expect("a number")).sum::<f64>()
        };
        assert_eq!(
            (results["score"].as_f64(), sum("score"), sum("max_score")),
            (Some(score), score, max),
            "{results}"
        );
    }
}

/// Runs `examples/gradescope/run_autograder` in a Gradescope-like folder
/// under target/, with `answer` as the submission (none when `None`), and
/// returns its results.json.
fn autograde(name: &str, answer: Option<&[u8]>) -> Value {
    let root = std::path::Path::new("target/gradescope-test").join(name);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("submission")).expect("a submission folder");
    if let Some(answer) = answer {
        std::fs::write(root.join("submission/answer.txt"), answer).expect("the answer is written");
    }
    let status = std::process::Command::new("bash")
        .arg("examples/gradescope/run_autograder")
        .env("GRADESCOPE_ROOT", &root)
        .env("GRADESCOPE_SOURCE", "examples/gradescope")
        .env("GAMETREE", env!("CARGO_BIN_EXE_gametree"))
        .status()
        .expect("run_autograder runs");
    assert!(status.success(), "run_autograder always exits 0");
    let results = std::fs::read(root.join("results/results.json")).expect("results.json");
    serde_json::from_slice(&results).expect("results.json is JSON")
}

/// Checks `results` against the fields Gradescope documents, and returns
/// its score.
fn documented(results: &Value) -> f64 {
    let top = results.as_object().expect("an object");
    assert!(top.keys().all(|key| TOP.contains(&key.as_str())), "{results}");
    for test in results["tests"].as_array().expect("tests") {
        let fields = test.as_object().expect("a test object");
        assert!(fields.keys().all(|key| TEST.contains(&key.as_str())), "{test}");
        assert!(test["name"].is_string() && test["output"].is_string(), "{test}");
        assert!(test["score"].is_number() && test["max_score"].is_number(), "{test}");
        let visibility = test.get("visibility").map(|v| v.as_str().expect("a string"));
        let known = ["visible", "hidden", "after_due_date", "after_published"];
        assert!(visibility.is_none_or(|v| known.contains(&v)), "{test}");
    }
    results["score"].as_f64().expect("a score")
}

#[test]
fn the_example_autograder_grades_every_kind_of_submission() {
    let right = std::fs::read("tests/answers/aima-right.txt").unwrap();
    let wrong = std::fs::read("tests/answers/aima-wrong-prune.txt").unwrap();
    let cases: [(&str, Option<&[u8]>, f64); 4] = [
        ("right", Some(&right), 6.0),
        ("wrong", Some(&wrong), 2.0),
        ("missing", None, 0.0),
        ("unreadable", Some(b"\x80 not text"), 0.0),
    ];
    for (name, answer, score) in cases {
        let results = autograde(name, answer);
        assert_eq!(documented(&results), score, "{name}: {results}");
        let max: f64 = (results["tests"].as_array().unwrap().iter())
            .map(|test| test["max_score"].as_f64().unwrap())
            .sum();
        assert_eq!(max, 6.0, "{name}: {results}");
    }
    let missing = autograde("missing", None);
    assert_eq!(missing["output"], "no answer.txt was submitted", "{missing}");
    let unreadable = autograde("unreadable", Some(b"\x80 not text"));
    assert_eq!(
        unreadable["output"], "answer.txt cannot be read: not UTF-8 text: save the answer as UTF-8",
        "{unreadable}"
    );
}

/// Issue 41: `check` read a long answer line in quadratic time (a 1 MB
/// line took about 20 minutes). A 1 MB line with an unknown key, and one
/// with no key, each take a tenth of a second in release, under a second
/// in a debug build; the bound leaves room for a loaded machine
/// (`bench/check-long-line.sh` times the release build).
#[test]
fn check_reads_a_long_answer_line_in_linear_time() {
    std::fs::create_dir_all("target/gradescope-test").unwrap();
    for (name, line) in [("unknown-key", "leafs: "), ("no-key", "")] {
        let path = format!("target/gradescope-test/long-line-{name}.txt");
        std::fs::write(&path, format!("{line}{}\nbest move: b\n", "f ".repeat(500_000))).unwrap();
        let start = std::time::Instant::now();
        let output = run(&["check", "trees/aima-5-2.json", &path, "--keys", "best-move"]);
        let took = start.elapsed();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stdout));
        assert!(took < std::time::Duration::from_secs(20), "{name}: took {took:?}");
    }
}

/// The names of the tests of a results.json.
fn test_names(results: &Value) -> Vec<String> {
    let tests = results["tests"].as_array().expect("tests");
    tests.iter().map(|test| test["name"].as_str().expect("a name").to_string()).collect()
}

/// A German answer's tests were named in German (`Reihenfolge`), an
/// English one's in English, and a leaves line without `#` gave
/// `leaves (without #)`: one assignment's tests were named differently per
/// student. Test names follow `--lang` (English by default); the feedback
/// may stay in the answer's language.
#[test]
fn gradescope_test_names_are_the_same_for_every_submission() {
    let english = ["order", "leaves", "pruned", "best move", "value"];
    let answers = [
        "tests/answers/aima-right.txt",
        "tests/answers/aima-short-german.txt",
        "tests/answers/aima-no-marks.txt",
        "tests/answers/missing.txt",
    ];
    for answer in answers {
        let default = results(&[answer, "--algo", "alphabeta"]);
        assert_eq!(test_names(&default), english, "{answer}: {default}");
        let german = results(&[answer, "--algo", "alphabeta", "--lang", "de"]);
        let names = ["Reihenfolge", "Blätter", "abgeschnitten", "bester Zug", "Wert"];
        assert_eq!(test_names(&german), names, "{answer}: {german}");
    }
    let german_feedback = results(&["tests/answers/aima-short-german.txt", "--algo", "alphabeta"]);
    assert!(german_feedback["tests"][0]["output"].as_str().unwrap().starts_with("Reihenfolge"));
}
