//! Positions against their game: the heap count, and the invariant.

use super::error::{CheckError, Errors, HeadsProblem};
use crate::position::{Colour, GraphShape, Position};
use crate::rules::Game;
use crate::source::{Source, did_you_mean};
use crate::syntax::ast::{self, PositionLit};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The heap count a game declares (`heaps N`), read off its syntax.
pub(super) fn declared_heap_count(def: &ast::GameDef) -> Option<usize> {
    def.body.iter().find_map(|statement| match statement {
        ast::Statement::Heaps(ast::HeapsDecl {
            count: ast::HeapCount::Fixed(n, _),
            ..
        }) => n.to_usize(),
        _ => None,
    })
}

/// Matches a position against a game's heap count (of a game whose parts
/// have names, `parts`, its count of parts).
pub(super) fn check_heap_count(
    name: &str,
    expected: Option<usize>,
    parts: Option<&[String]>,
    lit: &PositionLit,
    source: &Source,
) -> Result<(), CheckError> {
    // A board is matched against the game's kind instead.
    if lit.board.is_some() {
        return Ok(());
    }
    let count = lit.heaps.len();
    match (expected, parts) {
        (Some(expected), Some(parts)) if expected != count => Err(CheckError::PartCount {
            game: name.to_string(),
            parts: parts.join(", "),
            example: named_example(parts),
            expected,
            found: count,
            src: source.clone(),
            span: lit.span,
        }),
        (Some(expected), None) if expected != count => Err(CheckError::HeapCount {
            game: name.to_string(),
            expected,
            found: count,
            src: source.clone(),
            span: lit.span,
        }),
        _ => Ok(()),
    }
}

/// A position of a game of named parts, written by their names: `(stones =
/// 1, limit = 2)`.
fn named_example(parts: &[String]) -> String {
    let each: Vec<String> = (parts.iter().zip(1..))
        .map(|(name, n)| format!("{name} = {n}"))
        .collect();
    format!("({})", each.join(", "))
}

/// A position written by its parts' names, `(limit = 19, stones = 20)`, as
/// its game orders them: `(20, 19)`. Each part of the game once, no other.
fn by_part_names(
    game: &Game,
    lit: &PositionLit,
    source: &Source,
) -> Result<PositionLit, CheckError> {
    let error = |problem: String, help: String| CheckError::PartNames {
        problem,
        help,
        src: source.clone(),
        span: lit.span,
    };
    let Some(parts) = &game.parts else {
        return Err(error(
            format!("the positions of `{}` have no named parts", game.name),
            format!(
                "give the numbers alone, like `{}`",
                crate::position::heaps_text(&lit.heaps)
            ),
        ));
    };
    let mut heaps: Vec<Option<BigUint>> = vec![None; parts.len()];
    for (name, n) in lit.names.iter().zip(&lit.heaps) {
        let Some(i) = parts.iter().position(|p| *p == name.name) else {
            return Err(CheckError::PartNames {
                problem: format!("`{}` has no part `{}`", game.name, name.name),
                help: did_you_mean(&name.name, parts, "parts"),
                src: source.clone(),
                span: name.span,
            });
        };
        if heaps[i].replace(n.clone()).is_some() {
            return Err(CheckError::PartNames {
                problem: format!("the part `{}` is given twice", name.name),
                help: "give each part once".to_string(),
                src: source.clone(),
                span: name.span,
            });
        }
    }
    let heaps: Option<Vec<BigUint>> = heaps.into_iter().collect();
    let Some(heaps) = heaps else {
        return Err(error(
            format!("a position of `{}` gives each of its parts", game.name),
            format!("give them all, like `{}`", named_example(parts)),
        ));
    };
    Ok(PositionLit {
        heaps,
        names: Vec::new(),
        ..lit.clone()
    })
}

