//! The rules tested from outside the crate, as one binary: perft against published counts,
//! each rule on hand-built positions, the variants with rules of their own (Frisian,
//! Turkish, Canadian), and properties over random positions.

#[path = "../support/mod.rs"]
mod support;

mod canadian;
mod frisian;
mod killer;
mod perft;
mod properties;
mod rules_examples;
mod turkish;
