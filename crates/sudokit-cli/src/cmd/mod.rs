//! One module per subcommand.

pub mod bench;
pub mod candidates;
pub mod canon;
pub mod check;
pub mod completions;
pub mod count;
pub mod explain;
pub mod generate;
pub mod grids;
pub mod hint;
pub mod merge;
pub mod rate;
pub mod render;
pub mod serve;
pub mod show;
pub mod solve;
pub mod suggest;
