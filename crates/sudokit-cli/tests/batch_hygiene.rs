//! A long batch with every kind of bad line: each input line gets exactly
//! one output, in order, whatever the thread count; no bad line swallows
//! its neighbours (a stray `9 9` used to eat the next 81 puzzles).

mod support;

use support::{lines, sudokit};

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `text` with its digits relabelled by `perm` (digit d becomes perm[d-1]).
fn relabel(text: &str, perm: &[u8; 9]) -> String {
    text.bytes()
        .map(|b| match b {
            b'1'..=b'9' => perm[(b - b'1') as usize] as char,
            _ => b as char,
        })
        .collect()
}

/// The k-th digit permutation (a simple rotation and swap mix, enough to
/// make the lines differ).
fn perm(k: usize) -> [u8; 9] {
    let mut p = *b"123456789";
    p.rotate_left(k % 9);
    p.swap(0, (k / 9) % 9);
    p
}

/// Bad lines, one of each kind the reader reports, and a word the error
/// line must contain.
fn bad_lines() -> Vec<(Vec<u8>, &'static str)> {
    // Over the reader's 16 MiB line limit.
    let long = vec![b'.'; (16 << 20) + 10];
    vec![
        (b"9 9".to_vec(), "header"),
        (b"3 3".to_vec(), "header"),
        (b"2 2".to_vec(), "header"),
        (b"99 99".to_vec(), "header"),
        (WIKI.as_bytes()[..80].to_vec(), "80"),
        (format!("{WIKI}7").into_bytes(), "82"),
        (format!("{}x", &WIKI[..80]).into_bytes(), "'x'"),
        (format!("55{}", &WIKI[2..]).into_bytes(), "twice"),
        (
            [&WIKI.as_bytes()[..10], b"\xff\xfe", &WIKI.as_bytes()[12..]].concat(),
            "text",
        ),
        (long, "long"),
        (b"{\"puzzle\": \"53..7".to_vec(), "error"),
        (b"12345".to_vec(), "error"),
        (b"https://f-puzzles.com/?load=notapuzzle".to_vec(), "error"),
        (format!(":0000:x:{}", &WIKI[..70]).into_bytes(), "error"),
    ]
}

#[test]
fn every_line_of_a_bad_batch_gets_one_output() {
    const LINES: usize = 10_000;
    let bad = bad_lines();
    let mut input: Vec<u8> = Vec::new();
    // (line index, expected word) of the bad lines; the rest are puzzles.
    let mut expected: Vec<Option<(String, &str)>> = Vec::with_capacity(LINES);
    for i in 0..LINES {
        if i % 19 == 7 {
            let (line, word) = &bad[(i / 19) % bad.len()];
            input.extend_from_slice(line);
            expected.push(Some((String::new(), word)));
        } else {
            let p = perm(i);
            input.extend_from_slice(relabel(WIKI, &p).as_bytes());
            expected.push(Some((relabel(WIKI_SOLUTION, &p), "")));
        }
        input.push(b'\n');
    }
    let path = std::env::temp_dir().join(format!("sudokit-bad-batch-{}.txt", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let file = path.to_string_lossy().into_owned();
    let one = sudokit(&["solve", "-j", "1", &file]);
    let two = sudokit(&["solve", "-j", "2", &file]);
    std::fs::remove_file(&path).ok();
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(two.status.code(), Some(1));
    let got = lines(&one);
    assert_eq!(got.len(), LINES);
    assert!(one.stdout == two.stdout, "-j1 and -j2 differ");
    let mut errors = 0;
    for (i, (out, want)) in got.iter().zip(&expected).enumerate() {
        let (solution, word) = want.as_ref().unwrap();
        if solution.is_empty() {
            errors += 1;
            assert!(out.starts_with("error: "), "line {}: {out}", i + 1);
            let place = format!("line {}", i + 1);
            assert!(out.contains(&place), "line {}: {out}", i + 1);
            assert!(
                out.contains(word),
                "line {}: {out} should say {word}",
                i + 1
            );
        } else {
            assert_eq!(out, solution, "line {}", i + 1);
        }
    }
    assert_eq!(errors, (0..LINES).filter(|i| i % 19 == 7).count());
    let stderr = String::from_utf8_lossy(&one.stderr);
    assert!(
        stderr.contains(&format!("{errors} of {LINES} puzzles failed")),
        "{stderr}"
    );
}

#[test]
fn an_input_without_puzzles_is_an_error() {
    for input in ["", "\n\n# only a comment\n"] {
        let o = support::sudokit_stdin(&["solve"], input);
        assert_eq!(o.status.code(), Some(2), "{input:?}");
        assert!(o.stdout.is_empty());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("no puzzles found in the input"), "{err}");
    }
}

/// Ctrl-C in a long batch: exit status 130, a summary of how far it got,
/// and the output written is exactly that many complete answers.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_with_a_summary() {
    let mut input = String::new();
    for i in 0..400_000 {
        input.push_str(&relabel(WIKI, &perm(i)));
        input.push('\n');
    }
    let path = std::env::temp_dir().join(format!("sudokit-ctrl-c-{}.txt", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let o = support::sudokit_interrupted(
        &["solve", "-j", "1"],
        &path,
        std::time::Duration::from_millis(1500),
    );
    std::fs::remove_file(&path).ok();
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    let done: usize = err
        .split("interrupted: the first ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no summary: {err}"));
    let got = lines(&o);
    assert!(done > 0 && done < 400_000, "{err}");
    assert_eq!(got.len(), done, "{err}");
    for (i, line) in got.iter().enumerate() {
        assert_eq!(*line, relabel(WIKI_SOLUTION, &perm(i)), "line {}", i + 1);
    }
}
