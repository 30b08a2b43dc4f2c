//! The set bits of a row mask, lowest first: the step every bit-mask search takes, written once.
//!
//! A row's free squares are the set bits of a mask (bit c for column c). In two's complement
//! `-x` is `!x + 1`, which flips every bit above the lowest set one and keeps that one, so
//! `x & -x` is the lowest set bit alone (`x & x.wrapping_neg()` on unsigned numbers), and
//! `x ^ bit` takes it out. The searches try a row's squares in that order, the order of the
//! columns, so their solutions come out in lexicographic order.

/// A row mask: a `u64` as the CPU searches hold rows, or a `u32` as the GPU's shader does.
pub trait Mask:
    Copy + Eq + std::ops::BitAnd<Output = Self> + std::ops::BitXor<Output = Self>
{
    /// The empty mask.
    const ZERO: Self;
    /// `-x` in two's complement.
    fn negated(self) -> Self;
    /// The number of set bits.
    fn ones(self) -> u32;
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const ZERO: $t = 0;
            #[inline(always)]
            fn negated(self) -> $t {
                self.wrapping_neg()
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
        }
    )*};
}
mask!(u32, u64);

/// The lowest set bit of `x` as a mask of its own (`x & -x`); 0 for 0.
///
/// ```
/// use nqueens::internals::bits::lowest;
///
/// assert_eq!(lowest(0b1011_0100u64), 0b100);
/// assert_eq!(lowest(0u32), 0);
/// ```
#[inline(always)]
pub fn lowest<M: Mask>(x: M) -> M {
    x & x.negated()
}

/// The set bits of a mask, lowest first, each as a mask of its own: `for bit in Bits(free)` is
/// the textbook `while free { bit = free & -free; free ^= bit; ... }`, and compiles to it.
///
/// ```
/// use nqueens::internals::bits::Bits;
///
/// assert_eq!(Bits(0b1011_0100u64).collect::<Vec<_>>(), [0b100, 0b1_0000, 0b10_0000, 0b1000_0000]);
/// assert_eq!(Bits(0u64).next(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits<M: Mask = u64>(pub M);

impl<M: Mask> Iterator for Bits<M> {
    type Item = M;

    #[inline(always)]
    fn next(&mut self) -> Option<M> {
        if self.0 == M::ZERO {
            return None;
        }
        let bit = lowest(self.0);
        self.0 = self.0 ^ bit;
        Some(bit)
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let k = self.0.ones() as usize;
        (k, Some(k))
    }
}

impl<M: Mask> ExactSizeIterator for Bits<M> {}

impl<M: Mask> std::iter::FusedIterator for Bits<M> {}
