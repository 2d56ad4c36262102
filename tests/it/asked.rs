//! Asking a position of a game by its heaps, as the library's own tests do:
//! the position built as the checker builds one written in a file.

use gamelang::analysis::{AnalysisError, Analyzer, Answer};
use gamelang::check::{Program, Question};
use gamelang::position::{Colour, GraphShape};
use gamelang::source::Source;
use gamelang::syntax::ast::PositionLit;
use num_bigint::BigUint;

/// Analyzes `heaps` in the program's game `game`.
pub fn answer(analyzer: &mut Analyzer, program: &Program, game: &str, heaps: &[u64]) -> Answer {
    analysis(analyzer, program, game, heaps).expect("the analysis succeeds")
}

/// The analysis of `heaps` in the program's game `game`: its answer, or
/// the error that stopped it.
pub fn analysis(
    analyzer: &mut Analyzer,
    program: &Program,
    game: &str,
    heaps: &[u64],
) -> Result<Answer, AnalysisError> {
    let entry = program.game(game).expect("the game exists");
    // The position is written as the game's kind takes it: a coin game's
    // heads (a product's as pairs), a graph game's graph.
    let lowered = entry.default.as_ref().expect("the game lowers");
    let coins = lowered.coins;
    let (heads, pairs) = (coins.is_some(), coins.is_some_and(|c| c.pairs.is_some()));
    // Kayles' graphs have no loops: a pair (v, v) is the vertex v alone.
    let graph = lowered.graph;
    let big = |heaps: &mut dyn Iterator<Item = u64>| heaps.map(BigUint::from).collect();
    let alone = |e: &&[u64]| {
        graph.is_some_and(|s| s != GraphShape::Grounded) && e.len() == 2 && e[0] == e[1]
    };
    // A coloured graph's edges are three heaps each, the third its colour.
    if graph == Some(GraphShape::Coloured) {
        let colour = |code: u64| Colour::of_code(code).map(|c| (c, (0, 0).into()));
        let lit = PositionLit {
            heaps: big(&mut heaps.chunks(3).flat_map(|e| [e[0], e[1]])),
            graph: true,
            colours: heaps.chunks(3).map(|e| colour(e[2])).collect(),
            ..PositionLit::of_heaps(Vec::new(), (0, 0).into())
        };
        return asked(analyzer, program, entry, &lit);
    }
    // Snort's and Col's are three heaps an entry: an edge (a, b, 0), a
    // vertex (v, v, tint).
    if graph == Some(GraphShape::Tinted) {
        let colour = |code: u64| {
            (Colour::of_code(code).filter(|&c| c != Colour::Green)).map(|c| (c, (0, 0).into()))
        };
        let (vertices, edges): (Vec<&[u64]>, Vec<&[u64]>) =
            heaps.chunks(3).partition(|e| e[0] == e[1]);
        let lit = PositionLit {
            heaps: big(&mut edges.iter().flat_map(|e| [e[0], e[1]])),
            graph: true,
            lone: big(&mut vertices.iter().map(|e| e[0])),
            lone_colours: vertices.iter().map(|e| colour(e[2])).collect(),
            ..PositionLit::of_heaps(Vec::new(), (0, 0).into())
        };
        return asked(analyzer, program, entry, &lit);
    }
    let lit = PositionLit {
        heaps: big(&mut heaps.chunks(2).filter(|e| !alone(e)).flatten().copied()),
        heads,
        pairs,
        row: false,
        graph: graph.is_some(),
        board: None,
        lone: big(&mut heaps.chunks(2).filter(alone).map(|e| e[0])),
        lone_colours: Vec::new(),
        colours: Vec::new(),
        words: Vec::new(),
        names: Vec::new(),
        span: (0, 0).into(),
    };
    asked(analyzer, program, entry, &lit)
}

/// The analysis of the position `lit` writes, of the program's `entry`.
fn asked(
    analyzer: &mut Analyzer,
    program: &Program,
    entry: &gamelang::check::GameEntry,
    lit: &PositionLit,
) -> Result<Answer, AnalysisError> {
    let source = Source::new("test", "");
    let instance = program
        .instance(entry, &[], &source, lit, &source)
        .expect("a valid position");
    analyzer.analyze(&Question::sum(vec![instance]))
}
