//! Output files a failed run must not destroy, and scratch files nobody
//! can plant (issue 41): each test is a reproduction, named after what
//! happened.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common;

/// A new, empty folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("outputs").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn gametree(args: &[&str], path_env: Option<&str>, tmpdir: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gametree"));
    command.args(args);
    if let Some(path) = path_env {
        command.env("PATH", path);
    }
    if let Some(tmpdir) = tmpdir {
        command.env("TMPDIR", tmpdir);
    }
    command.output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
#[cfg(target_os = "linux")]
fn a_link_planted_for_the_next_pid_truncated_its_target() {
    if !common::graphviz_available() {
        return;
    }
    let dir = folder("planted");
    let (tmp, victim) = (dir.join("tmp"), dir.join("victim"));
    std::fs::create_dir(&tmp).unwrap();
    std::fs::write(&victim, "precious").unwrap();
    // Links under the names the drawing of the next few hundred processes
    // used to write.
    let last = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid").unwrap();
    let last: u32 = last.trim().parse().unwrap();
    for pid in last + 1..last + 300 {
        for extension in ["dot", "stderr"] {
            let link = tmp.join(format!("gametree-{pid}.{extension}"));
            std::os::unix::fs::symlink(&victim, link).unwrap();
        }
    }
    let before = names(&tmp);
    let svg = dir.join("tree.svg");
    let output =
        gametree(&["trace", "trees/aima-5-2.json", "-o", svg.to_str().unwrap()], None, Some(&tmp));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(names(&tmp), before, "the scratch files are gone");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn x_json_on_a_full_disk_deleted_the_previous_x_json() {
    // A file size limit makes the write fail halfway, as a full disk would.
    let dir = folder("full-disk");
    let out = dir.join("x.json");
    std::fs::write(&out, "the earlier trace").unwrap();
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec {} trace trees/aima-5-2.json --format json -o {}",
        env!("CARGO_BIN_EXE_gametree"),
        out.display()
    );
    let output = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!("error: cannot write {}: the file would grow too large\n", out.display())
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the earlier trace");
    assert_eq!(names(&dir), ["x.json"], "nothing partial is left");
}

/// Draws the frames of AIMA figure 5.2 as SVG into `dir`, with `path_env`
/// as the PATH where given.
fn frames(dir: &Path, path_env: Option<&str>) -> Output {
    let args = ["trace", "trees/aima-5-2.json", "--frames", dir.to_str().unwrap()];
    gametree(&[&args[..], &["--frames-format", "svg"]].concat(), path_env, None)
}

#[test]
fn frames_deleted_the_previous_frames_before_finding_dot_missing() {
    if !common::graphviz_available() {
        return;
    }
    let dir = folder("frames-without-dot");
    let frames_dir = dir.join("frames");
    assert!(frames(&frames_dir, None).status.success());
    let earlier = names(&frames_dir);
    let first = std::fs::read(frames_dir.join("frame-001.svg")).unwrap();
    let empty = dir.join("empty-path");
    std::fs::create_dir(&empty).unwrap();
    let output = frames(&frames_dir, Some(empty.to_str().unwrap()));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("needs Graphviz's `dot` program"), "{}", stderr(&output));
    assert_eq!(names(&frames_dir), earlier);
    assert_eq!(std::fs::read(frames_dir.join("frame-001.svg")).unwrap(), first);
}

