//! What a number out of range is: the board size (for one method, a construction, a picture, a
//! trace), threads, a row or a column, the processes of a cluster job and a rank among them, the units of a campaign,
//! the rows of a task on a GPU.

use crate::method::Method;

/// What a number in [`Error::OutOfRange`](crate::Error::OutOfRange) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Quantity {
    /// The board size.
    N,
    /// The board size for one method, whose range is narrower than the crate's.
    NFor(Method),
    /// The board size of a construction or a random search (up to 10^9).
    NLarge,
    /// The board size of a picture.
    NDrawn,
    /// The board size of a trace.
    NTraced,
    /// Worker threads.
    Threads,
    /// A row of a board.
    Row,
    /// A column of a board.
    Column,
    /// The processes of a cluster job.
    Processes,
    /// A process's rank among those of its cluster job on its machine.
    LocalRank,
    /// The units of a campaign.
    Units,
    /// The rows a task on a GPU leaves ([`GpuTuning`](crate::machine::GpuTuning)).
    GpuTaskRows,
}

impl Quantity {
    pub(crate) fn name(self) -> String {
        match self {
            Quantity::N | Quantity::NLarge | Quantity::NDrawn | Quantity::NTraced => {
                "n".to_string()
            }
            Quantity::NFor(m) => format!("n for method {m}"),
            Quantity::Threads => "threads".to_string(),
            Quantity::Row => "row".to_string(),
            Quantity::Column => "column".to_string(),
            Quantity::Processes => "processes".to_string(),
            Quantity::LocalRank => "local rank".to_string(),
            Quantity::Units => "units".to_string(),
            Quantity::GpuTaskRows => "GPU task rows".to_string(),
        }
    }
}
