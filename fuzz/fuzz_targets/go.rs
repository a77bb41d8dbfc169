#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    plybench_fuzz::oracles::go(data);
});
