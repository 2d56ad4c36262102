//! The grammar (`grammar/gamelang.pest`): its parser, and its `Rule`s,
//! the kinds of pair a parse is made of.

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/gamelang.pest"]
pub(super) struct GameParser;
