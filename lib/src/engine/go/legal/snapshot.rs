//! A count's border states after a point, saved to a file so that an
//! interrupted count goes on from that point (`goban legal --snapshot`).
//!
//! A snapshot file is, in order:
//! - [`MAGIC`], eight bytes;
//! - the length of the header, a little-endian `u32`, and the [`Header`]
//!   in JSON: the board, how the count is kept, the point reached, the
//!   states after every point so far;
//! - the layer: for each part its number of states (`u64`), then each
//!   state as its key and the words of its count, little-endian `u64`s;
//! - a check word over the header and every word after it, each mixed in
//!   turn.
//!
//! The layer is written and read part by part ([`LayerWriter`],
//! [`LayerReader`]), so that a count can keep its layers in such files
//! rather than in memory (`--layers-on-disk`).
//!
//! Its size follows from the header, so that a short or padded file is
//! refused before anything is allocated, and the check word catches a
//! damaged one. A snapshot is written to a temporary file beside the
//! target, synced and renamed over it: the file named is always a whole
//! snapshot, the last one or the one before.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::ring::Count;
use super::table::mix;
use crate::engine::go::GoError;

/// The first eight bytes of a snapshot file.
pub const MAGIC: &[u8; 8] = b"plygolg\x01";

/// The version of the header this program writes. Version 1 had no
/// [`Header::alone`] (its counts were never of one prime alone), and in
/// versions 1 and 2 a count by residues counted one prime a pass
/// ([`Header::words`] 1); both are still read.
pub const VERSION: u32 = 3;

/// The oldest version of the header this program reads.
const OLDEST_VERSION: u32 = 1;

/// The longest header read: far above any real one (361 points of
/// history), far below memory.
const MAX_HEADER_BYTES: u32 = 1 << 20;

/// Bytes buffered when a layer is written or read.
const BUFFER_BYTES: usize = 1 << 20;

/// The most states a part of a layer of `states` states in `parts` parts
/// may hold when read: 64 times the mean part, and 2^16 more. A count's
/// parts are split by the hash of the key, so that a real part is near the
/// mean; a length past this comes from a damaged file, and is refused
/// before a buffer is sized by it (the check word would catch the damage
/// only after the whole layer is read).
fn most_in_part(states: u64, parts: u64) -> u64 {
    states.div_ceil(parts.max(1)).saturating_mul(64).saturating_add(1 << 16)
}

/// What a snapshot's count is and where it stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// [`VERSION`].
    pub version: u32,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Points of the border.
    pub width: usize,
    /// 64-bit words of one count: limbs (as many as the counts after
    /// `point` points need, or more: they widen as the board fills), or
    /// in a count by residues one for each prime the pass counts at once.
    pub words: usize,
    /// For a count by residues, the place in `ring::moduli` of the first
    /// prime the pass counts (`words` of them from there); `None` for an
    /// exact one.
    pub modulus: Option<usize>,
    /// The residues of the primes before it, when counting by residues.
    pub residues: Vec<u64>,
    /// Whether the count is modulo the prime `modulus` alone (one job of
    /// a count by residues spread over machines): its residue is the
    /// result, and no other prime follows it.
    #[serde(default)]
    pub alone: bool,
    /// Points filled.
    pub point: usize,
    /// States after each point filled so far.
    pub history: Vec<usize>,
    /// The most states after any point of the primes before.
    pub max_states: usize,
    /// Wall-clock seconds the count has taken so far.
    pub seconds: f64,
    /// States in the layer.
    pub states: u64,
    /// Parts of the layer.
    pub parts: u64,
}

impl Header {
    /// Bytes of the file after the header: the parts' lengths, the states
    /// and the check word; `None` when that passes `u64`.
    fn layer_bytes(&self) -> Option<u64> {
        let entry = 8 * (1 + self.words as u64);
        self.parts.checked_mul(8)?.checked_add(self.states.checked_mul(entry)?)?.checked_add(8)
    }
}

/// The check word of a snapshot: every 64-bit word of the file before it,
/// mixed in turn.
#[derive(Clone, Copy, Default)]
struct Check(u64);

impl Check {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = mix(self.0 ^ word);
    }

    fn add_bytes(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
}

fn failed(path: &Path, why: impl std::fmt::Display) -> GoError {
    GoError::LegalSnapshot { path: path.display().to_string(), why: why.to_string() }
}

