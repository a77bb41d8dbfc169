fn main() {
    let data = std::fs::read(std::env::args().nth(1).unwrap()).unwrap();
    let t = std::time::Instant::now();
    let ok = plybench_fuzz::rules::rules(&data);
    eprintln!("{ok} in {:.2}s", t.elapsed().as_secs_f64());
}
