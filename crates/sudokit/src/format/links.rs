//! What the f-puzzles and SudokuPad importers share: percent escapes in
//! copied links, and SudokuPad's metadata labels (which f-puzzles files
//! exported from SudokuPad carry as cage values).

/// `%2B` → `+` and so on; malformed escapes stay as they are.
pub(crate) fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A SudokuPad metadata label such as `title: …`, `rules: …`.
pub(crate) fn is_metadata_label(s: &str) -> bool {
    s.split_once(": ").is_some_and(|(k, _)| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    })
}
