//! A canonical form of a graph, so that a search keeps one entry for all
//! graphs that are the same up to the names of their vertices.
//!
//! The method is individualisation and refinement, as in B. D. McKay's
//! nauty ("Practical graph isomorphism", Congressus Numerantium 30, 1981;
//! McKay and Piperno, J. Symbolic Computation 60, 2014), without its
//! automorphism pruning: colour refinement (1-dimensional Weisfeiler–Leman)
//! splits the vertices by their colour and the colours of their neighbours
//! until nothing splits further; while a cell has more than one vertex, each
//! vertex of the first such cell is given a colour of its own in turn and
//! the refinement goes on. Every leaf of that tree orders the vertices, and
//! the form is the least edge list over the leaves. Every choice depends
//! only on the graph's shape, so isomorphic graphs get the same form.
//!
//! A tree (connected, one edge fewer than vertices) takes a faster way to
//! a form of its own: rooted at its centre, its subtrees ranked level by
//! level (Aho, Hopcroft and Ullman), in time n log n whatever its
//! symmetries. Twins of one colour (vertices with the same neighbours but
//! for each other) are individualised once, not each: swapping them is an
//! automorphism, so each gives the same forms.
//!
//! A graph of more than `MOST_REFINED` vertices that is not a tree keeps
//! its edge list as numbered: exact, but not shared with its renamings.
//!
//! A very symmetric graph (a clique, a complete bipartite graph) has very
//! many leaves: past `LEAVES` of them the least form found so far is used.
//! It still describes the graph exactly (equal forms are always isomorphic
//! graphs, so a search keyed by forms is right), but an isomorphic graph
//! may then get another form, and be searched again.

/// The most leaves of the individualisation tree examined.
const LEAVES: usize = 512;

/// Graphs of more vertices than this (other than trees) are not refined:
/// refinement may take a round a vertex (a long cycle), each round the
/// whole graph. Their form is their edge list as numbered, exact but not
/// shared with their renamings.
const MOST_REFINED: usize = 256;

/// A graph's label, its canonical form written as numbers: its vertex
/// count, then its edges under the canonical order of the vertices (each
/// `a < b`, sorted), flattened.
pub type Label = Vec<u32>;

/// The canonical form of the graph on vertices `0..adjacency.len()`
/// (`adjacency[v]`: the neighbours of `v`, without loops), and whether it
/// is exact (a tree's always is; another graph's when its
/// individualisation tree had at most `LEAVES` leaves).
pub fn canonical_form(adjacency: &[Vec<u32>]) -> (Label, bool) {
    if let Some(form) = tree_form(adjacency) {
        return (form, true);
    }
    if adjacency.len() > MOST_REFINED {
        let named: Vec<u32> = (0..adjacency.len() as u32).collect();
        return (form_of(adjacency, &named), false);
    }
    let mut colours = vec![0u32; adjacency.len()];
    refine(adjacency, &mut colours);
    let mut best = None;
    let mut leaves = 0;
    search(adjacency, colours, &mut best, &mut leaves);
    (best.unwrap_or_default(), leaves <= LEAVES)
}

/// The graph a form describes, as adjacency lists.
pub fn adjacency_of(form: &[u32]) -> Vec<Vec<u32>> {
    let n = form.first().copied().unwrap_or(0) as usize;
    let mut adjacency = vec![Vec::new(); n];
    for e in form[1.min(form.len())..].chunks_exact(2) {
        adjacency[e[0] as usize].push(e[1]);
        adjacency[e[1] as usize].push(e[0]);
    }
    adjacency
}

