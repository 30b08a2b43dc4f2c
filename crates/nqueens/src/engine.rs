//! The fast engines: the symmetry engine over border constellations ([`constellation`]), which
//! also counts unique solutions, the same split counted on GPUs ([`gpu`]), and meet in the
//! middle over half boards ([`halves`]), the fastest count of totals on CPUs, with the solutions
//! fixed by the turns ([`turns`]) that give its unique counts. The processor features their
//! CPU kernels pick their code by are the machine's ([`crate::machine::cpu`]).

pub mod constellation;
pub mod gpu;
pub mod halves;
pub mod turns;
