//! `count --method gpu`, `--gpu-device` and the benchmarks' `--gpu-workgroup` and
//! `--gpu-task-rows` from the command line: exact counts, checkpoints and
//! shards through the GPU, and one-line refusals (no GPU support in the build, no adapter, no
//! such device). The counting tests need the `gpu` feature (in CI, on Mesa's software Vulkan
//! device); the refusals of a build without it run in every build.

mod common;

use common::{fails_with, nqueens};

#[test]
fn a_gpu_device_with_a_cpu_method_is_refused() {
    fails_with(
        &["count", "8", "--method", "symmetry", "--gpu-device", "0"],
        "method symmetry counts on the CPU, not on a GPU: use --method gpu",
    );
    fails_with(&["count", "8", "--gpu-device", "first"], "GPU device");
}

#[test]
fn gpu_settings_with_a_cpu_method_or_out_of_range_are_refused() {
    for flag in [["--gpu-workgroup", "32"], ["--gpu-task-rows", "5"]] {
        let mut args = vec!["count", "8", "--method", "symmetry"];
        args.extend(flag);
        fails_with(
            &args,
            "method symmetry counts on the CPU, not on a GPU: use --method gpu",
        );
    }
    fails_with(
        &["count", "8", "--gpu-workgroup", "48"],
        "'48' is not a valid GPU workgroup: expected a power of two from 1 to 256",
    );
    for w in ["0", "512"] {
        fails_with(
            &["count", "8", "--gpu-workgroup", w],
            &format!(
                "invalid value '{w}' for '--gpu-workgroup <W>': out of range: W must be a whole number from 1 to 256"
            ),
        );
    }
    for r in ["1", "18"] {
        fails_with(
            &["count", "8", "--gpu-task-rows", r],
            &format!(
                "invalid value '{r}' for '--gpu-task-rows <R>': out of range: R must be a whole number from 2 to 17"
            ),
        );
    }
}

/// The `--features` a rebuild for GPUs needs: gpu, and every part this build has (MPI).
#[cfg(not(feature = "gpu"))]
const WITH_GPU: &str = if cfg!(feature = "mpi") {
    "gpu,mpi"
} else {
    "gpu"
};

#[cfg(not(feature = "gpu"))]
#[test]
fn without_the_feature_gpu_is_refused_with_the_rebuild() {
    let rebuild =
        format!("rebuild it with 'cargo build --release -p nqueens-cli --features {WITH_GPU}'");
    fails_with(&["count", "8", "--method", "gpu"], &rebuild);
    fails_with(&["count", "8", "--gpu-device", "all"], &rebuild);
    fails_with(&["count", "8", "--gpu-workgroup", "32"], &rebuild);
    fails_with(&["count", "8", "--gpu-task-rows", "5"], &rebuild);
}

#[cfg(not(feature = "gpu"))]
#[test]
fn an_installed_binary_without_the_feature_is_told_to_reinstall() {
    // The same binary away from its build folder, as `cargo install` leaves it: rebuilding in
    // the source tree would not replace it.
    let built = assert_cmd::cargo::cargo_bin("nqueens");
    let (dir, copy) = common::scratch_path("installed-without-gpu", "nqueens");
    std::fs::copy(&built, &copy).unwrap();
    // A test beside this one that forks while the copy is still open for writing makes the
    // first exec of it fail as busy (ETXTBSY, 26 on Linux) for a moment: try again.
    let out = (0..100)
        .find_map(|_| {
            match std::process::Command::new(&copy)
                .args(["count", "8", "--method", "gpu"])
                .output()
            {
                Err(e) if e.raw_os_error() == Some(26) => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    None
                }
                other => Some(other.unwrap()),
            }
        })
        .expect("the copy could be run");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let reinstall = format!(
        "reinstall it with 'cargo install --path crates/nqueens-cli --features {WITH_GPU}'"
    );
    assert!(err.contains(&reinstall), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(feature = "gpu")]