/// Descends the individualisation tree below `colours` (refined), keeping
/// the least form of its leaves in `best`.
fn search(adjacency: &[Vec<u32>], colours: Vec<u32>, best: &mut Option<Label>, leaves: &mut usize) {
    if *leaves > LEAVES {
        return;
    }
    // The first colour held by more than one vertex.
    let mut count = vec![0u32; adjacency.len()];
    for &c in &colours {
        count[c as usize] += 1;
    }
    let Some(cell) = count.iter().position(|&k| k > 1) else {
        *leaves += 1;
        let form = form_of(adjacency, &colours);
        if best.as_ref().is_none_or(|b| form < *b) {
            *best = Some(form);
        }
        return;
    };
    let cell = cell as u32;
    let members: Vec<usize> = (0..colours.len()).filter(|&v| colours[v] == cell).collect();
    for (i, &v) in members.iter().enumerate() {
        // Twins of one colour (the same neighbours but for each other)
        // are swapped by an automorphism that keeps the colours: giving
        // either its own colour leads to the same forms.
        if members[..i].iter().any(|&u| twins(adjacency, u, v)) {
            continue;
        }
        // `v` keeps the cell's colour; the rest of the cell, and every
        // colour after it, move one up.
        let mut split = colours.clone();
        for (w, c) in split.iter_mut().enumerate() {
            if *c > cell || (*c == cell && w != v) {
                *c += 1;
            }
        }
        refine(adjacency, &mut split);
        search(adjacency, split, best, leaves);
    }
}

/// Whether `u` and `v` have the same neighbours, but for each other.
fn twins(adjacency: &[Vec<u32>], u: usize, v: usize) -> bool {
    let others = |a: usize, b: usize| {
        let mut near: Vec<u32> = (adjacency[a].iter())
            .copied()
            .filter(|&w| w as usize != b)
            .collect();
        near.sort_unstable();
        near
    };
    adjacency[u].len() == adjacency[v].len() && others(u, v) == others(v, u)
}

/// Colour refinement: splits each colour class by the colours of its
/// vertices' neighbours until no class splits. Colours are kept `0..k`,
/// ordered by the old colour first and the neighbours' colours next, so the
/// result depends on the graph's shape alone.
fn refine(adjacency: &[Vec<u32>], colours: &mut [u32]) {
    let n = colours.len();
    let mut classes = distinct(colours);
    // Each vertex's neighbours' colours, sorted, side by side in one row.
    let mut start = Vec::with_capacity(n + 1);
    start.push(0);
    for near in adjacency {
        start.push(start[start.len() - 1] + near.len());
    }
    let mut seen = vec![0u32; start[n]];
    let mut order: Vec<usize> = (0..n).collect();
    let mut next = vec![0u32; n];
    loop {
        for (v, near) in adjacency.iter().enumerate() {
            let row = &mut seen[start[v]..start[v + 1]];
            for (slot, &w) in row.iter_mut().zip(near) {
                *slot = colours[w as usize];
            }
            row.sort_unstable();
        }
        let signature = |v: usize| (colours[v], &seen[start[v]..start[v + 1]]);
        order.sort_unstable_by(|&a, &b| signature(a).cmp(&signature(b)));
        let mut colour = 0u32;
        for i in 0..n {
            if i > 0 && signature(order[i]) != signature(order[i - 1]) {
                colour += 1;
            }
            next[order[i]] = colour;
        }
        colours.copy_from_slice(&next);
        let now = if n == 0 { 0 } else { colour as usize + 1 };
        if now == classes {
            return;
        }
        classes = now;
    }
}

