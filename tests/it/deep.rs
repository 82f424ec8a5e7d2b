//! Deep and large inputs: a flat chain 1,000,000 nodes deep traces (as
//! the classroom lines and as a JSON trace), one
//! 100,000 deep traces in every format (the DOT output once took time
//! quadratic in the principal variation's length), a nested tree 100,000
//! levels deep reads (but not with path names, which would take 10 GB), a
//! deeper nesting fails with a clear error instead of overflowing the
//! stack, and a file over 4 GiB is refused unread.

use std::path::PathBuf;

use crate::common::run as gametree;

const DEPTH: usize = 100_000;

fn write_input(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the input can be written");
    path
}

fn chain(depth: usize) -> String {
    let children: Vec<String> = (0..depth).map(|i| format!("\"n{i}\": [\"n{}\"]", i + 1)).collect();
    format!(
        "{{\"root\": \"n0\", \"children\": {{{}}}, \"values\": {{\"n{depth}\": 7}}}}",
        children.join(", ")
    )
}

#[test]
fn a_flat_chain_100000_deep_traces_in_every_format() {
    let path = write_input("chain.json", &chain(DEPTH));
    let path = path.to_str().expect("a UTF-8 path");
    for format in ["text", "answer", "json", "dot"] {
        for algo in ["minimax", "negamax-alphabeta"] {
            let output = gametree(&["trace", path, "--algo", algo, "--format", format]);
            assert!(
                output.status.success(),
                "{format} {algo}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(stdout.contains("n100000"), "{format} {algo}: the deepest leaf is reported");
            assert!(stdout.len() > 800_000, "{format} {algo}: every node is shown");
        }
    }
}

#[test]
fn a_flat_chain_a_million_deep_traces() {
    let path = write_input("chain-million.json", &chain(1_000_000));
    let output =
        gametree(&["trace", path.to_str().unwrap(), "--algo", "alphabeta", "--format", "answer"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("leaves: n1000000\n"));
}

#[test]
fn a_json_trace_of_a_chain_a_million_deep_is_written_whole() {
    // Too deep for the two threads to search it at once; one writes it all.
    let path = write_input("chain-million-json.json", &chain(1_000_000));
    let output = gametree(&["trace", path.to_str().unwrap(), "--format", "json"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last_event = r#"{"type":"value","step":2000002,"node":"n0","value":7,"kind":"exact"}"#;
    assert!(
        stdout.ends_with(&format!("{last_event}\n  ]\n}}\n")),
        "{}",
        &stdout[stdout.len() - 200..]
    );
    assert_eq!(stdout.matches("\"type\":").count(), 2_000_002);
}

#[test]
fn nested_arrays_100000_deep_read_fine() {
    assert_values_7("nested.json", &format!("{}7{}", "[".repeat(DEPTH), "]".repeat(DEPTH)));
}

#[test]
fn nested_objects_100000_deep_read_fine() {
    let open = "{\"children\": [".repeat(DEPTH);
    assert_values_7(
        "nested-objects.json",
        &format!("{open}{{\"value\": 7}}{}", "]}".repeat(DEPTH)),
    );
}

/// The tree in `text`, whose one leaf is worth 7, traces to value 7.
fn assert_values_7(name: &str, text: &str) {
    let path = write_input(name, text);
    let output = gametree(&["trace", path.to_str().unwrap(), "--format", "answer"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).ends_with("value: 7\n"));
}

#[test]
fn path_names_too_long_to_keep_fail_with_a_clear_error() {
    // Path names grow with the depth: 1, 1.1, 1.1.1, ... take 10 GB here.
    let nested = format!("{}7{}", "[".repeat(DEPTH), "]".repeat(DEPTH));
    let path = write_input("nested-paths.json", &nested);
    let output = gametree(&["trace", path.to_str().unwrap(), "--names", "paths"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.ends_with(": the path names of the unnamed nodes would take 10000000004 bytes, more than the 4 GiB gametree keeps names in; use --names letters or name the nodes\n"),
        "{stderr}"
    );
}

#[test]
fn deeper_nesting_fails_with_a_clear_error() {
    let depth = 1_000_000;
    let text = format!("{}7{}", "[".repeat(depth), "]".repeat(depth));
    let path = write_input("too-deep.json", &text);
    let output = gametree(&["trace", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(":1:200002: arrays and objects nest deeper than 200001 levels"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}

#[test]
fn a_file_over_4_gib_is_refused_before_it_is_read() {
    // A sparse file: it takes no room on disk, and reading it would take
    // seconds and 5 GiB of memory.
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("over-4-gib.json");
    std::fs::File::create(&path).unwrap().set_len(5 << 30).unwrap();
    let output = gametree(&["trace", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.status.code(), Some(2));
    let expected = format!(
        "error: {}: cannot read: too large: 5368709120 bytes; gametree reads trees of up to 4 GiB\n",
        path.display()
    );
    assert_eq!(String::from_utf8_lossy(&output.stderr), expected);
    assert!(output.stdout.is_empty());
}
