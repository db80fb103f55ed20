//! A deterministic mutator for the mutation tests of the generator and the runtime loader
//! (`codegen/tests/mutation.rs`, `managed-tests/tests/image_mutation.rs`).
//!
//! It corrupts a valid image with one to three edits. Each edit flips a bit, replaces a byte,
//! or writes a boundary value over a 2- or 4-byte field. Edits are aimed mostly at the
//! metadata: the PE and CLI headers, the stream headers, the `#~` row counts, table rows and
//! the `#Blob` heap. That way many mutants get past the first checks and reach the deeper ones.
//! A mutant is a pure function of the input and a seed, and it is described by its edits, so a
//! regression corpus can store edits instead of binaries.

use crate::check;
use std::ops::Range;

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, enough for test inputs.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
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

    /// A number in `0..n` (0 if `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// One edit: write `bytes` at file offset `offset`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// File offset.
    pub offset: usize,
    /// New bytes.
    pub bytes: Vec<u8>,
}

/// Renders edits as `offset:hex` pairs separated by commas (`0x1a2:ff00,0x300:07`).
pub fn format_edits(edits: &[Edit]) -> String {
    edits
        .iter()
        .map(|e| {
            let hex: String = e.bytes.iter().map(|b| format!("{b:02x}")).collect();
            format!("{:#x}:{hex}", e.offset)
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Parses what [`format_edits`] wrote; `None` if malformed.
pub fn parse_edits(s: &str) -> Option<Vec<Edit>> {
    s.split(',')
        .map(|part| {
            let (off, hex) = part.trim().split_once(':')?;
            let offset = usize::from_str_radix(off.trim_start_matches("0x"), 16).ok()?;
            if hex.len() % 2 != 0 {
                return None;
            }
            let bytes = (0..hex.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
                .collect::<Option<Vec<u8>>>()?;
            Some(Edit { offset, bytes })
        })
        .collect()
}

/// One line of a regression corpus: `<input key> <edits> [# note]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusEntry {
    /// Which input the edits apply to (a key the test defines, e.g. `fixture`).
    pub input: String,
    /// The mutation.
    pub edits: Vec<Edit>,
    /// The line without its note, for messages.
    pub line: String,
}

/// Parses a regression corpus (blank lines and `#` notes ignored). A malformed line is an
/// error naming it.
pub fn parse_corpus(text: &str) -> Result<Vec<CorpusEntry>, String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (input, edits) = l.split_once(' ').ok_or_else(|| format!("bad corpus line {l:?}"))?;
            let edits = parse_edits(edits.trim()).ok_or_else(|| format!("bad edits in corpus line {l:?}"))?;
            Ok(CorpusEntry {
                input: input.to_string(),
                edits,
                line: l.to_string(),
            })
        })
        .collect()
}

/// A valid image that a mutation test corrupts.
pub struct Input {
    /// Name used in the corpus (`fixture`, `vectors`, …).
    pub key: &'static str,
    /// File name each mutant gets (the assembly's own file name).
    pub file_name: &'static str,
    /// The image.
    pub bytes: Vec<u8>,
    /// Its mutator.
    pub mutator: Mutator,
}

impl Input {
    /// Reads the image at `path`; an error if it cannot be read or does not pass the checks.
    pub fn load(key: &'static str, file_name: &'static str, path: &std::path::Path) -> Result<Input, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mutator = Mutator::new(&bytes).ok_or_else(|| format!("{} must pass the checks", path.display()))?;
        Ok(Input {
            key,
            file_name,
            bytes,
            mutator,
        })
    }
}

/// One mutant to run: which input (an index into the inputs), a label for messages, its edits.
pub struct Job {
    /// Index of the input.
    pub input: usize,
    /// `corpus <line>` or `seed <n>`.
    pub label: String,
    /// The mutation.
    pub edits: Vec<Edit>,
}

/// A run's mutants: every corpus entry first (each crash ever found is replayed), then `count`
/// seeded mutants from `first_seed`, spread over the inputs in turn.
pub fn jobs(inputs: &[Input], corpus: &str, first_seed: u64, count: u64) -> Result<Vec<Job>, String> {
    let mut jobs = Vec::new();
    for entry in parse_corpus(corpus)? {
        let input = inputs
            .iter()
            .position(|i| i.key == entry.input)
            .ok_or_else(|| format!("unknown input {:?} in corpus line {:?}", entry.input, entry.line))?;
        jobs.push(Job {
            input,
            label: format!("corpus {}", entry.line),
            edits: entry.edits,
        });
    }
    if inputs.is_empty() {
        return Ok(jobs);
    }
    for seed in first_seed..first_seed.saturating_add(count) {
        let input = (seed % inputs.len() as u64) as usize;
        jobs.push(Job {
            input,
            label: format!("seed {seed}"),
            edits: inputs[input].mutator.edits(&inputs[input].bytes, seed),
        });
    }
    Ok(jobs)
}

/// A copy of `original` with `edits` applied (bytes past the end are dropped).
pub fn apply(original: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = original.to_vec();
    for e in edits {
        for (i, &b) in e.bytes.iter().enumerate() {
            if let Some(slot) = e.offset.checked_add(i).and_then(|at| out.get_mut(at)) {
                *slot = b;
            }
        }
    }
    out
}

