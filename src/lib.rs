//! gametree: trace minimax, negamax and alpha-beta on small game trees.
//!
//! Data flows one way: bytes are read into a validated [`tree::Tree`]; a
//! [`search`] algorithm walks it and pushes [`search::Event`]s into a
//! [`search::Sink`]; renderers in [`render`] are sinks that write text or
//! JSON. Algorithms never print and renderers never search.

pub mod answer;
pub mod bounds;
pub mod check;
pub mod cli;
pub mod compare;
pub mod contract;
pub mod generate;
pub mod graphviz;
pub mod import;
pub mod lang;
pub mod notation;
pub mod num;
pub mod order;
pub mod play;
pub mod render;
pub mod schema;
pub mod search;
pub mod settings;
pub mod spelling;
pub mod terminal;
pub mod trace;
pub mod tree;
