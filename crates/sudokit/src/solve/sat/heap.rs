//! Branching: VSIDS activities on a binary max-heap of variables.

use super::{pos, Cdcl, Lit, UNDEF};

/// Max-heap of variables by activity, with positions for decrease/increase.
pub(super) struct VarHeap {
    heap: Vec<u32>,
    pos: Vec<u32>,
}

pub(super) const NOT_IN_HEAP: u32 = u32::MAX;

impl VarHeap {
    pub(super) fn new(n: usize) -> Self {
        VarHeap {
            heap: Vec::with_capacity(n),
            pos: vec![NOT_IN_HEAP; n],
        }
    }
    fn contains(&self, v: usize) -> bool {
        self.pos[v] != NOT_IN_HEAP
    }
    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let p = (i - 1) / 2;
            if act[self.heap[p] as usize] >= act[v as usize] {
                break;
            }
            self.heap[i] = self.heap[p];
            self.pos[self.heap[i] as usize] = i as u32;
            i = p;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        let n = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && act[self.heap[r] as usize] > act[self.heap[l] as usize] {
                r
            } else {
                l
            };
            if act[self.heap[c] as usize] <= act[v as usize] {
                break;
            }
            self.heap[i] = self.heap[c];
            self.pos[self.heap[i] as usize] = i as u32;
            i = c;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
    pub(super) fn insert(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.heap.push(v as u32);
        let i = self.heap.len() - 1;
        self.pos[v] = i as u32;
        self.up(i, act);
    }
    pub(super) fn bumped(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            self.up(self.pos[v] as usize, act);
        }
    }
    pub(super) fn pop(&mut self, act: &[f64]) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
        self.pos[top as usize] = NOT_IN_HEAP;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0, act);
        }
        Some(top as usize)
    }
}

impl Cdcl {
    /// Another initial variable order: tiny random activities drawn from
    /// `seed`, so that the first conflicts decide (the search itself is
    /// unchanged).
    pub(crate) fn shuffle_order(&mut self, seed: u64) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for a in &mut self.activity {
            *a += rng.random::<f64>() * 1e-3;
        }
        // Activities only grew: sifting each up restores the heap.
        for v in 0..self.activity.len() {
            self.heap.bumped(v, &self.activity);
        }
    }

    pub(super) fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.bumped(v, &self.activity);
    }

    /// The next decision: the most active unassigned candidate, placed.
    /// Always true, never by saved phase: placing a digit strikes out a
    /// whole wave of candidates, while trying one false removes a single
    /// candidate and decides little (fewer conflicts than phase saving: see
    /// docs/notes/sat-solver.md). So the solver keeps no saved or target
    /// phases.
    pub(super) fn pick_branch(&mut self) -> Option<Lit> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.vals[pos(v as u32) as usize] == UNDEF {
                return Some(pos(v as u32));
            }
        }
        None
    }
}
