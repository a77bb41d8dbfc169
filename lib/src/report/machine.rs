//! What the machine a run happens on is: recorded beside timings, and used
//! to size memory limits.

/// The processor's model name, from `/proc/cpuinfo`, where there is one.
pub fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("model name"))?;
    Some(line.split(':').nth(1)?.trim().to_owned())
}

pub use crate::engine::memory::physical_memory;

/// The logical cores this process may use.
pub fn logical_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