/// The form of a tree (connected, one edge fewer than vertices): by the
/// method of Aho, Hopcroft and Ullman (The Design and Analysis of Computer
/// Algorithms, 1974, §3.2), rooted at its centre (or the least of the
/// forms rooted at each of its two centres). `None` for another graph.
fn tree_form(adjacency: &[Vec<u32>]) -> Option<Label> {
    let n = adjacency.len();
    let edges = adjacency.iter().map(Vec::len).sum::<usize>() / 2;
    if n == 0 || edges + 1 != n {
        return None;
    }
    // The centres: what is left when leaves are peeled off, layer by layer.
    let mut degree: Vec<usize> = adjacency.iter().map(Vec::len).collect();
    let mut layer: Vec<usize> = (0..n).filter(|&v| degree[v] <= 1).collect();
    let mut left = n;
    while left > 2 {
        left -= layer.len();
        let mut next = Vec::new();
        for &v in &layer {
            for &w in &adjacency[v] {
                degree[w as usize] -= 1;
                if degree[w as usize] == 1 {
                    next.push(w as usize);
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        layer = next;
    }
    layer.iter().map(|&c| rooted_form(adjacency, c)).min()?
}

/// The form of a tree rooted at `root`: each level's subtrees ranked by
/// their children's ranks, deepest level first; then the vertices numbered
/// in preorder, children by rank. `None` if not every vertex is reached.
fn rooted_form(adjacency: &[Vec<u32>], root: usize) -> Option<Label> {
    let n = adjacency.len();
    // The vertices in breadth-first order from the root, so by depth; the
    // children of each are the run `order[first[v]..last[v]]`.
    let mut parent = vec![usize::MAX; n];
    let mut depth = vec![0usize; n];
    let (mut first, mut last) = (vec![0usize; n], vec![0usize; n]);
    let mut order = Vec::with_capacity(n);
    order.push(root);
    parent[root] = root;
    let mut i = 0;
    while let Some(&v) = order.get(i) {
        first[v] = order.len();
        for &w in &adjacency[v] {
            let w = w as usize;
            if parent[w] == usize::MAX {
                parent[w] = v;
                depth[w] = depth[v] + 1;
                order.push(w);
            }
        }
        last[v] = order.len();
        i += 1;
    }
    if order.len() != n {
        return None;
    }
    // Level by level from the deepest, each vertex's children sorted by
    // rank (in place in `order`), their ranks side by side in `ranks`
    // (at the children's places), and the level ranked by those lists.
    let mut rank = vec![0u32; n];
    let mut ranks = vec![0u32; n];
    let mut level: Vec<usize> = Vec::new();
    let mut end = n;
    while end > 0 {
        let d = depth[order[end - 1]];
        let start = order[..end].partition_point(|&v| depth[v] < d);
        level.clear();
        level.extend_from_slice(&order[start..end]);
        for &v in &level {
            order[first[v]..last[v]].sort_unstable_by_key(|&w| rank[w]);
            for k in first[v]..last[v] {
                ranks[k] = rank[order[k]];
            }
        }
        let key = |v: usize| &ranks[first[v]..last[v]];
        level.sort_unstable_by(|&a, &b| key(a).cmp(key(b)));
        let mut r = 0u32;
        for k in 0..level.len() {
            if k > 0 && key(level[k]) != key(level[k - 1]) {
                r += 1;
            }
            rank[level[k]] = r;
        }
        end = start;
    }
    let mut label = vec![0u32; n];
    let mut stack = vec![root];
    let mut next = 0u32;
    while let Some(v) = stack.pop() {
        label[v] = next;
        next += 1;
        stack.extend(order[first[v]..last[v]].iter().rev());
    }
    let mut edges: Vec<(u32, u32)> = (0..n)
        .filter(|&v| v != root)
        .map(|v| (label[parent[v]], label[v]))
        .collect();
    edges.sort_unstable();
    let mut form = Vec::with_capacity(1 + 2 * edges.len());
    form.push(n as u32);
    form.extend(edges.into_iter().flat_map(|(a, b)| [a, b]));
    Some(form)
}

/// How many colours there are.
fn distinct(colours: &[u32]) -> usize {
    let mut seen: Vec<u32> = colours.to_vec();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// The form of the graph with each vertex `v` renamed `colours[v]` (the
/// colours all different).
fn form_of(adjacency: &[Vec<u32>], colours: &[u32]) -> Label {
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for (v, near) in adjacency.iter().enumerate() {
        for &w in near {
            let (a, b) = (colours[v], colours[w as usize]);
            if a < b {
                edges.push((a, b));
            }
        }
    }
    edges.sort_unstable();
    let mut form = Vec::with_capacity(1 + 2 * edges.len());
    form.push(adjacency.len() as u32);
    form.extend(edges.into_iter().flat_map(|(a, b)| [a, b]));
    form
}

#[cfg(test)]
mod tests {
    use super::{adjacency_of, canonical_form};

    fn graph(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
        let mut adjacency = vec![Vec::new(); n];
        for &(a, b) in edges {
            adjacency[a as usize].push(b);
            adjacency[b as usize].push(a);
        }
        adjacency
    }

    /// Every renaming of the vertices of a few graphs gives one form, and
    /// the form describes a graph with the same form.
    #[test]
    fn renamed_graphs_share_a_form() {
        let graphs: [(usize, &[(u32, u32)]); 4] = [
            (5, &[(0, 1), (1, 2), (2, 3), (3, 4)]),
            (6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]),
            (6, &[(0, 1), (0, 2), (0, 3), (3, 4), (4, 5)]),
            // The Petersen graph's outer cycle and one spoke.
            (6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)]),
        ];
        for (n, edges) in graphs {
            let (form, exact) = canonical_form(&graph(n, edges));
            assert!(exact);
            assert_eq!(canonical_form(&adjacency_of(&form)).0, form);
            // Rotations and a reversal of the names.
            for shift in 0..n as u32 {
                for reverse in [false, true] {
                    let name = |v: u32| {
                        let v = (v + shift) % n as u32;
                        if reverse { n as u32 - 1 - v } else { v }
                    };
                    let renamed: Vec<(u32, u32)> =
                        edges.iter().map(|&(a, b)| (name(a), name(b))).collect();
                    assert_eq!(canonical_form(&graph(n, &renamed)).0, form);
                }
            }
        }
    }

    /// A long cycle is not refined: its form is its edge list as numbered,
    /// the same graph, marked not exact; a long path (a tree) still gets
    /// its exact form.
    #[test]
    fn large_graphs_other_than_trees_keep_their_numbering() {
        let n = 300u32;
        let cycle: Vec<(u32, u32)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
        let (form, exact) = canonical_form(&graph(n as usize, &cycle));
        assert!(!exact);
        assert_eq!(form.len(), 1 + 2 * n as usize);
        assert_eq!(canonical_form(&adjacency_of(&form)).0, form);
        let path: Vec<(u32, u32)> = (0..n - 1).map(|v| (v, v + 1)).collect();
        let reversed: Vec<(u32, u32)> = path.iter().map(|&(a, b)| (n - 1 - a, n - 1 - b)).collect();
        let (form, exact) = canonical_form(&graph(n as usize, &path));
        assert!(exact);
        assert_eq!(canonical_form(&graph(n as usize, &reversed)).0, form);
    }

    /// Random trees, and random graphs with a cycle, renamed at random and
    /// their edges listed in another order: one form each.
    #[test]
    fn randomly_renamed_trees_and_graphs_share_a_form() {
        let mut seed = 2026u64;
        let mut below = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for round in 0..200u32 {
            let n = 3 + (round % 10);
            let mut edges: Vec<(u32, u32)> =
                (1..n).map(|v| (below(u64::from(v)) as u32, v)).collect();
            if round % 2 == 1 {
                let (a, b) = (below(u64::from(n)) as u32, below(u64::from(n)) as u32);
                if a != b && !edges.contains(&(a.min(b), a.max(b))) {
                    edges.push((a.min(b), a.max(b)));
                }
            }
            let mut name: Vec<u32> = (0..n).collect();
            for i in (1..n as usize).rev() {
                name.swap(i, below(i as u64 + 1) as usize);
            }
            let mut renamed: Vec<(u32, u32)> = edges
                .iter()
                .map(|&(a, b)| (name[b as usize], name[a as usize]))
                .collect();
            // The edges in another order too: the neighbours come so.
            for i in (1..renamed.len()).rev() {
                renamed.swap(i, below(i as u64 + 1) as usize);
            }
            let form = canonical_form(&graph(n as usize, &edges)).0;
            assert_eq!(
                canonical_form(&graph(n as usize, &renamed)).0,
                form,
                "{edges:?}"
            );
        }
    }

    /// Two triangles and a hexagon are not the same graph, though colour
    /// refinement alone does not tell them apart.
    #[test]
    fn forms_tell_graphs_apart() {
        let triangles = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        let hexagon = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]);
        assert_ne!(canonical_form(&triangles).0, canonical_form(&hexagon).0);
    }
}
