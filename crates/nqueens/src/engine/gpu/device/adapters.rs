//! The adapters of this machine: found once per process, put in order (one backend, real GPUs
//! first), and opened once each, so that every count shares the same devices.

use super::gpu::{Gpu, ready};
use crate::error::{Error, GpuProblem};
use crate::machine::GpuDevice;
use std::sync::{Arc, Mutex, OnceLock};

/// The adapters of this machine, found once per process.
struct Registry {
    /// Kept alive with the adapters it made.
    _instance: wgpu::Instance,
    adapters: Vec<wgpu::Adapter>,
    names: Vec<String>,
    /// Software devices (a CPU standing in for a GPU).
    software: Vec<bool>,
    /// Each adapter's device, once opened.
    opened: Mutex<Vec<Option<Arc<Gpu>>>>,
}

impl Registry {
    /// The adapters a count over several GPUs uses: the real ones, or, on a machine without
    /// any, the software devices. Never empty where there are adapters at all.
    fn preferred(&self) -> Vec<usize> {
        let all = 0..self.adapters.len();
        let real: Vec<usize> = all.clone().filter(|&i| !self.software[i]).collect();
        if real.is_empty() { all.collect() } else { real }
    }
}

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        // WGPU_BACKEND and the other wgpu variables can narrow the search.
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let found = ready(instance.enumerate_adapters(wgpu::Backends::all()));
        let adapters = ordered(found);
        let names = adapters
            .iter()
            .map(|a| {
                let info = a.get_info();
                format!("{} ({:?})", info.name, info.backend)
            })
            .collect();
        let software = adapters
            .iter()
            .map(|a| a.get_info().device_type == wgpu::DeviceType::Cpu)
            .collect();
        let opened = Mutex::new(vec![None; adapters.len()]);
        Registry {
            _instance: instance,
            adapters,
            names,
            software,
            opened,
        }
    })
}

/// The adapters of one backend, real GPUs first. One backend only, so that a GPU that two of
/// them reach (Vulkan and DirectX 12 on Windows) is never used twice: the first of Vulkan, Metal
/// and DirectX 12 that reaches a real GPU, or failing that, the first that reaches anything.
fn ordered(found: Vec<wgpu::Adapter>) -> Vec<wgpu::Adapter> {
    use wgpu::{Backend, DeviceType};
    let kind = |a: &wgpu::Adapter| match a.get_info().device_type {
        DeviceType::DiscreteGpu => 0,
        DeviceType::IntegratedGpu => 1,
        DeviceType::VirtualGpu => 2,
        DeviceType::Other => 3,
        DeviceType::Cpu => 4,
    };
    let backends = [Backend::Vulkan, Backend::Metal, Backend::Dx12];
    let reaches = |b: Backend, real: bool| {
        found
            .iter()
            .any(|a| a.get_info().backend == b && (!real || kind(a) < 4))
    };
    let Some(backend) = backends
        .iter()
        .copied()
        .find(|&b| reaches(b, true))
        .or_else(|| backends.iter().copied().find(|&b| reaches(b, false)))
    else {
        return Vec::new();
    };
    let mut list: Vec<wgpu::Adapter> = found
        .into_iter()
        .filter(|a| a.get_info().backend == backend)
        .collect();
    list.sort_by_key(kind);
    list
}

/// Opens the devices `choice` names (each once per process; later calls share them).
pub(crate) fn open(choice: GpuDevice) -> Result<Vec<Arc<Gpu>>, Error> {
    let reg = registry();
    if reg.adapters.is_empty() {
        return Err(Error::Gpu(GpuProblem::NoAdapter));
    }
    let indices: Vec<usize> = match choice {
        GpuDevice::Index(i) if i < reg.adapters.len() => vec![i],
        GpuDevice::Index(index) => {
            return Err(Error::Gpu(GpuProblem::NoSuchDevice {
                index,
                found: reg.names.clone(),
            }));
        }
        GpuDevice::All => reg.preferred(),
        GpuDevice::Spread(k) => {
            let preferred = reg.preferred();
            vec![preferred[k % preferred.len()]]
        }
    };
    let mut opened = reg.opened.lock().unwrap_or_else(|p| p.into_inner());
    indices
        .into_iter()
        .map(|i| {
            if let Some(gpu) = &opened[i] {
                return Ok(Arc::clone(gpu));
            }
            let gpu = Arc::new(Gpu::open(&reg.adapters[i], &reg.names[i], reg.software[i])?);
            opened[i] = Some(Arc::clone(&gpu));
            Ok(gpu)
        })
        .collect()
}
