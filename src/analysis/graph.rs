//! The position graph below a position as a petgraph graph: every position
//! reachable, once in the form the search keeps (heaps sorted and empty
//! ones dropped where the rules allow), with its outcome and Grundy value;
//! every move an edge with its rule, the heaps it leaves, and whether it
//! wins. For small games: the search itself keeps no edges. `report` draws
//! it.
//!
//! A game that can go on forever is drawn too, cycles and all: its outcomes
//! come from retrograde analysis of the graph (an end position is lost for
//! the player to move, won in misère play; a position with a move to a lost
//! one is won; one whose every move goes to a won one is lost; the rest are
//! draws), and its values are the generalised ones (`search::loopy`).
//!
//! A partizan game's graph holds each position's canonical form and
//! outcome class, and each move with the player who makes it
//! (`partizan_graph`).
//!
//! A game with ends (`win when` and the like) is drawn with them: a
//! position that meets one has no moves, and outcomes are the game's played
//! alone (a position's value in sums is the reduced game's, which `analyze`
//! gives).

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use petgraph::algo::is_cyclic_directed;
use petgraph::graph::{DiGraph, NodeIndex};

use super::error::AnalysisError;
use crate::moves::MoveGen;
use crate::position::{Named, Outcome, Side};
use crate::rules::{EndKind, Game};
use crate::search::Budget;
use crate::search::loopy::{Gamma, LoopyGraph};
use crate::search::move_error;
use crate::search::{Listed, SearchError, Solver, Value};

/// The position graph below a position: its nodes the positions, its
/// edges the moves.
pub type PositionGraph = DiGraph<Node, Edge>;

/// A position in the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The position in the form the search keeps.
    pub heaps: Vec<u64>,
    /// Who wins: P, N or D.
    pub outcome: Outcome,
    /// The Grundy value, generalised in a game with cycles (Smith); `None`
    /// in misère play and in a game with ends.
    pub value: Option<Gamma>,
    /// The end the position meets (`win when` and the like), where the
    /// play is over there: it has no moves.
    pub end: Option<EndKind>,
    /// A partizan position's canonical form, as written (`{1|-1}`).
    pub form: Option<String>,
}

impl Node {
    /// The position `heaps`, not yet labelled.
    fn at(heaps: Vec<u64>) -> Node {
        Node {
            heaps,
            outcome: Outcome::D,
            value: None,
            end: None,
            form: None,
        }
    }
}

/// A move in the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The rule that makes it (an index into `Game::rules`).
    pub rule: usize,
    /// The heaps it leaves, as the move leaves them (the target node holds
    /// them in the search's form).
    pub after: Vec<u64>,
    /// It goes from an N-position to a P-position: a winning move. In a
    /// partizan game, it wins for the player who makes it: Left's to a
    /// position Left wins moving second (L or P), Right's to an R or a P.
    pub winning: bool,
    /// In a partizan game, the player who makes it (a rule of both players'
    /// is two edges, one each).
    pub side: Option<Side>,
}

/// The most bytes one position's moves listed may take, per position the
/// graph may draw (64 moves of a few heaps): more leave too many positions
/// to draw.
const BYTES_A_NODE: u64 = 64 * 128;

/// The graph of every position reachable from `heaps`, at most `max_nodes`
/// of them. Moves from one position to the same position by the same rule
/// are one edge.
pub(super) fn position_graph(
    solver: &mut Solver,
    heaps: &[u64],
    max_nodes: usize,
) -> Result<PositionGraph, AnalysisError> {
    let mut graph: DiGraph<Node, Edge> = DiGraph::new();
    let mut ids: HashMap<Vec<u64>, NodeIndex> = HashMap::new();
    let ends = !solver.game.ends.is_empty();
    // The moves generated count against a question's budget of moves and time.
    let mut budget = solver.question_budget();
    let start = solver.canonical(heaps);
    ids.insert(start.clone(), graph.add_node(Node::at(start.clone())));
    let mut queue = vec![start];
    while let Some(from) = queue.pop() {
        let source = ids[&from];
        if ends {
            // Where the play ends, no move is made.
            graph[source].end = solver.end_at(&from)?;
            if graph[source].end.is_some() {
                continue;
            }
        }
        let mut drawn = std::collections::HashSet::new();
        // A position's moves are listed only where a graph of `max_nodes`
        // could draw them: refused before they are all listed (Kayles at
        // 10^12 has 10^12 moves).
        let room = (max_nodes as u64).saturating_mul(BYTES_A_NODE);
        let mut moves = Listed::default();
        if !solver.moves_listed(&from, &mut budget, heaps, room, &mut moves, false)? {
            return Err(SearchError::GraphTooLarge {
                position: Named::of(heaps, solver.game.board),
                limit: max_nodes,
            }
            .into());
        }
        for (rule, after) in moves.iter() {
            let next = solver.canonical(after);
            let target = match ids.entry(next.clone()) {
                Entry::Occupied(e) => *e.get(),
                Entry::Vacant(e) => {
                    if graph.node_count() >= max_nodes {
                        return Err(SearchError::GraphTooLarge {
                            position: Named::of(heaps, solver.game.board),
                            limit: max_nodes,
                        }
                        .into());
                    }
                    queue.push(next.clone());
                    *e.insert(graph.add_node(Node::at(next)))
                }
            };
            if drawn.insert((target, rule)) {
                let winning = false;
                graph.add_edge(
                    source,
                    target,
                    Edge {
                        rule,
                        after: after.to_vec(),
                        winning,
                        side: None,
                    },
                );
            }
        }
    }
    if ends || is_cyclic_directed(&graph) {
        // The same graph, labelled (with its ends, as the game is played
        // alone).
        let loopy = LoopyGraph::explore(solver, heaps, max_nodes)?;
        for i in graph.node_indices() {
            if let Some(id) = loopy.id(&graph[i].heaps) {
                graph[i].outcome = loopy.outcome(id);
                if !solver.game.misere && !ends {
                    graph[i].value = Some(loopy.gamma(id).clone());
                }
            }
        }
    } else {
        for i in graph.node_indices() {
            let (value, _) = solver.value(&graph[i].heaps)?;
            graph[i].outcome = if value.is_p() { Outcome::P } else { Outcome::N };
            if let Value::Grundy(g) = value {
                graph[i].value = Some(Gamma::Finite(g));
            }
        }
    }
    for e in graph.edge_indices() {
        if let Some((from, to)) = graph.edge_endpoints(e) {
            graph[e].winning = graph[from].outcome == Outcome::N && graph[to].outcome == Outcome::P;
        }
    }
    Ok(graph)
}

