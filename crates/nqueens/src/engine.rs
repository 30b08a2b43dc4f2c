//! The fast engines: the symmetry engine over border constellations ([`constellation`]), which
//! also counts unique solutions, the same split counted on GPUs ([`gpu`]), and meet in the
//! middle over half boards ([`halves`]), the fastest count of totals on CPUs, with the solutions
//! fixed by the turns ([`turns`]) that give its unique counts; and the processor features the
//! CPU kernels pick their code by ([`cpu`]).

pub mod constellation;
pub mod cpu;
pub mod gpu;
pub mod halves;
pub mod turns;