/// The temporary file a snapshot of `path` is written to before it is
/// renamed.
pub fn temporary(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Writes `layer`, with `header`, as the snapshot file `path`.
pub fn write<C: Count>(path: &Path, header: &Header, layer: &[Vec<(u64, C)>]) -> Result<(), GoError> {
    let tmp = temporary(path);
    let written = (|| {
        let mut out = LayerWriter::create(&tmp, header)?;
        for part in layer {
            out.part(part.len(), part.iter().map(|(key, n)| (*key, n)))?;
        }
        out.finish(true)
    })();
    match written.and_then(|()| promote(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = std::fs::remove_file(&tmp);
            Err(failed(path, format!("cannot be written: {}", cause(&error))))
        }
    }
}

/// The reason of a snapshot error, without the path it names.
fn cause(error: &GoError) -> String {
    match error {
        GoError::LegalSnapshot { why, .. } => why.clone(),
        other => other.to_string(),
    }
}

/// Makes the whole layer file `from` ([`LayerWriter::finish`]) the
/// snapshot `path`: synced, then renamed over it, the rename itself made
/// durable where the directory can be synced.
pub fn promote(from: &Path, path: &Path) -> Result<(), GoError> {
    let renamed = File::open(from).and_then(|file| file.sync_all()).and_then(|()| std::fs::rename(from, path));
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        let _ = File::open(dir).and_then(|dir| dir.sync_all());
    }
    renamed.map_err(|error| failed(path, format!("cannot be written: {error}")))
}

/// A layer written part by part as a file in the snapshot format: the
/// header says how many parts and states follow, and [`LayerWriter::finish`]
/// refuses a file that does not hold them.
pub struct LayerWriter {
    out: BufWriter<File>,
    check: Check,
    path: PathBuf,
    parts: u64,
    states: u64,
    /// A part's bytes, written at once.
    bytes: Vec<u8>,
}

impl LayerWriter {
    /// Creates (or truncates) `path` and writes the header.
    pub fn create(path: &Path, header: &Header) -> Result<LayerWriter, GoError> {
        let io = |error: std::io::Error| failed(path, format!("cannot be written: {error}"));
        let json = serde_json::to_vec(header).map_err(|error| failed(path, error))?;
        let mut out = BufWriter::with_capacity(BUFFER_BYTES, File::create(path).map_err(io)?);
        out.write_all(MAGIC).map_err(io)?;
        out.write_all(&(json.len() as u32).to_le_bytes()).map_err(io)?;
        out.write_all(&json).map_err(io)?;
        let mut writer = LayerWriter {
            out,
            check: Check::default(),
            path: path.to_owned(),
            parts: header.parts,
            states: header.states,
            bytes: Vec::new(),
        };
        let mut prefix = Check::default();
        prefix.add_bytes(&json);
        writer.put(prefix.0)?;
        Ok(writer)
    }

    #[inline]
    fn put(&mut self, word: u64) -> Result<(), GoError> {
        self.check.add(word);
        self.out
            .write_all(&word.to_le_bytes())
            .map_err(|error| failed(&self.path, format!("cannot be written: {error}")))
    }

    /// Writes the next part: its `len` states, keys with their counts.
    pub fn part<'a, C: Count>(
        &mut self,
        len: usize,
        states: impl Iterator<Item = (u64, &'a C)>,
    ) -> Result<(), GoError> {
        let len = len as u64;
        if self.parts == 0 || len > self.states {
            return Err(failed(&self.path, "would hold more than its header says"));
        }
        self.parts -= 1;
        self.states -= len;
        self.put(len)?;
        // The part's words laid out in one buffer, written at once.
        let entry = 8 * (1 + C::WORDS);
        self.bytes.clear();
        self.bytes.resize(len as usize * entry, 0);
        let mut slots = self.bytes.chunks_exact_mut(entry);
        let check = &mut self.check;
        let mut put = |slot: &mut [u8], key: u64, n: &C| {
            check.add(key);
            slot[..8].copy_from_slice(&key.to_le_bytes());
            for (place, &word) in slot[8..].chunks_exact_mut(8).zip(n.words()) {
                check.add(word);
                place.copy_from_slice(&word.to_le_bytes());
            }
        };
        let mut written = 0;
        for (key, n) in states {
            let Some(slot) = slots.next() else { break };
            put(slot, key, n);
            written += 1;
        }
        if written != len {
            return Err(failed(&self.path, "a part holds other than the states it announced"));
        }
        self.out.write_all(&self.bytes).map_err(|error| failed(&self.path, format!("cannot be written: {error}")))
    }

