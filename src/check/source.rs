//! The tree file an exercise is read from, kept to read it again under
//! another convention (another root player or perspective): a wrong
//! answer's hint, and a JSON trace that records other settings.
//!
//! Bytes read from a regular file are let go once the tree is read, and
//! the file is read again when it is needed: holding a large tree's file
//! for the whole grading was a sixth to a quarter of `check`'s peak
//! memory, for reads a right answer never makes. The file is kept open,
//! so one moved or removed since (an editor saving, `git checkout`) is
//! still the one read; its length and a hash of its bytes are kept too,
//! and a file written over since reads as an error rather than as
//! another tree.

use std::borrow::Cow;
use std::cell::Cell;
use std::fs::File;
use std::hash::BuildHasher;
use std::io::{self, Read, Seek, SeekFrom};

use hashbrown::DefaultHashBuilder;

use crate::tree::{Naming, Overrides, Tree, TreeError};

/// Why a tree file cannot be read again as it was.
pub const CHANGED: &str = "the tree file changed while answers were graded";

/// The tree file as read, to read again under another convention.
#[derive(Debug)]
pub struct TreeSource<'a> {
    pub bytes: Cow<'a, [u8]>,
    /// The regular file the bytes were read from, open, if they were: it
    /// is read again when needed instead of keeping them. `None` for
    /// standard input, a pipe, or a text held in memory.
    pub file: Option<File>,
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
    /// Whether a reading found the file changed; it stays so.
    changed: Cell<bool>,
}

/// The bytes, or where to find them again.
enum Kept<'a> {
    Bytes(Cow<'a, [u8]>),
    File { file: File, len: u64, hash: u64, hasher: DefaultHashBuilder },
}

impl<'a> TreeSource<'a> {
    /// Reads the tree, with `defaults` where nothing is given, and keeps
    /// what reading it again needs.
    pub(super) fn open(self, defaults: Overrides) -> Result<(Tree, TreeFile<'a>), TreeError> {
        let TreeSource { bytes, file, naming, given } = self;
        let tree = crate::import::parse(Cow::Borrowed(&*bytes), naming, given.or(defaults))?;
        let kept = match file {
            Some(file) => {
                let (hasher, len) = (DefaultHashBuilder::default(), bytes.len() as u64);
                Kept::File { file, len, hash: hasher.hash_one(&*bytes), hasher }
            }
            None => Kept::Bytes(bytes),
        };
        Ok((tree, TreeFile { kept, naming, given, changed: Cell::new(false) }))
    }
}

impl TreeFile<'_> {
    /// What the command line says of the tree.
    pub(super) fn given(&self) -> Overrides {
        self.given
    }

    /// Whether the file was found changed since it was first read.
    pub(super) fn changed(&self) -> bool {
        self.changed.get()
    }

    /// The tree read with `overrides` as they are, over what the command
    /// line says (another convention changes what it says).
    pub(super) fn read_as(&self, overrides: Overrides) -> Result<Tree, TreeError> {
        crate::import::parse(self.bytes()?, self.naming, overrides)
    }

    /// The file's bytes: the ones kept, or the file's again if they are
    /// what was read first.
    fn bytes(&self) -> Result<Cow<'_, [u8]>, TreeError> {
        let (file, len, hash, hasher) = match &self.kept {
            Kept::Bytes(bytes) => return Ok(Cow::Borrowed(bytes)),
            Kept::File { file, len, hash, hasher } => (file, *len, *hash, hasher),
        };
        let same =
            |bytes: &Vec<u8>| bytes.len() as u64 == len && hasher.hash_one(&bytes[..]) == hash;
        match read_from_start(file, len) {
            Ok(bytes) if same(&bytes) => Ok(Cow::Owned(bytes)),
            _ => {
                self.changed.set(true);
                Err(TreeError::new(CHANGED))
            }
        }
    }
}

/// `file` from its start, up to one byte more than `len`: a file grown
/// since is not read whole to be found different.
fn read_from_start(mut file: &File, len: u64) -> io::Result<Vec<u8>> {
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(len + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TREE: &str = r#"{"children": {"a": ["b", "c"]}, "values": {"b": 1, "c": 2}}"#;

    fn source(file: Option<File>) -> TreeSource<'static> {
        let bytes = Cow::Borrowed(TREE.as_bytes());
        TreeSource { bytes, file, naming: Naming::Letters, given: Overrides::default() }
    }

    #[test]
    fn a_file_is_read_again_while_it_is_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tree.json");
        std::fs::write(&path, TREE).unwrap();
        let opened = source(Some(File::open(&path).unwrap())).open(Overrides::default());
        let (tree, file) = opened.unwrap();
        assert!(matches!(file.kept, Kept::File { .. }), "the bytes are let go");
        // Moved away and replaced, as editors save: the open file is read.
        std::fs::rename(&path, dir.path().join("old.json")).unwrap();
        std::fs::write(&path, "[1, 2]").unwrap();
        for _ in 0..2 {
            assert_eq!(file.read_as(Overrides::default()).unwrap().len(), tree.len());
        }
        assert!(!file.changed());
    }

    #[test]
    fn a_file_written_over_is_not_read_as_the_tree_and_stays_changed() {
        let other_value = TREE.replace("\"c\": 2", "\"c\": 3");
        let longer = TREE.replace("\"c\": 2", "\"c\": 30");
        let appended = format!("{TREE} ");
        for written in [other_value.as_str(), &longer, &TREE[1..], &appended] {
            let mut file = tempfile::tempfile().unwrap();
            std::io::Write::write_all(&mut file, TREE.as_bytes()).unwrap();
            let (_, kept) =
                source(Some(file.try_clone().unwrap())).open(Overrides::default()).unwrap();
            file.set_len(0).unwrap();
            file.seek(SeekFrom::Start(0)).unwrap();
            std::io::Write::write_all(&mut file, written.as_bytes()).unwrap();
            let error = kept.read_as(Overrides::default()).unwrap_err();
            assert_eq!(error.message, CHANGED, "{written}");
            assert!(kept.changed());
        }
    }

    #[test]
    fn bytes_of_no_file_are_kept() {
        let (_, file) = source(None).open(Overrides::default()).unwrap();
        assert!(matches!(file.kept, Kept::Bytes(_)));
        assert_eq!(file.read_as(Overrides::default()).unwrap().len(), 3);
        assert!(!file.changed());
    }
}
