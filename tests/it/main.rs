//! gamelang's tests of the whole library, a module a subject. They are a
//! module of the library's own test build (`src/lib.rs` declares them), so
//! they reach its insides by the crate's name (`gamelang::…`) while nothing
//! but the face is public.

mod asked;
mod common;

mod amounts;
mod architecture;
mod arithmetic;
mod becomes;
mod block_sums;
mod blocks;
mod blue_red_hackenbush;
mod boards;
mod budgets;
mod census;
mod coins;
mod colourings;
mod compounds;
mod counting;
mod dead_ending;
mod decomposition;
mod deep;
mod diagnostics;
mod docs;
mod ends;
mod exercise;
mod fill;
mod format;
mod from_outside;
mod grammar;
mod graphs;
mod groups;
mod hackenbush;
mod heap_engine;
mod kayles;
mod known_nim_family;
mod known_pairs;
mod lists;
mod long_runs;
mod loopy;
mod loopy_partizan;
mod many;
mod misere;
mod mutants;
mod nested_blocks;
mod octal_blocks;
mod operations;
mod oracle;
mod own_words;
mod partizan;
mod partizan_compounds;
mod play;
mod quotient;
mod rays;
mod reductions;
mod runs;
mod scoring;
mod scoring_rows;
mod seeds;
mod sequences;
mod shapes;
mod strips;
mod sweeps;
mod table;
mod timeouts;
