//! What the driver says it made of the counting shader: its registers, its workgroup memory,
//! its instructions, as far as the driver reports them.
//!
//! wgpu does not ask the driver what it compiled, and the GPU model has to assume it: how many
//! threads an SM holds, and so how much of a turn's latency they hide, rests on the registers
//! and the workgroup memory the driver gives each. Vulkan's
//! `VK_KHR_pipeline_executable_properties` answers where the driver has it (NVIDIA's, Mesa's).
//! wgpu's own device was not created with that extension, so this opens a second, bare Vulkan
//! device on the same physical GPU, compiles the same shader text to SPIR-V with the options
//! wgpu uses for the engine's pipelines (naga, bounds checks and loop bounding left out, no
//! zeroing of workgroup memory), builds the compute pipeline asking for its statistics, reads
//! them, and destroys it all. Nothing runs on the device.

use super::gpu::Gpu;

/// One executable the driver made of a pipeline (a compute pipeline has one on every driver
/// seen), with its statistics as the driver names and words them.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq)]
pub struct Executable {
    /// The driver's name for it, such as "Compute Shader".
    pub name: String,
    /// The subgroup size it runs with (32 on NVIDIA), where the driver says.
    pub subgroup: u32,
    /// Each statistic: its name, its value and the driver's description of it.
    pub statistics: Vec<Statistic>,
}

/// One statistic of an executable, such as ("Register Count", 40).
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq)]
pub struct Statistic {
    pub name: String,
    pub value: StatisticValue,
    pub description: String,
}

/// A statistic's value in the form the driver gives it.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StatisticValue {
    Bool(bool),
    Signed(i64),
    Unsigned(u64),
    Float(f64),
}

impl std::fmt::Display for StatisticValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StatisticValue::Bool(b) => write!(f, "{b}"),
            StatisticValue::Signed(v) => write!(f, "{v}"),
            StatisticValue::Unsigned(v) => write!(f, "{v}"),
            StatisticValue::Float(v) => write!(f, "{v}"),
        }
    }
}

impl Gpu {
    /// The driver's statistics of the counting shader built for workgroups of `workgroup`
    /// threads with `levels` rows of stack: an error saying why where the device is not on
    /// Vulkan or its driver lacks the extension.
    pub(crate) fn driver_statistics(
        &self,
        workgroup: u32,
        levels: u32,
    ) -> Result<Vec<Executable>, String> {
        vulkan::statistics(&self.device, workgroup, levels)?.ok_or_else(|| {
            "the driver does not offer VK_KHR_pipeline_executable_properties".to_string()
        })
    }
}

/// Where wgpu has no Vulkan backend, no driver is asked.
#[cfg(not(any(
    windows,
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd"
)))]
mod vulkan {
    use super::Executable;

    pub(super) fn statistics(
        _: &wgpu::Device,
        _: u32,
        _: u32,
    ) -> Result<Option<Vec<Executable>>, String> {
        Err("the driver's statistics are read through Vulkan, which this build lacks".into())
    }
}

/// The Vulkan side, where wgpu has a Vulkan backend.
#[cfg(any(
    windows,
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd"
))]
mod vulkan {
    use super::{Executable, Statistic, StatisticValue};
    use crate::engine::gpu::shader::source;
    use ash::vk;
    use std::ffi::CStr;
    use wgpu::naga;

