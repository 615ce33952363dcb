//! Shared by the CLI tests: run the built binary, find the data sets.
#![allow(dead_code)] // each test file uses its own subset

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub fn sudokit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("sudokit runs")
}

pub fn sudokit_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    // The child may exit before reading its input (a bad argument is
    // rejected at once), which closes the pipe: that is not a test failure.
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("writing stdin: {e}"),
        _ => {}
    }
    child.wait_with_output().unwrap()
}

/// Runs sudokit with `args` and `file`, sends it SIGINT (Ctrl-C) after
/// `after`, and returns what it wrote and its status.
#[cfg(unix)]
pub fn sudokit_interrupted(
    args: &[&str],
    file: &std::path::Path,
    after: std::time::Duration,
) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    std::thread::sleep(after);
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait_with_output().unwrap()
}

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `$SUDOKIT_DATA` if set, else `../shared/data` beside the repository.
pub fn data(name: &str) -> String {
    std::env::var_os("SUDOKIT_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared/data"))
        .join(name)
        .to_string_lossy()
        .into_owned()
}

pub fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}
