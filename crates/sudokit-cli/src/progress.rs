//! Progress bars for long counts, on stderr and only when it is a terminal.

use std::io::{self, IsTerminal};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudokit::count::Progress;

/// A bar over the work items of a count (subtrees or band classes), or a
/// hidden one when stderr is not a terminal.
pub fn count_bar(what: &str) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
    let template = format!("{what} {{bar:40}} {{pos}}/{{len}} parts, {{elapsed}} (eta {{eta}})");
    pb.set_style(ProgressStyle::with_template(&template).expect("valid template"));
    pb
}

/// The callback that moves `bar`.
pub fn update(bar: &ProgressBar, p: Progress) {
    bar.set_length(p.total as u64);
    bar.set_position(p.done as u64);
}
