//! A position graph drawn in SVG without Graphviz: a layered layout of our
//! own, after Sugiyama, Tagawa and Toda ("Methods for visual understanding
//! of hierarchical system structures", IEEE SMC 1981). Each position stands
//! on a layer, its longest play from the start (a game that ends has no
//! cycle: every move goes down), or where play can go on forever, its
//! fewest moves from the start; the positions of a layer are ordered by the
//! mean place of their neighbours, sweeping down and up a few times, which
//! uncrosses most moves; every move is an arrow, a winning one bold.
//! P-positions are filled with `P_COLOUR`, as in the tables' pictures. A
//! board game's positions are drawn as boards (`board::draw_board`), their
//! values beneath.

use std::collections::VecDeque;
use std::fmt::Write;

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

use super::board::draw_board;
use super::graph::{edge_text, value_text};
use super::svg::{D_COLOUR, L_COLOUR, P_COLOUR, R_COLOUR, escape, header};
use super::words::position_text;
use crate::analysis::graph::PositionGraph;
use crate::position::{Outcome, Side, board_rows};
use crate::rules::Game;

/// N-positions' fill.
pub const N_FILL: &str = "#cfe0f3";
/// The height of a position's box, its two lines of text.
const BOX_HEIGHT: usize = 36;
/// A cell's side, on a board drawn in a position's box.
const BOARD_CELL: usize = 12;
/// The space between two layers, for the arrows.
const LAYER_GAP: usize = 60;
/// The space between two boxes of a layer.
const BOX_GAP: usize = 16;
/// Room round the drawing: the title above, the legend to the right.
const MARGIN: usize = 40;
/// Room for the title.
const TITLE: usize = 50;
/// Room for the legend.
const LEGEND: usize = 240;
/// Sweeps of the ordering, down and up.
const SWEEPS: usize = 4;
/// Graphs of at most this many moves have each move's words drawn on it;
/// larger ones keep them in a tooltip.
const LABELLED_MOVES: usize = 40;

/// Where each position's box stands: its layer, and its left edge and
/// width in pixels; and the height of every box.
struct Placed {
    layer: Vec<usize>,
    x: Vec<usize>,
    width: Vec<usize>,
    height: usize,
}

impl Placed {
    /// The top of layer `l`'s boxes.
    fn top(&self, layer: usize) -> usize {
        TITLE + layer * (self.height + LAYER_GAP)
    }
}

/// The graph in SVG, starting from node 0.
pub fn graph_svg(game: &Game, graph: &PositionGraph) -> String {
    let labels: Vec<[String; 2]> = (graph.node_indices())
        .map(|i| {
            let node = &graph[i];
            [position_text(game, &node.heaps, true), value_text(node)]
        })
        .collect();
    // Boxes as wide as their words (7 pixels a character, near enough for
    // a 12-pixel sans-serif), or as their boards and values.
    let words = |l: &[String]| l.iter().map(|t| t.chars().count()).max().unwrap_or(1) * 7 + 16;
    let boards: Vec<Vec<String>> = match game.board {
        true => (graph.node_indices())
            .map(|i| board_rows(&graph[i].heaps))
            .collect(),
        false => Vec::new(),
    };
    let width: Vec<usize> = match game.board {
        true => (boards.iter().zip(&labels))
            .map(|(rows, l)| {
                let cols = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
                (cols * BOARD_CELL + 16).max(words(&l[1..]))
            })
            .collect(),
        false => labels.iter().map(|l| words(l)).collect(),
    };
    let height = match game.board {
        true => boards.iter().map(Vec::len).max().unwrap_or(0) * BOARD_CELL + 30,
        false => BOX_HEIGHT,
    };
    let placed = place(graph, width, height);
    let layers = placed.layer.iter().max().map_or(0, |l| l + 1);
    let start = labels.first().map_or(String::new(), |l| l[0].clone());
    let title = format!("{}: the positions below {start}", game.title());
    let width = (0..graph.node_count())
        .map(|i| placed.x[i] + placed.width[i])
        .max()
        .unwrap_or(0);
    // As wide as the title (16-pixel letters, about 9 pixels each) too.
    let w = (MARGIN + width + MARGIN + LEGEND).max(MARGIN + title.chars().count() * 9);
    let h = TITLE + layers * (placed.height + LAYER_GAP) - LAYER_GAP + MARGIN;
    let mut out = String::new();
    let drawn = Drawn {
        labels: &labels,
        boards: &boards,
        placed: &placed,
    };
    let _ = draw(&mut out, game, graph, &drawn, (w, h), &title);
    out
}

