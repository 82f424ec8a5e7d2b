//! The tree file an exercise is read from, kept to read it again under
//! another convention (another root player or perspective): a wrong
//! answer's hint, and a JSON trace that records other settings.
//!
//! Bytes read from a regular file are let go once the tree is read, and
//! the file is read again when it is needed: holding a large tree's file
//! for the whole grading was a sixth to a quarter of `check`'s peak
//! memory, for reads a right answer never makes. The file must then be what it was: its
//! length and a hash of its bytes are kept, and a file changed since
//! reads as an error rather than as another tree.

use std::borrow::Cow;
use std::hash::BuildHasher;
use std::path::PathBuf;

use hashbrown::DefaultHashBuilder;

use crate::tree::{Naming, Overrides, Tree, TreeError};

/// The tree file as read, to read again under another convention.
#[derive(Clone, Debug)]
pub struct TreeSource<'a> {
    pub bytes: Cow<'a, [u8]>,
    /// The regular file the bytes were read from, if they were: it is
    /// read again when needed instead of keeping them. `None` for
    /// standard input, a pipe, or a text held in memory.
    pub file: Option<PathBuf>,
    pub naming: Naming,
    /// What the command line says of the tree; it stands over what an
    /// answer's record says.
    pub given: Overrides,
}

/// A [`TreeSource`] whose tree has been read: what reading it again needs.
pub(super) struct TreeFile<'a> {
    kept: Kept<'a>,
    naming: Naming,
    given: Overrides,
}

/// The bytes, or where to find them again.
enum Kept<'a> {
    Bytes(Cow<'a, [u8]>),
    File { path: PathBuf, len: usize, hash: u64, hasher: DefaultHashBuilder },
}

impl<'a> TreeSource<'a> {
    /// Reads the tree, with `defaults` where nothing is given, and keeps
    /// what reading it again needs.
    pub(super) fn open(self, defaults: Overrides) -> Result<(Tree, TreeFile<'a>), TreeError> {
        let TreeSource { bytes, file, naming, given } = self;
        let tree = crate::import::parse(Cow::Borrowed(&*bytes), naming, given.or(defaults))?;
        let kept = match file {
            Some(path) => {
                let hasher = DefaultHashBuilder::default();
                Kept::File { path, len: bytes.len(), hash: hasher.hash_one(&*bytes), hasher }
            }
            None => Kept::Bytes(bytes),
        };
        Ok((tree, TreeFile { kept, naming, given }))
    }
}

impl TreeFile<'_> {
    /// What the command line says of the tree.
    pub(super) fn given(&self) -> Overrides {
        self.given
    }

    /// The tree, with `defaults` where nothing is given.
    pub(super) fn read(&self, defaults: Overrides) -> Result<Tree, TreeError> {
        self.read_as(self.given.or(defaults))
    }

    /// The tree read with `overrides` as they are, over what the command
    /// line says (another convention changes what it says).
    pub(super) fn read_as(&self, overrides: Overrides) -> Result<Tree, TreeError> {
        crate::import::parse(self.bytes()?, self.naming, overrides)
    }

    /// The file's bytes: the ones kept, or the file's again if it is as
    /// it was.
    fn bytes(&self) -> Result<Cow<'_, [u8]>, TreeError> {
        let (path, len, hash, hasher) = match &self.kept {
            Kept::Bytes(bytes) => return Ok(Cow::Borrowed(bytes)),
            Kept::File { path, len, hash, hasher } => (path, *len, *hash, hasher),
        };
        let changed = || TreeError::new("the tree file changed while answers were graded");
        // A file grown since is not read whole to be found different.
        let now = std::fs::metadata(path).map_err(|error| cannot_read(&error))?;
        if now.len() != len as u64 {
            return Err(changed());
        }
        let bytes = std::fs::read(path).map_err(|error| cannot_read(&error))?;
        match bytes.len() == len && hasher.hash_one(&*bytes) == hash {
            true => Ok(Cow::Owned(bytes)),
            false => Err(changed()),
        }
    }
}

/// The tree file cannot be read again.
fn cannot_read(error: &std::io::Error) -> TreeError {
    TreeError::new(format!("the tree file cannot be read again: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TREE: &str = r#"{"children": {"a": ["b", "c"]}, "values": {"b": 1, "c": 2}}"#;

    fn source(file: Option<PathBuf>) -> TreeSource<'static> {
        let bytes = Cow::Borrowed(TREE.as_bytes());
        TreeSource { bytes, file, naming: Naming::Letters, given: Overrides::default() }
    }

    #[test]
    fn a_file_is_read_again_while_it_is_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tree.json");
        std::fs::write(&path, TREE).unwrap();
        let (tree, file) = source(Some(path.clone())).open(Overrides::default()).unwrap();
        assert!(matches!(file.kept, Kept::File { .. }), "the bytes are let go");
        let again = file.read_as(Overrides::default()).unwrap();
        assert_eq!(again.len(), tree.len());
        // Same length, other bytes: another tree is not read as this one.
        std::fs::write(&path, TREE.replace("\"c\": 2", "\"c\": 3")).unwrap();
        let error = file.read_as(Overrides::default()).unwrap_err();
        assert_eq!(error.message, "the tree file changed while answers were graded");
        std::fs::write(&path, TREE.replace("\"c\": 2", "\"c\": 30")).unwrap();
        assert_eq!(file.read_as(Overrides::default()).unwrap_err(), error);
        std::fs::remove_file(&path).unwrap();
        let error = file.read_as(Overrides::default()).unwrap_err();
        assert!(error.message.starts_with("the tree file cannot be read again: "), "{error:?}");
    }

    #[test]
    fn bytes_of_no_file_are_kept() {
        let (_, file) = source(None).open(Overrides::default()).unwrap();
        assert!(matches!(file.kept, Kept::Bytes(_)));
        assert_eq!(file.read_as(Overrides::default()).unwrap().len(), 3);
    }
}
