"""Counts on GPUs from Python: method="gpu" and device= in the GPU wheel (built with the feature
gpu), checked against OEIS on whatever device the machine has (CI: Mesa's software Vulkan
device, lavapipe), with the long-run keywords of a CPU count; and the refusals, the same as the
command line's, of a package built without GPUs and of a device that is not there."""

import os
import subprocess
import sys
import warnings

import pytest

import nqueens
from conftest import TOTAL, UNIQUE

BUILT = "gpu" in nqueens.METHODS

# CI builds the GPU wheel and sets NQUEENS_TEST_GPU=1 where it tests it, so that its tests
# cannot be skipped there.
if os.environ.get("NQUEENS_TEST_GPU") == "1":
    assert BUILT, "NQUEENS_TEST_GPU=1, yet this nqueens was built without the feature gpu"
with_gpu = pytest.mark.skipif(not BUILT, reason="this nqueens was built without the feature gpu")
without_gpu = pytest.mark.skipif(BUILT, reason="this nqueens was built with the feature gpu")

NOT_BUILT = (
    "this nqueens was built without GPU support: install the GPU wheel, built in "
    "crates/nqueens-py of the source tree with 'maturin build --release --features gpu' (see "
    "the Python chapter of the guide, docs/python.md)"
)


def noted(call):
    """What `call` answers, and the NoteWarning lines it warned."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        answer = call()
    return answer, [str(w.message) for w in seen if issubclass(w.category, nqueens.NoteWarning)]


def software(counts):
    """Whether the count ran on Mesa's software device, the processor standing in for a GPU."""
    return any("llvmpipe" in d for d in counts.devices)


@with_gpu
@pytest.mark.parametrize("n", [8, 10])
def test_the_gpu_counts_small_boards_as_oeis_does(n):
    assert nqueens.count(n, method="gpu") == TOTAL[n - 1]
    assert nqueens.count(n, method="gpu", unique=True) == UNIQUE[n - 1]
    # A device implies the method, one by its index or every one.
    assert nqueens.count(n, device=0) == TOTAL[n - 1]
    assert nqueens.count(n, device="all", unique=True) == UNIQUE[n - 1]
    c = nqueens.counts(n, device=0, unique=True)
    assert (c.n, c.total, c.unique, c.method) == (n, TOTAL[n - 1], UNIQUE[n - 1], "gpu")
    assert len(c.devices) == 1 and c.devices[0], c
    assert repr(c).endswith(f", devices={c.devices!r})") and eval(repr(c), vars(nqueens)) == c
    row = '<th style="text-align:left">devices</th><td style="text-align:right">'
    assert row + c.devices[0] + "</td>" in c._repr_html_()


@with_gpu
def test_a_software_device_not_asked_for_by_index_is_said_as_the_binary_says_it():
    c, notes = noted(lambda: nqueens.counts(8, method="gpu"))
    assert c.total == 92
    if software(c):
        assert notes == [
            "counting on a software device, the processor standing in for a GPU, far slower: no "
            "GPU driver was found (an NVIDIA GPU needs its driver's Vulkan part, Debian's "
            "nvidia-vulkan-icd; AMD and Intel GPUs Mesa's mesa-vulkan-drivers)"
        ]
    else:
        assert notes == []
    # Asked for by index, the device is what was wanted: nothing to say.
    c, notes = noted(lambda: nqueens.counts(8, device=0))
    assert (c.total, notes) == (92, [])


@with_gpu
def test_a_device_that_does_not_exist_is_refused_with_those_that_do():
    found = nqueens.counts(8, device=0).devices
    with pytest.raises(nqueens.Error) as info:
        nqueens.count(8, device=99)
    e = info.value
    assert e.kind == "gpu" and e.found[0] == found[0]
    k = len(e.found)
    names = ", ".join(f"{i}: {name}" for i, name in enumerate(e.found))
    indices = "0" if k == 1 else f"0 to {k - 1}"
    assert str(e) == (
        f"GPU device 99 does not exist: found {k} ({names}): use device={indices} or "
        "device='all'"
    )


