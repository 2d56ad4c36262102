//! Misère play beyond the search: the genus of a heap game's positions
//! (Conway, On Numbers and Games, ch. 12), which decides tame games, and
//! misère quotients (Plambeck and Siegel, 2008), grown from a game's
//! rules and proven, which decide sums of wild ones.

pub mod genus;
pub mod quotient;