/// Matches a position against its game's heap count and invariant.
pub(super) fn check_position(
    game: &Game,
    lit: &PositionLit,
    source: &Source,
) -> Result<Position, Errors> {
    let named;
    let lit = match lit.names.is_empty() {
        true => lit,
        false => {
            named = by_part_names(game, lit, source).map_err(|e| vec![e])?;
            &named
        }
    };
    let parts = game.parts.as_deref();
    check_heap_count(&game.name, game.heap_count, parts, lit, source).map_err(|e| vec![e])?;
    let position = of_its_kind(game, lit, source).map_err(|e| vec![e])?;
    if let Some(invariant) = &game.invariant {
        let holds = invariant.expr.holds_on(position.heaps());
        let (game, invariant, src, span) = (
            game.name.clone(),
            invariant.text.clone(),
            source.clone(),
            lit.span,
        );
        match holds {
            Ok(true) => {}
            Ok(false) => {
                return Err(vec![CheckError::Invariant {
                    game,
                    invariant,
                    src,
                    span,
                }]);
            }
            Err(reason) => {
                return Err(vec![CheckError::InvariantUnevaluable {
                    game,
                    invariant,
                    reason,
                    src,
                    span,
                }]);
            }
        }
    }
    Ok(position)
}

/// The position `lit` writes, matched against the game's kind: heaps for a
/// game of heaps; for a game of coins, the heads, sorted (`{9, 1}` is
/// `{1, 9}`), each once and on the row; for a game on a graph, the graph in
/// its shape; tokens on a graph of words, its vertices' numbers.
fn of_its_kind(game: &Game, lit: &PositionLit, source: &Source) -> Result<Position, CheckError> {
    let problem = |problem| CheckError::Heads {
        game: game.name.clone(),
        problem,
        src: source.clone(),
        span: lit.span,
    };
    if !lit.words.is_empty() {
        return named_vertices(game, lit).map_err(problem);
    }
    match (game.board, &lit.board) {
        (true, Some(text)) => {
            let heaps = crate::position::board_position(text)
                .map_err(|p| problem(HeadsProblem::Board(p)))?;
            return Ok(Position(heaps.into_iter().map(BigUint::from).collect()));
        }
        (true, None) => return Err(problem(HeadsProblem::NotABoard)),
        (false, Some(_)) => return Err(problem(HeadsProblem::ABoard)),
        (false, None) => {}
    }
    if let Some(graph) = game.named_graph()
        && !lit.heaps.is_empty()
    {
        return Err(problem(HeadsProblem::Unnamed(graph.names[0].clone())));
    }
    match (game.graph, lit.graph) {
        (Some(shape), false) => return Err(problem(HeadsProblem::NotAGraph(shape))),
        (None, true) => return Err(problem(HeadsProblem::AGraph)),
        (Some(shape), true) => {
            // Vertices have at most 18 digits: machine words.
            let words =
                |n: &[BigUint]| -> Vec<u64> { n.iter().filter_map(ToPrimitive::to_u64).collect() };
            let (mut ends, lone) = (words(&lit.heaps), words(&lit.lone));
            // Kayles, Snort and Col are played on graphs without loops.
            if matches!(
                shape,
                GraphShape::Vertices | GraphShape::Edges | GraphShape::Tinted
            ) && let Some(e) = ends.chunks_exact(2).find(|e| e[0] == e[1])
            {
                return Err(problem(HeadsProblem::Loop(e[0])));
            }
            // Only blue-red-green Hackenbush's edges have colours other than
            // green; Kayles' none at all. Only Snort's and Col's vertices
            // have colours, their tints, blue or red.
            let written = lit.colours.iter().flatten();
            let tints = lit.lone_colours.iter().flatten();
            let offending = match shape {
                GraphShape::Coloured => None,
                GraphShape::Grounded => written.clone().find(|(c, _)| *c != Colour::Green),
                GraphShape::Vertices | GraphShape::Edges | GraphShape::Tinted => {
                    written.clone().next()
                }
            }
            .map(|&(colour, span)| (HeadsProblem::Colour(colour, shape), span))
            .or_else(|| {
                let tint = match shape {
                    GraphShape::Tinted => tints.clone().find(|(c, _)| *c == Colour::Green),
                    _ => tints.clone().next(),
                };
                tint.map(|&(colour, span)| (HeadsProblem::Tint(colour, shape), span))
            });
            if let Some((problem, span)) = offending {
                return Err(CheckError::Heads {
                    game: game.name.clone(),
                    problem,
                    src: source.clone(),
                    span,
                });
            }
            if shape == GraphShape::Coloured {
                let colour = |i: usize| {
                    lit.colours
                        .get(i)
                        .copied()
                        .flatten()
                        .map_or(Colour::Green, |c| c.0)
                };
                ends = (ends.chunks_exact(2).enumerate())
                    .flat_map(|(i, e)| [e[0], e[1], colour(i).code()])
                    .collect();
            }
            if shape == GraphShape::Tinted {
                // An edge's third heap is 0; a vertex alone is (v, v, tint).
                let tint = |i: usize| {
                    (lit.lone_colours.get(i).copied().flatten()).map_or(Colour::Green, |c| c.0)
                };
                ends = (ends.chunks_exact(2))
                    .flat_map(|e| [e[0], e[1], 0])
                    .chain(
                        lone.iter()
                            .enumerate()
                            .flat_map(|(i, &v)| [v, v, tint(i).code()]),
                    )
                    .collect();
            }
            let graph = crate::position::graph_position(shape, &ends, &lone);
            return Ok(Position(graph.into_iter().map(BigUint::from).collect()));
        }
        (None, false) => {}
    }
    let Some(coins) = game.coins else {
        return match lit.heads {
            true => Err(problem(HeadsProblem::NotCoins)),
            false => Ok(Position(lit.heaps.clone())),
        };
    };
    if let Some(origins) = coins.pairs {
        return pairs(origins, lit).map_err(problem);
    }
    if (!lit.heads && lit.heaps.len() != 1) || lit.pairs {
        return Err(problem(HeadsProblem::NotHeaps));
    }
    // A row's heads are places from the first coin.
    let first = if lit.row { coins.origin } else { 0 };
    let mut heads: Vec<BigUint> = lit.heaps.iter().map(|h| h + first).collect();
    heads.sort();
    if let Some(w) = heads.windows(2).find(|w| w[0] == w[1]) {
        return Err(problem(HeadsProblem::Twice(w[0].clone())));
    }
    if let Some(first) = heads.first().filter(|&c| *c < BigUint::from(coins.origin)) {
        return Err(problem(HeadsProblem::BeforeFirst(
            first.clone(),
            coins.origin,
        )));
    }
    Ok(Position(heads))
}

