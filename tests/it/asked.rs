//! Asking a position of a game by its heaps, as the library's own tests do:
//! the position built as the checker builds one written in a file.

use gamelang::analysis::{AnalysisError, Analyzer, Answer};
use gamelang::check::{Program, Question};
use gamelang::position::GraphShape;
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
    let lit = PositionLit {
        heaps: big(&mut heaps.chunks(2).filter(|e| !alone(e)).flatten().copied()),
        heads,
        pairs,
        row: false,
        graph: graph.is_some(),
        lone: big(&mut heaps.chunks(2).filter(alone).map(|e| e[0])),
        words: Vec::new(),
        names: Vec::new(),
        span: (0, 0).into(),
    };
    let source = Source::new("test", "");
    let instance = program
        .instance(entry, &[], &source, &lit, &source)
        .expect("a valid position");
    analyzer.analyze(&Question::sum(vec![instance]))
}
