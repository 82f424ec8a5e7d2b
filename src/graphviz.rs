//! Drawing DOT text with Graphviz's `dot` program, for `-o FILE.svg` and
//! `--frames-format`. gametree never needs Graphviz otherwise.
//!
//! `dot` reads the DOT text from a file and writes what it says to one, so
//! nothing has to feed or drain a pipe while it runs: one thread waits for
//! it, and stops it after the timeout.

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

/// The image formats gametree asks Graphviz for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ImageFormat {
    Svg,
    Png,
    Pdf,
}

impl ImageFormat {
    /// The format a file name asks for by its extension, if it is an image.
    pub fn of_path(path: &Path) -> Option<ImageFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "svg" => Some(ImageFormat::Svg),
            "png" => Some(ImageFormat::Png),
            "pdf" => Some(ImageFormat::Pdf),
            _ => None,
        }
    }

    /// The extension and Graphviz's `-T` name.
    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Svg => "svg",
            ImageFormat::Png => "png",
            ImageFormat::Pdf => "pdf",
        }
    }
}

/// Why a drawing failed.
#[derive(Debug, thiserror::Error)]
pub enum GraphvizError {
    #[error(
        "drawing {0} needs Graphviz's `dot` program, which was not found; install Graphviz (for example `apt-get install graphviz`) or use --format dot"
    )]
    Missing(String),
    #[error("Graphviz's `dot` failed drawing {target}: {message}")]
    Failed { target: String, message: String },
    #[error(
        "Graphviz's `dot` took longer than {seconds} s drawing {target} and was stopped; allow it longer with --dot-timeout"
    )]
    TimedOut { target: String, seconds: u64 },
}

/// Draws `dot_text` into the image file `path`, stopping `dot` after
/// `timeout`. The image is drawn into a file beside `path` and renamed to
/// it once complete, so that a failed drawing leaves nothing behind.
/// Warnings Graphviz prints are returned for the caller to show.
pub fn draw(
    dot_text: &[u8],
    format: ImageFormat,
    path: &Path,
    timeout: Duration,
) -> Result<String, GraphvizError> {
    let target = path.display().to_string();
    let failed = |message: String| GraphvizError::Failed { target: target.clone(), message };
    let scratch = Scratch::new(path);
    let stderr = std::fs::File::create(&scratch.stderr).map_err(|e| failed(e.to_string()))?;
    std::fs::write(&scratch.dot, dot_text).map_err(|e| failed(e.to_string()))?;
    let mut child = Command::new("dot")
        .arg(format!("-T{}", format.extension()))
        .arg("-o")
        .arg(&scratch.image)
        .arg(&scratch.dot)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .map_err(|error| match error.kind() {
            io::ErrorKind::NotFound => GraphvizError::Missing(target.clone()),
            _ => failed(error.to_string()),
        })?;
    let status = match wait(&mut child, timeout).map_err(|e| failed(e.to_string()))? {
        Some(status) => status,
        None => return Err(GraphvizError::TimedOut { target, seconds: timeout.as_secs() }),
    };
    let said = std::fs::read(&scratch.stderr).unwrap_or_default();
    let said = String::from_utf8_lossy(&said).trim().to_string();
    if !status.success() {
        return Err(failed(if said.is_empty() { status.to_string() } else { said }));
    }
    std::fs::rename(&scratch.image, path).map_err(|e| failed(e.to_string()))?;
    Ok(said)
}

/// The child's exit status, or `None` if it ran past `timeout` and was killed.
fn wait(child: &mut Child, timeout: Duration) -> io::Result<Option<ExitStatus>> {
    let status = child.wait_timeout(timeout)?;
    if status.is_none() {
        child.kill()?;
        child.wait()?;
    }
    Ok(status)
}

/// The files a drawing goes through, removed when it is done: the DOT
/// text and what `dot` says in the system's temporary directory, the image
/// beside its final place (so that renaming it there is one step).
struct Scratch {
    dot: PathBuf,
    stderr: PathBuf,
    image: PathBuf,
}

impl Scratch {
    fn new(path: &Path) -> Scratch {
        // One drawing at a time per process: the process id tells them apart.
        let unique = format!("gametree-{}", std::process::id());
        let temp = std::env::temp_dir();
        let name = path.file_name().map(|name| name.to_string_lossy()).unwrap_or_default();
        Scratch {
            dot: temp.join(format!("{unique}.dot")),
            stderr: temp.join(format!("{unique}.stderr")),
            image: path.with_file_name(format!(".{name}.{unique}.part")),
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        for file in [&self.dot, &self.stderr, &self.image] {
            let _ = std::fs::remove_file(file);
        }
    }
}
