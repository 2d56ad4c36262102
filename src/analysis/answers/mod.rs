//! Answering a position, as functions over what the analyzer keeps for the
//! run (`kept`: each game's search, the known game it is, the remoteness
//! found, the budgets; `learned`: what it valued, taught to another): a component answered on its own (`answered`), the
//! winning moves (`winning`), misère sums by the genus and by search
//! (`misere`) and by quotients (`quotient`), games that can go on forever
//! (`loopy`; partizan ones, `loopy_partizan`), declared ends (`ends`), compounds other than the sum
//! (`compound`; of partizan games, `partizan_compound`), sums with partizan games by canonical forms (`partizan`),
//! scoring games by negamax (`scoring`),
//! and closed forms verified against the search (`verify`).

pub(crate) mod answered;
pub(crate) mod compound;
pub(crate) mod ends;
pub(crate) mod kept;
pub(crate) mod learned;
pub(crate) mod loopy;
pub(crate) mod loopy_partizan;
pub(crate) mod misere;
pub(crate) mod partizan;
pub(crate) mod partizan_compound;
pub(crate) mod quotient;
pub(crate) mod scoring;
pub mod verify;
pub(crate) mod winning;
