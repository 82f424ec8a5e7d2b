//! How input arrives: a FIFO and standard input are read exactly once, a
//! small tree reads with little address space, and long tokens and runs of
//! whitespace cost linear time.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::common;

fn gametree() -> &'static str {
    env!("CARGO_BIN_EXE_gametree")
}

fn temp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

#[test]
#[cfg(unix)]
fn a_fifo_is_read_once_every_time() {
    let lecture = std::fs::read("trees/lecture.json").unwrap();
    let expected = common::succeed(&["trace", "trees/lecture.json", "--format", "answer"]).stdout;
    for round in 0..20 {
        let fifo = temp(&format!("tree-{round}.fifo"));
        let _ = std::fs::remove_file(&fifo);
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let child = Command::new(gametree())
            .args(["trace", fifo.to_str().unwrap(), "--format", "answer"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        std::fs::File::create(&fifo).unwrap().write_all(&lecture).unwrap();
        let output = child.wait_with_output().unwrap();
        std::fs::remove_file(&fifo).unwrap();
        assert_eq!(output.stdout, expected, "round {round}");
    }
}

#[test]
fn standard_input_is_read_like_a_file() {
    let mut child = Command::new(gametree())
        .args(["trace", "-", "--format", "answer"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&std::fs::read("trees/lecture.json").unwrap()).unwrap();
    let output = child.wait_with_output().unwrap();
    let expected = common::succeed(&["trace", "trees/lecture.json", "--format", "answer"]).stdout;
    assert_eq!(output.stdout, expected);
}

#[test]
#[cfg(target_os = "linux")]
fn a_small_tree_reads_with_a_gigabyte_of_address_space() {
    let script =
        format!("ulimit -v 1000000 && echo '[1,2]' | {} trace - --format answer", gametree());
    let output = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).ends_with("value: 2\n"));
}

#[test]
fn a_long_name_and_a_long_run_of_whitespace_read_in_linear_time() {
    // 32 MB of one name and 100 MB of whitespace took 16.8 s and 136 s
    // with the old scanner; a linear reader takes well under a second each
    // (bench/, not a timed test: a quadratic reader would make this one
    // take minutes, and CI's time limit catch it).
    let name = "n".repeat(32 << 20);
    let long_name = format!("{{\"children\": {{\"{name}\": [\"x\"]}}, \"values\": {{\"x\": 1}}}}");
    let spaces = format!("{}[1, 2]", " ".repeat(100 << 20));
    for (file, text) in [("long-name.json", long_name), ("long-space.json", spaces)] {
        let path = temp(file);
        std::fs::write(&path, text).unwrap();
        let output = common::run(&["trace", path.to_str().unwrap(), "--format", "answer"]);
        std::fs::remove_file(&path).unwrap();
        assert!(output.status.success(), "{file}: {}", String::from_utf8_lossy(&output.stderr));
    }
}
