//! `sudokit completions SHELL` and `sudokit man`: the bash script is loaded
//! into a real bash and its completion function driven as bash drives it on
//! TAB; the man page is rendered by `man -l`.

mod support;

use std::path::Path;
use std::process::Command;

use support::sudokit;

/// The words bash's completion for `sudokit` offers for `line` (completing
/// its last word; a trailing space completes an empty word), in a bash that
/// loaded the script with `source <(sudokit completions bash)` from PATH.
fn complete(line: &str) -> Vec<String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_sudokit")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // What bash's programmable completion sets before it calls the function
    // named by `complete -F`: the words, the index of the one being
    // completed, and the arguments (command, current word, previous word).
    let script = r#"
        source <(sudokit completions bash) || exit 3
        spec=$(complete -p sudokit)
        [[ $spec == *"-F _sudokit"* ]] || { echo "no -F _sudokit in: $spec" >&2; exit 3; }
        read -ra COMP_WORDS <<< "$LINE"
        [[ $LINE == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMP_LINE=$LINE
        COMP_POINT=${#LINE}
        _sudokit sudokit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let out = Command::new("bash")
        .args(["-c", script])
        .env("PATH", path)
        .env("LINE", line)
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "completing {line:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut words: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    words.sort();
    words
}

#[test]
fn bash_completes_subcommands() {
    assert_eq!(complete("sudokit so"), ["solve"]);
    assert_eq!(complete("sudokit s"), ["serve", "show", "solve", "suggest"]);
    assert_eq!(complete("sudokit ca"), ["candidates", "canon"]);
    let all = complete("sudokit ");
    for cmd in ["solve", "count", "explain", "rate", "completions", "man"] {
        assert!(all.contains(&cmd.to_string()), "{cmd} in {all:?}");
    }
}

#[test]
fn bash_completes_flags_and_their_values() {
    assert_eq!(complete("sudokit solve --un"), ["--unique"]);
    assert_eq!(complete("sudokit count --ex"), ["--exact"]);
    // Flags belong to their subcommand: `solve` has no --exact.
    assert_eq!(complete("sudokit solve --ex"), Vec::<String>::new());
    assert_eq!(
        complete("sudokit solve --engine "),
        ["auto", "backtrack", "learning"]
    );
    assert_eq!(
        complete("sudokit completions "),
        [
            "--help",
            "-h",
            "bash",
            "elvish",
            "fish",
            "powershell",
            "zsh"
        ]
    );
}

#[test]
fn every_shell_gets_a_script_naming_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = sudokit(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        // Fish writes flags as `-l unique`, the others as `--unique`.
        for word in ["sudokit", "explain", "unique", "exact"] {
            assert!(text.contains(word), "{shell} script lacks {word}");
        }
    }
    let bad = sudokit(&["completions", "tcsh"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("invalid value 'tcsh'"));
}

#[test]
fn man_renders_every_subcommand() {
    let out = sudokit(&["man"]);
    assert!(out.status.success());
    let dir = std::env::temp_dir().join(format!("sudokit-man-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("sudokit.1");
    std::fs::write(&page, &out.stdout).unwrap();
    let rendered = Command::new("man")
        .args(["--warnings", "-l"])
        .arg(&page)
        .env("MANWIDTH", "100")
        .output();
    std::fs::remove_dir_all(&dir).ok();
    let rendered = match rendered {
        Ok(r) => r,
        // scripts/test.sh installs man-db; elsewhere this check needs it.
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: `man` cannot run ({e}); install man-db to render the page");
            return;
        }
        Err(e) => panic!("`man` cannot run in CI: {e}"),
    };
    let stderr = String::from_utf8_lossy(&rendered.stderr);
    assert!(rendered.status.success(), "man -l: {stderr}");
    assert!(stderr.trim().is_empty(), "troff warnings: {stderr}");
    let text = String::from_utf8(rendered.stdout).unwrap();
    for section in ["NAME", "SYNOPSIS", "COMMANDS", "EXIT STATUS"] {
        assert!(text.lines().any(|l| l == section), "section {section}");
    }
    for cmd in [
        "solve",
        "count",
        "grids",
        "merge",
        "check",
        "candidates",
        "suggest",
        "show",
        "generate",
        "canon",
        "render",
        "serve",
        "explain",
        "hint",
        "rate",
        "bench",
        "completions",
        "man",
    ] {
        let heading = format!("   sudokit {cmd}");
        assert!(text.lines().any(|l| l == heading), "no entry for {cmd}");
    }
    for flag in ["--unique", "--exact", "--shard", "--difficulty", "--site"] {
        assert!(text.contains(flag), "flag {flag} not documented");
    }
}
