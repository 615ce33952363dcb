//! Per-node lists in one buffer each (compressed rows), for the link graphs
//! of chains and of almost locked sets: they have thousands of nodes, and a
//! `Vec` per node made allocation a large share of building them.

/// Node `v`'s items are `items[start[v]..start[v + 1]]`.
pub(super) struct Adjacency<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> Adjacency<T> {
    /// From `(node, item)` edges; a stable counting sort by node keeps each
    /// node's items in the order of `edges`.
    pub(super) fn from_edges(nodes: usize, edges: &[(u32, T)]) -> Self {
        let mut start = vec![0u32; nodes + 1];
        for &(a, _) in edges {
            start[a as usize + 1] += 1;
        }
        for v in 0..nodes {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut items = Vec::with_capacity(edges.len());
        // Every slot is written below; `first` only gives them a value.
        if let Some(&(_, first)) = edges.first() {
            items.resize(edges.len(), first);
        }
        for &(a, t) in edges {
            let at = &mut fill[a as usize];
            items[*at as usize] = t;
            *at += 1;
        }
        Adjacency { start, items }
    }

    /// From node starts (`start[v]..start[v + 1]` are node v's items, the
    /// last start the number of items) and the items.
    pub(super) fn from_parts(start: Vec<u32>, items: Vec<T>) -> Self {
        debug_assert_eq!(start.last().map(|&s| s as usize), Some(items.len()));
        Adjacency { start, items }
    }

    /// Node by node: `items_of(v, out)` appends node `v`'s items to `out`,
    /// for `v` in `0..nodes`.
    pub(super) fn build(nodes: usize, mut items_of: impl FnMut(usize, &mut Vec<T>)) -> Self {
        let mut start = Vec::with_capacity(nodes + 1);
        let mut items = Vec::new();
        start.push(0);
        for v in 0..nodes {
            items_of(v, &mut items);
            start.push(items.len() as u32);
        }
        Adjacency { start, items }
    }
}

impl<T: Copy + PartialEq> Adjacency<T> {
    /// [`Adjacency::from_edges`] keeping each node's repeated items once
    /// (two cells sharing a row and a box are linked by both), at their
    /// first place.
    pub(super) fn from_edges_dedup(nodes: usize, edges: &[(u32, T)]) -> Self {
        Adjacency::build(nodes, {
            let all = Adjacency::from_edges(nodes, edges);
            move |v, out| {
                let from = out.len();
                for &t in all.of(v) {
                    if !out[from..].contains(&t) {
                        out.push(t);
                    }
                }
            }
        })
    }
}

impl<T> Adjacency<T> {
    /// The number of nodes.
    pub(super) fn nodes(&self) -> usize {
        self.start.len() - 1
    }

    /// Node `v`'s items.
    #[inline]
    pub(super) fn of(&self, v: usize) -> &[T] {
        &self.items[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Adjacency;

    #[test]
    fn keeps_the_order_of_the_edges_per_node() {
        let edges = [(2, 'a'), (0, 'b'), (2, 'c'), (0, 'd'), (2, 'a')];
        let g = Adjacency::from_edges(4, &edges);
        assert_eq!(g.nodes(), 4);
        assert_eq!(g.of(0), ['b', 'd']);
        assert_eq!(g.of(1), [] as [char; 0]);
        assert_eq!(g.of(2), ['a', 'c', 'a']);
        assert_eq!(g.of(3), [] as [char; 0]);
        let d = Adjacency::from_edges_dedup(4, &edges);
        assert_eq!(d.of(2), ['a', 'c']);
        assert_eq!(d.of(0), ['b', 'd']);
        let b = Adjacency::build(3, |v, out| out.extend(0..v));
        assert_eq!(
            (b.of(0), b.of(1), b.of(2)),
            (&[][..], &[0][..], &[0, 1][..])
        );
    }
}
