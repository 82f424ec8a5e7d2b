//! Every integration test in one binary, so that `cargo test` links one
//! test executable instead of one per file. Each file is a module, and a
//! test's name starts with its module: `cargo test --test it properties::`
//! runs the properties, `cargo test --test it cli::` the command-line cases.
//!
//! The tests run on threads of one process: a test must not change
//! process-wide state (environment variables, the current directory); it
//! gives a child process what it needs instead (`Command::env`,
//! `Command::current_dir`), and writes its files under its own name in
//! `CARGO_TARGET_TMPDIR`.

mod common;

mod beyond_alphabeta;
mod browser;
mod cli;
mod connect4;
mod contract;
mod deep;
mod diagrams;
mod drawn_names;
mod efg;
mod expectimax;
mod foreign;
mod frames;
mod gradescope;
mod grading;
mod graphviz;
mod hostile;
mod key_order;
mod latex;
mod layers;
mod manual;
mod names;
mod nim;
mod outputs;
mod properties;
mod reading;
mod schema;
mod sheet;
mod tictactoe;
mod transpositions;