    /// The driver's statistics of the shader built for workgroups of `workgroup` threads with
    /// `levels` rows of stack, on `device`'s physical device: `None` where the driver has none
    /// to give, the pipeline having been built all the same (so that a test on such a driver
    /// still proves the shader and its bindings as built here).
    pub(super) fn statistics(
        device: &wgpu::Device,
        workgroup: u32,
        levels: u32,
    ) -> Result<Option<Vec<Executable>>, String> {
        // SAFETY: the handles are only read while `hal` lives, and nothing made from them
        // outlives this call: the second device and all it creates are destroyed below.
        let hal = unsafe { device.as_hal::<wgpu::hal::api::Vulkan>() }
            .ok_or("the driver's statistics are read through Vulkan; this device is not on it")?;
        let shared = hal.shared_instance();
        let instance = shared.raw_instance();
        let physical = hal.raw_physical_device();
        let extension = ash::khr::pipeline_executable_properties::NAME;
        // SAFETY: `physical` is a valid handle of `instance` for as long as `hal` lives.
        let (extensions, api) = unsafe {
            (
                instance
                    .enumerate_device_extension_properties(physical)
                    .map_err(|e| format!("listing the device's extensions: {e}"))?,
                instance
                    .get_physical_device_properties(physical)
                    .api_version,
            )
        };
        let offered = extensions
            .iter()
            .any(|e| e.extension_name_as_c_str() == Ok(extension));
        let spirv = spirv(&source(workgroup, levels), api)?;
        let mut features = vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR::default()
            .pipeline_executable_info(true);
        let priorities = [1.0];
        let queues = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(0)
            .queue_priorities(&priorities)];
        let names = [extension.as_ptr()];
        let mut info = vk::DeviceCreateInfo::default().queue_create_infos(&queues);
        if offered {
            info = info
                .enabled_extension_names(&names)
                .push_next(&mut features);
        }
        // SAFETY: a device of our own on the same physical device, with the extension only
        // where offered; destroyed before returning, after everything made on it.
        let second = unsafe { instance.create_device(physical, &info, None) }
            .map_err(|e| format!("opening a second Vulkan device: {e}"))?;
        let read = unsafe { read(instance, &second, &spirv, offered) };
        unsafe { second.destroy_device(None) };
        read
    }

    /// The shader's bindings, in the order of `count.wgsl`: tasks, layouts, done, counters, the
    /// parameters (a uniform), saved walks.
    const BINDINGS: u32 = 6;
    const UNIFORM_BINDING: u32 = 4;

    /// The shader as SPIR-V, written by naga with the options wgpu uses for the engine's pipelines
    /// (`ShaderRuntimeChecks::unchecked()`, workgroup memory not zeroed), for a device of Vulkan
    /// version `api`.
    fn spirv(wgsl: &str, api: u32) -> Result<Vec<u32>, String> {
        let module = naga::front::wgsl::parse_str(wgsl).map_err(|e| e.emit_to_string(wgsl))?;
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .validate(&module)
        .map_err(|e| format!("{e:?}"))?;
        let unchecked = naga::proc::BoundsCheckPolicy::Unchecked;
        let options = naga::back::spv::Options {
            // The highest SPIR-V each Vulkan version takes, as wgpu chooses it.
            lang_version: match (vk::api_version_major(api), vk::api_version_minor(api)) {
                (1, 0) => (1, 0),
                (1, 1) => (1, 3),
                (1, 2) => (1, 5),
                _ => (1, 6),
            },
            flags: naga::back::spv::WriterFlags::empty(),
            bounds_check_policies: naga::proc::BoundsCheckPolicies {
                index: unchecked,
                buffer: unchecked,
                image_load: unchecked,
                binding_array: unchecked,
            },
            zero_initialize_workgroup_memory:
                naga::back::spv::ZeroInitializeWorkgroupMemoryMode::None,
            force_loop_bounding: false,
            emit_int_div_checks: false,
            ..Default::default()
        };
        let pipeline = naga::back::spv::PipelineOptions {
            shader_stage: naga::ShaderStage::Compute,
            entry_point: "main".into(),
        };
        naga::back::spv::write_vec(&module, &info, &options, Some(&pipeline))
            .map_err(|e| e.to_string())
    }

    /// Builds the compute pipeline of `spirv` on `device`, asking for its statistics where
    /// `offered`, reads them and destroys what it made.
    ///
    /// # Safety
    /// `device` must be a live device of `instance`, created with the pipeline executable
    /// properties extension and feature enabled where `offered`.
    unsafe fn read(
        instance: &ash::Instance,
        device: &ash::Device,
        spirv: &[u32],
        offered: bool,
    ) -> Result<Option<Vec<Executable>>, String> {
        let bindings: Vec<vk::DescriptorSetLayoutBinding> = (0..BINDINGS)
            .map(|b| {
                vk::DescriptorSetLayoutBinding::default()
                    .binding(b)
                    .descriptor_type(if b == UNIFORM_BINDING {
                        vk::DescriptorType::UNIFORM_BUFFER
                    } else {
                        vk::DescriptorType::STORAGE_BUFFER
                    })
                    .descriptor_count(1)
                    .stage_flags(vk::ShaderStageFlags::COMPUTE)
            })
            .collect();
        let properties = ash::khr::pipeline_executable_properties::Device::new(instance, device);
        // SAFETY (for the block): every handle is created on `device` here and destroyed before
        // the block ends, in the reverse order.
        unsafe {
            let module = device
                .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(spirv), None)
                .map_err(|e| format!("the driver refused the shader: {e}"))?;
            let set = device.create_descriptor_set_layout(
                &vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings),
                None,
            );
            let set = match set {
                Ok(set) => set,
                Err(e) => {
                    device.destroy_shader_module(module, None);
                    return Err(format!("the driver refused the bindings: {e}"));
                }
            };
            let sets = [set];
            let layout = device.create_pipeline_layout(
                &vk::PipelineLayoutCreateInfo::default().set_layouts(&sets),
                None,
            );
            let out = match layout {
                Err(e) => Err(format!("the driver refused the pipeline's layout: {e}")),
                Ok(layout) => {
                    let out = build_and_read(&properties, device, module, layout, offered);
                    device.destroy_pipeline_layout(layout, None);
                    out
                }
            };
            device.destroy_descriptor_set_layout(set, None);
            device.destroy_shader_module(module, None);
            out
        }
    }

    /// The pipeline of `module` under `layout`, built with its statistics captured where
    /// `offered`, read and destroyed.
    ///
    /// # Safety
    /// As for [`read`]; `module` and `layout` are live handles of `device`.
    unsafe fn build_and_read(
        properties: &ash::khr::pipeline_executable_properties::Device,
        device: &ash::Device,
        module: vk::ShaderModule,
        layout: vk::PipelineLayout,
        offered: bool,
    ) -> Result<Option<Vec<Executable>>, String> {
        let stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(module)
            .name(c"main");
        let info = vk::ComputePipelineCreateInfo::default()
            .flags(if offered {
                vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR
            } else {
                vk::PipelineCreateFlags::empty()
            })
            .stage(stage)
            .layout(layout);
        // SAFETY (for the block): the pipeline is made here and destroyed before returning.
        unsafe {
            let pipeline = device
                .create_compute_pipelines(vk::PipelineCache::null(), &[info], None)
                .map_err(|(_, e)| format!("the driver could not build the pipeline: {e}"))?[0];
            let out = match offered {
                true => executables(properties, pipeline).map(Some),
                false => Ok(None),
            };
            device.destroy_pipeline(pipeline, None);
            out
        }
    }

    /// Every executable of `pipeline` with its statistics.
    ///
    /// # Safety
    /// `pipeline` is a live pipeline of the device `properties` was loaded for, built with its
    /// statistics captured.
    unsafe fn executables(
        properties: &ash::khr::pipeline_executable_properties::Device,
        pipeline: vk::Pipeline,
    ) -> Result<Vec<Executable>, String> {
        let text = |s: Result<&CStr, _>| {
            s.map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        // SAFETY: as the function's contract says.
        let found = unsafe {
            properties.get_pipeline_executable_properties(
                &vk::PipelineInfoKHR::default().pipeline(pipeline),
            )
        }
        .map_err(|e| format!("reading the pipeline's executables: {e}"))?;
        let mut out = Vec::with_capacity(found.len());
        for (index, executable) in (0u32..).zip(&found) {
            let which = vk::PipelineExecutableInfoKHR::default()
                .pipeline(pipeline)
                .executable_index(index);
            // SAFETY: as the function's contract says; `index` is one the driver listed.
            let statistics = unsafe { properties.get_pipeline_executable_statistics(&which) }
                .map_err(|e| format!("reading the statistics: {e}"))?;
            out.push(Executable {
                name: text(executable.name_as_c_str()),
                subgroup: executable.subgroup_size,
                statistics: statistics
                    .iter()
                    .map(|s| Statistic {
                        name: text(s.name_as_c_str()),
                        description: text(s.description_as_c_str()),
                        // SAFETY: the union is read in the member its format names.
                        value: unsafe {
                            match s.format {
                                vk::PipelineExecutableStatisticFormatKHR::BOOL32 => {
                                    StatisticValue::Bool(s.value.b32 != 0)
                                }
                                vk::PipelineExecutableStatisticFormatKHR::INT64 => {
                                    StatisticValue::Signed(s.value.i64)
                                }
                                vk::PipelineExecutableStatisticFormatKHR::FLOAT64 => {
                                    StatisticValue::Float(s.value.f64)
                                }
                                _ => StatisticValue::Unsigned(s.value.u64),
                            }
                        },
                    })
                    .collect(),
            });
        }
        Ok(out)
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::engine::gpu::device::adapters::open;
        use crate::machine::GpuDevice;

        #[test]
        fn the_driver_builds_the_shader_and_describes_it_where_it_can() {
            let gpus =
                open(GpuDevice::default()).expect("a GPU (or Mesa's software Vulkan device)");
            let gpu = &gpus[0];
            // The pipeline is built on a second device either way: the SPIR-V and the
            // bindings written here are what the driver accepts.
            match statistics(&gpu.device, 8, 12).unwrap() {
                None => {
                    // A driver without the extension (Mesa's lavapipe of Debian 12) is
                    // named as such by the engine's call.
                    let why = gpu.driver_statistics(8, 12).unwrap_err();
                    assert_eq!(
                        why,
                        "the driver does not offer VK_KHR_pipeline_executable_properties"
                    );
                }
                Some(executables) => {
                    eprintln!("{}: {executables:?}", gpu.name);
                    let e = &executables[0];
                    assert!(!e.name.is_empty());
                    assert!(!e.statistics.is_empty());
                    assert!(e.statistics.iter().all(|s| !s.name.is_empty()));
                    assert_eq!(gpu.driver_statistics(8, 12).unwrap(), executables);
                }
            }
            // A deeper stack and another workgroup are other shaders, built as well.
            assert!(statistics(&gpu.device, 32, 16).is_ok());
        }

        #[test]
        fn the_spirv_is_what_the_shader_text_compiles_to() {
            let words = spirv(&source(64, 12), vk::make_api_version(0, 1, 3, 0)).unwrap();
            // The SPIR-V magic number, and version 1.6 for a Vulkan 1.3 device.
            assert_eq!(words[0], 0x0723_0203);
            assert_eq!(words[1], 0x0001_0600);
            let old = spirv(&source(64, 12), vk::make_api_version(0, 1, 0, 0)).unwrap();
            assert_eq!(old[1], 0x0001_0000);
            assert!(spirv("fn main( {", vk::make_api_version(0, 1, 3, 0)).is_err());
        }
    }
}
