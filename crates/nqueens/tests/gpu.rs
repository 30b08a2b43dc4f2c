//! The GPU engine on a real device (in CI, Mesa's software Vulkan device): totals and unique
//! counts against the published sequences, every constellation against the symmetry engine,
//! long runs (checkpoints, shards) through it, mixed with the CPU engine, and counts with the
//! workgroup and the task rows fixed for benchmarks. Builds with the crate feature `gpu` only; a
//! build without it checks that the method is refused.

#[cfg(not(feature = "gpu"))]
#[test]
fn without_the_feature_the_gpu_method_is_refused() {
    use nqueens::error::GpuProblem;
    use nqueens::{Count, Error, Method};
    let e = Count::new(8).method(Method::Gpu).run().unwrap_err();
    assert!(matches!(e, Error::Gpu(GpuProblem::NotBuilt)), "{e:?}");
    assert!(!Method::Gpu.is_built());
}

#[cfg(feature = "gpu")]
mod on_a_gpu {
    use nqueens::error::GpuProblem;
    use nqueens::internals::Checkpoint;
    use nqueens::internals::constellation::SymmetryPlan;
    use nqueens::internals::gpu::GpuPlan;
    use nqueens::known::{A000170, A002562};
    use nqueens::machine::{GpuDevice, GpuTuning};
    use nqueens::plan::Plan;
    use nqueens::plan_for;
    use nqueens::progress::Watch;
    use nqueens::shard::{Shard, merge};
    use nqueens::{Count, Error, Method};
    use std::sync::atomic::AtomicBool;