    /// Writes the check word, after every part the header announced;
    /// `sync` makes the file durable before it returns.
    pub fn finish(mut self, sync: bool) -> Result<(), GoError> {
        if self.parts != 0 || self.states != 0 {
            return Err(failed(&self.path, "holds fewer parts or states than its header says"));
        }
        let io = |error: std::io::Error| failed(&self.path, format!("cannot be written: {error}"));
        self.out.write_all(&self.check.0.to_le_bytes()).map_err(io)?;
        let file = self.out.into_inner().map_err(|error| io(error.into_error()))?;
        if sync {
            file.sync_all().map_err(io)?;
        }
        Ok(())
    }
}

/// Whether `path` starts as a snapshot file does (another file, or none,
/// is not one).
pub fn is_snapshot(path: &Path) -> bool {
    let mut magic = [0; 8];
    File::open(path).and_then(|mut file| file.read_exact(&mut magic)).is_ok() && &magic == MAGIC
}

/// Reads the header of the snapshot file `path`, and checks that the
/// file's size is the one it implies. The layer is read by [`read_layer`].
pub fn read_header(path: &Path) -> Result<Header, GoError> {
    let mut file = File::open(path).map_err(|error| failed(path, format!("cannot be read: {error}")))?;
    let damaged =
        |why: &str| failed(path, format!("is not a whole snapshot ({why}); resume from another or count again"));
    let mut magic = [0; 8];
    file.read_exact(&mut magic).map_err(|_| damaged("too short"))?;
    if &magic != MAGIC {
        return Err(failed(path, "is not a snapshot of `goban legal --snapshot`"));
    }
    let mut len = [0; 4];
    file.read_exact(&mut len).map_err(|_| damaged("too short"))?;
    let len = u32::from_le_bytes(len);
    if len > MAX_HEADER_BYTES {
        return Err(damaged("its header is too long"));
    }
    let mut json = vec![0; len as usize];
    file.read_exact(&mut json).map_err(|_| damaged("too short"))?;
    let header: Header = serde_json::from_slice(&json).map_err(|_| damaged("its header is not the expected JSON"))?;
    if !(OLDEST_VERSION..=VERSION).contains(&header.version) {
        return Err(failed(
            path,
            format!(
                "is of version {}, but this program reads {OLDEST_VERSION} to {VERSION}; resume it with the program \
                 that wrote it",
                header.version
            ),
        ));
    }
    let size = file.metadata().map_err(|error| failed(path, format!("cannot be read: {error}")))?.len();
    let expected = header.layer_bytes().and_then(|bytes| bytes.checked_add(12 + u64::from(len) + 8));
    if expected != Some(size) {
        return Err(damaged("its size is not the one its header gives"));
    }
    Ok(header)
}

/// Reads the layer of the snapshot file `path`, whose header `header`
/// ([`read_header`]) the caller has checked against the count (its words
/// are `C`'s, or limbs `C` widens or narrows; its states fit the memory
/// limit).
pub fn read_layer<C: Count>(path: &Path, header: &Header) -> Result<Vec<Vec<(u64, C)>>, GoError> {
    let mut reader = LayerReader::<C>::open(path, header)?;
    let mut layer = Vec::with_capacity(header.parts as usize);
    while let Some(part) = reader.part()? {
        layer.push(part);
    }
    reader.finish()?;
    Ok(layer)
}

/// The layer of a snapshot file read part by part, so that a count can go
/// through a layer larger than its memory. The check word is compared
/// once the last part is read ([`LayerReader::finish`]).
pub struct LayerReader<C> {
    input: BufReader<File>,
    check: Check,
    path: PathBuf,
    parts: u64,
    states: u64,
    /// [`most_in_part`] of the layer.
    most_in_part: u64,
    /// A count's words in the file ([`Header::words`]), which may be
    /// fewer or more than `C`'s ([`Count::resized`]).
    words: Vec<u64>,
    /// A part's bytes, read at once.
    bytes: Vec<u8>,
    count: std::marker::PhantomData<C>,
}

