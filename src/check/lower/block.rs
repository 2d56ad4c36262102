//! Lowering `move NAME { ... }` blocks: every name resolved (a variable to
//! its slot, a named part to its heap, a parameter to its value), and the
//! mistakes a block can make found before any position is searched: an
//! unbounded `choose`, an assignment to something that is not part of the
//! position, `append` or `remove` where the heap count is fixed, a block
//! that changes nothing.

use super::error::{Kind, RulesError};
use super::lowerer::Lowerer;
use super::names::POSITION;
use crate::rules::expr::Expr;
use crate::rules::{
    Block, End, EndTest, GameRef, MoveKind, ParamValue, Rule, Said, Stmt, Term, TermGame,
};
use crate::syntax::ast::{self, AssignOp, BlockStmtKind, Place};

impl Lowerer<'_> {
    pub(super) fn block(&mut self, def: &ast::MoveDef, heap_count: Option<usize>) -> Option<Rule> {
        self.vars.clear();
        self.slots = 0;
        // The `says` of the block itself (one), read with its names as they
        // stand at the block's end; the rest is the block.
        let (told, statements): (Vec<&ast::BlockStmt>, Vec<&ast::BlockStmt>) =
            (def.body.iter()).partition(|s| matches!(s.kind, BlockStmtKind::Says(_)));
        for again in told.iter().skip(1) {
            self.error(RulesError::SaysPlace {
                problem: "a block has one",
                src: self.source.clone(),
                span: again.span,
            });
        }
        let statements: Vec<ast::BlockStmt> = statements.into_iter().cloned().collect();
        let body = self.statements_then(&statements, heap_count, |lowerer| {
            let BlockStmtKind::Says(parts) = &told.first()?.kind else {
                return None;
            };
            Some(lowerer.says(parts))
        });
        let (body, says) = match body {
            Some((body, Some(says))) => (Some(body), Some(says?)),
            Some((body, None)) => (Some(body), None),
            None => (None, None),
        };
        if !changes_the_position(&def.body) {
            self.error(RulesError::NoEffect {
                name: def.name.name.clone(),
                src: self.source.clone(),
                span: def.name.span,
            });
            return None;
        }
        Some(Rule {
            side: def.side,
            name: def.name.name.clone(),
            span: def.name.span,
            kind: MoveKind::Block(Block {
                body: body?,
                slots: self.slots,
                octal: None,
                says,
            }),
        })
    }

    /// `win when COND` (and `lose`, `draw`): the condition lowered as an
    /// invariant is, or as a block that may not change the position.
    pub(super) fn end(&mut self, def: &ast::EndDecl, heap_count: Option<usize>) -> Option<End> {
        let test = match &def.condition {
            ast::EndCondition::Expr(expr) => {
                EndTest::Expr(self.expr(expr, POSITION, Kind::Condition)?)
            }
            ast::EndCondition::Block(body) => {
                self.vars.clear();
                self.slots = 0;
                if changes_the_position(body) {
                    self.error(RulesError::EndChanges {
                        kind: def.kind.word(),
                        src: self.source.clone(),
                        span: def.span,
                    });
                    return None;
                }
                let body = self.statements(body, heap_count)?;
                EndTest::Block(Block {
                    body,
                    slots: self.slots,
                    octal: None,
                    says: None,
                })
            }
        };
        Some(End {
            kind: def.kind,
            test,
            text: self.source.slice(def.span).to_string(),
            span: def.span,
        })
    }

    /// A move's words: each hole's expression lowered as a number.
    fn says(&mut self, parts: &[ast::SaysPart]) -> Option<Vec<Said>> {
        let lowered: Vec<Option<Said>> = (parts.iter())
            .map(|part| match part {
                ast::SaysPart::Words(words) => Some(Said::Words(words.clone())),
                ast::SaysPart::Value(expr) => self.number(expr).map(Said::Value),
            })
            .collect();
        lowered.into_iter().collect()
    }

    /// Lowers statements in a scope of their own: the variables they declare
    /// are gone after them. Every statement is lowered, so that all the
    /// mistakes are reported.
    fn statements(
        &mut self,
        statements: &[ast::BlockStmt],
        heap_count: Option<usize>,
    ) -> Option<Vec<Stmt>> {
        self.statements_then(statements, heap_count, |_| Some(()))
            .map(|(lowered, _)| lowered)
    }

    /// `statements`, with `then` run in their scope before it closes (a
    /// `says` reads the names they declare); `then`'s value beside them.
    fn statements_then<T>(
        &mut self,
        statements: &[ast::BlockStmt],
        heap_count: Option<usize>,
        then: impl FnOnce(&mut Self) -> T,
    ) -> Option<(Vec<Stmt>, T)> {
        let scope = self.vars.len();
        let mut lowered = Some(Vec::with_capacity(statements.len()));
        // `becomes` ends the move: nothing may follow it.
        let ended = statements
            .iter()
            .position(|s| matches!(s.kind, BlockStmtKind::Becomes(_)));
        if let Some(at) = ended
            && let Some(after) = statements.get(at + 1)
        {
            self.error(RulesError::AfterBecomes {
                src: self.source.clone(),
                span: after.span,
                becomes: statements[at].span,
            });
            lowered = None;
        }
        for statement in statements {
            match (self.statement(statement, heap_count), lowered.as_mut()) {
                (Some(s), Some(all)) => all.push(s),
                _ => lowered = None,
            }
        }
        let after = then(self);
        self.vars.truncate(scope);
        lowered.map(|lowered| (lowered, after))
    }

    fn statement(&mut self, statement: &ast::BlockStmt, heap_count: Option<usize>) -> Option<Stmt> {
        match &statement.kind {
            // A move block's own `says` is taken out before its statements
            // are lowered: one here stands in an `if`, a loop or an end.
            BlockStmtKind::Says(_) => {
                self.error(RulesError::SaysPlace {
                    problem: "this one stands inside an `if`, a loop or an end",
                    src: self.source.clone(),
                    span: statement.span,
                });
                None
            }
            BlockStmtKind::Choose { var, lo, hi } => {
                let lo = self.number(lo);
                let hi = match hi {
                    Some(hi) => self.number(hi),
                    None => {
                        self.error(RulesError::UnboundedChoose {
                            src: self.source.clone(),
                            span: statement.span,
                        });
                        None
                    }
                };
                // Declared even when its range is wrong: what uses it is not.
                let slot = self.declare(var);
                Some(Stmt::Choose {
                    slot,
                    lo: lo?,
                    hi: hi?,
                })
            }
            BlockStmtKind::Require(condition) => self
                .expr(condition, POSITION, Kind::Condition)
                .map(Stmt::Require),
            BlockStmtKind::Let { var, value } => {
                let value = self.number(value);
                let slot = self.declare(var);
                Some(Stmt::Let {
                    slot,
                    value: value?,
                })
            }
            BlockStmtKind::Assign { place, op, value } if self.is_score(place) => {
                let value = self.number(value)?;
                match op {
                    AssignOp::Add => Some(Stmt::Score(value)),
                    AssignOp::Sub => Some(Stmt::Score(Expr::Neg(Box::new(value)))),
                    AssignOp::Set => {
                        self.error(RulesError::ScoreSet {
                            src: self.source.clone(),
                            span: statement.span,
                        });
                        None
                    }
                }
            }
            BlockStmtKind::Again => Some(Stmt::Again),
            BlockStmtKind::Assign { place, op, value } => {
                let index = self.place(place);
                let value = self.number(value);
                Some(Stmt::Assign {
                    index: index?,
                    op: *op,
                    value: value?,
                })
            }
            BlockStmtKind::For { var, lo, hi, body } => {
                let (lo, hi) = (self.number(lo), self.number(hi));
                let scope = self.vars.len();
                let slot = self.declare(var);
                let body = self.statements(body, heap_count);
                self.vars.truncate(scope);
                let body = body?;
                Some(Stmt::For {
                    slot,
                    lo: lo?,
                    hi: hi?,
                    forks: Stmt::fork(&body),
                    body,
                })
            }
            BlockStmtKind::If {
                condition,
                then,
                otherwise,
            } => {
                let condition = self.expr(condition, POSITION, Kind::Condition);
                let then = self.statements(then, heap_count);
                let otherwise = self.statements(otherwise, heap_count);
                Some(Stmt::If {
                    condition: condition?,
                    then: then?,
                    otherwise: otherwise?,
                })
            }
            BlockStmtKind::Append(value) => {
                self.resizable("append", statement, heap_count)?;
                self.number(value).map(Stmt::Append)
            }
            BlockStmtKind::Remove(index) => {
                self.resizable("remove", statement, heap_count)?;
                self.number(index).map(Stmt::Remove)
            }
            BlockStmtKind::Becomes(terms) => {
                let lowered: Vec<Option<Term>> =
                    terms.iter().map(|t| self.term(t, heap_count)).collect();
                lowered
                    .into_iter()
                    .collect::<Option<Vec<_>>>()
                    .map(Stmt::Becomes)
            }
        }
    }

    /// One position of a `becomes`: its parts lowered; one of this game
    /// has as many as the game's positions. Another game's is linked by
    /// checking, which knows every game of the file.
    fn term(&mut self, term: &ast::Term, heap_count: Option<usize>) -> Option<Term> {
        let parts: Vec<Option<Expr>> = term.parts.iter().map(|p| self.number(p)).collect();
        let parts = parts.into_iter().collect::<Option<Vec<_>>>();
        let game = match &term.game {
            Some((name, args)) => {
                let args: Vec<Option<ast::Arg>> = args.iter().map(|a| self.term_arg(a)).collect();
                TermGame::Named(Box::new(GameRef {
                    name: name.clone(),
                    args: args.into_iter().collect::<Option<_>>()?,
                }))
            }
            None => {
                if let Some(expected) = heap_count.filter(|&n| n != term.parts.len()) {
                    self.error(RulesError::TermParts {
                        game: self.name.to_string(),
                        expected,
                        found: term.parts.len(),
                        names: (!self.parts.is_empty()).then(|| self.parts.clone()),
                        src: self.source.clone(),
                        span: term.span,
                    });
                    return None;
                }
                TermGame::This
            }
        };
        Some(Term {
            game,
            parts: parts?,
            span: term.span,
        })
    }

    /// A parameter value a `becomes` gives another game, computed from this
    /// game's parameters: a number, or a parameter of any kind by its name.
    fn term_arg(&mut self, arg: &ast::TermArg) -> Option<ast::Arg> {
        let value = match &arg.value {
            ast::TermValue::Value(value) => value.clone(),
            ast::TermValue::Expr(expr) => {
                let kind = match &expr.kind {
                    ast::ExprKind::Name(name) if !self.is_local(&name.name) => {
                        self.param(&name.name).map(ParamValue::written)
                    }
                    _ => None,
                };
                let kind = match kind {
                    Some(kind) => kind,
                    None => ast::ValueKind::Int(self.constant(expr, Kind::Number)?),
                };
                ast::Value {
                    kind,
                    span: expr.span,
                }
            }
        };
        Some(ast::Arg {
            name: arg.name.clone(),
            value,
            span: arg.span,
        })
    }

    fn number(&mut self, expr: &ast::Expr) -> Option<Expr> {
        self.expr(expr, POSITION, Kind::Number)
    }

    /// A new variable, in a slot of its own.
    fn declare(&mut self, var: &ast::Ident) -> usize {
        let slot = self.slots;
        self.slots += 1;
        self.vars.push((var.name.clone(), slot));
        slot
    }

    /// The 1-based heap an assignment changes.
    fn place(&mut self, place: &Place) -> Option<Expr> {
        match place {
            Place::Heap(index) => self.number(index),
            Place::Cell(r, c) => {
                let span = r.span;
                let (r, c) = (self.number(r), self.number(c));
                self.on_a_board(span)?;
                Some(Expr::CellPlace(Box::new(r?), Box::new(c?)))
            }
            Place::Name(name) => match self.parts.iter().position(|p| *p == name.name) {
                Some(i) if !self.vars.iter().any(|(v, _)| *v == name.name) => {
                    Some(Expr::Const(i as i128 + 1))
                }
                // A variable of the block (`let`, `choose`, `for`) of the
                // same name hides the part.
                Some(_) => {
                    self.error(RulesError::HiddenPart {
                        name: name.name.clone(),
                        src: self.source.clone(),
                        span: name.span,
                    });
                    None
                }
                None => {
                    self.error(RulesError::NotAPart {
                        name: name.name.clone(),
                        parts: self.parts.clone(),
                        src: self.source.clone(),
                        span: name.span,
                    });
                    None
                }
            },
        }
    }

    /// `append` and `remove` need a game of any number of heaps.
    fn resizable(
        &mut self,
        statement: &'static str,
        at: &ast::BlockStmt,
        heap_count: Option<usize>,
    ) -> Option<()> {
        match heap_count {
            None => Some(()),
            Some(heaps) => {
                self.error(RulesError::ResizesFixed {
                    statement,
                    heaps,
                    src: self.source.clone(),
                    span: at.span,
                });
                None
            }
        }
    }
}

/// Whether some statement may change the position: an assignment, `append`
/// or `remove`, at any depth.
fn changes_the_position(statements: &[ast::BlockStmt]) -> bool {
    statements.iter().any(|s| match &s.kind {
        BlockStmtKind::Assign { .. }
        | BlockStmtKind::Append(_)
        | BlockStmtKind::Remove(_)
        | BlockStmtKind::Becomes(_) => true,
        BlockStmtKind::For { body, .. } => changes_the_position(body),
        BlockStmtKind::If {
            then, otherwise, ..
        } => changes_the_position(then) || changes_the_position(otherwise),
        BlockStmtKind::Choose { .. }
        | BlockStmtKind::Require(_)
        | BlockStmtKind::Let { .. }
        | BlockStmtKind::Says(_)
        | BlockStmtKind::Again => false,
    })
}
