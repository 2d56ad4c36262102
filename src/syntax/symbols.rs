//! The names of a file and every place each is written: games (defined by
//! `game`, used by `analyze` and `becomes`), their parameters (used in the
//! game and as `NAME = VALUE` where it is used), named parts of a
//! `position`, and the variables of a move block (`choose`, `let`, `for`).
//! The language server's go to definition, references, rename, completion
//! and highlighting read this, so that a name means the same to the editor
//! as to the checker.

use super::ast::{BlockStmt, BlockStmtKind, EndCondition, File, GameDef, Item, Span, Statement};
use super::lex::{Kind, Token, tokens};

/// What a name names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// A game, by its name.
    Game(String),
    /// A parameter of a game.
    Param {
        /// The game's name.
        game: String,
        /// The parameter's.
        name: String,
    },
    /// A named part of a game's `position`.
    Part {
        /// The game's name.
        game: String,
        /// The part's.
        name: String,
    },
    /// A variable of the move block starting at `block`.
    Var {
        /// The block's first byte.
        block: usize,
        /// The variable's name.
        name: String,
    },
}

impl Symbol {
    /// The name as written.
    pub fn name(&self) -> &str {
        match self {
            Symbol::Game(name)
            | Symbol::Param { name, .. }
            | Symbol::Part { name, .. }
            | Symbol::Var { name, .. } => name,
        }
    }
}

/// One place a name is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// What it names.
    pub symbol: Symbol,
    /// Its first byte.
    pub start: usize,
    /// The byte after its last.
    pub end: usize,
    /// Where it is defined (not used).
    pub defines: bool,
}

/// Every occurrence of every name, in the order of the text.
pub struct Symbols {
    /// Each occurrence, by where it starts.
    pub occurrences: Vec<Occurrence>,
}

impl Symbols {
    /// The names of `text`, whose syntax tree (as far as it parsed) is
    /// `tree`.
    pub fn new(text: &str, tree: &File) -> Symbols {
        let tokens = tokens(text);
        let games: Vec<&GameDef> = (tree.items.iter())
            .filter_map(|item| match item {
                Item::Game(g) => Some(g),
                Item::Analyze(_) => None,
            })
            .collect();
        let mut out = Vec::new();
        for game in &games {
            names_of_game(game, &games, &tokens, &mut out);
        }
        for item in &tree.items {
            let Item::Analyze(analyze) = item else {
                continue;
            };
            for component in &analyze.components {
                let name = &component.game.name;
                if games.iter().any(|g| &g.name.name == name) {
                    out.push(used(Symbol::Game(name.clone()), component.game.span));
                    for arg in &component.args {
                        let symbol = Symbol::Param {
                            game: name.clone(),
                            name: arg.name.name.clone(),
                        };
                        out.push(used(symbol, arg.name.span));
                    }
                }
            }
        }
        out.sort_by_key(|o| (o.start, o.end));
        out.dedup_by(|a, b| a.start == b.start && a.end == b.end);
        Symbols { occurrences: out }
    }

    /// The occurrence at byte `offset` (touching its end counts).
    pub fn at(&self, offset: usize) -> Option<&Occurrence> {
        (self.occurrences.iter()).find(|o| o.start <= offset && offset <= o.end)
    }

    /// Every occurrence of `symbol`.
    pub fn of<'a>(&'a self, symbol: &'a Symbol) -> impl Iterator<Item = &'a Occurrence> + 'a {
        self.occurrences.iter().filter(move |o| &o.symbol == symbol)
    }

    /// Where `symbol` is defined.
    pub fn definition(&self, symbol: &Symbol) -> Option<&Occurrence> {
        (self.occurrences.iter()).find(|o| o.defines && &o.symbol == symbol)
    }
}

fn used(symbol: Symbol, span: Span) -> Occurrence {
    Occurrence {
        symbol,
        start: span.offset(),
        end: span.offset() + span.len(),
        defines: false,
    }
}

fn defined(symbol: Symbol, span: Span) -> Occurrence {
    Occurrence {
        defines: true,
        ..used(symbol, span)
    }
}

/// The words of `tokens` inside `span`.
fn words_in<'a>(tokens: &'a [Token<'a>], span: Span) -> impl Iterator<Item = &'a Token<'a>> {
    let (start, end) = (span.offset(), span.offset() + span.len());
    (tokens.iter()).filter(move |t| t.kind == Kind::Word && t.start >= start && t.start < end)
}