mod on_a_gpu {
    use super::common::{fails_with, nqueens, process, scratch_path, stdout_of};
    use nqueens::Count;
    use nqueens::internals::Checkpoint;
    use nqueens::known::{A000170, A002562};
    use nqueens::plan_for;
    use std::process::{Command, Output, Stdio};
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    #[test]
    fn counts_totals_and_unique_solutions() {
        for n in 1..=12 {
            let total = stdout_of(&["count", &n.to_string(), "--method", "gpu"]);
            assert_eq!(total.trim(), A000170[n - 1].to_string(), "n = {n}");
            let unique = stdout_of(&["count", &n.to_string(), "--method", "gpu", "--unique"]);
            assert_eq!(unique.trim(), A002562[n - 1].to_string(), "n = {n}");
        }
        let json = stdout_of(&["count", "12", "--gpu-device", "all", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["method"], "gpu");
        assert_eq!(v["solutions"], 14200);
        assert_eq!(v["unique"], 1787);
        assert!(!v["devices"].as_array().unwrap().is_empty(), "{json}");
    }

    /// Runs the command line with `args`, sends it SIGINT after `wait`, and returns its output
    /// and how long it took to end after the signal.
    fn interrupted(args: &[&str], wait: Duration) -> (Output, Duration) {
        let child = process()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(wait);
        let sent = Instant::now();
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let out = child.wait_with_output().unwrap();
        (out, sent.elapsed())
    }

    #[test]
    fn sigint_ends_a_count_of_27_within_a_second_and_resume_continues() {
        let path = std::env::temp_dir().join(format!("nq-gpu-27-{}.ckpt", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let file = path.to_str().unwrap();
        let stopped_at_once = |args: &[&str], wait: Duration| {
            let (out, took) = interrupted(args, wait);
            let err = String::from_utf8_lossy(&out.stderr).into_owned();
            assert_eq!(out.status.code(), Some(130), "{err}");
            assert!(
                took < Duration::from_secs(1),
                "stopped after {took:?}: {err}"
            );
            assert!(err.contains("--resume"), "{err}");
        };
        // Four seconds: long enough for the GPU to be deep in its first pieces of work.
        stopped_at_once(
            &["count", "27", "--method", "gpu", "--checkpoint", file],
            Duration::from_secs(4),
        );
        // The checkpoint is whole, and a resume counts on from it and stops as quickly.
        let cp = Checkpoint::load(&path).unwrap();
        assert!(!cp.is_complete());
        stopped_at_once(&["count", "--resume", file], Duration::from_secs(3));
        assert!(Checkpoint::load(&path).is_ok());
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn progress_moves_with_the_tasks_the_gpu_finishes() {
        // A board whose subproblems each take far longer than the watch: the line still moves,
        // a line a second, by the tasks finished on the GPU.
        let args = ["count", "24", "--method", "gpu", "--progress"];
        let (out, _) = interrupted(&args, Duration::from_secs(8));
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        let searched: Vec<&str> = err
            .split(['\r', '\n'])
            .filter_map(|l| l.split(", ").nth(2))
            .filter(|s| s.contains("branches searched"))
            .collect();
        let mut distinct = searched.clone();
        distinct.dedup();
        assert!(distinct.len() >= 3, "{err}");
    }

    #[test]
    fn a_software_device_by_default_is_said_in_one_line() {
        // This machine's only device is Mesa's software one (CI's too): counting on it without
        // asking for it by index is said, with the driver a real GPU needs; asking by index is
        // a choice, said nothing of.
        let stderr_of = |args: &[&str]| {
            let out = nqueens().args(args).assert().success().get_output().clone();
            assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "73712");
            String::from_utf8(out.stderr).unwrap()
        };
        let software = ["count", "13", "--method", "gpu"];
        let told = stderr_of(&software);
        if told.is_empty() {
            return; // a real GPU: nothing to say
        }
        assert_eq!(told.lines().count(), 1, "{told}");
        assert!(
            told.starts_with("nqueens: counting on a software device"),
            "{told}"
        );
        assert!(told.contains("nvidia-vulkan-icd"), "{told}");
        assert_eq!(stderr_of(&["count", "13", "--gpu-device", "0"]), "");
    }

    #[test]
    fn no_adapter_is_one_line_and_exit_2() {
        // A Vulkan loader that finds no driver: no adapter at all.
        let out = nqueens()
            .env("VK_ICD_FILENAMES", "/nonexistent/icd.json")
            .env("VK_DRIVER_FILES", "/nonexistent/icd.json")
            .args(["count", "10", "--method", "gpu"])
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            "nqueens: no usable GPU adapter: no Vulkan, Metal or DirectX 12 device was found (a \
             GPU driver is needed, and on Linux the Vulkan loader, libvulkan1)\n"
        );
        assert!(out.stdout.is_empty());
    }

    #[test]
    fn a_fixed_workgroup_and_fixed_task_rows_count_exactly() {
        // They imply --method gpu, and change the speed only.
        for (n, args) in [
            (10, &["--gpu-workgroup", "1", "--gpu-task-rows", "2"][..]),
            (11, &["--gpu-workgroup", "32"][..]),
            (11, &["--gpu-task-rows", "5", "--method", "gpu"][..]),
        ] {
            let mut all = vec!["count".to_string(), n.to_string(), "--json".to_string()];
            all.extend(args.iter().map(|a| a.to_string()));
            let all: Vec<&str> = all.iter().map(String::as_str).collect();
            let v: serde_json::Value = serde_json::from_str(&stdout_of(&all)).unwrap();
            assert_eq!(v["method"], "gpu", "{args:?}");
            assert_eq!(v["solutions"], A000170[n - 1] as u64, "{args:?}");
        }
    }

    #[test]
    fn a_workgroup_too_large_for_the_device_is_refused_in_one_line() {
        // 256 threads of 16 rows of stack need 80,896 bytes of workgroup memory: no device
        // gives a workgroup that much.
        let args = [
            "count",
            "21",
            "--gpu-workgroup",
            "256",
            "--gpu-task-rows",
            "17",
        ];
        fails_with(
            &args,
            "cannot run workgroups of 256 threads with 16 rows of stack each: they need 80896 \
             bytes of workgroup memory and it has ",
        );
        fails_with(&args, "use a smaller --gpu-workgroup, or leave it out");
    }

    #[test]
    fn a_missing_device_is_refused_with_the_ones_there() {
        fails_with(
            &["count", "8", "--gpu-device", "99"],
            "GPU device 99 does not exist: found ",
        );
        fails_with(&["count", "8", "--gpu-device", "99"], "--gpu-device all");
    }

    #[test]
    fn checkpoints_and_shards_go_through_the_gpu() {
        let (dir, path) = scratch_path("gpu-longrun", "q13.ckpt");
        // Half done (started on the GPU, stopped at once, half recorded), finished on the GPU.
        let stop = AtomicBool::new(true);
        Count::new(13)
            .method(nqueens::Method::Gpu)
            .checkpoint(&path)
            .stop(&stop)
            .run()
            .unwrap();
        let mut cp = Checkpoint::load(&path).unwrap();
        let plan = plan_for(13, cp.id.method).unwrap();
        for i in cp.remaining().into_iter().step_by(2) {
            cp.record(i, plan.count_one(i));
        }
        cp.save(&path).unwrap();
        nqueens()
            .args(["count", "13", "--method", "gpu", "--unique", "--resume"])
            .arg(&path)
            .assert()
            .success()
            .stdout("9233\n");
        // A whole checkpointed count on the GPU, then resumed (it only prints its total).
        let whole = dir.join("whole.ckpt");
        for args in [
            &["--checkpoint"][..],
            &["--gpu-device", "0", "--resume"][..],
        ] {
            nqueens()
                .args(["count", "13", "--method", "gpu"])
                .args(args)
                .arg(&whole)
                .assert()
                .success()
                .stdout("73712\n");
        }
        // Shards on the GPU and on the CPU, merged.
        let mut records = Vec::new();
        for (i, method) in ["gpu", "symmetry", "gpu"].iter().enumerate() {
            let shard = format!("{i}/3");
            let record = stdout_of(&[
                "count", "13", "--method", method, "--shard", &shard, "--json",
            ]);
            let file = dir.join(format!("part-{i}.json"));
            std::fs::write(&file, record).unwrap();
            records.push(file);
        }
        nqueens()
            .arg("merge")
            .args(&records)
            .assert()
            .success()
            .stdout("73712\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A campaign whose units are counted partly on the processor and partly on a GPU: the
    /// GPU's results name it, add up with the processor's to the published total, and pass the
    /// check on the second path.
    #[test]
    fn a_campaign_worker_on_a_gpu_adds_up_with_one_on_the_processor() {
        let (dir, folder) = scratch_path("campaign-gpu", "q11");
        let folder_arg = folder.to_str().unwrap();
        nqueens()
            .args(["campaign", "new", folder_arg, "11", "--units", "4"])
            .assert()
            .success();
        nqueens()
            .args(["campaign", "work", folder_arg, "--method", "symmetry"])
            .args(["-t", "1", "--units", "1"])
            .assert()
            .success();
        let out = nqueens()
            .args(["campaign", "work", folder_arg, "--method", "gpu"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{err}");
        assert!(
            err.starts_with("nqueens: counting with gpu on gpu: "),
            "{err}"
        );
        let status = stdout_of(&["campaign", "status", folder_arg, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&status).unwrap();
        assert_eq!(
            (v["solutions"].as_u64(), v["unique"].as_u64()),
            (Some(2680), Some(341))
        );
        assert_eq!(v["agrees"], true, "{status}");
        let speeds = v["throughput"].as_array().unwrap();
        let on_gpu: Vec<_> = speeds.iter().filter(|t| t["method"] == "gpu").collect();
        assert_eq!(on_gpu.len(), 1, "{status}");
        assert_eq!(on_gpu[0]["units"], 3, "{status}");
        assert!(
            on_gpu[0]["device"].as_str().unwrap().starts_with("gpu: "),
            "{status}"
        );
        nqueens()
            .args(["campaign", "check", folder_arg, "--sample", "100"])
            .assert()
            .success()
            .stdout("checked 4 units (452 subproblems) on the second path: 4 agree, 0 conflict\n");
        fails_with(
            &["campaign", "work", folder_arg, "--gpu-device", "9"],
            "GPU device 9",
        );
        // Left to choose, a worker never counts on a software device: on a machine with none
        // but Mesa's, it counts on the processor.
        let small = dir.join("q6");
        let small_arg = small.to_str().unwrap();
        nqueens()
            .args(["campaign", "new", small_arg, "6"])
            .assert()
            .success();
        let out = nqueens()
            .args(["campaign", "work", small_arg, "-t", "1"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        let first = err.lines().next().unwrap();
        assert!(out.status.success(), "{err}");
        assert!(
            first == "nqueens: counting with symmetry on cpu, 1 thread"
                || first.starts_with("nqueens: counting with gpu on gpu: ")
                    && !first.contains("software"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn help_lists_the_gpu_method_and_flag() {
    let out = nqueens().args(["count", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("--gpu-device <I|all>"), "{help}");
    for flag in ["--gpu-workgroup <W>", "--gpu-task-rows <R>"] {
        assert!(help.contains(flag), "{help}");
    }
    assert!(help.contains("For benchmarking variants"), "{help}");
    assert!(help.contains("measured per device"), "{help}");
    assert!(help.contains("gpu"), "{help}");
}
