//! Times `count` for n = 10..=13 with every method, one thread, so that the methods can be
//! compared as ratios within one run.

// `criterion_group!` makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::{Count, Method};

fn count_methods(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for method in Method::ALL.iter().copied().filter(|m| m.is_built()) {
        for n in 10..=13 {
            group.bench_with_input(BenchmarkId::new(method.name(), n), &n, |b, &n| {
                b.iter(|| {
                    let count = Count::new(n).method(method).threads(1);
                    count.run().unwrap().counts.total
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, count_methods);
criterion_main!(benches);
