//! A seeded byte mutator: the stable-toolchain stand-in for libFuzzer.
//!
//! It starts from a corpus and applies random edits (flip, replace with a
//! token byte, insert, delete, duplicate a run, splice from another entry).
//! Same seed, same corpus, same inputs: a failure is replayed by its seed
//! and iteration, printed with the input.

/// SplitMix64: small, fast, and enough to drive mutations.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Bytes that mean something to one of the parsers.
const TOKENS: &[u8] = b"0123456789/ -;:,.\"\nKQRBNPkqrbnpwWbBDxabcdefgh+\t\r\x00\xff";

/// Whole words worth inserting: numbers at the edges of the integer types,
/// and pieces of each format.
const WORDS: &[&str] = &[
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "0",
    "-1",
    "1073741823",
    " ;D20 ",
    " ;D1 ",
    "K",
    "-32",
    "1-32",
    "e1g1",
    "e7e8q",
    "a7a8n",
    " KQkq ",
    " w ",
    " b ",
    "é",
];

/// `input` with one to four random edits (mostly one), some borrowing from
/// `corpus`.
pub fn mutate(rng: &mut Rng, input: &[u8], corpus: &[Vec<u8>], max_len: usize) -> Vec<u8> {
    let mut out = input.to_vec();
    // Mostly one edit: strict formats reject most inputs after several.
    let edits = if rng.below(4) == 0 { 2 + rng.below(3) } else { 1 };
    for _ in 0..edits {
        match rng.below(11) {
            8 if out.len() >= 2 => {
                // Swap two bytes: moves a piece, keeps a rank's length.
                let (i, j) = (rng.below(out.len()), rng.below(out.len()));
                out.swap(i, j);
            }
            9 | 10 if !out.is_empty() => {
                // Overwrite a byte with one found elsewhere in the input.
                let (i, j) = (rng.below(out.len()), rng.below(out.len()));
                out[i] = out[j];
            }
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] ^= 1 << rng.below(8);
            }
            1 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] = TOKENS[rng.below(TOKENS.len())];
            }
            2 => {
                let i = rng.below(out.len() + 1);
                out.insert(i, TOKENS[rng.below(TOKENS.len())]);
            }
            3 if !out.is_empty() => {
                let i = rng.below(out.len());
                let n = 1 + rng.below((out.len() - i).min(8));
                out.drain(i..i + n);
            }
            4 if !out.is_empty() => {
                let i = rng.below(out.len());
                let n = 1 + rng.below((out.len() - i).min(16));
                let run: Vec<u8> = out[i..i + n].to_vec();
                let at = rng.below(out.len() + 1);
                out.splice(at..at, run);
            }
            5 if !corpus.is_empty() => {
                let other = &corpus[rng.below(corpus.len())];
                let cut = rng.below(out.len() + 1);
                let from = rng.below(other.len() + 1);
                out.truncate(cut);
                out.extend_from_slice(&other[from..]);
            }
            6 => {
                let word = WORDS[rng.below(WORDS.len())].as_bytes();
                let at = rng.below(out.len() + 1);
                out.splice(at..at, word.iter().copied());
            }
            _ if !out.is_empty() => {
                // Replace a run of digits, or any byte, with a word.
                let i = rng.below(out.len());
                let mut j = i;
                while j < out.len() && out[j].is_ascii_digit() {
                    j += 1;
                }
                let word = WORDS[rng.below(WORDS.len())].as_bytes();
                out.splice(i..j.max(i + 1), word.iter().copied());
            }
            _ => out.push(TOKENS[rng.below(TOKENS.len())]),
        }
    }
    out.truncate(max_len);
    out
}

/// Runs `oracle` on every corpus entry, then on `iterations` mutants, each
/// drawn from the corpus or from an earlier accepted mutant (the only
/// feedback there is: inputs the parser accepts go deeper). A panic is
/// reported with the seed, the iteration and the input, then resumed.
/// Returns how many mutants the parser accepted.
pub fn run(oracle: fn(&[u8]) -> bool, corpus: &[Vec<u8>], seed: u64, iterations: usize, max_len: usize) -> usize {
    let report = |what: &str, input: &[u8]| {
        eprintln!("fuzz smoke: {what} failed on input {:?}", String::from_utf8_lossy(input));
    };
    for entry in corpus {
        if std::panic::catch_unwind(|| oracle(entry)).is_err() {
            report("corpus entry", entry);
            panic!("the oracle fails on a corpus entry");
        }
    }
    let mut rng = Rng::new(seed);
    let mut pool: Vec<Vec<u8>> = corpus.to_vec();
    if pool.is_empty() {
        pool.push(Vec::new());
    }
    let mut accepted = 0;
    for i in 0..iterations {
        let parent = pool[rng.below(pool.len())].clone();
        let child = mutate(&mut rng, &parent, corpus, max_len);
        match std::panic::catch_unwind(|| oracle(&child)) {
            Err(cause) => {
                report(&format!("seed {seed} iteration {i}"), &child);
                std::panic::resume_unwind(cause);
            }
            // A bounded, rotating pool of accepted mutants, so edits stack up.
            Ok(true) => {
                accepted += 1;
                if pool.len() < 256 {
                    pool.push(child);
                } else {
                    let k = rng.below(pool.len());
                    pool[k] = child;
                }
            }
            // Rejected inputs are still worth a few more edits now and then.
            Ok(false) if rng.below(16) == 0 && pool.len() < 256 => pool.push(child),
            Ok(false) => {}
        }
    }
    accepted
}

/// Reads every file of `dir` as one corpus entry, sorted by name.
pub fn load_corpus(dir: &std::path::Path) -> std::io::Result<Vec<Vec<u8>>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
    paths.sort();
    paths.iter().filter(|p| p.is_file()).map(std::fs::read).collect()
}