/// Where to aim, with weights.
#[derive(Debug, Clone)]
pub struct Mutator {
    len: usize,
    /// (weight, file range, field alignment).
    regions: Vec<(u32, Range<usize>, usize)>,
}

const U16_VALUES: [u16; 10] = [0, 1, 2, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF];
const U32_VALUES: [u32; 12] = [
    0,
    1,
    0xFF,
    0xFFFF,
    0x1_0000,
    0x7FFF_FFFF,
    0x8000_0000,
    0xFFFF_FFFF,
    0x00FF_FFFF,
    0x0100_0000,
    0x1000,
    0x10_0000,
];

impl Mutator {
    /// Learns the layout of a valid image (`None` if `original` does not pass [`check`]).
    pub fn new(original: &[u8]) -> Option<Mutator> {
        let img = check(original).ok()?;
        let mut regions = vec![
            (5, 0..original.len(), 1),
            (5, 0..img.pe.section_table.end, 1),
            (5, img.pe.cli_header.clone(), 4),
        ];
        let headers_end = img.streams.all.iter().map(|s| s.header.end).max().unwrap_or(0);
        regions.push((10, img.streams.root_header.start..headers_end, 4));
        let tilde = img.streams.get("#~").or_else(|| img.streams.get("#-")).unwrap_or(0..0);
        regions.push((5, tilde.start..img.tables.row_counts.start, 1));
        regions.push((12, img.tables.row_counts.clone(), 4));
        let tables: Vec<Range<usize>> = img.tables.ranges.iter().filter(|r| !r.is_empty()).cloned().collect();
        let per_table = (35 / tables.len().max(1)).max(1) as u32;
        for r in tables {
            regions.push((per_table, r, 2));
        }
        for (name, w) in [("#Blob", 15), ("#Strings", 5), ("#GUID", 1), ("#US", 2)] {
            if let Some(r) = img.streams.get(name) {
                regions.push((w, r, 1));
            }
        }
        regions.retain(|(_, r, _)| !r.is_empty());
        Some(Mutator {
            len: original.len(),
            regions,
        })
    }

    /// The edits of mutant `seed` of `original` (the image this mutator was made from).
    pub fn edits(&self, original: &[u8], seed: u64) -> Vec<Edit> {
        let mut rng = Rng::new(seed);
        let n = 1 + rng.below(3);
        let total: u32 = self.regions.iter().map(|r| r.0).sum();
        let mut current = original.to_vec();
        let mut edits = Vec::with_capacity(n);
        for _ in 0..n {
            let mut pick = rng.below(total as usize) as u32;
            let (_, range, align) = self
                .regions
                .iter()
                .find(|(w, _, _)| {
                    if pick < *w {
                        true
                    } else {
                        pick -= *w;
                        false
                    }
                })
                .cloned()
                .unwrap_or((1, 0..self.len, 1));
            let mut at = range.start + rng.below(range.len());
            if align > 1 && rng.below(2) == 0 {
                at -= (at - range.start) % align;
            }
            let old16 = current.get(at..at + 2).map_or(0, |b| u16::from_le_bytes([b[0], b[1]]));
            let old32 = current
                .get(at..at + 4)
                .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
            let bytes = match rng.below(8) {
                0 | 1 => vec![current.get(at).copied().unwrap_or(0) ^ (1 << rng.below(8))],
                2 => vec![rng.next_u64() as u8],
                3 => U16_VALUES[rng.below(U16_VALUES.len())].to_le_bytes().to_vec(),
                4 => U32_VALUES[rng.below(U32_VALUES.len())].to_le_bytes().to_vec(),
                5 => old16
                    .wrapping_add(if rng.below(2) == 0 { 1 } else { 0xFFFF })
                    .to_le_bytes()
                    .to_vec(),
                6 => old32
                    .wrapping_add(if rng.below(2) == 0 { 1 } else { u32::MAX })
                    .to_le_bytes()
                    .to_vec(),
                _ => old32.wrapping_mul(2 + rng.below(15) as u32).to_le_bytes().to_vec(),
            };
            let e = Edit { offset: at, bytes };
            current = apply(&current, std::slice::from_ref(&e));
            edits.push(e);
        }
        edits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_round_trip_through_text() {
        let e = vec![
            Edit {
                offset: 0x1a2,
                bytes: vec![0xff, 0],
            },
            Edit {
                offset: 3,
                bytes: vec![7],
            },
        ];
        assert_eq!(format_edits(&e), "0x1a2:ff00,0x3:07");
        assert_eq!(parse_edits(&format_edits(&e)), Some(e));
        assert_eq!(parse_edits("zz"), None);
    }

    #[test]
    fn rng_is_deterministic() {
        let a: Vec<u64> = (0..3)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        let mut r = Rng::new(7);
        assert_eq!(a, vec![r.next_u64(), r.next_u64(), r.next_u64()]);
    }

    #[test]
    fn corpus_lines_parse_with_notes_and_blank_lines() {
        let text = "# header\n\nfixture 0x10:ff # aborted once\nbasics 0x3:07,0x4:0000\n";
        let entries = parse_corpus(text).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].input, "fixture");
        assert_eq!(entries[0].line, "fixture 0x10:ff");
        assert_eq!(entries[1].edits.len(), 2);
        assert!(parse_corpus("fixture").unwrap_err().contains("bad corpus line"));
        assert!(parse_corpus("fixture 0x1:f").unwrap_err().contains("bad edits"));
    }
}
