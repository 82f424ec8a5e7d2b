//! Tests on eight bytes at once, for the scans that look at every byte of
//! a large tree or trace: the bytes of a 64-bit word are compared together
//! ("SIMD within a register"), without `unsafe` or platform intrinsics.

/// Each byte 0x01.
const ONES: u64 = u64::from_le_bytes([0x01; 8]);

/// Each byte's high bit.
pub const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);

/// The word whose every byte is `byte`.
pub const fn splat(byte: u8) -> u64 {
    ONES * byte as u64
}

/// The word of `bytes`, which are eight (as the chunks of
/// `chunks_exact(8)` are), the first in the lowest byte.
pub fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes.try_into().expect("eight bytes"))
}

/// Non-zero where some byte of `word` is below `limit` (at most 0x80):
/// the high bit is set in the first such byte (the lowest), and may be in
/// later bytes whether or not they are below, since a borrow spreads up.
pub fn below(word: u64, limit: u8) -> u64 {
    word.wrapping_sub(splat(limit)) & !word & HIGHS
}

/// Non-zero where some byte of `word` is `byte`, as [`below`] marks them.
pub fn equal(word: u64, byte: u8) -> u64 {
    below(word ^ splat(byte), 1)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The index of the first marked byte, as the scans read it.
    fn first(marks: u64) -> Option<usize> {
        (marks != 0).then(|| (marks.trailing_zeros() / 8) as usize)
    }

    proptest! {
        #[test]
        fn the_first_marked_byte_is_the_first_that_matches(
            bytes in any::<[u8; 8]>(), limit in 0u8..=0x80, byte in any::<u8>(),
        ) {
            prop_assert_eq!(first(below(word(&bytes), limit)), bytes.iter().position(|&b| b < limit));
            prop_assert_eq!(first(equal(word(&bytes), byte)), bytes.iter().position(|&b| b == byte));
        }
    }
}
