//! Text formats: reading every common puzzle format and writing grids.

mod parse;
mod pencil;
mod write;

pub use parse::{
    parse_all, parse_one, parse_puzzle, InputFormat, Located, ParseError, ParseErrorKind,
    ParseOptions, Reader, Record,
};
pub use pencil::{PencilmarkError, Pencilmarks, PENCILMARK_LEN};
pub use write::{
    value_char, write_body, write_json, write_line, write_pretty, write_rc, GridJson, OutputFormat,
    Writer, MAX_COMPACT_N,
};