    fn scratch(name: &str) -> std::path::PathBuf {
        let p = std::env::temp_dir().join(format!("nq-gpu-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&p);
        p
    }

    #[test]
    fn totals_and_unique_counts_are_the_published_ones() {
        for n in 1..=16 {
            let r = Count::new(n)
                .method(Method::Gpu)
                .unique(true)
                .run()
                .unwrap();
            assert_eq!(r.run.method, Method::Gpu);
            assert!(!r.run.devices.is_empty());
            // No GPU failed (a software device by default is said, and is all CI has).
            assert!(
                r.run
                    .notes
                    .iter()
                    .all(|note| matches!(note, nqueens::Note::SoftwareGpu)),
                "n = {n}: {:?}",
                r.run.notes
            );
            assert_eq!(r.counts.total, A000170[n - 1], "n = {n}");
            assert_eq!(r.counts.unique, Some(A002562[n - 1]), "n = {n}");
            // The classes add up to the total (n = 1 aside: its one board is filed with the
            // quarter-turn classes, as the symmetry engine files it).
            let classes = r.counts.classes.unwrap();
            assert_eq!(classes.unique(), A002562[n - 1], "n = {n}");
            if n > 1 {
                assert_eq!(classes.total(), r.counts.total, "n = {n}");
            }
        }
    }

    #[test]
    fn every_constellation_counts_as_on_the_cpu() {
        for n in 8..=13 {
            let gpu = GpuPlan::new(n, GpuDevice::default()).unwrap();
            let cpu = SymmetryPlan::new(n).unwrap();
            assert_eq!(gpu.id(), cpu.id(), "one split, one identity");
            let all: Vec<usize> = (0..gpu.len()).collect();
            let counted = gpu.count_batch(&all, &Watch::none()).unwrap();
            for (i, c) in counted.into_iter().enumerate() {
                assert_eq!(c, cpu.count_one(i), "n = {n}, constellation {i}");
            }
            // Every task was counted on the GPU: the CPU's fallback took none.
            assert_eq!(gpu.recounted(), 0, "n = {n}");
            assert!(gpu.health().failures().is_empty());
            // Batches of any size, in any order, give the same.
            let some: Vec<usize> = (0..gpu.len()).rev().step_by(7).collect();
            for (&i, c) in some
                .iter()
                .zip(gpu.count_batch(&some, &Watch::none()).unwrap())
            {
                assert_eq!(c, cpu.count_one(i), "n = {n}, constellation {i} in a batch");
            }
        }
    }

    #[test]
    fn a_checkpoint_moves_between_gpu_and_cpu() {
        let n = 12;
        let path = scratch("checkpoint");
        // Started on the GPU and stopped at once: the file names the symmetry engine's split.
        let stop = AtomicBool::new(true);
        let r = Count::new(n)
            .method(Method::Gpu)
            .checkpoint(&path)
            .stop(&stop)
            .run()
            .unwrap();
        assert!(!r.is_finished());
        // Half the work done on the GPU, as if stopped midway.
        let mut cp = Checkpoint::load(&path).unwrap();
        assert_eq!(cp.id.method, Method::Symmetry);
        let gpu = plan_for(n, Method::Gpu).unwrap();
        let half: Vec<usize> = cp.remaining().into_iter().step_by(2).collect();
        for (&i, c) in half
            .iter()
            .zip(gpu.count_batch(&half, &Watch::none()).unwrap())
        {
            cp.record(i, c);
        }
        cp.save(&path).unwrap();
        // Finished on the GPU.
        let r = Count::new(n)
            .method(Method::Gpu)
            .checkpoint(&path)
            .unique(true)
            .run()
            .unwrap();
        assert_eq!(r.run.method, Method::Gpu);
        assert_eq!(
            (r.counts.total, r.counts.unique),
            (A000170[n - 1], Some(A002562[n - 1]))
        );
        // The same half-done file, finished on the CPU (a resume naming no method).
        std::fs::remove_file(&path).unwrap();
        cp.save(&path).unwrap();
        let r = Count::resume(&path).run().unwrap();
        assert_eq!(
            (r.run.method, r.counts.total),
            (Method::Symmetry, A000170[n - 1])
        );
        // And resumed with a GPU named: on the GPU again.
        std::fs::remove_file(&path).unwrap();
        cp.save(&path).unwrap();
        let r = Count::resume(&path)
            .gpu_device(GpuDevice::Index(0))
            .run()
            .unwrap();
        assert_eq!(
            (r.run.method, r.counts.total),
            (Method::Gpu, A000170[n - 1])
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn shards_merge_across_gpu_and_cpu() {
        let n = 13;
        let records: Vec<_> = (0..3)
            .map(|i| {
                let shard = Shard::new(i, 3).unwrap();
                let method = if i == 1 {
                    Method::Symmetry
                } else {
                    Method::Gpu
                };
                let r = Count::new(n).method(method).shard(shard).run().unwrap();
                assert_eq!(r.run.method, method);
                r.record().unwrap()
            })
            .collect();
        let sum = merge(&records).unwrap();
        assert_eq!(
            (sum.total, sum.unique),
            (A000170[n - 1], Some(A002562[n - 1]))
        );
    }

    #[test]
    fn all_devices_and_threads_give_the_same() {
        let r = Count::new(13)
            .gpu_device(GpuDevice::All)
            .threads(3)
            .run()
            .unwrap();
        assert_eq!((r.run.method, r.run.threads), (Method::Gpu, 3));
        assert_eq!(r.counts.total, A000170[12]);
    }

    #[test]
    fn a_missing_device_or_a_cpu_method_is_refused() {
        let e = Count::new(8)
            .gpu_device(GpuDevice::Index(1000))
            .run()
            .unwrap_err();
        assert!(
            matches!(e, Error::Gpu(GpuProblem::NoSuchDevice { index: 1000, .. })),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .starts_with("GPU device 1000 does not exist: found ")
        );
        let e = Count::new(8)
            .method(Method::Bitmask)
            .gpu_device(GpuDevice::All)
            .run()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "method bitmask cannot count on a GPU; method gpu can"
        );
        let e = Count::new(33).method(Method::Gpu).run().unwrap_err();
        assert_eq!(
            e.to_string(),
            "n for method gpu = 33 is out of range: n for method gpu must be from 1 to 32"
        );
    }

    #[test]
    fn a_fixed_workgroup_and_fixed_task_rows_count_exactly() {
        // Every workgroup and task rows accepted change the speed only: each of these counts
        // is Q(n), with the shaders built in the workgroup asked for and the tasks of the rows
        // asked for (on a software device too, past the rows it would take itself).
        for (n, workgroup, rows) in [
            (10, Some(1), Some(2)),
            (11, Some(16), Some(5)),
            (11, Some(32), None),
            (11, Some(128), Some(17)),
            (10, None, Some(11)),
        ] {
            let tuning = GpuTuning {
                workgroup,
                task_rows: rows,
            };
            let plan = GpuPlan::tuned(n, GpuDevice::default(), tuning).unwrap();
            if let Some(rows) = rows {
                assert_eq!(plan.task_rows(), rows);
            }
            let all: Vec<usize> = (0..plan.len()).collect();
            let sum = plan
                .count_batch(&all, &Watch::none())
                .unwrap()
                .into_iter()
                .fold(plan.zero(), |a, b| a + b);
            assert_eq!(sum.total, A000170[n - 1], "{tuning:?}");
            eprintln!(
                "{tuning:?}: {} tasks recounted on the CPU",
                plan.recounted()
            );
            if let Some(w) = workgroup {
                let (_, shaders) = &plan.residency()[0];
                assert!(!shaders.is_empty());
                assert!(shaders.iter().all(|s| s.workgroup == w), "{shaders:?}");
            }
        }
    }

    #[test]
    fn a_workgroup_whose_stacks_do_not_fit_is_refused_before_the_count() {
        // 256 threads of 16 rows of stack (tasks of 17 rows, from n = 21) need 80,896 bytes of
        // workgroup memory: more than any device gives (the software device, 32 KiB).
        let tuning = GpuTuning {
            workgroup: Some(256),
            task_rows: Some(17),
        };
        match GpuPlan::tuned(21, GpuDevice::default(), tuning) {
            Err(Error::Gpu(GpuProblem::Workgroup {
                workgroup: 256,
                levels: 16,
                needed: 80_896,
                available,
                ..
            })) => assert!(available < 80_896),
            other => panic!("{other:?}"),
        }
        // The same workgroup with shallow stacks fits.
        let tuning = GpuTuning {
            workgroup: Some(256),
            task_rows: Some(3),
        };
        assert!(GpuPlan::tuned(8, GpuDevice::default(), tuning).is_ok());
    }

    #[test]
    fn a_checkpoint_counted_with_some_task_rows_is_continued_exactly_with_others() {
        // The rows cut each constellation into tasks, whose counts are summed per
        // constellation: the plan's identity and the saved counts are the same whatever the
        // rows, so a count continued with other rows (or another workgroup) stays exact.
        let rows = |r| GpuTuning {
            workgroup: None,
            task_rows: Some(r),
        };
        let id = |r| {
            GpuPlan::tuned(12, GpuDevice::default(), rows(r))
                .unwrap()
                .id()
        };
        assert_eq!(id(2), id(7));
        let path = std::env::temp_dir().join(format!("nq-gpu-rows-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let r = Count::new(12).gpu_task_rows(2).checkpoint(&path).run();
        assert_eq!(r.unwrap().counts.total, A000170[11]);
        // Half its work undone, as a count stopped midway leaves it.
        let mut cp = Checkpoint::load(&path).unwrap();
        cp.done.retain(|i, _| i % 2 == 0);
        cp.save(&path).unwrap();
        let r = Count::new(12)
            .gpu_task_rows(7)
            .gpu_workgroup(4)
            .checkpoint(&path)
            .run()
            .unwrap();
        assert_eq!(r.counts.total, A000170[11]);
        std::fs::remove_file(&path).unwrap();
    }
}
