//! Text formats: reading every common puzzle format and writing grids.

#[cfg(feature = "serde")]
pub(crate) mod fpuzzles;
#[cfg(feature = "serde")]
mod fpuzzles_write;
#[cfg(feature = "serde")]
mod links;
mod read;
#[cfg(feature = "serde")]
pub(crate) mod sudokupad;
mod write;

pub use crate::pencil::{PencilmarkError, Pencilmarks, PENCILMARK_LEN};
#[cfg(feature = "serde")]
pub use fpuzzles::{from_fpuzzles, FPUZZLES_KEYS};
#[cfg(feature = "serde")]
pub use fpuzzles_write::{to_fpuzzles, to_fpuzzles_link};
pub use read::{
    parse_all, parse_one, parse_puzzle, DigitStyle, InputFormat, Located, ParseError,
    ParseErrorKind, ParseOptions, Reader, Record, MAX_LINE_BYTES,
};
#[cfg(feature = "serde")]
pub use sudokupad::from_sudokupad;
pub use write::{
    value_char, write_body, write_line, write_pretty, write_rc, OutputFormat, Writer, MAX_COMPACT_N,
};
#[cfg(feature = "serde")]
pub use write::{write_json, GridJson};