#[test]
#[cfg(unix)]
fn frames_that_fail_halfway_keep_the_previous_frames() {
    use std::os::unix::fs::PermissionsExt;
    if !common::graphviz_available() {
        return;
    }
    let dir = folder("frames-failing");
    let frames_dir = dir.join("frames");
    std::fs::create_dir(&frames_dir).unwrap();
    std::fs::write(frames_dir.join("frame-001.svg"), "an earlier frame").unwrap();
    std::fs::write(frames_dir.join("notes.txt"), "the teacher's notes").unwrap();
    // A `dot` that draws two frames, with the real one, and then fails.
    let bin = dir.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let count = dir.join("count");
    let real_path = std::env::var("PATH").unwrap_or_default();
    let script = format!(
        "#!/bin/sh\n[ \"$1\" = -V ] && exit 0\necho x >> {count}\n\
         [ $(wc -l < {count}) -gt 2 ] && {{ echo 'out of memory' >&2; exit 1; }}\n\
         PATH='{real_path}' exec dot \"$@\"\n",
        count = count.display()
    );
    let dot = bin.join("dot");
    std::fs::write(&dot, script).unwrap();
    std::fs::set_permissions(&dot, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{real_path}", bin.display());
    let output = frames(&frames_dir, Some(&path));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("frame-003.svg: out of memory"), "{}", stderr(&output));
    assert_eq!(names(&frames_dir), ["frame-001.svg", "notes.txt"]);
    assert_eq!(
        std::fs::read_to_string(frames_dir.join("frame-001.svg")).unwrap(),
        "an earlier frame"
    );
}

#[test]
fn dot_timeout_0_always_timed_out() {
    if !common::graphviz_available() {
        return;
    }
    let dir = folder("dot-timeout-0");
    let svg = dir.join("tree.svg");
    let args = ["trace", "trees/aima-5-2.json", "-o", svg.to_str().unwrap(), "--dot-timeout", "0"];
    let output = gametree(&args, None, None);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

/// Runs `gametree` as the unprivileged user `nobody` (through `setpriv`
/// where the tests run as root, who may write any file).
fn as_nobody(args: &[&str]) -> Output {
    use std::os::unix::fs::MetadataExt;
    let binary = env!("CARGO_BIN_EXE_gametree");
    let mut command = match std::fs::metadata("/proc/self").unwrap().uid() {
        0 => Command::new("setpriv"),
        _ => Command::new(binary),
    };
    if command.get_program() == "setpriv" {
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups", binary]);
    }
    command.args(args).output().expect("setpriv runs")
}

#[test]
fn o_replaced_a_read_only_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("read-only");
    let mode = |path: &Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    mode(&dir, 0o777);
    let tree = dir.join("tree.json");
    std::fs::copy("trees/aima-5-2.json", &tree).unwrap();
    mode(&tree, 0o644);
    let (kept, open) = (dir.join("kept.txt"), dir.join("open.txt"));
    for (file, file_mode) in [(&kept, 0o444), (&open, 0o666)] {
        std::fs::write(file, "earlier\n").unwrap();
        mode(file, file_mode);
    }
    let trace =
        |out: &Path| as_nobody(&["trace", tree.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    // A file nobody may write is replaced: the set-up lets nobody write.
    assert!(trace(&open).status.success(), "{}", stderr(&trace(&open)));
    assert_ne!(std::fs::read_to_string(&open).unwrap(), "earlier\n");
    let refused = trace(&kept);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("permission denied"), "{}", stderr(&refused));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "earlier\n");
}

/// `--frames DIR` again with a shorter search leaves exactly its own
/// frames in DIR (the longer search's extra frames go), and keeps the
/// folder's other files.
#[test]
fn frames_of_a_shorter_search_replace_all_the_earlier_frames() {
    let (dir, fresh) = (folder("shorter-search"), folder("shorter-search-fresh"));
    let frames = |dir: &Path, algo: &str| {
        let args = ["trace", "trees/aima-5-2.json", "--algo", algo, "--frames"];
        common::succeed(&[&args[..], &[dir.to_str().unwrap()]].concat());
    };
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    frames(&dir, "alphabeta");
    let longer = names(&dir).len();
    frames(&dir, "minimax");
    frames(&fresh, "minimax");
    let mut expected = names(&fresh);
    expected.push("notes.txt".into());
    expected.sort();
    assert_eq!(names(&dir), expected);
    assert!(expected.len() < longer, "minimax draws fewer frames than alpha-beta");
    assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "mine");
}
