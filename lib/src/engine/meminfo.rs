//! The machine's memory, read from the system: a file of its own, below
//! [`crate::engine::memory`] (whose limits report errors of the crate) and
//! the perft table (whose errors the engines' errors carry), so that
//! neither imports the other's error through it.

/// The machine's memory in bytes, from `/proc/meminfo`, where there is one.
pub fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_ascii_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}
