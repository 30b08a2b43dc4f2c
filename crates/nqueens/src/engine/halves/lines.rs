//! Vectors of words that each start on a cache line: the memory every pass of the halves kernel
//! reads, laid out so that a count's speed does not hang on where its allocations land.

/// Vectors of words, each starting on a 64-byte cache line, in one allocation.
///
/// The kernel's loops read three to six vectors over the same word range at once, in 32-byte
/// loads. Stored at whatever 8-byte offsets an allocator returns, those loads split cache lines
/// in some runs and not in others, so one count's speed would depend on where its memory
/// happened to land. Every vector here starts on a line and spans whole lines, so a word range
/// sits at the same place within its lines in every vector, in every run.
pub(super) struct Lines {
    /// The storage, with room to move the first vector onto a line boundary.
    buf: Vec<u64>,
    /// Where the first vector starts in `buf`.
    base: usize,
    /// Words per vector, as used.
    words: usize,
    /// Words from one vector's start to the next: `words` rounded up to whole lines.
    stride: usize,
}

/// Words in a cache line.
const LINE: usize = 8;

impl Lines {
    /// No vectors.
    pub(super) const fn new() -> Lines {
        Lines {
            buf: Vec::new(),
            base: 0,
            words: 0,
            stride: 0,
        }
    }

    /// Room for `count` vectors of `words` words, reusing the memory already held; the words
    /// are left as they were or zero.
    pub(super) fn reset(&mut self, count: usize, words: usize) {
        self.words = words;
        self.stride = words.next_multiple_of(LINE);
        self.buf.resize(count * self.stride + LINE - 1, 0);
        // `align_offset` may decline to answer; the vectors are then merely unaligned.
        let shift = self.buf.as_ptr().align_offset(LINE * 8);
        self.base = if shift < LINE { shift } else { 0 };
    }

    /// Vector `i`.
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> &[u64] {
        let at = self.base + i * self.stride;
        &self.buf[at..at + self.words]
    }

    /// Vector `i`, to write.
    #[inline(always)]
    pub(super) fn get_mut(&mut self, i: usize) -> &mut [u64] {
        let at = self.base + i * self.stride;
        &mut self.buf[at..at + self.words]
    }

    /// Vector `read` to read and vector `write` to write, for `read < write`.
    #[inline(always)]
    pub(super) fn pair(&mut self, read: usize, write: usize) -> (&[u64], &mut [u64]) {
        debug_assert!(read < write);
        let split = self.base + write * self.stride;
        let (lo, hi) = self.buf.split_at_mut(split);
        let at = self.base + read * self.stride;
        (&lo[at..at + self.words], &mut hi[..self.words])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vector_starts_on_a_cache_line_and_keeps_its_words() {
        let mut v = Lines::new();
        for (count, words) in [(1, 1), (3, 5), (7, 17), (2, 64), (4, 3)] {
            v.reset(count, words);
            for i in 0..count {
                v.get_mut(i).fill(i as u64 + 1);
            }
            for i in 0..count {
                assert_eq!(v.get(i).as_ptr() as usize % 64, 0, "{count} × {words}: {i}");
                assert!(v.get(i).iter().all(|&w| w == i as u64 + 1));
            }
            if count > 1 {
                let (read, write) = v.pair(0, count - 1);
                assert!(read.iter().all(|&w| w == 1));
                assert_eq!(write.len(), words);
            }
        }
    }
}
