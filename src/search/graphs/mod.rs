//! Searches over the graph of positions a game's solver reaches, above the
//! solver and asking it for moves and ends: how long a play lasts
//! (`timing`: remoteness and suspense), games that can go on forever
//! (`loopy`: retrograde analysis), compounds searched whole (`compound`,
//! over the components' step graphs) and partizan games valued as
//! canonical forms (`partizan`), scoring games valued by negamax
//! (`scoring`); the moves of a compound (`ways`).

pub mod compound;
mod keying;
#[doc(hidden)]
pub mod loopy;
pub mod partizan;
pub mod scoring;
pub mod timing;
mod turns;
pub mod ways;
