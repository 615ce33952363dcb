//! One module per subcommand.

pub mod bench;
pub mod canon;
pub mod check;
pub mod count;
pub mod generate;
pub mod render;
pub mod show;
pub mod solve;
