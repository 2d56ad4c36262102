//! Building `move NAME { ... }` blocks and `position (a, b)` declarations.

use pest::iterators::Pair;

use super::build::{Builder, PResult, child, children, side_of};
use super::expr::MAX_NESTING;
use super::grammar::Rule;
use crate::syntax::ast::{
    AssignOp, BlockStmt, BlockStmtKind, MoveDef, Place, PositionDecl, SaysPart, Term, TermArg,
    TermValue,
};
use crate::syntax::error::{Nesting, SyntaxError};

impl Builder {
    pub(super) fn move_def(&self, pair: Pair<'_, Rule>) -> PResult<MoveDef> {
        let span = self.span(&pair);
        let side = (pair.clone().into_inner())
            .find(|p| p.as_rule() == Rule::side)
            .map(side_of);
        let name = self.ident(child(pair.clone(), Rule::move_name));
        let body = self.block(child(pair, Rule::block))?;
        Ok(MoveDef {
            side,
            name,
            body,
            span,
        })
    }

    pub(super) fn position_decl(&self, pair: Pair<'_, Rule>) -> PResult<PositionDecl> {
        let span = self.span(&pair);
        let names = children(pair.clone(), Rule::ident)
            .map(|p| self.ident(p))
            .collect();
        let invariant = match pair
            .into_inner()
            .find(|p| p.as_rule() == Rule::where_clause)
        {
            Some(clause) => Some(self.where_clause(clause)?),
            None => None,
        };
        Ok(PositionDecl {
            names,
            invariant,
            span,
        })
    }

    /// The statements of a `{ ... }` block, nested blocks at most
    /// `MAX_NESTING` deep.
    pub(super) fn block(&self, pair: Pair<'_, Rule>) -> PResult<Vec<BlockStmt>> {
        let depth = self.depth.get() + 1;
        if depth > MAX_NESTING {
            return Err(SyntaxError::TooDeep {
                nesting: Nesting::Blocks { limit: MAX_NESTING },
                span: self.span(&pair),
            });
        }
        self.depth.set(depth);
        self.blocks.set(self.blocks.get() + 1);
        let statements = children(child(pair, Rule::block_body), Rule::block_stmt)
            .map(|s| self.block_stmt(s))
            .collect();
        self.blocks.set(self.blocks.get() - 1);
        self.depth.set(depth - 1);
        statements
    }

    fn block_stmt(&self, pair: Pair<'_, Rule>) -> PResult<BlockStmt> {
        self.statement_of_kind(
            pair.into_inner()
                .next()
                .expect("a block statement has a kind"),
        )
    }