fn names_of_game(game: &GameDef, games: &[&GameDef], tokens: &[Token], out: &mut Vec<Occurrence>) {
    let title = &game.name.name;
    out.push(defined(Symbol::Game(title.clone()), game.name.span));
    let mut scoped: Vec<(Symbol, &str)> = Vec::new();
    for param in &game.params {
        let symbol = Symbol::Param {
            game: title.clone(),
            name: param.name.name.clone(),
        };
        out.push(defined(symbol.clone(), param.name.span));
        scoped.push((symbol, &param.name.name));
    }
    let mut blocks: Vec<(Span, Vec<&BlockStmt>)> = Vec::new();
    for statement in &game.body {
        match statement {
            Statement::Position(decl) => {
                for name in &decl.names {
                    let symbol = Symbol::Part {
                        game: title.clone(),
                        name: name.name.clone(),
                    };
                    out.push(defined(symbol.clone(), name.span));
                    scoped.push((symbol, &name.name));
                }
            }
            Statement::Move(m) => blocks.push((m.span, m.body.iter().collect())),
            Statement::End(end) => {
                if let EndCondition::Block(body) = &end.condition {
                    blocks.push((end.span, body.iter().collect()));
                }
            }
            _ => {}
        }
    }
    // The game's own names wherever its text uses them.
    for token in words_in(tokens, game.span) {
        if let Some((symbol, _)) = scoped.iter().find(|(_, name)| *name == token.text) {
            let end = token.start + token.text.len();
            if !out.iter().any(|o| o.start == token.start && o.defines) {
                out.push(Occurrence {
                    symbol: symbol.clone(),
                    start: token.start,
                    end,
                    defines: false,
                });
            }
        }
    }
    // A block's variables: defined by `choose`, `let`, `for`; used in it.
    for (span, body) in &blocks {
        let mut vars: Vec<(String, Span)> = Vec::new();
        let mut terms = Vec::new();
        walk(body, &mut vars, &mut terms);
        for (name, def) in &vars {
            let symbol = Symbol::Var {
                block: span.offset(),
                name: name.clone(),
            };
            out.push(defined(symbol.clone(), *def));
            for token in words_in(tokens, *span).filter(|t| t.text == name) {
                if token.start != def.offset() {
                    out.push(Occurrence {
                        symbol: symbol.clone(),
                        start: token.start,
                        end: token.start + token.text.len(),
                        defines: false,
                    });
                }
            }
        }
        // `becomes other(k = 2) at (...)`: the other game and its parameters.
        for (name, args) in terms {
            if games.iter().any(|g| g.name.name == name.name) {
                out.push(used(Symbol::Game(name.name.clone()), name.span));
                for (arg, span) in args {
                    let symbol = Symbol::Param {
                        game: name.name.clone(),
                        name: arg,
                    };
                    out.push(used(symbol, span));
                }
            }
        }
    }
}

type Term = (super::ast::Ident, Vec<(String, Span)>);

/// The variables a block defines (first definition of each name), and the
/// games its `becomes` name.
fn walk(body: &[&BlockStmt], vars: &mut Vec<(String, Span)>, terms: &mut Vec<Term>) {
    for statement in body {
        let mut define = |var: &super::ast::Ident| {
            if !vars.iter().any(|(n, _)| n == &var.name) {
                vars.push((var.name.clone(), var.span));
            }
        };
        match &statement.kind {
            BlockStmtKind::Choose { var, .. } | BlockStmtKind::Let { var, .. } => define(var),
            BlockStmtKind::For { var, body, .. } => {
                define(var);
                walk(&body.iter().collect::<Vec<_>>(), vars, terms);
            }
            BlockStmtKind::If {
                then, otherwise, ..
            } => {
                walk(&then.iter().collect::<Vec<_>>(), vars, terms);
                walk(&otherwise.iter().collect::<Vec<_>>(), vars, terms);
            }
            BlockStmtKind::Becomes(list) => {
                for term in list {
                    if let Some((name, args)) = &term.game {
                        let args = (args.iter())
                            .map(|a| (a.name.name.clone(), a.name.span))
                            .collect();
                        terms.push((name.clone(), args));
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_file;

    fn names(text: &str) -> Symbols {
        Symbols::new(text, &parse_file(text).0)
    }

    #[test]
    fn a_parameter_is_found_where_the_game_uses_it_and_where_it_is_set() {
        let text = "game bash(m = 3) { heaps 1; take 1..m }\nanalyze bash(m = 4) at 21\n";
        let names = names(text);
        let m = Symbol::Param {
            game: "bash".into(),
            name: "m".into(),
        };
        let places: Vec<usize> = names.of(&m).map(|o| o.start).collect();
        // `bash(m = 3)`, `1..m`, `bash(m = 4)`: not the `m` of `game`.
        assert_eq!(places, [10, 36, 53]);
        assert_eq!(names.definition(&m).map(|o| o.start), Some(10));
        let bash: Vec<usize> = (names.of(&Symbol::Game("bash".into())))
            .map(|o| o.start)
            .collect();
        assert_eq!(bash, [5, 48]);
    }

    #[test]
    fn block_variables_and_becomes_are_found() {
        let text = "game row { heaps *; octal 0.77 }\ngame circle {\n    heaps 1\n    move first {\n        choose k in 1..2\n        require k <= h[1]\n        becomes row at (h[1] - k)\n    }\n}\n";
        let names = names(text);
        let k = (names.occurrences.iter())
            .filter(|o| matches!(&o.symbol, Symbol::Var { name, .. } if name == "k"))
            .count();
        assert_eq!(k, 3);
        assert_eq!(names.of(&Symbol::Game("row".into())).count(), 2);
    }
}
