//! The fast engines: the symmetry engine over border constellations ([`constellation`]), which
//! also counts unique solutions, and meet in the middle over half boards ([`halves`]), the
//! fastest count of totals; and the processor features both pick their kernels by ([`cpu`]).

pub mod constellation;
pub mod cpu;
pub mod halves;
