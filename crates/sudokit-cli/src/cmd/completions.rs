//! `sudokit completions SHELL` and `sudokit man`: a shell completion script
//! and the man page, both generated from the clap definitions of the
//! commands, so they never fall behind a new flag.

use std::io::{self, Write};

use anyhow::Result;
use clap_complete::Shell;

use crate::batch::Tally;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shell to write the completion script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Not a batch of puzzles: one piece of output that succeeded.
const DONE: Tally = Tally {
    total: 1,
    failed: 0,
    bounds: 0,
};

/// Writes the completion script for `args.shell` to standard output.
pub fn run(args: &Args, mut command: clap::Command) -> Result<Tally> {
    let name = command.get_name().to_string();
    let mut out = io::stdout().lock();
    clap_complete::generate(args.shell, &mut command, name, &mut out);
    out.flush()?;
    Ok(DONE)
}

/// Writes the man page (roff, section 1) to standard output: one page for
/// the whole tool, as `man` users expect of a single binary, with every
/// subcommand's synopsis, description and options under COMMANDS.
pub fn man(mut command: clap::Command) -> Result<Tally> {
    // Gives each subcommand its full name (`sudokit solve`) for its synopsis.
    command.build();
    let top = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    top.render_title(&mut page)?;
    top.render_name_section(&mut page)?;
    top.render_synopsis_section(&mut page)?;
    top.render_description_section(&mut page)?;
    top.render_options_section(&mut page)?;
    page.extend_from_slice(b".SH COMMANDS\n");
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = sub.get_bin_name().unwrap_or_else(|| sub.get_name());
        page.extend_from_slice(format!(".SS \"{name}\"\n").as_bytes());
        let man = clap_mangen::Man::new(sub.clone());
        let mut body = Vec::new();
        man.render_description_section(&mut body)?;
        man.render_synopsis_section(&mut body)?;
        man.render_options_section(&mut body)?;
        page.extend_from_slice(&demote_sections(&body));
    }
    page.extend_from_slice(EXIT_STATUS.as_bytes());
    top.render_version_section(&mut page)?;
    let mut out = io::stdout().lock();
    out.write_all(&page)?;
    out.flush()?;
    Ok(DONE)
}

/// A subcommand's sections sit inside its `.SS` entry: each `.SH` heading
/// becomes a paragraph break (the synopsis and options read on without
/// headings of their own, as in one long help text).
fn demote_sections(roff: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(roff);
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.starts_with(".SH") {
            out.push_str(".PP\n");
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.into_bytes()
}

/// The exit codes of `main`, in roff.
const EXIT_STATUS: &str = r#".SH "EXIT STATUS"
.TP
.B 0
every puzzle succeeded
.TP
.B 1
at least one puzzle failed (bad input, contradictory givens, no solution, or
several solutions where a unique one was asked for); a summary goes to
standard error
.TP
.B 2
usage error or an unreadable file
"#;
