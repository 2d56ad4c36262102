//! Searches over the graph of positions a game's solver reaches, above the
//! solver and asking it for moves and ends: how long a play lasts
//! (`steps`: remoteness and suspense), games that can go on forever
//! (`loopy`: retrograde analysis) and compounds searched whole
//! (`compound`, over the components' step graphs).

pub mod compound;
#[doc(hidden)]
pub mod loopy;
pub mod steps;
