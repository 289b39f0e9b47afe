//! Who may search, where, for how long, and what stops it: each client's fair share, the
//! search slots and their threads, the bounded pool for pictures, and the watch on a client
//! that hung up. Every search route goes through [`search`].

pub mod connection;
pub mod cpu_pool;
pub mod fair_share;
pub mod search;
pub mod slots;
