//! Function-database IDs: the hash the runtime's `FunctionDb` gives a method, computed here
//! from the same signature string (`[Assembly]Type::Name(Params)->Return`).

/// 64-bit FNV-1a (the `fnv` crate's hasher, fed the bytes alone): stable across Rust versions,
/// platforms and processes, unlike `DefaultHasher`; the runtime and the generator share it.
pub(super) fn fnv1a64(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(bytes);
    h.finish()
}

#[cfg(test)]
mod tests {
    #[test]
    fn fnv1a_matches_the_runtimes_reference_vectors() {
        // The vectors of `runtime/src/call/function_db.rs`'s test.
        assert_eq!(super::fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(super::fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(super::fnv1a64(b"foobar"), 0x85944171f73967e8);
    }
}
