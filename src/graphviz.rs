//! Drawing DOT text with Graphviz's `dot` program, for `-o FILE.svg` and
//! `--frames-format`. gametree never needs Graphviz otherwise.

use std::io::{self, Write};
use std::path::Path;
use std::process::{Command, Stdio};

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
}

/// Draws `dot_text` into the image file `path`. Warnings Graphviz prints
/// are returned for the caller to show.
pub fn draw(dot_text: &[u8], format: ImageFormat, path: &Path) -> Result<String, GraphvizError> {
    let target = path.display().to_string();
    let failed = |message: String| GraphvizError::Failed { target: target.clone(), message };
    let mut child = Command::new("dot")
        .arg(format!("-T{}", format.extension()))
        .arg("-o")
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| match error.kind() {
            io::ErrorKind::NotFound => GraphvizError::Missing(target.clone()),
            _ => failed(error.to_string()),
        })?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // Feed dot from another thread so that a full stderr pipe cannot stall both.
    let output = std::thread::scope(|scope| {
        let feeder = scope.spawn(move || stdin.write_all(dot_text));
        let output = child.wait_with_output();
        let fed = feeder.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        output.and_then(|output| fed.map(|()| output))
    })
    .map_err(|error| failed(error.to_string()))?;
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
    if !output.status.success() {
        return Err(failed(if stderr.is_empty() { output.status.to_string() } else { stderr }));
    }
    Ok(stderr)
}
