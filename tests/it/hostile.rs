//! Hostile names and failing outputs (issue 20): every reproduction of a
//! failure found by fuzzing, as a test named after what it was.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::common::{self, run as gametree, succeed};

fn temp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn write(name: &str, text: &str) -> String {
    let path = temp(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A flat tree whose leaf `x` is named `name` (JSON-escaped by serde_json).
fn tree_with_leaf(name: &str) -> String {
    let name = serde_json::to_string(name).unwrap();
    format!(r#"{{"children": {{"r": [{name}, "y"]}}, "values": {{{name}: 1, "y": 2}}}}"#)
}

#[test]
fn names_that_look_like_answer_syntax_are_refused() {
    for (name, why) in [
        ("a,b", "must not contain ','"),
        ("a;b", "must not contain ';'"),
        ("a=b", "must not contain '='"),
        ("none", "means \"no node\""),
        ("-", "means \"no node\""),
    ] {
        let path = write("syntax.json", &tree_with_leaf(name));
        let output = gametree(&["trace", &path]);
        assert_eq!(output.status.code(), Some(2), "{name}");
        assert!(stderr(&output).contains(why), "{name}: {}", stderr(&output));
        assert_eq!(stderr(&output).lines().count(), 1);
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn terminal_escapes_from_names_are_shown_escaped() {
    for (raw, shown) in [
        ("\u{1b}[2Jx", "\\u{1b}[2Jx"),
        ("\u{1b}]0;title\u{7}", "\\u{1b}]0;title\\u{7}"),
        ("bell\u{7}", "bell\\u{7}"),
        ("nul\u{0}", "nul\\0"),
        ("left\u{202e}right", "left\\u{202e}right"),
    ] {
        let path = write("escape.json", &tree_with_leaf(raw));
        let output = gametree(&["trace", &path]);
        assert_eq!(output.status.code(), Some(2));
        let said = stderr(&output);
        assert!(said.contains(shown), "{said}");
        assert!(!said.contains(raw), "raw {raw:?} reached the terminal: {said}");
        assert!(said.chars().all(|c| c == '\n' || !c.is_control()), "{said:?}");
    }
}

#[test]
fn an_answer_with_terminal_escapes_is_echoed_escaped() {
    let answer = write("escape-answer.txt", "order: e:3 \u{1b}[2J\u{202e}:4\n");
    let output = gametree(&["check", "trees/aima-5-2.json", &answer]);
    // The order line does not read: that key is wrong, with the reason.
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(said.contains("\\u{1b}[2J\\u{202e}"), "{said}");
    assert!(!said.contains('\u{1b}') && !said.contains('\u{202e}'), "{said:?}");
}

/// Issue 41: the class summary printed file names raw, so an ESC reached
/// the terminal and a newline in a name split a verdict line.
#[test]
fn the_class_summary_escapes_file_names() {
    let right = std::fs::read_to_string("tests/answers/aima-right.txt").unwrap();
    let hostile = write("evil\u{1b}[31m\nname.txt", &right);
    let output =
        gametree(&["check", "trees/aima-5-2.json", &hostile, &hostile, "--algo", "alphabeta"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let said = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 3, "one line per file and the summary: {said:?}");
    assert!(lines[0].ends_with("evil\\u{1b}[31m\\u{a}name.txt: right, 5 of 5"), "{said:?}");
    assert!(!said.contains('\u{1b}'), "{said:?}");
}

/// `--format csv` wrote file names raw, so an ESC reached the terminal and
/// a newline in a name split a row; its fields are escaped as the class
/// summary's are.
#[test]
fn the_csv_gradebook_escapes_control_characters() {
    let right = std::fs::read_to_string("tests/answers/aima-right.txt").unwrap();
    let hostile = write("evil-csv\u{1b}[31m\nname.txt", &right);
    let args = ["check", "trees/aima-5-2.json", &hostile, &hostile, "--algo", "alphabeta"];
    let output = gametree(&[&args[..], &["--format", "csv"]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let said = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 3, "the header and one row per file: {said:?}");
    assert!(lines[1].contains("evil-csv\\u{1b}[31m\\u{a}name.txt,right,"), "{said:?}");
    assert!(!said.contains('\u{1b}'), "{said:?}");
}

/// Classroom lines stop at 64 MiB (an endless or huge answer is that
/// answer's verdict), while a JSON trace may be as large as a tree file:
/// the full tic-tac-toe trace is 111 MiB.
#[test]
fn a_json_trace_over_64_mib_is_checked_and_classroom_lines_over_it_are_refused() {
    let padding = " ".repeat(65 << 20);
    let trace =
        succeed(&["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "--format", "json"]);
    let trace = String::from_utf8(trace.stdout).unwrap() + &padding;
    let big_trace = write("big-trace.json", &trace);
    let verdict = gametree(&["check", "trees/aima-5-2.json", &big_trace]);
    assert_eq!(verdict.status.code(), Some(0), "{}", stderr(&verdict));
    let big_answer = write("big-answer.txt", &format!("value: 3\n{padding}"));
    let verdict = gametree(&["check", "trees/aima-5-2.json", &big_answer, "--algo", "alphabeta"]);
    assert_eq!(verdict.status.code(), Some(2));
    assert!(stderr(&verdict).contains("the answer is larger than 64 MiB"), "{}", stderr(&verdict));
}

#[test]
fn control_characters_in_dot_never_reach_graphviz() {
    // Such names are refused before any output, so `-o x.svg` leaves nothing.
    for name in ["esc\u{1b}", "\u{fffe}", "\u{fdd0}"] {
        let path = write("dot-control.json", &tree_with_leaf(name));
        let svg = temp("dot-control.svg");
        let _ = std::fs::remove_file(&svg);
        let output = gametree(&["trace", &path, "-o", svg.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{name:?}");
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
        assert!(!svg.exists());
    }
}

/// Every command that writes to standard output, `--help` and `--version`
/// included.
const WRITERS: &[&[&str]] = &[
    &["trace", "trees/aima-5-2.json", "--algo", "alphabeta"],
    &["trace", "trees/aima-5-2.json", "--format", "json"],
    &["check", "trees/aima-5-2.json", "tests/answers/aima-right.txt", "--algo", "alphabeta"],
    &["compare", "trees/aima-5-2.json"],
    &["gen", "random", "--seed", "7"],
    &["schema", "trace"],
    &["completions", "bash"],
    &["completions", "zsh"],
    &["completions", "fish"],
    &["completions", "powershell"],
    &["completions", "elvish"],
    &["man"],
    &["--help"],
    &["--version"],
];

#[test]
#[cfg(target_os = "linux")]
fn write_errors_on_a_full_disk_are_errors_for_every_command() {
    for args in WRITERS {
        let full = std::fs::File::create("/dev/full").expect("/dev/full");
        let output =
            Command::new(env!("CARGO_BIN_EXE_gametree")).args(*args).stdout(full).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert_eq!(
            stderr(&output),
            "error: cannot write standard output: no space left on device\n",
            "{args:?}"
        );
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_full_stderr_keeps_the_exit_status() {
    let full = || std::fs::File::create("/dev/full").expect("/dev/full");
    let output = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["trace", "no-such-tree.json"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["check", "trees/aima-5-2.json", "tests/answers/aima-wrong-value.txt"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
}

#[test]
#[cfg(unix)]
fn a_closed_pipe_ends_every_command_quietly() {
    for args in WRITERS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read one byte, then close the pipe.
        let mut first = [0u8; 1];
        let _ = child.stdout.take().unwrap().read(&mut first);
        let output = child.wait_with_output().unwrap();
        let status = output.status.code();
        assert!(matches!(status, Some(0 | 1)), "{args:?}: {status:?} {}", stderr(&output));
        assert!(output.stderr.is_empty(), "{args:?}: {}", stderr(&output));
    }
}

#[test]
#[cfg(unix)]
fn a_named_pipe_answer_past_64_mib_is_refused_not_waited_on() {
    let fifo = temp("answer.fifo");
    let _ = std::fs::remove_file(&fifo);
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let feed = format!("head -c 70000000 /dev/zero > '{}'", fifo.display());
    let mut writer = Command::new("sh").args(["-c", &feed]).stderr(Stdio::null()).spawn().unwrap();
    let mut check = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["check", "trees/aima-5-2.json"])
        .arg(&fifo)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Reading it again would wait forever for a writer that is gone.
    let waited = std::time::Instant::now();
    while check.try_wait().unwrap().is_none() && waited.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let finished = check.try_wait().unwrap();
    let _ = (check.kill(), writer.kill(), writer.wait());
    assert_eq!(finished.and_then(|status| status.code()), Some(2), "check still waits");
    let output = check.wait_with_output().unwrap();
    assert!(
        stderr(&output).ends_with(": the answer is larger than 64 MiB\n"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn check_writes_its_gradebook_to_o_and_a_failed_run_leaves_the_earlier_file() {
    let book = temp("grades.csv");
    let book_arg = book.to_str().unwrap();
    let right = "tests/answers/aima-right.txt";
    let args = ["check", "trees/aima-5-2.json", right, right, "--algo", "alphabeta"];
    let output = gametree(&[&args[..], &["--format", "csv", "-o", book_arg]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let written = std::fs::read_to_string(&book).unwrap();
    assert!(written.starts_with("file,status,") && written.lines().count() == 3, "{written}");
    // Nothing to write: the tree cannot be read, or the one answer in text.
    for failing in [
        &["check", "no-such-tree.json", right, "-o", book_arg][..],
        &["check", "trees/aima-5-2.json", "tests/answers/empty.txt", "-o", book_arg],
    ] {
        assert_eq!(gametree(failing).status.code(), Some(2));
        assert_eq!(std::fs::read_to_string(&book).unwrap(), written);
    }
    // Nor is a file the check reads replaced: a student's answer stays.
    let answer = write("student.txt", "best move: b\n");
    let output = gametree(&["check", "trees/aima-5-2.json", &answer, "-o", &answer]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("it is a file this check reads"), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&answer).unwrap(), "best move: b\n");
    // A text verdict in a file has no colours, even asked for on a terminal.
    let output = gametree(&[&args[..], &["--color", "auto", "-o", book_arg]].concat());
    assert_eq!(output.status.code(), Some(0));
    assert!(!std::fs::read_to_string(&book).unwrap().contains('\u{1b}'));
    let leftovers = std::fs::read_dir(book.parent().unwrap()).unwrap();
    assert!(
        !leftovers.flatten().any(|entry| entry.file_name().to_string_lossy().ends_with(".part"))
    );
}

#[test]
fn an_error_quoting_a_megabyte_long_key_is_cut_to_a_line_a_person_reads() {
    let file = write("long-key.json", &format!("{{\"{}\": 1}}", "k".repeat(1_000_000)));
    let output = gametree(&["trace", &file]);
    assert_eq!(output.status.code(), Some(2));
    let said = stderr(&output);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.len() < 1200, "{} bytes", said.len());
    assert!(said.starts_with("error: ") && said.trim_end().ends_with(" bytes)"), "{said}");
}

#[test]
#[cfg(unix)]
fn a_closed_pipe_keeps_the_exit_status_of_a_check() {
    let wrong = "tests/answers/aima-wrong-value.txt";
    let cases: [(&[&str], i32); 4] = [
        (&["check", "trees/aima-5-2.json", wrong], 1),
        (&["check", "trees/aima-5-2.json", wrong, wrong], 1),
        (&["check", "trees/aima-5-2.json", wrong, "--format", "csv"], 1),
        (&["check", "trees/aima-5-2.json", wrong, "no-such-answer.txt"], 2),
    ];
    for (args, code) in cases {
        // The pipe's reading end is closed before the command starts.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(code), "{args:?}: {}", stderr(&output));
        assert!(output.stderr.is_empty(), "{args:?}: {}", stderr(&output));
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_failing_output_file_is_named() {
    let output = gametree(&["trace", "trees/aima-5-2.json", "-o", "/dev/full"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), "error: cannot write /dev/full: no space left on device\n");
    let output = gametree(&["trace", "trees/aima-5-2.json", "-o", "/no/such/dir/x.txt"]);
    assert_eq!(
        stderr(&output),
        "error: cannot write /no/such/dir/x.txt: no such file or directory\n"
    );
}

#[test]
fn frames_into_a_file_say_it_is_no_directory() {
    let file = write("afile", "");
    let output = gametree(&["trace", "trees/aima-5-2.json", "--frames", &file]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), format!("error: --frames {file}: it is a file, not a directory\n"));
}

#[test]
fn frame_n_of_a_tree_of_thousands_costs_one_frame() {
    // 3,280 nodes: drawing every frame to print one took 13 s in a release
    // build, minutes in a debug one.
    let tree =
        succeed(&["gen", "random", "--seed", "3", "--depth", "7", "--branching", "3"]).stdout;
    let path = temp("thousands.json");
    std::fs::write(&path, &tree).unwrap();
    let frame = succeed(&["trace", path.to_str().unwrap(), "--frame", "1"]).stdout;
    let frame = String::from_utf8(frame).unwrap();
    assert!(frame.starts_with("digraph") && frame.contains("step 1:"), "{frame}");
    assert!(frame.matches(" -> ").count() > 3_000, "every edge is drawn");
}

#[test]
fn a_json_trace_made_with_player_min_checks_without_the_option() {
    for args in [&["--player", "min"][..], &["--perspective", "mover", "--algo", "negamax"]] {
        let mut trace_args = vec!["trace", "trees/aima-5-2.json", "--format", "json"];
        trace_args.extend_from_slice(args);
        let trace = succeed(&trace_args).stdout;
        let path = write("player-min.json", &String::from_utf8(trace).unwrap());
        let output = gametree(&["check", "trees/aima-5-2.json", &path]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stdout)
        );
    }
}

#[test]
#[cfg(unix)]
fn a_dot_that_hangs_is_stopped() {
    use std::os::unix::fs::PermissionsExt;
    let bin = temp("hanging-dot");
    std::fs::create_dir_all(&bin).unwrap();
    let dot = bin.join("dot");
    std::fs::write(&dot, "#!/bin/sh\nsleep 30\n").unwrap();
    std::fs::set_permissions(&dot, std::fs::Permissions::from_mode(0o755)).unwrap();
    let svg = temp("hanging.svg");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let started = std::time::Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["trace", "trees/aima-5-2.json", "-o", svg.to_str().unwrap(), "--dot-timeout", "1"])
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(started.elapsed().as_secs() < 20, "gametree waited for the hanging dot");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("took longer than 1 s"), "{}", stderr(&output));
    assert!(!svg.exists(), "nothing partial is left");
}

#[test]
#[cfg(unix)]
fn a_failed_drawing_leaves_no_partial_image() {
    use std::os::unix::fs::PermissionsExt;
    // A `dot` that writes half an image and fails.
    let bin = temp("failing-dot");
    std::fs::create_dir_all(&bin).unwrap();
    let dot = bin.join("dot");
    std::fs::write(&dot, "#!/bin/sh\necho '<svg' > \"$3\"\necho 'out of memory' >&2\nexit 1\n")
        .unwrap();
    std::fs::set_permissions(&dot, std::fs::Permissions::from_mode(0o755)).unwrap();
    let dir = temp("failed-drawing");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("failed.svg");
    std::fs::write(&svg, "the earlier image").unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let output = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["trace", "trees/aima-5-2.json", "-o", svg.to_str().unwrap()])
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("out of memory"), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "the earlier image");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(files.len(), 1, "nothing partial is left: {files:?}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_partly_written_output_file_is_removed() {
    // A file size limit makes the write fail halfway, as a full disk would.
    let out = temp("partial.json");
    let _ = std::fs::remove_file(&out);
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec {} trace trees/aima-5-2.json --format json -o {}",
        env!("CARGO_BIN_EXE_gametree"),
        out.display()
    );
    let output = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let expected =
        format!("error: cannot write {}: the file would grow too large\n", out.display());
    assert_eq!(stderr(&output), expected);
    assert!(!out.exists(), "the partial file is removed");
}

#[test]
fn output_files_hold_the_format_their_extension_names() {
    let cases = [
        ("x.dot", "digraph"),
        ("x.gv", "digraph"),
        ("x.json", "{\n  \"format_version\""),
        ("x.txt", "alphabeta, fail-soft"),
        ("x.tex", "% Drawn by gametree:"),
    ];
    for (file, start) in cases {
        let path = temp(file);
        succeed(&[
            "trace",
            "trees/aima-5-2.json",
            "--algo",
            "alphabeta",
            "-o",
            path.to_str().unwrap(),
        ]);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(start), "{file}: {text}");
    }
    let step = temp("step.dot");
    succeed(&[
        "trace",
        "trees/aima-5-2.json",
        "--algo",
        "alphabeta",
        "--frame",
        "11",
        "-o",
        step.to_str().unwrap(),
    ]);
    let frame = std::fs::read_to_string(&step).unwrap();
    assert!(frame.contains("step 11: c: v=2 &#8804; &#945;=3: prune i j"), "{frame}");
}

#[test]
fn a_drawing_leaves_only_the_image() {
    if !common::graphviz_available() {
        return;
    }
    let dir = temp("drawing-only");
    let _ = std::fs::remove_dir_all(&dir);
    let scratch = dir.join("tmp");
    std::fs::create_dir_all(&scratch).unwrap();
    let svg = dir.join("tree.svg");
    let output = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["trace", "trees/aima-5-2.json", "-o", svg.to_str().unwrap()])
        .env("TMPDIR", &scratch)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let left = |dir: &std::path::Path| -> Vec<String> {
        let entries = std::fs::read_dir(dir).unwrap().flatten();
        entries.map(|entry| entry.file_name().to_string_lossy().into_owned()).collect()
    };
    let mut beside = left(&dir);
    beside.sort();
    assert_eq!(beside, ["tmp", "tree.svg"]);
    assert!(left(&scratch).is_empty(), "{:?}", left(&scratch));
}
