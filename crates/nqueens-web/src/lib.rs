//! # nqueens-web
//!
//! The `nqueens` library for a browser page, compiled to WebAssembly with wasm-bindgen. Each
//! module turns one part of the page into one library request and hands the answer to
//! JavaScript as numbers, strings or flat arrays; the search, the counts, the pictures and every
//! refusal are the library's.
//!
//! - [`watch`]: the textbook search step by step (`nqueens trace`), forward and back.
//! - [`timeline`]: the whole search at a glance, for the bar that jumps to any step, and where
//!   the methods stand on the same board.
//! - [`methods`]: the three textbook methods side by side, operation by operation.
//! - [`cost`]: the size of the whole textbook search, to set beside trying every board.
//! - [`gallery`]: every solution and every symmetry class, as SVG, and LeetCode 51's output.
//! - [`count`]: counts by the fast engines, with progress, for a Web Worker.
//! - [`puzzle`]: a board to complete, edited square by square.
//!
//! Errors reach JavaScript as exceptions carrying the library's one-line message.

pub mod cost;
pub mod count;
pub mod gallery;
pub mod methods;
pub mod puzzle;
pub mod timeline;
pub mod watch;
