//! The names an expression may use: parameters, `len`, and in a rule's
//! amounts `k` (the amount) and `h` (the heap). An unknown or misplaced name
//! is reported with the names that would do.

use num_traits::ToPrimitive;

use super::Lowerer;
use crate::diagnostics::{Code, Error};
use crate::rules::ParamValue;
use crate::rules::expr::Expr;
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

    /// `k` or `h` in a rule's amounts, when a parameter has the same name.
    pub(super) fn ambiguous(&mut self, name: &ast::Ident) {
        self.error(
            Error::new(
                Code::UnknownName,
                format!("`{}` here is both a parameter and the {}", name.name, if name.name == "h" { "heap" } else { "amount" }),
            )
            .at(self.source, name.span, "ambiguous")
            .help(format!("rename the parameter `{}`: in a rule's amounts, `k` is the amount and `h` the heap", name.name)),
        );
    }

    pub(super) fn name(&mut self, name: &ast::Ident, scope: Scope) -> Option<Expr> {
        let given = match name.name.as_str() {
            "k" if scope.amount => Some(Expr::Amount),
            "h" if scope.amount => Some(Expr::Heap),
            "len" => Some(Expr::Len),
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
            Some(ParamValue::Set(_)) => {
                self.error(
                    Error::new(
                        Code::WrongKind,
                        format!("`{}` is a set, and a number is needed here", name.name),
                    )
                    .at(self.source, name.span, "a set")
                    .help(format!(
                        "a set parameter stands alone as a rule's amounts: `take {}`",
                        name.name
                    )),
                );
                None
            }
            None if scope.fixed && (name.name == "k" || name.name == "h") => {
                let what = if name.name == "k" {
                    "the amount"
                } else {
                    "the heap"
                };
                self.error(
                    Error::new(
                        Code::WrongKind,
                        format!("this must be a fixed number, but `{}` is {what}, which changes from move to move", name.name),
                    )
                    .at(self.source, name.span, what)
                    .help("bounds and set items are numbers, parameters and arithmetic on them; to depend on the heap, take `k` and filter it: `take k where k <= h / 2`"),
                );
                None
            }
            None => {
                let mut known: Vec<String> =
                    self.params.iter().map(|(n, _)| format!("`{n}`")).collect();
                if scope.amount {
                    known.extend(["`k` (the amount)".into(), "`h` (the heap)".into()]);
                }
                known.extend(["`len`".into(), "`h[i]`".into()]);
                let help = if !scope.amount && (name.name == "k" || name.name == "h") {
                    format!(
                        "`{}` exists only in a rule's amounts; the names here are {}",
                        name.name,
                        and_list(&known)
                    )
                } else {
                    format!("the names here are {}", and_list(&known))
                };
                self.error(
                    Error::new(
                        Code::UnknownName,
                        format!("there is no `{}` here", name.name),
                    )
                    .at(self.source, name.span, "unknown name")
                    .help(help),
                );
                None
            }
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => items.join(""),
    }
}
