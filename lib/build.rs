//! Records the compiler that builds the library, so that reports name it
//! beside their timings (`report::machine::compiler`): the `rustc` found at
//! run time may not be the one that built the binary.

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let version = std::process::Command::new(&rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=PLYBENCH_RUSTC_VERSION={version}");
    // A new compiler rebuilds this script, which then runs again.
    println!("cargo:rerun-if-env-changed=RUSTC");
    println!("cargo:rerun-if-changed=build.rs");
}
