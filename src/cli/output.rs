//! Output files that a failed run never destroys: `-o FILE` is written
//! into a new file beside FILE and renamed over it only once complete, and
//! `--frames DIR` writes its frames into a new folder inside DIR and moves
//! them into place only once all are written. The new files and folders
//! come from the `tempfile` crate: created new, under random names.

use std::collections::HashSet;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use tempfile::{NamedTempFile, TempDir};

/// A file being written for `target`: a new file beside it, or, where the
/// target is no regular file (`/dev/stdout`, a FIFO), the target itself.
pub struct Pending {
    file: Place,
    /// The file the output replaces, with any symbolic link followed: a
    /// link stays a link to the new file.
    target: PathBuf,
}

enum Place {
    Beside(NamedTempFile),
    InPlace(File, PathBuf),
}

impl Pending {
    /// Starts the file for `path`. A file beside it keeps the permissions
    /// of the file it replaces; a new one gets those `File::create` gives.
    pub fn new(path: &Path) -> io::Result<Pending> {
        let existing = std::fs::metadata(path).ok();
        if existing.as_ref().is_some_and(|meta| !meta.is_file()) {
            let file = File::create(path)?;
            return Ok(Pending { file: Place::InPlace(file, path.into()), target: path.into() });
        }
        let target = match existing {
            Some(_) => {
                // Refuse what writing into the file would refuse (a
                // read-only file), which a rename over it would not.
                std::fs::OpenOptions::new().write(true).open(path)?;
                std::fs::canonicalize(path)?
            }
            None => path.to_path_buf(),
        };
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let name = target.file_name().map(|name| name.to_string_lossy()).unwrap_or_default();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".part");
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let file = builder.tempfile_in(dir)?;
        if let Some(meta) = existing {
            file.as_file().set_permissions(meta.permissions())?;
        }
        Ok(Pending { file: Place::Beside(file), target })
    }

    /// Where the output goes until it is complete.
    pub fn path(&self) -> &Path {
        match &self.file {
            Place::Beside(file) => file.path(),
            Place::InPlace(_, path) => path,
        }
    }

    /// The open file to write the output into.
    pub fn file(&mut self) -> &mut File {
        match &mut self.file {
            Place::Beside(file) => file.as_file_mut(),
            Place::InPlace(file, _) => file,
        }
    }

    /// Puts the complete output in the target's place. Dropped unfinished,
    /// a file beside the target is removed and the target left as it was.
    pub fn finish(self) -> io::Result<()> {
        match self.file {
            Place::Beside(file) => file.persist(&self.target).map(drop).map_err(|e| e.error),
            Place::InPlace(..) => Ok(()),
        }
    }
}

/// A new set of frames for the folder `dir`: written into a new folder
/// inside it (so that moving them is a rename on one file system), then
/// moved into `dir` in place of the earlier run's frames.
pub struct Frames {
    staging: TempDir,
    dir: PathBuf,
}

impl Frames {
    /// Starts the frames for `dir`, creating it if need be; the earlier
    /// frames in it stay until [`finish`](Self::finish).
    pub fn new(dir: &Path) -> io::Result<Frames> {
        std::fs::create_dir_all(dir)?;
        let staging = tempfile::Builder::new().prefix(".gametree-frames-").tempdir_in(dir)?;
        Ok(Frames { staging, dir: dir.to_path_buf() })
    }

    /// Where the frame file `name` is written until all are.
    pub fn path(&self, name: &str) -> PathBuf {
        self.staging.path().join(name)
    }

    /// Where the frame file `name` ends up.
    pub fn target(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Moves the new frames into the folder, each in place of the earlier
    /// run's frame of its name, then removes the earlier frames left over
    /// (a longer search's): a move that fails leaves every earlier frame
    /// it did not replace. An error names the file it concerns.
    pub fn finish(self) -> Result<(), (PathBuf, io::Error)> {
        let in_dir = |e| (self.dir.clone(), e);
        let mut moved = HashSet::new();
        for entry in std::fs::read_dir(self.staging.path()).map_err(in_dir)? {
            let name = entry.map_err(in_dir)?.file_name();
            let target = self.dir.join(&name);
            std::fs::rename(self.staging.path().join(&name), &target).map_err(|e| (target, e))?;
            moved.insert(name);
        }
        for entry in std::fs::read_dir(&self.dir).map_err(in_dir)? {
            let entry = entry.map_err(in_dir)?;
            let name = entry.file_name();
            if is_frame_file(&name.to_string_lossy()) && !moved.contains(&name) {
                std::fs::remove_file(entry.path()).map_err(|e| (entry.path(), e))?;
            }
        }
        Ok(())
    }
}

/// Whether a file name is one `--frames` writes: `frame-<digits>.<ext>`
/// or `frames.tex`.
fn is_frame_file(name: &str) -> bool {
    if name == "frames.tex" {
        return true;
    }
    let Some((stem, extension)) = name.rsplit_once('.') else { return false };
    let Some(number) = stem.strip_prefix("frame-") else { return false };
    !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && ["dot", "svg", "png", "pdf"].contains(&extension)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_frame_files_are_frame_files() {
        for name in
            ["frame-001.dot", "frame-1.svg", "frame-12345.png", "frame-002.pdf", "frames.tex"]
        {
            assert!(is_frame_file(name), "{name}");
        }
        for name in ["frame-.dot", "frame-01a.dot", "frame-001.txt", "notes.tex", "frame-001"] {
            assert!(!is_frame_file(name), "{name}");
        }
    }
}
