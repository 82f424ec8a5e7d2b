//! Tree files in other tools' formats: Berkeley CS188's autograder tests
//! and Gambit's `.efg` games. Each is translated into a flat-shape JSON
//! document, which the one reader ([`crate::tree::parse`]) then reads, so
//! every check and error of the tree applies to them unchanged.

pub mod cs188;
pub mod efg;

use std::borrow::Cow;

use crate::tree::{self, Naming, Overrides, Tree, TreeError};

/// Reads and validates a tree file in any format gametree takes: one of
/// its own JSON shapes, a CS188 test or an `.efg` game (told apart by
/// their first bytes). The size limit applies to the JSON read, the
/// translation's for a foreign file (the command line refuses a file over
/// it before reading).
pub fn parse(
    input: Cow<'_, [u8]>,
    naming: Naming,
    overrides: Overrides,
) -> Result<Tree, TreeError> {
    if !cs188::looks_like(&input) && !efg::looks_like(&input) {
        return tree::parse(input, naming, overrides);
    }
    let text =
        std::str::from_utf8(&input).map_err(|_| TreeError::new("the file is not UTF-8 text"))?;
    let (document, suggested) = match efg::looks_like(&input) {
        true => (efg::translate(text)?, None),
        false => cs188::translate(text)?,
    };
    // The translation is read as JSON; a place in it means nothing to the user.
    let unplaced = |error: TreeError| TreeError { position: None, ..error };
    let tree =
        tree::parse(document.to_string().into_bytes(), naming, overrides).map_err(unplaced)?;
    Ok(tree.suggesting(suggested))
}
