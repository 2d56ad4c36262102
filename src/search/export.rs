//! The position graph below a position as a petgraph graph: every position
//! reachable, once in the form the search keeps (heaps sorted and empty
//! ones dropped where the rules allow), with its value; every move an edge
//! with its rule, the heaps it leaves, and whether it wins. For small
//! games: the search itself keeps no edges. `report` draws it.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use petgraph::graph::{DiGraph, NodeIndex};

use super::{SearchError, Solver, Value};
use crate::diagnostics::Error;
use crate::position::Position;

/// A position in the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The position in the form the search keeps.
    pub heaps: Vec<u64>,
    pub value: Value,
}

/// A move in the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The rule that makes it (an index into `Game::rules`).
    pub rule: usize,
    /// The heaps it leaves, as the move leaves them (the target node holds
    /// them in the search's form).
    pub after: Vec<u64>,
    /// It goes from an N-position to a P-position: a winning move.
    pub winning: bool,
}

/// The graph of every position reachable from `heaps`, at most `max_nodes`
/// of them. Moves from one position to the same position by the same rule
/// are one edge.
pub fn position_graph(
    solver: &mut Solver,
    heaps: &[u64],
    max_nodes: usize,
) -> Result<DiGraph<Node, Edge>, Error> {
    let mut graph: DiGraph<Node, Edge> = DiGraph::new();
    let mut ids: HashMap<Vec<u64>, NodeIndex> = HashMap::new();
    let start = solver.canonical(heaps);
    let (value, _) = solver.value(&start)?;
    let first = graph.add_node(Node {
        heaps: start.clone(),
        value,
    });
    ids.insert(start.clone(), first);
    let mut queue = vec![start];
    while let Some(from) = queue.pop() {
        let source = ids[&from];
        let mut drawn = Vec::new();
        for (rule, after) in solver.moves_from(&from)? {
            let next = solver.canonical(&after);
            let target = match ids.entry(next.clone()) {
                Entry::Occupied(e) => *e.get(),
                Entry::Vacant(e) => {
                    if graph.node_count() >= max_nodes {
                        return Err(SearchError::GraphTooLarge {
                            position: Position::from_u64s(heaps),
                            limit: max_nodes,
                        }
                        .into());
                    }
                    let (value, _) = solver.value(&next)?;
                    queue.push(next.clone());
                    *e.insert(graph.add_node(Node { heaps: next, value }))
                }
            };
            if drawn.contains(&(target, rule)) {
                continue;
            }
            drawn.push((target, rule));
            let winning = !graph[source].value.is_p() && graph[target].value.is_p();
            graph.add_edge(
                source,
                target,
                Edge {
                    rule,
                    after,
                    winning,
                },
            );
        }
    }
    Ok(graph)
}