impl<C: Count> LayerReader<C> {
    /// Opens the snapshot file `path`, whose header `header`
    /// ([`read_header`]) the caller has checked against the count, at its
    /// first part.
    pub fn open(path: &Path, header: &Header) -> Result<LayerReader<C>, GoError> {
        let io = |error: std::io::Error| failed(path, format!("cannot be read: {error}"));
        let file = File::open(path).map_err(io)?;
        let mut input = BufReader::with_capacity(BUFFER_BYTES, file);
        let mut skip = [0; 12];
        input.read_exact(&mut skip).map_err(io)?;
        let mut json = vec![0; u32::from_le_bytes([skip[8], skip[9], skip[10], skip[11]]) as usize];
        input.read_exact(&mut json).map_err(io)?;
        let mut reader = LayerReader {
            input,
            check: Check::default(),
            path: path.to_owned(),
            parts: header.parts,
            states: header.states,
            most_in_part: most_in_part(header.states, header.parts),
            words: vec![0; header.words],
            bytes: Vec::new(),
            count: std::marker::PhantomData,
        };
        let mut prefix = Check::default();
        prefix.add_bytes(&json);
        if reader.word()? != prefix.0 {
            return Err(reader.damaged());
        }
        Ok(reader)
    }

    fn damaged(&self) -> GoError {
        failed(&self.path, "is damaged (its check word does not match); resume from another or count again")
    }

    #[inline]
    fn word(&mut self) -> Result<u64, GoError> {
        let mut bytes = [0; 8];
        self.input.read_exact(&mut bytes).map_err(|error| failed(&self.path, format!("cannot be read: {error}")))?;
        let word = u64::from_le_bytes(bytes);
        self.check.add(word);
        Ok(word)
    }

    /// Parts not read yet.
    pub fn parts_left(&self) -> u64 {
        self.parts
    }

    /// The next part's states, `None` after the last.
    pub fn part(&mut self) -> Result<Option<Vec<(u64, C)>>, GoError> {
        if self.parts == 0 {
            return Ok(None);
        }
        self.parts -= 1;
        let len = self.word()?;
        if len > self.states || len > self.most_in_part {
            return Err(self.damaged());
        }
        self.states -= len;
        let entry = 8 * (1 + self.words.len());
        self.bytes.resize(len as usize * entry, 0);
        let path = &self.path;
        self.input.read_exact(&mut self.bytes).map_err(|error| failed(path, format!("cannot be read: {error}")))?;
        let mut part = Vec::with_capacity(len as usize);
        let word = |bytes: &[u8]| u64::from_le_bytes(bytes.try_into().expect("eight bytes"));
        for state in self.bytes.chunks_exact(entry) {
            let key = word(&state[..8]);
            self.check.add(key);
            for (w, bytes) in self.words.iter_mut().zip(state[8..].chunks_exact(8)) {
                *w = word(bytes);
                self.check.add(*w);
            }
            let Some(n) = C::resized(&self.words) else {
                return Err(failed(&self.path, "holds a count wider than this count keeps; count again"));
            };
            part.push((key, n));
        }
        Ok(Some(part))
    }

    /// Checks, after the last part, that the file held every state its
    /// header announced and that its check word matches.
    pub fn finish(mut self) -> Result<(), GoError> {
        let expected = self.check.0;
        let mut last = [0; 8];
        self.input.read_exact(&mut last).map_err(|error| failed(&self.path, format!("cannot be read: {error}")))?;
        if self.parts != 0 || self.states != 0 || u64::from_le_bytes(last) != expected {
            return Err(self.damaged());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::go::legal::ring::Wide;

    fn header(states: u64, parts: u64) -> Header {
        Header {
            version: VERSION,
            rows: 3,
            cols: 4,
            width: 3,
            words: 2,
            modulus: None,
            residues: Vec::new(),
            alone: false,
            point: 5,
            history: vec![1, 3, 9, 20, 41],
            max_states: 0,
            seconds: 0.5,
            states,
            parts,
        }
    }

    #[test]
    fn a_layer_reads_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.snap");
        let layer = vec![vec![(7, Wide([1, 2])), (9, Wide([u64::MAX, 0]))], vec![], vec![(3, Wide([5, 0]))]];
        assert!(!is_snapshot(&path));
        write(&path, &header(3, 3), &layer).unwrap();
        assert!(!temporary(&path).exists() && is_snapshot(&path));
        let read = read_header(&path).unwrap();
        assert_eq!(read, header(3, 3));
        assert_eq!(read_layer::<Wide<2>>(&path, &read).unwrap(), layer);
    }

    #[test]
    fn damaged_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.snap");
        let layer = vec![vec![(7, Wide([1, 2])), (9, Wide([4, 0]))]];
        write(&path, &header(2, 1), &layer).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        // A flipped bit in a count.
        let mut flipped = bytes.clone();
        let at = bytes.len() - 20;
        flipped[at] ^= 1;
        std::fs::write(&path, &flipped).unwrap();
        let read = read_header(&path).unwrap();
        assert!(read_layer::<Wide<2>>(&path, &read).unwrap_err().to_string().contains("check word"));
        // A short file, a padded one, another kind of file.
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(read_header(&path).unwrap_err().to_string().contains("size"));
        std::fs::write(&path, [&bytes[..], &[0]].concat()).unwrap();
        assert!(read_header(&path).unwrap_err().to_string().contains("size"));
        std::fs::write(&path, b"{\"schema_version\": 1}").unwrap();
        assert!(read_header(&path).unwrap_err().to_string().contains("not a snapshot"));
        // A header that claims more states than the file holds (which
        // the writer refuses to write).
        assert!(write(&path, &header(u64::MAX / 4, 1), &layer).is_err());
        let json = serde_json::to_vec(&header(u64::MAX / 4, 1)).unwrap();
        let rest = &bytes[12 + u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize..];
        let lying = [&MAGIC[..], &(json.len() as u32).to_le_bytes(), &json, rest].concat();
        std::fs::write(&path, lying).unwrap();
        assert!(read_header(&path).unwrap_err().to_string().contains("size"));
        // A version this program does not know.
        write(&path, &Header { version: VERSION + 1, ..header(2, 1) }, &layer).unwrap();
        assert!(read_header(&path).unwrap_err().to_string().contains("version"));
    }