    /// A block statement from the pair of its kind (`choose_stmt`, ...).
    fn statement_of_kind(&self, inner: Pair<'_, Rule>) -> PResult<BlockStmt> {
        let span = self.span(&inner);
        let rule = inner.as_rule();
        let mut parts = inner.into_inner().filter(|p| {
            !matches!(
                p.as_rule(),
                Rule::kw_choose
                    | Rule::kw_in
                    | Rule::kw_require
                    | Rule::kw_let
                    | Rule::kw_for
                    | Rule::kw_if
                    | Rule::kw_else
                    | Rule::kw_append
                    | Rule::kw_remove
                    | Rule::kw_becomes
                    | Rule::kw_again
                    | Rule::kw_says
                    | Rule::plus
                    | Rule::dotdot
                    | Rule::equals
            )
        });
        let mut next = || parts.next().expect("the grammar gives this part");
        let kind = match rule {
            Rule::choose_stmt => {
                let var = self.ident(next());
                let lo = self.expr(next())?;
                let hi = match parts.next() {
                    Some(hi) => Some(self.expr(hi)?),
                    None => None,
                };
                BlockStmtKind::Choose { var, lo, hi }
            }
            Rule::require_stmt => BlockStmtKind::Require(self.expr(next())?),
            Rule::let_stmt => {
                let var = self.ident(next());
                BlockStmtKind::Let {
                    var,
                    value: self.expr(next())?,
                }
            }
            Rule::for_stmt => {
                let var = self.ident(next());
                let lo = self.expr(next())?;
                let hi = self.expr(next())?;
                BlockStmtKind::For {
                    var,
                    lo,
                    hi,
                    body: self.block(next())?,
                }
            }
            Rule::if_stmt => {
                let condition = self.expr(next())?;
                let then = self.block(next())?;
                let otherwise = match parts.next() {
                    None => Vec::new(),
                    Some(other) if other.as_rule() == Rule::if_stmt => {
                        vec![self.statement_of_kind(other)?]
                    }
                    Some(block) => self.block(block)?,
                };
                BlockStmtKind::If {
                    condition,
                    then,
                    otherwise,
                }
            }
            Rule::says_stmt => {
                let text = next();
                let parts = (text.into_inner())
                    .map(|part| match part.as_rule() {
                        Rule::says_hole => Ok(SaysPart::Value(self.expr(child(part, Rule::expr))?)),
                        _ => Ok(SaysPart::Words(part.as_str().to_string())),
                    })
                    .collect::<PResult<_>>()?;
                BlockStmtKind::Says(parts)
            }
            Rule::append_stmt => BlockStmtKind::Append(self.expr(next())?),
            Rule::remove_stmt => BlockStmtKind::Remove(self.expr(next())?),
            Rule::again_stmt => BlockStmtKind::Again,
            Rule::becomes_stmt => BlockStmtKind::Becomes(
                std::iter::once(next())
                    .chain(parts)
                    .map(|term| self.term(term))
                    .collect::<PResult<_>>()?,
            ),
            Rule::assign_stmt => {
                let place = next().into_inner().next().expect("a place");
                let place = match place.as_rule() {
                    Rule::heap_index => Place::Heap(self.expr(child(place, Rule::expr))?),
                    Rule::cell => {
                        let mut at = children(place, Rule::expr);
                        let (r, c) = (at.next().expect("a row"), at.next().expect("a column"));
                        Place::Cell(self.expr(r)?, self.expr(c)?)
                    }
                    _ => Place::Name(self.ident(place)),
                };
                let op = match next().into_inner().next().map(|p| p.as_rule()) {
                    Some(Rule::op_add_assign) => AssignOp::Add,
                    Some(Rule::op_sub_assign) => AssignOp::Sub,
                    _ => AssignOp::Set,
                };
                BlockStmtKind::Assign {
                    place,
                    op,
                    value: self.expr(next())?,
                }
            }
            other => unreachable!("not a block statement: {other:?}"),
        };
        Ok(BlockStmt { kind, span })
    }

    /// One position of a `becomes`: `(a, h)`, or `row(k = 2) at (a)`.
    fn term(&self, pair: Pair<'_, Rule>) -> PResult<Term> {
        let span = self.span(&pair);
        let mut game = None;
        let mut parts = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::game_name => game = Some((self.ident(p), Vec::new())),
                Rule::term_args => {
                    if let Some((_, args)) = game.as_mut() {
                        *args = children(p, Rule::term_arg)
                            .map(|a| self.term_arg(a))
                            .collect::<PResult<_>>()?;
                    }
                }
                Rule::term_parts => {
                    parts = children(p, Rule::expr)
                        .map(|e| self.expr(e))
                        .collect::<PResult<_>>()?;
                }
                _ => {}
            }
        }
        Ok(Term { game, parts, span })
    }

    fn term_arg(&self, pair: Pair<'_, Rule>) -> PResult<TermArg> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.ident(inner.next().expect("an argument has a name"));
        let value = inner
            .find(|p| p.as_rule() != Rule::equals)
            .expect("a value");
        let value = match value.as_rule() {
            Rule::sum => TermValue::Expr(self.expr(value)?),
            _ => TermValue::Value(self.value_of(value)?),
        };
        Ok(TermArg { name, value, span })
    }
}
