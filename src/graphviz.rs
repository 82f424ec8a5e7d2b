//! Drawing DOT text with Graphviz's `dot` program, for `-o FILE.svg` and
//! `--frames-format`. gametree never needs Graphviz otherwise.
//!
//! `dot` reads the DOT text from a file and writes what it says to one, so
//! nothing has to feed or drain a pipe while it runs: one thread waits for
//! it, and stops it after the timeout. Those files are made by the
//! `tempfile` crate, new and under random names, so that nothing planted
//! in the temporary directory (a link to someone's file under the name
//! the next drawing would use) is ever followed or overwritten.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

use tempfile::NamedTempFile;
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
/// `timeout`. The image is drawn into a new file beside `path` and renamed
/// to it once complete, so that a failed drawing leaves nothing behind.
/// Warnings Graphviz prints are returned for the caller to show.
pub fn draw(
    dot_text: &[u8],
    format: ImageFormat,
    path: &Path,
    timeout: Duration,
) -> Result<String, GraphvizError> {
    let failed = |error: io::Error| GraphvizError::Failed {
        target: path.display().to_string(),
        message: error.to_string(),
    };
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let image = tempfile::Builder::new().prefix(".gametree-").tempfile_in(dir).map_err(failed)?;
    let said = draw_into(dot_text, format, image.path(), path, Some(timeout))?;
    image.persist(path).map_err(|error| failed(error.error))?;
    Ok(said)
}

/// Draws `dot_text` into the image file `image`, stopping `dot` after
/// `timeout` (never, for none); errors name `target`, the file the image
/// is for. The caller chooses `image`: a file it made new beside `target`,
/// to be renamed there once complete, so that a failed drawing leaves the
/// earlier image as it was. Warnings Graphviz prints are returned for the
/// caller to show.
pub fn draw_into(
    dot_text: &[u8],
    format: ImageFormat,
    image: &Path,
    target: &Path,
    timeout: Option<Duration>,
) -> Result<String, GraphvizError> {
    let target = target.display().to_string();
    let failed = |message: String| GraphvizError::Failed { target: target.clone(), message };
    let (dot, mut said) = scratch(dot_text).map_err(|e| failed(e.to_string()))?;
    let stderr = said.try_clone().map_err(|e| failed(e.to_string()))?;
    let mut child = Command::new("dot")
        .arg(format!("-T{}", format.extension()))
        .arg("-o")
        .arg(image)
        .arg(dot.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .map_err(|error| match error.kind() {
            io::ErrorKind::NotFound => GraphvizError::Missing(target.clone()),
            _ => failed(error.to_string()),
        })?;
    let Some(status) = wait(&mut child, timeout).map_err(|e| failed(e.to_string()))? else {
        let seconds = timeout.unwrap_or_default().as_secs();
        return Err(GraphvizError::TimedOut { target, seconds });
    };
    let mut message = String::new();
    said.seek(SeekFrom::Start(0)).and_then(|_| said.read_to_string(&mut message)).ok();
    let message = message.trim().to_string();
    if !status.success() {
        return Err(failed(if message.is_empty() { status.to_string() } else { message }));
    }
    Ok(message)
}

/// Whether `dot` can be started, checked before anything is written for
/// `target` (frames replace earlier ones only once all are drawn).
pub fn check_installed(target: &Path) -> Result<(), GraphvizError> {
    let version =
        Command::new("dot").arg("-V").stdout(Stdio::null()).stderr(Stdio::null()).status();
    match version {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            Err(GraphvizError::Missing(target.display().to_string()))
        }
        _ => Ok(()),
    }
}

/// The files a drawing goes through in the system's temporary directory,
/// both removed when dropped: the DOT text `dot` reads, and an unnamed file
/// for what it says on standard error.
fn scratch(dot_text: &[u8]) -> io::Result<(NamedTempFile, File)> {
    let mut dot = tempfile::Builder::new().prefix("gametree-").suffix(".dot").tempfile()?;
    dot.write_all(dot_text)?;
    dot.flush()?;
    Ok((dot, tempfile::tempfile()?))
}

/// The child's exit status, or `None` if it ran past `timeout` and was killed.
fn wait(child: &mut Child, timeout: Option<Duration>) -> io::Result<Option<ExitStatus>> {
    let Some(timeout) = timeout else { return child.wait().map(Some) };
    let status = child.wait_timeout(timeout)?;
    if status.is_none() {
        child.kill()?;
        child.wait()?;
    }
    Ok(status)
}
