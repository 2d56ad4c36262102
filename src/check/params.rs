//! Parameter values: the defaults a game declares, then `--set` overrides,
//! then the arguments an `analyze` statement gives, each of the declared kind.

use std::collections::BTreeSet;

use crate::diagnostics::{Code, Error, Errors, Source, did_you_mean};
use crate::rules::ParamValue;
use crate::syntax::ast::{self, Item, ValueKind};

/// A `--set NAME=VALUE` from the command line, with its own source text.
#[derive(Clone, Debug)]
pub struct Override {
    pub arg: ast::Arg,
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
            errors.push(
                Error::new(
                    Code::DuplicateParameter,
                    format!("the parameter `{}` is declared twice", param.name.name),
                )
                .at(source, param.name.span, "declared again here")
                .at(source, first.name.span, "first declared here")
                .help("rename or remove one of them"),
            );
            continue;
        }
        let mut value = to_param(&param.default);
        if let Some(o) = overrides
            .iter()
            .rev()
            .find(|o| o.arg.name.name == param.name.name)
        {
            match same_kind(&value, &o.arg, &o.source) {
                Ok(v) => value = v,
                Err(e) => errors.push(e),
            }
        }
        values.push((param.name.name.clone(), value));
    }
    for (i, arg) in args.iter().enumerate() {
        if let Some(first) = args[..i].iter().find(|a| a.name.name == arg.name.name) {
            errors.push(
                Error::new(
                    Code::DuplicateParameter,
                    format!("`{}` is given twice", arg.name.name),
                )
                .at(args_source, arg.name.span, "given again here")
                .at(args_source, first.name.span, "first given here")
                .help("give each parameter once"),
            );
            continue;
        }
        match values.iter_mut().find(|(name, _)| *name == arg.name.name) {
            Some((_, value)) => match same_kind(value, arg, args_source) {
                Ok(v) => *value = v,
                Err(e) => errors.push(e),
            },
            None => {
                let names: Vec<String> = def.params.iter().map(|p| p.name.name.clone()).collect();
                let help = if names.is_empty() {
                    format!("`{}` takes no parameters", def.name.name)
                } else {
                    did_you_mean(&arg.name.name, &names, "parameters")
                };
                errors.push(
                    Error::new(
                        Code::UnknownParameter,
                        format!("`{}` has no parameter `{}`", def.name.name, arg.name.name),
                    )
                    .at(args_source, arg.name.span, "unknown parameter")
                    .help(help),
                );
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
    }
}

/// `arg`'s value, if it has the kind of `current`.
fn same_kind(current: &ParamValue, arg: &ast::Arg, source: &Source) -> Result<ParamValue, Error> {
    let value = to_param(&arg.value);
    // As the user wrote it: `--set m=3` on the command line, `m = 3` in a file.
    let eq = if source.name() == "--set" { "=" } else { " = " };
    match (current, &value) {
        (ParamValue::Int(_), ParamValue::Int(_)) | (ParamValue::Set(_), ParamValue::Set(_)) => {
            Ok(value)
        }
        (ParamValue::Int(default), ParamValue::Set(_)) => Err(Error::new(
            Code::WrongKind,
            format!("`{}` is a number, but this is a set", arg.name.name),
        )
        .at(source, arg.value.span, "a set")
        .help(format!(
            "give a number, like `{}{eq}{default}`",
            arg.name.name
        ))),
        (ParamValue::Set(default), ParamValue::Int(_)) => Err(Error::new(
            Code::WrongKind,
            format!(
                "`{}` is a set of numbers, but this is a number",
                arg.name.name
            ),
        )
        .at(source, arg.value.span, "a number")
        .help(format!(
            "give a set, like `{}{eq}{}`",
            arg.name.name,
            ParamValue::Set(default.clone())
        ))),
    }
}

/// Help for an unknown `--set` name: every parameter of the file.
pub fn all_params_help(file: &ast::File) -> String {
    let names: Vec<String> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Game(g) => Some(g),
            Item::Analyze(_) => None,
        })
        .flat_map(|g| {
            g.params
                .iter()
                .map(move |p| format!("`{}` of `{}`", p.name.name, g.name.name))
        })
        .collect();
    if names.is_empty() {
        "no game in this file has parameters".to_string()
    } else {
        format!("the parameters are {}", names.join(", "))
    }
}