@with_gpu
def test_progress_shards_and_checkpoints_work_on_the_gpu_as_on_the_processor(tmp_path):
    calls = []
    assert nqueens.count(12, method="gpu", progress=lambda d, t: calls.append((d, t))) == TOTAL[11]
    total = calls[-1][1]
    assert total > 0 and calls[-1] == (total, total)
    # Parts counted on the GPU merge with parts counted on the processor.
    parts = [nqueens.count(12, device=0, shard=(0, 3))]
    parts += [nqueens.count(12, method="symmetry", shard=(i, 3)) for i in (1, 2)]
    assert nqueens.merge(parts) == TOTAL[11]
    halves = [nqueens.count(11, method="gpu", unique=True, shard=(i, 2)) for i in (0, 1)]
    assert nqueens.merge(halves) == UNIQUE[10]
    # A checkpointed count stopped by Ctrl-C (raised by the callable at its first call, once
    # the count knows its size) keeps what it finished, and resume() finishes it on the GPU.
    path = tmp_path / "gpu.ckpt"

    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(nqueens.Interrupted) as info:
        nqueens.count(14, method="gpu", checkpoint=path, progress=stop)
    e = info.value
    assert e.checkpoint == str(path) and e.counts is not None and e.counts.partial
    assert e.counts.method == "gpu" and e.done < e.subproblems
    assert nqueens.resume(path, device=0) == TOTAL[13]
    # The same count asked again continues its file, now finished.
    assert nqueens.count(14, method="gpu", checkpoint=path) == TOTAL[13]


# A child that counts on the GPU and prints the answer, or the refusal's kind and message.
CHILD = """
import nqueens
try:
    print(nqueens.count(8, method="gpu"))
except nqueens.Error as e:
    print(e.kind, e, sep=": ")
"""


@with_gpu
def test_a_count_prints_nothing_of_its_own_and_a_machine_without_gpus_is_refused():
    env = {k: v for k, v in os.environ.items() if k not in ("NODEVICE_SELECT", "XDG_RUNTIME_DIR")}
    # Mesa's device-selection layer, on a machine without a display, would print an error
    # line about XDG_RUNTIME_DIR on every count; the package turns it off as the binary does.
    child = [sys.executable, "-W", "ignore", "-c", CHILD]
    done = subprocess.run(child, env=env, capture_output=True, text=True)
    assert (done.stdout, done.stderr) == ("92\n", "")
    # No Vulkan driver at all: the binary's refusal.
    env.update(VK_ICD_FILENAMES="/none", VK_DRIVER_FILES="/none")
    done = subprocess.run(child, env=env, capture_output=True, text=True)
    assert (done.stdout, done.stderr) == (
        "gpu: no usable GPU adapter: no Vulkan, Metal or DirectX 12 device was found (a GPU "
        "driver is needed, and on Linux the Vulkan loader, libvulkan1)\n",
        "",
    )


@with_gpu
def test_python_m_nqueens_says_a_note_as_the_binary_does():
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "10", "--method", "gpu"],
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout) == (0, "724\n"), done.stderr
    software = "llvmpipe" in nqueens.counts(8, device=0).devices[0]
    assert done.stderr == (
        "nqueens: counting on a software device, the processor standing in for a GPU, far "
        "slower: no GPU driver was found (an NVIDIA GPU needs its driver's Vulkan part, Debian's "
        "nvidia-vulkan-icd; AMD and Intel GPUs Mesa's mesa-vulkan-drivers)\n"
        if software
        else ""
    )


@without_gpu
@pytest.mark.parametrize(
    "asked",
    [{"method": "gpu"}, {"device": 0}, {"device": "all"}, {"method": "gpu", "unique": True}],
)
def test_a_package_without_gpus_refuses_them_saying_how_to_get_them(asked):
    with pytest.raises(nqueens.Error) as info:
        nqueens.count(8, **asked)
    assert (info.value.kind, str(info.value)) == ("gpu", NOT_BUILT)
    with pytest.raises(nqueens.Error, match="^this nqueens was built without GPU support"):
        nqueens.counts(8, **asked)


def test_device_refuses_what_names_no_device():
    for bad in (-1, "first", "", "-2"):
        with pytest.raises(nqueens.Error) as info:
            nqueens.count(8, device=bad)
        assert info.value.kind == "invalid"
        assert str(info.value) == (
            f"'{bad}' is not a valid GPU device: expected a device index (0, 1, ...) or 'all'"
        )
    for bad in (1.5, True, [0]):
        with pytest.raises(TypeError) as info:
            nqueens.count(8, device=bad)
        assert str(info.value) == (
            f"device: expected an int (a GPU's index) or 'all', not {type(bad).__name__}"
        )
    # Only the GPU method counts on a device, built or not.
    with pytest.raises(nqueens.Error) as info:
        nqueens.count(8, method="symmetry", device=0)
    e = info.value
    assert (e.kind, e.method, e.instead) == ("unsupported", "symmetry", ["gpu"])
    assert str(e) == "method symmetry cannot count on a GPU; method gpu can"
