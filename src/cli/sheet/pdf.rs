//! Compiling a sheet's LaTeX with pdflatex, where it is installed: in a
//! scratch folder, so that only the PDF comes out of it.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

use crate::cli::Failure;
use crate::cli::args::cannot_write;

/// How long pdflatex may take on one document.
const TIMEOUT: Duration = Duration::from_secs(120);

/// Whether `pdflatex` runs.
pub fn available() -> bool {
    let version = Command::new("pdflatex").arg("--version").stdin(Stdio::null()).output();
    version.is_ok_and(|output| output.status.success())
}

/// Compiles `tex` as `name.tex` in `scratch` and returns the PDF; on
/// failure, LaTeX's first error.
pub fn compile(tex: &str, name: &str, scratch: &Path) -> Result<Vec<u8>, Failure> {
    let source = scratch.join(format!("{name}.tex"));
    std::fs::write(&source, tex).map_err(|error| cannot_write(&source, &error))?;
    let failed =
        |why: String| Failure::Usage(format!("pdflatex could not compile {name}.tex: {why}"));
    let mut child = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape"])
        .arg(format!("{name}.tex"))
        .current_dir(scratch)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|error| failed(error.to_string()))?;
    let status = match child.wait_timeout(TIMEOUT).map_err(|error| failed(error.to_string()))? {
        Some(status) => status,
        None => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(failed(format!("it took longer than {} s", TIMEOUT.as_secs())));
        }
    };
    if !status.success() {
        let log = std::fs::read(scratch.join(format!("{name}.log"))).unwrap_or_default();
        let log = String::from_utf8_lossy(&log);
        let error = log.lines().find(|line| line.starts_with('!')).unwrap_or("no error in its log");
        return Err(failed(error.to_string()));
    }
    let pdf = scratch.join(format!("{name}.pdf"));
    std::fs::read(&pdf).map_err(|error| failed(error.to_string()))
}
