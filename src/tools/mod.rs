//! The offline tools beside the service: matches between players (`arena`), self-play
//! training data (`dataset`, `tune`), positions of recorded games (`records`), and the fits
//! of evaluation weights (`tune`, `train`), endgame table files (`tables`). They drive the engine; the searcher knows
//! nothing of them.

pub mod arena;
pub mod dataset;
pub mod records;
pub mod tables;
pub mod train;
pub mod train_network;
pub mod tune;
