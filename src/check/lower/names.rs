//! The names an expression may use: parameters, `len`, and in a rule's
//! amounts `k` (the amount) and `h` (the heap). An unknown or misplaced name
//! is reported with the names that would do.

use num_traits::ToPrimitive;

use super::error::RulesError;
use super::lowerer::Lowerer;
use crate::rules::ParamValue;
use crate::rules::expr::{Expr, List};
use crate::syntax::ast;

/// Which names an expression may use besides parameters and `len`/`h[i]`.
#[derive(Clone, Copy)]
pub(super) struct Scope {
    /// `k` and `h`: inside a rule's amounts.
    pub(super) amount: bool,
    /// A fixed number (a bound, a set item, a count of heaps), inside a
    /// rule but where `k` and `h` have no value yet.
    pub(super) fixed: bool,
}

/// Outside rules: the heaps invariant.
pub(super) const POSITION: Scope = Scope {
    amount: false,
    fixed: false,
};

impl Lowerer<'_> {
    pub(super) fn param(&self, name: &str) -> Option<&ParamValue> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Whether `name` is a block's variable or a part of the position,
    /// which stand before parameters of that name.
    pub(super) fn is_local(&self, name: &str) -> bool {
        self.vars.iter().any(|(v, _)| v == name) || self.parts.iter().any(|p| p == name)
    }

    /// `k` or `h` in a rule's amounts, when a parameter has the same name.
    pub(super) fn ambiguous(&mut self, name: &ast::Ident) {
        self.error(RulesError::Ambiguous {
            name: name.name.clone(),
            src: self.source.clone(),
            span: name.span,
        });
    }

    /// The list parameter `name` (for `T[i]` and `len(T)`), its items as
    /// the conditions compute; an error where it is no list.
    pub(super) fn list(&mut self, name: &ast::Ident) -> Option<std::sync::Arc<List>> {
        match self.param(&name.name).cloned() {
            Some(ParamValue::List(items)) => {
                let Some(items) = items.iter().map(ToPrimitive::to_i128).collect() else {
                    self.too_big(name.span);
                    return None;
                };
                Some(std::sync::Arc::new(List {
                    name: name.name.clone(),
                    items,
                }))
            }
            other => {
                let kind = match &other {
                    Some(value) => value.kind(),
                    None if self.vars.iter().any(|(v, _)| *v == name.name) => "a block's value",
                    None if self.parts.contains(&name.name) => "a part of the position",
                    None if matches!(name.name.as_str(), "k" | "h" | "len") => "a number",
                    None => {
                        // Unknown: the error names the names that would do.
                        self.name(name, POSITION);
                        return None;
                    }
                };
                self.error(RulesError::NotAList {
                    name: name.name.clone(),
                    kind,
                    src: self.source.clone(),
                    span: name.span,
                });
                None
            }
        }
    }

    pub(super) fn name(&mut self, name: &ast::Ident, scope: Scope) -> Option<Expr> {
        // A block's variables, innermost first, then the position's parts.
        if let Some((_, slot)) = self.vars.iter().rev().find(|(v, _)| *v == name.name) {
            return Some(Expr::Var(*slot));
        }
        if let Some(i) = self.parts.iter().position(|p| *p == name.name) {
            return Some(Expr::HeapAt(Box::new(Expr::Const(i as i128 + 1))));
        }
        let given = match name.name.as_str() {
            "k" if scope.amount => Some(Expr::Amount),
            "h" if scope.amount => Some(Expr::Heap),
            "len" => Some(Expr::Len),
            // A board keeps its size as its first two heaps.
            "rows" if self.board => Some(Expr::HeapAt(Box::new(Expr::Const(1)))),
            "cols" if self.board => Some(Expr::HeapAt(Box::new(Expr::Const(2)))),
            _ => None,
        };
        if let Some(given) = given {
            if self.param(&name.name).is_some() {
                self.ambiguous(name);
                return None;
            }
            return Some(given);
        }
        match self.param(&name.name).cloned() {
            Some(ParamValue::Int(n)) => match n.to_i128() {
                Some(n) => Some(Expr::Const(n)),
                None => {
                    self.too_big(name.span);
                    None
                }
            },
            Some(ParamValue::Graph(_)) => {
                self.error(RulesError::GraphAsNumber {
                    name: name.name.clone(),
                    src: self.source.clone(),
                    span: name.span,
                });
                None
            }
            Some(ParamValue::List(_)) => {
                self.error(RulesError::ListAsNumber {
                    name: name.name.clone(),
                    src: self.source.clone(),
                    span: name.span,
                });
                None
            }
            Some(ParamValue::Set(_)) => {
                self.error(RulesError::SetAsNumber {
                    name: name.name.clone(),
                    src: self.source.clone(),
                    span: name.span,
                });
                None
            }
            None if scope.fixed && (name.name == "k" || name.name == "h") => {
                self.error(RulesError::ChangesPerMove {
                    name: name.name.clone(),
                    src: self.source.clone(),
                    span: name.span,
                });
                None
            }
            None => {
                self.error(RulesError::UnknownName {
                    name: name.name.clone(),
                    params: self
                        .vars
                        .iter()
                        .rev()
                        .map(|(v, _)| v.clone())
                        .chain(self.parts.iter().cloned())
                        .chain(self.params.iter().map(|(n, _)| n.clone()))
                        .collect(),
                    in_amounts: scope.amount,
                    board: self.board,
                    src: self.source.clone(),
                    span: name.span,
                });
                None
            }
        }
    }
}
