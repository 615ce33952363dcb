//! One module per subcommand.

pub mod bench;
pub mod canon;
pub mod check;
pub mod count;
pub mod generate;
pub mod grids;
pub mod merge;
pub mod render;
pub mod serve;
pub mod show;
pub mod solve;
