//! gamelang's integration tests, one binary: a module a subject, so that a
//! change relinks one test binary, not one per file.

mod common;

mod amounts;
mod architecture;
mod arithmetic;
mod becomes;
mod block_sums;
mod blocks;
mod budgets;
mod coins;
mod compounds;
mod decomposition;
mod diagnostics;
mod docs;
mod ends;
mod exercise;
mod format;
mod grammar;
mod graphs;
mod hackenbush;
mod heap_engine;
mod kayles;
mod known_nim_family;
mod known_pairs;
mod lists;
mod long_runs;
mod loopy;
mod many;
mod misere;
mod mutants;
mod nested_blocks;
mod octal_blocks;
mod oracle;
mod own_words;
mod play;
mod quotient;
mod rays;
mod runs;
mod seeds;
mod sequences;
mod shapes;
mod strips;
mod table;
mod timeouts;
