//! The sheet's folder: it holds exactly one run's files. A sheet is
//! written into a new folder beside the target and renamed into its place
//! once complete; a previous sheet there is replaced whole, and kept
//! where anything fails. A folder with other files in it is refused.

use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::cli::Failure;
use crate::cli::args::cannot_write;

/// Where a sheet goes.
pub struct Target {
    path: PathBuf,
    /// The folder the target is in, where the new sheet is put together.
    parent: PathBuf,
}

impl Target {
    /// The target `path`, if it is new, empty or a previous sheet.
    pub fn check(path: &Path) -> Result<Target, Failure> {
        let shown = path.display();
        if path.file_name().is_none() {
            return Err(Failure::Usage(format!(
                "-o {shown}: give the sheet a folder of its own, such as -o sheet; it replaces that folder whole"
            )));
        }
        if path.exists() && !path.is_dir() {
            return Err(Failure::Usage(format!("-o {shown}: it is a file, not a folder")));
        }
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|error| cannot_write(path, &error))?;
            let mut names: Vec<String> =
                entries.flatten().map(|entry| entry.file_name().to_string_lossy().into()).collect();
            // The first by name, to say the same on every file system.
            names.sort();
            if let Some(other) = names.iter().find(|name| !is_sheet_file(name)) {
                return Err(Failure::Usage(format!(
                    "-o {shown}: the folder holds {other:?}, which is not a sheet's; give a new or empty folder, or a previous sheet's, which is replaced whole"
                )));
            }
        }
        let parent = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        Ok(Target { path: path.to_path_buf(), parent })
    }

    /// A new, empty folder beside the target to write the sheet into; it
    /// is removed again unless it [replaces](Target::replace) the target.
    pub fn stage(&self) -> Result<TempDir, Failure> {
        std::fs::create_dir_all(&self.parent)
            .map_err(|error| cannot_write(&self.parent, &error))?;
        self.beside("new")
    }

    /// Puts the finished sheet in `staged` in the target's place, and then
    /// removes the previous sheet; where the rename fails, the previous
    /// sheet is put back.
    pub fn replace(self, staged: TempDir) -> Result<(), Failure> {
        let failed = |error: std::io::Error| cannot_write(&self.path, &error);
        if !self.path.exists() {
            return std::fs::rename(staged.path(), &self.path)
                .map(|()| drop(staged.keep()))
                .map_err(failed);
        }
        // An empty folder that the previous sheet is renamed onto.
        let previous = self.beside("old")?;
        std::fs::rename(&self.path, previous.path()).map_err(failed)?;
        match std::fs::rename(staged.path(), &self.path) {
            Ok(()) => {
                drop(staged.keep());
                // Dropping `previous` removes the previous sheet.
                Ok(())
            }
            Err(error) => {
                let _ = std::fs::rename(previous.path(), &self.path);
                drop(previous.keep());
                Err(failed(error))
            }
        }
    }

    /// A new temporary folder beside the target: `.week1-new-XXXX`.
    fn beside(&self, what: &str) -> Result<TempDir, Failure> {
        let name = self.path.file_name().map_or("sheet".into(), |name| name.to_string_lossy());
        tempfile::Builder::new()
            .prefix(&format!(".{name}-{what}-"))
            .tempdir_in(&self.parent)
            .map_err(|error| cannot_write(&self.parent, &error))
    }
}

/// Whether a sheet writes a file of this name: its documents, its trees
/// and keys, and those of sheets before the documents were added
/// (`index.md`, `exercise-1.svg` or `.dot`).
fn is_sheet_file(name: &str) -> bool {
    let documents = ["student", "teacher"].iter().flat_map(|document| {
        ["html", "tex", "pdf"].map(|extension| format!("{document}.{extension}"))
    });
    if name == "index.md" || documents.into_iter().any(|document| document == name) {
        return true;
    }
    let Some(rest) = name.strip_prefix("exercise-") else { return false };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && ["-key.txt", ".json", ".svg", ".dot"].contains(&&rest[digits..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheets_files_are_known_by_name() {
        for name in
            ["student.pdf", "teacher.html", "exercise-12.json", "exercise-3-key.txt", "index.md"]
        {
            assert!(is_sheet_file(name), "{name}");
        }
        for name in ["notes.txt", "exercise-.json", "exercise-1.json.bak", "student.docx"] {
            assert!(!is_sheet_file(name), "{name}");
        }
    }
}
