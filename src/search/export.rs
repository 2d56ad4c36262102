//! The position graph below a position as a petgraph graph, for export as
//! Graphviz DOT: every position reachable, labelled with its value, every
//! move an edge named by its rule. For small games: the search itself keeps
//! no edges.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use petgraph::dot::{Config, Dot};
use petgraph::graph::{DiGraph, NodeIndex};

use super::{SearchError, Solver, Value};
use crate::diagnostics::Error;
use crate::position::{Position, heaps_text_in_full};

/// A position in the exported graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub position: String,
    pub value: Value,
}

/// The graph of every position reachable from `heaps`, at most `max_nodes` of them.
pub fn position_graph(
    solver: &mut Solver,
    heaps: &[u64],
    max_nodes: usize,
) -> Result<DiGraph<Node, String>, Error> {
    let mut graph = DiGraph::new();
    let mut ids: HashMap<Vec<u64>, NodeIndex> = HashMap::new();
    let mut queue = vec![heaps.to_vec()];
    let (value, _) = solver.value(heaps)?;
    ids.insert(heaps.to_vec(), graph.add_node(node(heaps, value)));
    while let Some(from) = queue.pop() {
        let source = ids[&from];
        for (rule, next) in solver.moves_from(&from)? {
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
                    *e.insert(graph.add_node(node(&next, value)))
                }
            };
            graph.add_edge(source, target, solver.game.rules[rule].name.clone());
        }
    }
    Ok(graph)
}

fn node(heaps: &[u64], value: Value) -> Node {
    Node {
        position: heaps_text_in_full(heaps),
        value,
    }
}

/// The graph in Graphviz DOT: P-positions drawn as double circles.
pub fn dot(graph: &DiGraph<Node, String>) -> String {
    let label = |node: &Node| match node.value {
        Value::Grundy(g) => format!("{}\\ng = {g}", node.position),
        Value::Misere { next_wins } => {
            format!("{}\\n{}", node.position, if next_wins { "N" } else { "P" })
        }
    };
    let edge = |g: &DiGraph<Node, String>, e: petgraph::graph::EdgeReference<'_, String>| {
        format!(
            "label = \"{}\"",
            g[petgraph::visit::EdgeRef::id(&e)].replace('"', "'")
        )
    };
    let vertex = |_: &DiGraph<Node, String>, (_, node): (NodeIndex, &Node)| {
        let shape = if node.value.is_p() {
            "doublecircle"
        } else {
            "circle"
        };
        format!("label = \"{}\", shape = {shape}", label(node))
    };
    let dot = Dot::with_attr_getters(
        graph,
        &[Config::EdgeNoLabel, Config::NodeNoLabel],
        &edge,
        &vertex,
    );
    format!("{dot:?}")
}
