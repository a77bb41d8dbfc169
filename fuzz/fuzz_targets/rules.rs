#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    plybench_fuzz::rules::rules(data);
});
