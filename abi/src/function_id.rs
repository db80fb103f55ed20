//! Function IDs: the 64-bit FNV-1a hash of a method's signature text
//! ([`MethodSignature`](crate::MethodSignature)).

/// A stable method ID: the [`fnv1a64`] hash of its signature text, the same in every process
/// and on every platform. Displayed as 16 hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunctionId(pub u64);

impl std::fmt::Display for FunctionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#018x}", self.0)
    }
}

impl FunctionId {
    /// The ID of a signature text
    /// (`[mscorlib]System.Math::Max(System.Int32,System.Int32)->System.Int32`).
    pub const fn of_signature(signature: &str) -> FunctionId {
        FunctionId(fnv1a64(signature.as_bytes()))
    }
}

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// 64-bit FNV-1a of `bytes`: stable across Rust versions, platforms and processes (unlike
/// `DefaultHasher`). `const`, so a table of IDs can be checked at compile time.
pub const fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = OFFSET_BASIS;
    let mut i = 0;
    while i < bytes.len() {
        h = (h ^ bytes[i] as u64).wrapping_mul(PRIME);
        i += 1;
    }
    h
}

/// FNV-1a fed piece by piece: the bytes hash as their concatenation does, so an ID is computed
/// from a signature's pieces without building its text.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(OFFSET_BASIS)
    }
}

impl Fnv1a {
    /// Feeds `s`'s bytes.
    pub fn write_str(&mut self, s: &str) {
        for &b in s.as_bytes() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(PRIME);
        }
    }

    /// The hash of everything fed so far.
    pub fn finish(self) -> u64 {
        self.0
    }
}
