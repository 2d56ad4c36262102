//! Parameter values: the defaults a game declares, then overrides from
//! outside the file, then the arguments an `analyze` statement gives, each
//! of the declared kind.

use std::collections::BTreeSet;

use super::error::{CheckError, Errors};
use crate::rules::ParamValue;
use crate::source::Source;
use crate::syntax::ast::{self, Item, ValueKind};

/// A parameter value given from outside the file (`NAME=VALUE` on the
/// command line), with its own source text. It overrides the declared
/// default of every game that has the parameter.
#[derive(Clone, Debug)]
pub struct Override {
    /// The value, as written.
    pub arg: ast::Arg,
    /// The text it was written in.
    pub source: Source,
}

/// The value of each of `def`'s parameters, in declaration order.
pub fn resolve(
    def: &ast::GameDef,
    overrides: &[Override],
    args: &[ast::Arg],
    args_source: &Source,
    source: &Source,
) -> Result<Vec<(String, ParamValue)>, Errors> {
    let mut errors = Vec::new();
    let mut values: Vec<(String, ParamValue)> = Vec::new();
    for (i, param) in def.params.iter().enumerate() {
        if let Some(first) = def.params[..i]
            .iter()
            .find(|p| p.name.name == param.name.name)
        {
            errors.push(CheckError::DuplicateParameter {
                name: param.name.name.clone(),
                src: source.clone(),
                again: param.name.span,
                first: first.name.span,
            });
            continue;
        }
        let mut value = to_param(&param.default);
        if let Some(o) = overrides
            .iter()
            .rev()
            .find(|o| o.arg.name.name == param.name.name)
        {
            match same_kind(&value, &o.arg, &o.source, true) {
                Ok(v) => value = v,
                Err(e) => errors.push(e),
            }
        }
        values.push((param.name.name.clone(), value));
    }
    for (i, arg) in args.iter().enumerate() {
        if let Some(first) = args[..i].iter().find(|a| a.name.name == arg.name.name) {
            errors.push(CheckError::ParameterGivenTwice {
                name: arg.name.name.clone(),
                src: args_source.clone(),
                again: arg.name.span,
                first: first.name.span,
            });
            continue;
        }
        match values.iter_mut().find(|(name, _)| *name == arg.name.name) {
            Some((_, value)) => match same_kind(value, arg, args_source, false) {
                Ok(v) => *value = v,
                Err(e) => errors.push(e),
            },
            None => {
                errors.push(CheckError::UnknownParameter {
                    game: def.name.name.clone(),
                    name: arg.name.name.clone(),
                    params: def.params.iter().map(|p| p.name.name.clone()).collect(),
                    src: args_source.clone(),
                    span: arg.name.span,
                });
            }
        }
    }
    if errors.is_empty() {
        Ok(values)
    } else {
        Err(errors)
    }
}

/// A parameter's declared default.
pub fn default_value(param: &ast::Param) -> ParamValue {
    to_param(&param.default)
}

fn to_param(value: &ast::Value) -> ParamValue {
    match &value.kind {
        ValueKind::Int(n) => ParamValue::Int(n.clone()),
        ValueKind::Set(items) => ParamValue::Set(items.iter().cloned().collect::<BTreeSet<_>>()),
        ValueKind::List(items) => ParamValue::List(items.clone()),
        ValueKind::Graph { arcs, names } => {
            ParamValue::Graph(std::sync::Arc::new(crate::rules::Graph {
                arcs: arcs.clone(),
                names: names.clone(),
            }))
        }
    }
}

/// `arg`'s value, if it has the kind of `current`. `compact` when written
/// `NAME=VALUE`, as outside the file.
fn same_kind(
    current: &ParamValue,
    arg: &ast::Arg,
    source: &Source,
    compact: bool,
) -> Result<ParamValue, CheckError> {
    let value = to_param(&arg.value);
    let name = arg.name.name.clone();
    let (src, span) = (source.clone(), arg.value.span);
    if std::mem::discriminant(current) == std::mem::discriminant(&value) {
        return Ok(value);
    }
    Err(CheckError::WrongKind {
        name,
        default: current.clone(),
        found: value.kind(),
        compact,
        src,
        span,
    })
}

/// Every parameter of the file, with its game: `(game, parameter)`.
pub fn all_params(file: &ast::File) -> Vec<(String, String)> {
    file.items
        .iter()
        .filter_map(|item| match item {
            Item::Game(g) => Some(g),
            Item::Analyze(_) => None,
        })
        .flat_map(|g| {
            g.params
                .iter()
                .map(move |p| (g.name.name.clone(), p.name.name.clone()))
        })
        .collect()
}
