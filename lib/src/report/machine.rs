//! What the machine a run happens on is: recorded beside timings, and used
//! to size memory limits.

/// The processor's model name, from `/proc/cpuinfo`, where there is one,
/// with its family and model numbers where the file gives them: a virtual
/// machine may name only the vendor's line ("AMD EPYC"), and the numbers
/// tell its generations apart (family 25 is Zen 3 with model 1, Zen 4 with
/// model 17).
pub fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    describe_cpu(&info)
}

/// The model name of the first processor of `cpuinfo` (the text of
/// `/proc/cpuinfo`), with its family and model numbers when both are there.
fn describe_cpu(cpuinfo: &str) -> Option<String> {
    let processor = cpuinfo.split("\n\n").next()?;
    let field = |name: &str| {
        processor.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            (key.trim() == name).then(|| value.trim().to_owned())
        })
    };
    let name = field("model name")?;
    Some(match (field("cpu family"), field("model")) {
        (Some(family), Some(model)) => format!("{name} (family {family}, model {model})"),
        _ => name,
    })
}

/// The compiler that built this library (`rustc --version` at build time).
pub fn compiler() -> &'static str {
    env!("PLYBENCH_RUSTC_VERSION")
}

pub use crate::engine::meminfo::physical_memory;

/// The logical cores this process may use.
pub fn logical_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cpu_is_named_with_its_family_and_model() {
        let info = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\n\
                    model name\t: AMD EPYC\n\nprocessor\t: 1\nmodel name\t: other\n";
        assert_eq!(describe_cpu(info).as_deref(), Some("AMD EPYC (family 25, model 17)"));
        let bare = "processor\t: 0\nmodel name\t: Some CPU\n";
        assert_eq!(describe_cpu(bare).as_deref(), Some("Some CPU"));
        assert_eq!(describe_cpu("processor\t: 0\n"), None);
    }

    #[test]
    fn the_compiler_is_named() {
        assert!(compiler().starts_with("rustc ") || compiler() == "unknown", "{}", compiler());
    }
}
