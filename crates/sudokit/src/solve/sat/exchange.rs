//! Learnt-clause sharing between two solvers racing on one puzzle (see
//! `solve/race.rs`).

use std::sync::{Arc, Mutex};

use super::{Cdcl, Lit};

/// Learnt clauses passed between two solvers racing on the same puzzle
/// (same variables, same clauses): one inbox per side. Units and clauses
/// of LBD ≤ [`SHARE_MAX_LBD`] travel, with their LBD, so the receiver's
/// database reduction treats them like its own.
#[derive(Default)]
pub(crate) struct Exchange {
    inbox: [Mutex<Vec<Shared>>; 2],
}

/// A shared clause and its LBD.
pub(super) type Shared = (Vec<Lit>, u32);

/// The fastest limit measured: sharing everything lets imports crowd out
/// the receiver's own clauses (see docs/notes/sat-solver.md).
pub(super) const SHARE_MAX_LBD: u32 = 8;

impl Cdcl {
    /// Joins side `side` (0 or 1) of a clause exchange, or leaves it.
    pub(crate) fn set_exchange(&mut self, exchange: Option<(Arc<Exchange>, usize)>) {
        self.exchange = exchange;
    }

    pub(super) fn export(&self, lits: &[Lit], lbd: u32) {
        if let Some((ex, side)) = &self.exchange {
            let mut inbox = ex.inbox[1 - side].lock().unwrap_or_else(|e| e.into_inner());
            inbox.push((lits.to_vec(), lbd));
        }
    }

    /// Adds the clauses the partner sent (at decision level 0). False when
    /// they make the formula unsatisfiable.
    pub(super) fn import(&mut self) -> bool {
        let Some((ex, side)) = &self.exchange else {
            return true;
        };
        let received =
            std::mem::take(&mut *ex.inbox[*side].lock().unwrap_or_else(|e| e.into_inner()));
        for (lits, lbd) in received {
            if !self.add_clause(lits, Some(lbd)) {
                return false;
            }
        }
        true
    }
}