/// What values a partizan graph's positions: each position's canonical form
/// as written, and its outcome class.
pub(super) type Valuing<'a> = dyn FnMut(&[u64]) -> Result<(String, Outcome), AnalysisError> + 'a;

/// The position graph below a partizan position: every position reachable,
/// as the moves leave it (no symmetry is assumed: a board's quarter turn
/// exchanges the players), at most `max_nodes` of them, each with its
/// canonical form and outcome class from `valued`; each move an edge for
/// the player who makes it, winning where it leaves a position that player
/// wins moving second — Left's to a G ≥ 0, Right's to a G ≤ 0 (Siegel,
/// *Combinatorial Game Theory*, §II.1). The moves listed count against
/// `budget`'s moves, clock and memory.
pub(super) fn partizan_graph(
    game: &Game,
    heaps: &[u64],
    max_nodes: usize,
    budget: &mut Budget,
    valued: &mut Valuing,
) -> Result<PositionGraph, AnalysisError> {
    let moves = MoveGen::new(game);
    let too_large = || -> AnalysisError {
        SearchError::GraphTooLarge {
            position: Named::of(heaps, game.board),
            limit: max_nodes,
        }
        .into()
    };
    let mut graph: DiGraph<Node, Edge> = DiGraph::new();
    let mut ids: HashMap<Vec<u64>, NodeIndex> = HashMap::new();
    ids.insert(heaps.to_vec(), graph.add_node(Node::at(heaps.to_vec())));
    let mut queue = vec![heaps.to_vec()];
    while let Some(from) = queue.pop() {
        let source = ids[&from];
        let mut listed = Vec::new();
        let examined = moves.each_move_within(&from, budget.within(), |rule, after| {
            listed.push((rule, after.to_vec()));
        });
        let examined = examined.map_err(|e| match e.error {
            crate::rules::expr::EvalError::OutOfBudget => budget.exhausted().error(game, heaps),
            _ => move_error(game, &from, e),
        })?;
        budget
            .spend(examined)
            .map_err(|e| AnalysisError::from(e.error(game, heaps)))?;
        let mut drawn = std::collections::HashSet::new();
        for (rule, after) in listed {
            let target = match ids.entry(after.clone()) {
                Entry::Occupied(e) => *e.get(),
                Entry::Vacant(e) => {
                    if graph.node_count() >= max_nodes {
                        return Err(too_large());
                    }
                    queue.push(after.clone());
                    *e.insert(graph.add_node(Node::at(after.clone())))
                }
            };
            // A rule of both players' is a move for each.
            let sides = match game.rules.get(rule).and_then(|r| r.side) {
                Some(side) => vec![side],
                None => vec![Side::Left, Side::Right],
            };
            for side in sides {
                if drawn.insert((target, rule, side)) {
                    let edge = Edge {
                        rule,
                        after: after.clone(),
                        winning: false,
                        side: Some(side),
                    };
                    graph.add_edge(source, target, edge);
                }
            }
        }
    }
    for i in graph.node_indices() {
        let (form, outcome) = valued(&graph[i].heaps)?;
        graph[i].form = Some(form);
        graph[i].outcome = outcome;
    }
    for e in graph.edge_indices() {
        if let Some((_, to)) = graph.edge_endpoints(e) {
            let after = graph[to].outcome;
            graph[e].winning = graph[e].side.is_some_and(|side| after.won_second_by(side));
        }
    }
    Ok(graph)
}