/// What each position's box holds, and where it stands.
struct Drawn<'a> {
    labels: &'a [[String; 2]],
    /// A board game's boards, a position's rows each (none for another
    /// game's).
    boards: &'a [Vec<String>],
    placed: &'a Placed,
}

fn draw(
    out: &mut String,
    game: &Game,
    graph: &PositionGraph,
    drawn: &Drawn,
    (w, h): (usize, usize),
    title: &str,
) -> std::fmt::Result {
    let (labels, placed) = (drawn.labels, drawn.placed);
    let (top, box_height) = (|l: usize| placed.top(l), placed.height);
    header(out, w, h, title)?;
    writeln!(
        out,
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#333333"/></marker></defs>"##
    )?;
    let centre = |i: usize| MARGIN + placed.x[i] + placed.width[i] / 2;
    let labelled = graph.edge_count() <= LABELLED_MOVES;
    // The boxes of the words drawn on moves so far: words that would
    // overlap them are left to the move's tooltip.
    let mut taken: Vec<[usize; 4]> = Vec::new();
    for e in graph.edge_references() {
        let (u, v) = (e.source().index(), e.target().index());
        let words = edge_text(game, &graph[e.source()], e.weight());
        // A partizan game's moves in their player's colour, Right's dashed.
        let stroke = match (e.weight().side, e.weight().winning) {
            (None, true) => r##"stroke="#000000" stroke-width="2.5""##,
            (None, false) => r##"stroke="#888888" stroke-width="1""##,
            (Some(Side::Left), true) => r##"stroke="#1f4e9e" stroke-width="2.5""##,
            (Some(Side::Left), false) => r##"stroke="#1f4e9e" stroke-width="1""##,
            (Some(Side::Right), true) => {
                r##"stroke="#c0392b" stroke-width="2.5" stroke-dasharray="6 3""##
            }
            (Some(Side::Right), false) => {
                r##"stroke="#c0392b" stroke-width="1" stroke-dasharray="6 3""##
            }
        };
        let (x1, x2) = (centre(u), centre(v));
        let path = if placed.layer[v] > placed.layer[u] {
            let (y1, y2) = (top(placed.layer[u]) + box_height, top(placed.layer[v]));
            format!("M {x1} {y1} L {x2} {y2}")
        } else {
            // A move up or across (a game that can go on forever): a curve
            // out to the right, from a box's side to the other's.
            let (y1, y2) = (
                top(placed.layer[u]) + box_height / 2,
                top(placed.layer[v]) + box_height / 2,
            );
            let (a, b) = (
                MARGIN + placed.x[u] + placed.width[u],
                MARGIN + placed.x[v] + placed.width[v],
            );
            let bend = a.max(b) + 40;
            format!("M {a} {y1} C {bend} {y1}, {bend} {y2}, {b} {y2}")
        };
        writeln!(
            out,
            r#"<path d="{path}" fill="none" {stroke} marker-end="url(#arrow)"><title>{}</title></path>"#,
            escape(&words)
        )?;
        if labelled && placed.layer[v] > placed.layer[u] {
            let (y1, y2) = (top(placed.layer[u]) + box_height, top(placed.layer[v]));
            let (x, y) = ((x1 + x2) / 2, (y1 + y2) / 2);
            // 10-pixel letters, about 6 pixels each.
            let half = words.chars().count() * 3;
            let area = [
                x.saturating_sub(half),
                y.saturating_sub(10),
                x + half,
                y + 2,
            ];
            let overlaps = |b: &[usize; 4]| {
                area[0] < b[2] && b[0] < area[2] && area[1] < b[3] && b[1] < area[3]
            };
            if !taken.iter().any(overlaps) {
                taken.push(area);
                writeln!(
                    out,
                    r##"<text x="{x}" y="{y}" font-size="10" fill="#555555" text-anchor="middle">{}</text>"##,
                    escape(&words)
                )?;
            }
        }
    }
    for i in graph.node_indices() {
        let n = i.index();
        let (fill, text, dash) = match graph[i].outcome {
            Outcome::P => (P_COLOUR, "#ffffff", ""),
            Outcome::N => (N_FILL, "#000000", ""),
            // A partizan game's positions Left or Right wins, whoever starts.
            Outcome::L => (L_COLOUR, "#000000", ""),
            Outcome::R => (R_COLOUR, "#000000", ""),
            Outcome::D => (D_COLOUR, "#000000", r#" stroke-dasharray="4 3""#),
        };
        let (x, y) = (MARGIN + placed.x[n], top(placed.layer[n]));
        writeln!(
            out,
            r##"<g id="node-{n}"><rect x="{x}" y="{y}" width="{}" height="{box_height}" rx="6" fill="{fill}" stroke="#333333"{dash}/>"##,
            placed.width[n]
        )?;
        let middle = x + placed.width[n] / 2;
        match drawn.boards.get(n) {
            // The board, centred, its value beneath, its text a tooltip.
            Some(rows) => {
                let cols = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
                let left = middle - cols * BOARD_CELL / 2;
                writeln!(out, "<title>{}</title>", escape(&labels[n][0]))?;
                draw_board(out, rows, (left, y + 6), BOARD_CELL)?;
                writeln!(
                    out,
                    r#"<text x="{middle}" y="{}" text-anchor="middle" fill="{text}">{}</text>"#,
                    y + box_height - 8,
                    escape(&labels[n][1])
                )?;
            }
            None => {
                for (line, words) in labels[n].iter().enumerate() {
                    writeln!(
                        out,
                        r#"<text x="{middle}" y="{}" text-anchor="middle" fill="{text}">{}</text>"#,
                        y + 15 + 14 * line,
                        escape(words)
                    )?;
                }
            }
        }
        writeln!(out, "</g>")?;
    }
    // The legend.
    let x = w - LEGEND;
    writeln!(out, r#"<text x="{x}" y="{TITLE}">legend</text>"#)?;
    let partizan = graph.edge_references().any(|e| e.weight().side.is_some());
    let items: &[(&str, &str)] = match partizan {
        false => &[
            (P_COLOUR, "P-position (the mover loses)"),
            (N_FILL, "N-position (the mover wins)"),
            (D_COLOUR, "draw"),
        ],
        true => &[
            (L_COLOUR, "L: Left wins (G > 0)"),
            (R_COLOUR, "R: Right wins (G < 0)"),
            (N_FILL, "N: the mover wins"),
            (P_COLOUR, "P: the mover loses (G = 0)"),
        ],
    };
    for (k, (colour, meaning)) in items.iter().enumerate() {
        let y = TITLE + 10 + 20 * k;
        writeln!(
            out,
            r##"<rect x="{x}" y="{y}" width="14" height="14" fill="{colour}" stroke="#333333"/><text x="{}" y="{}">{meaning}</text>"##,
            x + 20,
            y + 11
        )?;
    }
    let y = TITLE + 10 + 20 * items.len() + 7;
    writeln!(
        out,
        r##"<line x1="{x}" y1="{y}" x2="{}" y2="{y}" stroke="#000000" stroke-width="2.5"/><text x="{}" y="{}">winning move</text>"##,
        x + 14,
        x + 20,
        y + 4
    )?;
    let others: &[(&str, &str)] = match partizan {
        false => &[(r##"stroke="#888888""##, "other move")],
        true => &[
            (r##"stroke="#1f4e9e""##, "Left's move"),
            (
                r##"stroke="#c0392b" stroke-dasharray="6 3""##,
                "Right's move",
            ),
        ],
    };
    for (k, (stroke, meaning)) in others.iter().enumerate() {
        let y = y + 20 * (k + 1);
        writeln!(
            out,
            r##"<line x1="{x}" y1="{y}" x2="{}" y2="{y}" {stroke}/><text x="{}" y="{}">{meaning}</text>"##,
            x + 14,
            x + 20,
            y + 4
        )?;
    }
    writeln!(out, "</svg>")
}

/// Each position's layer, and its place within the layer, its box `width`
/// wide and every box `height` high.
fn place(graph: &PositionGraph, width: Vec<usize>, height: usize) -> Placed {
    let n = graph.node_count();
    let layer = layers(graph);
    let count = layer.iter().max().map_or(0, |l| l + 1);
    // The positions of each layer, first as found.
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (i, &l) in layer.iter().enumerate() {
        rows[l].push(i);
    }
    let neighbours = |i: usize, dir: petgraph::Direction| -> Vec<usize> {
        (graph.neighbors_directed(NodeIndex::new(i), dir))
            .map(|j| j.index())
            .collect()
    };
    // Each position's place in its layer, in 1/1024ths (the barycentres
    // in whole numbers).
    let mut at = vec![0usize; n];
    for row in &rows {
        for (k, &i) in row.iter().enumerate() {
            at[i] = k << 10;
        }
    }
    // The barycentre heuristic: a layer ordered by its positions'
    // neighbours' mean place in the layer swept from.
    for sweep in 0..SWEEPS {
        let (order, dir): (Vec<usize>, _) = match sweep % 2 {
            0 => ((1..count).collect(), petgraph::Direction::Incoming),
            _ => (
                (0..count.saturating_sub(1)).rev().collect(),
                petgraph::Direction::Outgoing,
            ),
        };
        for l in order {
            let mut keyed: Vec<(usize, usize)> = (rows[l].iter())
                .map(|&i| {
                    let near = neighbours(i, dir);
                    let key = match near.is_empty() {
                        true => at[i],
                        false => near.iter().map(|&j| at[j]).sum::<usize>() / near.len(),
                    };
                    (key, i)
                })
                .collect();
            keyed.sort();
            rows[l] = keyed.into_iter().map(|(_, i)| i).collect();
            for (k, &i) in rows[l].iter().enumerate() {
                at[i] = k << 10;
            }
        }
    }
    // Each layer centred on the widest.
    let row_width = |row: &[usize]| {
        row.iter()
            .map(|&i| width[i] + BOX_GAP)
            .sum::<usize>()
            .saturating_sub(BOX_GAP)
    };
    let widest = rows.iter().map(|r| row_width(r)).max().unwrap_or(0);
    let mut x = vec![0; n];
    for row in &rows {
        let mut left = (widest - row_width(row)) / 2;
        for &i in row {
            x[i] = left;
            left += width[i] + BOX_GAP;
        }
    }
    Placed {
        layer,
        x,
        width,
        height,
    }
}

/// Each position's layer: its longest play from the start where the graph
/// has no cycle, else its fewest moves from the start. Positions the start
/// does not reach (none, in a graph below a position) go on the last.
fn layers(graph: &PositionGraph) -> Vec<usize> {
    let n = graph.node_count();
    let mut layer = vec![0; n];
    match petgraph::algo::toposort(graph, None) {
        Ok(order) => {
            for u in order {
                for v in graph.neighbors(u) {
                    layer[v.index()] = layer[v.index()].max(layer[u.index()] + 1);
                }
            }
        }
        Err(_) => {
            let mut seen = vec![false; n];
            let mut queue = VecDeque::new();
            if n > 0 {
                seen[0] = true;
                queue.push_back(0);
            }
            while let Some(u) = queue.pop_front() {
                for v in graph.neighbors(NodeIndex::new(u)) {
                    let v = v.index();
                    if !seen[v] {
                        seen[v] = true;
                        layer[v] = layer[u] + 1;
                        queue.push_back(v);
                    }
                }
            }
            let last = layer.iter().max().copied().unwrap_or(0);
            for (l, seen) in layer.iter_mut().zip(seen) {
                if !seen {
                    *l = last + 1;
                }
            }
        }
    }
    layer
}