/// Tokens on the vertices of a graph named by words, `a` or `(a, b)`: each
/// word a vertex of the graph the game's tokens slide along.
fn named_vertices(game: &Game, lit: &PositionLit) -> Result<Position, HeadsProblem> {
    if lit.graph {
        return Err(HeadsProblem::WordInAGraph(lit.words[0].clone()));
    }
    let Some(graph) = game.named_graph() else {
        return Err(HeadsProblem::NoNamedVertices(lit.words[0].clone()));
    };
    let heaps = (lit.words.iter())
        .map(|word| {
            graph.vertex(word).map(BigUint::from).ok_or_else(|| {
                HeadsProblem::NotAVertex(word.clone(), did_you_mean(word, &graph.names, "vertices"))
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(Position(heaps))
}

/// A product's heads: pairs `{(1, 2), (3, 4)}` (or one pair alone,
/// `(1, 2)`), sorted, each once, each side on its factor's row.
fn pairs(origins: [u64; 2], lit: &PositionLit) -> Result<Position, HeadsProblem> {
    let one_pair = !lit.heads && lit.heaps.len() == 2;
    let none = lit.heads && !lit.row && lit.heaps.is_empty();
    // Two numbers a pair: the shape checked before a pair is read.
    if !(one_pair || lit.pairs || none) || !lit.heaps.len().is_multiple_of(2) {
        return Err(HeadsProblem::NotPairs);
    }
    let mut pairs: Vec<(BigUint, BigUint)> = (lit.heaps.chunks_exact(2))
        .map(|p| (p[0].clone(), p[1].clone()))
        .collect();
    pairs.sort();
    if let Some(w) = pairs.windows(2).find(|w| w[0] == w[1]) {
        return Err(HeadsProblem::PairTwice(w[0].0.clone(), w[0].1.clone()));
    }
    for (x, y) in &pairs {
        for (coin, &origin) in [x, y].into_iter().zip(&origins) {
            if *coin < BigUint::from(origin) {
                return Err(HeadsProblem::BeforeFirst(coin.clone(), origin));
            }
        }
    }
    Ok(Position(
        pairs.into_iter().flat_map(|(x, y)| [x, y]).collect(),
    ))
}