    #[test]
    fn a_part_too_long_is_refused_before_it_is_read() {
        // 1,000 parts of 100 states: a part may hold 6,400 + 65,536. The
        // first part's length is made 100,000, which the file's size and
        // the states left would allow.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.snap");
        let layer: Vec<Vec<(u64, Wide<2>)>> =
            (0..1000).map(|p| (0..100).map(|i| (p * 100 + i, Wide([1, 0]))).collect()).collect();
        write(&path, &header(100_000, 1000), &layer).unwrap();
        let read = read_header(&path).unwrap();
        let mut reader = LayerReader::<Wide<2>>::open(&path, &read).unwrap();
        assert_eq!(reader.part().unwrap().unwrap(), layer[0]);
        let mut bytes = std::fs::read(&path).unwrap();
        let at = 12 + u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize + 8;
        assert_eq!(bytes[at..at + 8], 100u64.to_le_bytes());
        bytes[at..at + 8].copy_from_slice(&100_000u64.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let read = read_header(&path).unwrap();
        let mut reader = LayerReader::<Wide<2>>::open(&path, &read).unwrap();
        assert!(reader.part().unwrap_err().to_string().contains("damaged"));
        assert_eq!(most_in_part(100_000, 1000), 71_936);
        assert_eq!(most_in_part(u64::MAX, 0), u64::MAX);
    }

    #[test]
    fn a_layer_is_read_in_more_limbs_or_fewer() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.snap");
        let layer = vec![vec![(7, Wide([1, 2])), (9, Wide([u64::MAX, 0]))]];
        write(&path, &header(2, 1), &layer).unwrap();
        let read = read_header(&path).unwrap();
        let wider = vec![vec![(7, Wide([1, 2, 0])), (9, Wide([u64::MAX, 0, 0]))]];
        assert_eq!(read_layer::<Wide<3>>(&path, &read).unwrap(), wider);
        // Two limbs into one: the first count does not fit.
        let error = read_layer::<Wide<1>>(&path, &read).unwrap_err().to_string();
        assert!(error.contains("wider than this count keeps"), "{error}");
        let fits = vec![vec![(7, Wide([1, 0])), (9, Wide([u64::MAX, 0]))]];
        write(&path, &header(2, 1), &fits).unwrap();
        assert_eq!(read_layer::<Wide<1>>(&path, &read).unwrap(), vec![vec![(7, Wide([1])), (9, Wide([u64::MAX]))]]);
    }

    #[test]
    fn a_header_of_version_1_reads_as_a_whole_count() {
        let mut json = serde_json::to_value(header(3, 3)).unwrap();
        let fields = json.as_object_mut().unwrap();
        assert!(fields.remove("alone").is_some());
        fields.insert("version".into(), 1.into());
        let read: Header = serde_json::from_value(json).unwrap();
        assert_eq!(read, Header { version: 1, ..header(3, 3) });
    }
}
