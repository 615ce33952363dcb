//! The propagators of the shapes rules compile into ([`super::prop::Prop`]):
//! sums, distinct sets, increasing lines, arrows, sandwiches, diagonals,
//! consecutive sets and between lines. Several families share a shape (a
//! killer cage, an arrow's runs and the rule of 45 all narrow sums), so the
//! shapes sit below the family files and the model runs them directly;
//! a rule of a shape of its own brings its propagator in its family's file.

pub(crate) mod arrow;
pub(crate) mod between;
pub(crate) mod consecutive;
pub(crate) mod diagonal;
pub(crate) mod distinct;
pub(crate) mod increasing;
pub(crate) mod sandwich;
pub(crate) mod sum;
