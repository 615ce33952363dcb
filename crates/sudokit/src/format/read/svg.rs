//! SVG pictures of ours read back as the puzzle text their `<metadata>`
//! carries (`<metadata id="sudokit-puzzle">`).

use std::io::BufRead;

use super::errors::ParseErrorKind;
use super::reader::{is_board_line, Reader};
use super::{ParseError, MAX_LINE_BYTES};
use crate::puzzle::{Puzzle, SVG_METADATA};

/// Where a picture being read stands with its metadata element.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Metadata {
    NotYet,
    /// Open; whether the puzzle's board line has come (the line format
    /// writes one board line, then directives).
    Open {
        board_seen: bool,
    },
    Closed,
}

impl Metadata {
    fn after(self, line: &str) -> Self {
        match self {
            Metadata::NotYet if line.contains(SVG_METADATA) => {
                Metadata::Open { board_seen: false }.after_open(line)
            }
            Metadata::Open { .. } => self.after_open(line),
            _ => self,
        }
    }

    fn after_open(self, line: &str) -> Self {
        if line.contains("</metadata>") {
            Metadata::Closed
        } else if is_board_line(line.trim()) {
            Metadata::Open { board_seen: true }
        } else {
            self
        }
    }

    /// Whether a board line coming now belongs to the picture.
    fn takes_board(self) -> bool {
        self == Metadata::Open { board_seen: false }
    }
}

impl<R: BufRead> Reader<R> {
    /// An SVG picture of ours: the lines up to `</svg>` are one record, read
    /// as the puzzle text its metadata carries. A picture that does not
    /// close before a board line outside its metadata, the next picture,
    /// the end of the input or the size limit is one error, and reading
    /// resumes at that line.
    pub(super) fn read_svg(
        &mut self,
        line_no: usize,
        first: &str,
        positions: &mut Vec<(u32, u32)>,
    ) -> Result<Puzzle, ParseError> {
        let svg_err =
            |this: &Self, m: &str| this.error(line_no, None, ParseErrorKind::Svg(m.into()));
        let mut doc = first.to_string();
        let mut metadata = Metadata::NotYet.after(first);
        let mut closed = first.contains("</svg>");
        while !closed {
            let next = self.peek(0).map(|(_, l)| l.trim());
            let cut_by = match next {
                None => Some("the end of the input"),
                Some(l) if is_board_line(l) && !metadata.takes_board() => {
                    Some("the puzzle on the next line")
                }
                Some(l) if l.starts_with("<svg") || l.starts_with("<?xml") => {
                    Some("the picture on the next line")
                }
                Some(_) if doc.len() > MAX_LINE_BYTES => Some("the size limit"),
                Some(_) => None,
            };
            if let Some(cut_by) = cut_by {
                let why = format!(
                    "the picture starting on line {line_no} does not end (no </svg>) before \
                     {cut_by}"
                );
                return Err(svg_err(self, &why));
            }
            let (_, line) = self.take_line().expect("peeked");
            metadata = metadata.after(&line);
            closed = line.contains("</svg>");
            doc.push('\n');
            doc.push_str(&line);
        }
        let Some(start) = doc.find(SVG_METADATA) else {
            return Err(svg_err(
                self,
                "no sudokit puzzle in this picture (no <metadata id=\"sudokit-puzzle\">)",
            ));
        };
        let body = &doc[start + SVG_METADATA.len()..];
        let Some(end) = body.find("</metadata>") else {
            return Err(svg_err(
                self,
                "the puzzle's <metadata> element is not closed",
            ));
        };
        let text = body[..end]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        let p = super::parse_puzzle(&text, &self.opts)
            .map_err(|e| svg_err(self, &e.kind.to_string()))?;
        positions.extend((0..p.grid().cells().len()).map(|_| (line_no as u32, 1)));
        self.last_cells = Some(p.grid().cells().len());
        Ok(p)
    }
}
