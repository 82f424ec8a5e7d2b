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
        (results(&["tests/answers/aima-wrong-prune.txt", "--algo", "alphabeta"]), 1.0, 5.0),
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
