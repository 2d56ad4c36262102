//! Building top-level items: games, with their parameters and statements
//! (`heaps`, `play`; rules and blocks are built in `rule_defs` and `blocks`), and `analyze` lines, with
//! their components; and the values and positions both of them use.

use num_bigint::BigUint;
use pest::iterators::Pair;

use super::build::{Builder, PResult, child, children};
use super::grammar::Rule;
use crate::syntax::ast::{
    Analyze, Arg, Colour, Component, Compound, EndCondition, EndDecl, EndKind, Expr, GameDef,
    HeapCount, HeapsDecl, Item, Param, PlayDecl, PositionLit, Positions, Split, Statement, Value,
    ValueKind, WrittenValue,
};
use crate::syntax::error::SyntaxError;

impl Builder {
    pub(super) fn item(&self, line: Pair<'_, Rule>) -> PResult<Item> {
        let item = line.into_inner().next().expect("item_line has an item");
        match item.as_rule() {
            Rule::game_def => self.game(item).map(Item::Game),
            Rule::analyze => Ok(Item::Analyze(self.analyze(item)?)),
            other => unreachable!("not an item: {other:?}"),
        }
    }

    fn game(&self, pair: Pair<'_, Rule>) -> PResult<GameDef> {
        let span = self.span(&pair);
        let mut name = None;
        let mut params = Vec::new();
        let mut body = Vec::new();
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::game_name => name = Some(self.ident(part)),
                Rule::params => {
                    params = children(part, Rule::param)
                        .map(|p| self.param(p))
                        .collect::<PResult<_>>()?;
                }
                Rule::body => {
                    for statement in children(part, Rule::statement) {
                        body.push(self.statement(statement)?);
                    }
                }
                _ => {}
            }
        }
        Ok(GameDef {
            name: name.expect("a game has a name"),
            params,
            body,
            span,
        })
    }

    fn param(&self, pair: Pair<'_, Rule>) -> PResult<Param> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.ident(inner.next().expect("a parameter has a name"));
        let default = self.value(inner.find(|p| p.as_rule() == Rule::value).expect("a value"))?;
        Ok(Param {
            name,
            default,
            span,
        })
    }

    fn value(&self, pair: Pair<'_, Rule>) -> PResult<Value> {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("a value has a kind");
        Ok(Value {
            span,
            ..self.value_of(inner)?
        })
    }

    /// A value of one kind (`signed_int`, `set_value`, `list_value`,
    /// `graph_value`).
    pub(super) fn value_of(&self, inner: Pair<'_, Rule>) -> PResult<Value> {
        let span = self.span(&inner);
        let kind = match inner.as_rule() {
            Rule::signed_int => ValueKind::Int(self.big_int(&inner)?),
            Rule::set_value => ValueKind::Set(
                children(inner, Rule::signed_int)
                    .map(|p| self.big_int(&p))
                    .collect::<PResult<_>>()?,
            ),
            Rule::graph_value => self.graph(inner)?,
            Rule::list_value => ValueKind::List(
                children(inner, Rule::signed_int)
                    .map(|p| self.big_int(&p))
                    .collect::<PResult<_>>()?,
            ),
            other => unreachable!("not a value: {other:?}"),
        };
        Ok(Value { kind, span })
    }

    /// A graph value: its arcs, each vertex a number, or a word numbered
    /// from 0 in the order the words come. A vertex written alone has no
    /// arcs: as a vertex not written, a token on it has no move.
    fn graph(&self, pair: Pair<'_, Rule>) -> PResult<ValueKind> {
        let span = self.span(&pair);
        let mut names: Vec<String> = Vec::new();
        let mut numbered = false;
        let mut arcs = Vec::new();
        for arc in children(pair, Rule::arc) {
            if let Some(colour) = children(arc.clone(), Rule::edge_colour).next() {
                return Err(SyntaxError::ColouredArc {
                    span: self.span(&colour),
                });
            }
            let mut ends = Vec::new();
            for vertex in children(arc.clone(), Rule::vertex) {
                let text = vertex.as_str();
                ends.push(match text.parse::<u64>() {
                    Ok(n) => {
                        numbered = true;
                        n
                    }
                    Err(_) => match names.iter().position(|w| w == text) {
                        Some(k) => k as u64,
                        None => {
                            names.push(text.to_string());
                            names.len() as u64 - 1
                        }
                    },
                });
            }
            if let [from, to] = ends[..] {
                let both = children(arc, Rule::arc_with).next().is_some();
                arcs.push((from, to, both));
            }
        }
        if numbered && !names.is_empty() {
            return Err(SyntaxError::MixedVertices { span });
        }
        Ok(ValueKind::Graph { arcs, names })
    }

    pub(super) fn statement(&self, pair: Pair<'_, Rule>) -> PResult<Statement> {
        let inner = pair.into_inner().next().expect("a statement has a kind");
        match inner.as_rule() {
            Rule::heaps_decl => self.heaps(inner).map(Statement::Heaps),
            Rule::coins_decl => {
                let span = self.span(&inner);
                let origin = match children(inner, Rule::int).next() {
                    Some(n) => self.big_uint(&n)?,
                    None => BigUint::from(1u8),
                };
                Ok(Statement::Heaps(HeapsDecl {
                    count: HeapCount::Coins { origin },
                    invariant: None,
                    span,
                }))
            }
            Rule::board_decl => Ok(Statement::Heaps(HeapsDecl {
                count: HeapCount::Board,
                invariant: None,
                span: self.span(&inner),
            })),
            Rule::play_decl => {
                let span = self.span(&inner);
                let misere = children(inner, Rule::kw_misere).next().is_some();
                Ok(Statement::Play(PlayDecl { misere, span }))
            }
            Rule::position_decl => self.position_decl(inner).map(Statement::Position),
            Rule::move_def => self.move_def(inner).map(Statement::Move),
            Rule::rule_def => self.rule(inner).map(Statement::Rule),
            Rule::end_decl => self.end_decl(inner).map(Statement::End),
            other => unreachable!("not a statement: {other:?}"),
        }
    }

    fn end_decl(&self, pair: Pair<'_, Rule>) -> PResult<EndDecl> {
        let span = self.span(&pair);
        let mut kind = EndKind::Win;
        let mut condition = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::end_kind => {
                    kind = match part.into_inner().next().map(|k| k.as_rule()) {
                        Some(Rule::kw_lose) => EndKind::Lose,
                        Some(Rule::kw_draw) => EndKind::Draw,
                        _ => EndKind::Win,
                    }
                }
                Rule::block => condition = Some(EndCondition::Block(self.block(part)?)),
                Rule::expr => condition = Some(EndCondition::Expr(self.expr(part)?)),
                _ => {}
            }
        }
        Ok(EndDecl {
            kind,
            condition: condition.expect("an end has a condition"),
            span,
        })
    }

    fn heaps(&self, pair: Pair<'_, Rule>) -> PResult<HeapsDecl> {
        let span = self.span(&pair);
        let mut count = HeapCount::Any;
        let mut invariant = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::heap_count => {
                    let inner = part.into_inner().next().expect("a heap count");
                    if inner.as_rule() == Rule::int {
                        count = HeapCount::Fixed(self.big_uint(&inner)?, self.span(&inner));
                    }
                }
                Rule::where_clause => invariant = Some(self.where_clause(part)?),
                _ => {}
            }
        }
        Ok(HeapsDecl {
            count,
            invariant,
            span,
        })
    }

    pub(super) fn where_clause(&self, pair: Pair<'_, Rule>) -> PResult<Expr> {
        self.expr(child(pair, Rule::expr))
    }

    pub(super) fn analyze(&self, pair: Pair<'_, Rule>) -> PResult<Analyze> {
        let span = self.span(&pair);
        let compound = match children(pair.clone(), Rule::compound).next() {
            Some(word) => match word.as_str() {
                "every" => Compound::Every,
                "all" => Compound::All,
                "some" => Compound::Some,
                "series" => Compound::Series,
                _ => Compound::Any,
            },
            None => Compound::Sum,
        };
        // Each part, negated where a `-` stands before it; in `compare G
        // to H`, H's parts negated once more (G − H is asked).
        let (mut components, mut values) = (Vec::new(), Vec::new());
        let (mut negated, mut compare) = (false, None);
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::minus => negated = compare.is_none(),
                Rule::plus => negated = compare.is_some(),
                Rule::kw_to => {
                    compare = Some(Split {
                        components: components.len(),
                        values: values.len(),
                    });
                    negated = true;
                }
                Rule::component => components.push(Component {
                    negated,
                    ..self.component(part)?
                }),
                Rule::written_value => {
                    let text: String = part.as_str().split_whitespace().collect();
                    values.push(WrittenValue {
                        text,
                        negated,
                        span: self.span(&part),
                    })
                }
                _ => {}
            }
        }
        Ok(Analyze {
            compound,
            components,
            values,
            compare,
            span,
        })
    }

    fn component(&self, pair: Pair<'_, Rule>) -> PResult<Component> {
        let span = self.span(&pair);
        let mut game = None;
        let mut args = Vec::new();
        let mut positions = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::game_name => game = Some(self.ident(part)),
                Rule::args => {
                    args = children(part, Rule::arg)
                        .map(|a| self.arg(a))
                        .collect::<PResult<_>>()?
                }
                Rule::positions => positions = Some(self.positions(part)?),
                _ => {}
            }
        }
        Ok(Component {
            negated: false,
            game: game.expect("a component names a game"),
            args,
            positions: positions.expect("a component has positions"),
            span,
        })
    }

    /// What follows `at`: a list, a box, or one position.
    fn positions(&self, pair: Pair<'_, Rule>) -> PResult<Positions> {
        let inner = pair
            .into_inner()
            .next()
            .expect("positions hold one of three");
        self.positions_item(inner)
    }

    fn positions_item(&self, pair: Pair<'_, Rule>) -> PResult<Positions> {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::position_list => {
                let items = (pair.into_inner())
                    .filter(|p| matches!(p.as_rule(), Rule::position_box | Rule::position))
                    .map(|p| self.positions_item(p))
                    .collect::<PResult<_>>()?;
                Ok(Positions::List { items, span })
            }
            Rule::position_box => {
                let mut sides = Vec::new();
                let mut ranged = false;
                for side in pair.into_inner() {
                    match side.as_rule() {
                        Rule::heap_range => {
                            let mut ends = children(side, Rule::int);
                            let low = self.big_uint(&ends.next().expect("a range's low end"))?;
                            let high = self.big_uint(&ends.next().expect("a range's high end"))?;
                            sides.push((low, high));
                            ranged = true;
                        }
                        Rule::int => {
                            let n = self.big_uint(&side)?;
                            sides.push((n.clone(), n));
                        }
                        _ => {}
                    }
                }
                if ranged {
                    return Ok(Positions::Box { sides, span });
                }
                // Numbers alone are one position, as `position` reads them.
                let heaps = sides.into_iter().map(|(n, _)| n).collect();
                Ok(Positions::One(PositionLit::of_heaps(heaps, span)))
            }
            _ => Ok(Positions::One(self.position(pair)?)),
        }
    }

    pub(super) fn arg(&self, pair: Pair<'_, Rule>) -> PResult<Arg> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.ident(inner.next().expect("an argument has a name"));
        let value = self.value(inner.find(|p| p.as_rule() == Rule::value).expect("a value"))?;
        Ok(Arg { name, value, span })
    }

    pub(super) fn position(&self, pair: Pair<'_, Rule>) -> PResult<PositionLit> {
        let span = self.span(&pair);
        if let Some(board) = children(pair.clone(), Rule::board_text).next() {
            let text = board.as_str();
            return Ok(PositionLit {
                board: Some(text[1..text.len() - 1].to_string()),
                ..PositionLit::of_heaps(Vec::new(), span)
            });
        }
        if let Some(graph) = children(pair.clone(), Rule::graph_value).next() {
            let (mut heaps, mut lone, mut colours) = (Vec::new(), Vec::new(), Vec::new());
            let mut lone_colours = Vec::new();
            let mut words = Vec::new();
            for arc in children(graph, Rule::arc) {
                let colour = children(arc.clone(), Rule::edge_colour).next();
                let vertices: Vec<BigUint> = children(arc, Rule::vertex)
                    .filter_map(|v| match BigUint::parse_bytes(v.as_str().as_bytes(), 10) {
                        Some(n) => Some(n),
                        None => {
                            words.push(v.as_str().to_string());
                            None
                        }
                    })
                    .collect();
                let colour = colour.map(|c| (colour_of(c.as_str()), self.span(&c)));
                match vertices.as_slice() {
                    [alone] => {
                        lone.push(alone.clone());
                        lone_colours.push(colour);
                    }
                    _ => {
                        heaps.extend(vertices);
                        colours.push(colour);
                    }
                }
            }
            return Ok(PositionLit {
                graph: true,
                lone,
                lone_colours,
                colours,
                words,
                ..PositionLit::of_heaps(heaps, span)
            });
        }
        let named: Vec<Pair<'_, Rule>> = children(pair.clone(), Rule::named_part).collect();
        if !named.is_empty() {
            let mut heaps = Vec::new();
            let mut names = Vec::new();
            for part in named {
                let mut inner = part.into_inner();
                names.push(self.ident(inner.next().expect("a part has a name")));
                let value = inner
                    .find(|p| p.as_rule() == Rule::int)
                    .expect("and a number");
                heaps.push(self.big_uint(&value)?);
            }
            return Ok(PositionLit {
                names,
                ..PositionLit::of_heaps(heaps, span)
            });
        }
        let words: Vec<String> = children(pair.clone(), Rule::ident)
            .map(|w| w.as_str().to_string())
            .collect();
        if !words.is_empty() {
            return Ok(PositionLit {
                words,
                ..PositionLit::of_heaps(Vec::new(), span)
            });
        }
        if let Some(row) = children(pair.clone(), Rule::row).next() {
            let heaps = (row.as_str().chars().enumerate())
                .filter(|&(_, c)| c == 'H')
                .map(|(i, _)| BigUint::from(i))
                .collect();
            return Ok(PositionLit {
                heads: true,
                row: true,
                ..PositionLit::of_heaps(heaps, span)
            });
        }
        let heads = children(pair.clone(), Rule::heads).next();
        let (heaps, pairs) = match heads.clone() {
            None => (children(pair, Rule::int).collect(), false),
            Some(heads) => {
                let mut ints = Vec::new();
                let (mut pairs, mut singles) = (false, false);
                for head in children(heads, Rule::head) {
                    let inner = head.into_inner().next().expect("a head has a coin");
                    match inner.as_rule() {
                        Rule::head_pair => {
                            pairs = true;
                            ints.extend(children(inner, Rule::int));
                        }
                        _ => {
                            singles = true;
                            ints.push(inner);
                        }
                    }
                }
                if pairs && singles {
                    return Err(SyntaxError::MixedHeads { span });
                }
                (ints, pairs)
            }
        };
        let heaps = heaps
            .iter()
            .map(|p| self.big_uint(p))
            .collect::<PResult<_>>()?;
        Ok(PositionLit {
            heads: heads.is_some(),
            pairs,
            ..PositionLit::of_heaps(heaps, span)
        })
    }
}

/// The colour an edge's word names (`edge_colour` matches these three).
fn colour_of(word: &str) -> Colour {
    match word {
        "blue" => Colour::Blue,
        "red" => Colour::Red,
        _ => Colour::Green,
    }
}
