//! A shared library made in memory whose dynamic symbols are addresses of this process: what
//! `[DllImport("__Internal")]` natives bind to on both runtimes (CoreCLR through the assembly's
//! DllImport resolver, Mono through its dllmap), so that the runtime's own P/Invoke finds each
//! entry point by name, as in any library, and calls the Rust thunk with nothing in between.
//!
//! # Why a library, and why this one
//!
//! Both runtimes resolve a P/Invoke by `dlsym(handle, entry_point)`. The Rust thunks live in the
//! executable, whose symbols are not in its dynamic table unless it is linked with
//! `-rdynamic` (and their names would be Rust's, not the C# entry points). So the library is
//! written here: an ELF file with no code, only a dynamic symbol table in which each entry
//! point is an absolute symbol (`SHN_ABS`) whose value is the thunk's address. The dynamic
//! linker returns such a value as is (glibc since 2.28); [`SymbolLibrary::open`] checks every
//! symbol after loading, and refuses a linker that relocates them. The file lives in a
//! `memfd` (nothing on disk), kept open for the life of the process so that its
//! `/proc/self/fd/N` name, by which the dynamic linker knows it, is never reused.

use std::ffi::{c_void, CString};

use crate::error::{Error, Result};

/// A loaded symbol library.
#[derive(Debug)]
pub(crate) struct SymbolLibrary {
    handle: *mut c_void,
    path: String,
}

// SAFETY: a `dlopen` handle is valid on every thread; the library is never closed.
unsafe impl Send for SymbolLibrary {}
// SAFETY: as above.
unsafe impl Sync for SymbolLibrary {}

impl SymbolLibrary {
    /// Writes and loads a library whose symbol `name` is `address`, for each pair. Names are
    /// unique, non-empty and NUL-free; an address is never 0.
    pub(crate) fn open(symbols: &[(String, usize)]) -> Result<SymbolLibrary> {
        let failed = |why: String| Error::Unsupported(format!("cannot make the natives' symbol library: {why}"));
        let image = elf_image(symbols).map_err(failed)?;
        // SAFETY: a NUL-terminated name and valid flags; a new descriptor or -1.
        let fd = unsafe { libc::memfd_create(c"cilbind-natives".as_ptr(), libc::MFD_CLOEXEC) };
        if fd < 0 {
            return Err(failed(format!("memfd_create: {}", std::io::Error::last_os_error())));
        }
        let mut written = 0;
        while written < image.len() {
            // SAFETY: `fd` is the descriptor made above; the slice is valid for its length.
            let n = unsafe { libc::write(fd, image[written..].as_ptr().cast(), image.len() - written) };
            if n <= 0 {
                let error = std::io::Error::last_os_error();
                // SAFETY: our own descriptor, closed once.
                unsafe { libc::close(fd) };
                return Err(failed(format!("writing it: {error}")));
            }
            written += n as usize;
        }
        let path = format!("/proc/self/fd/{fd}");
        let c_path = CString::new(path.clone()).map_err(|_| failed("a path with a NUL".into()))?;
        // SAFETY: a NUL-terminated path; the file has no code, no initializers, no needed
        // libraries and no relocations, so loading it runs nothing.
        let handle = unsafe { libc::dlopen(c_path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            // SAFETY: dlerror returns null or a NUL-terminated message of this thread.
            let why = unsafe {
                let e = libc::dlerror();
                if e.is_null() {
                    "unknown".to_owned()
                } else {
                    std::ffi::CStr::from_ptr(e).to_string_lossy().into_owned()
                }
            };
            // SAFETY: our own descriptor, closed once (nothing was loaded from it).
            unsafe { libc::close(fd) };
            return Err(failed(format!("dlopen: {why}")));
        }
        let library = SymbolLibrary { handle, path };
        for (name, address) in symbols {
            let found = library.symbol(name);
            if found != *address {
                return Err(failed(format!(
                    "the dynamic linker gave {name} the address {found:#x} instead of {address:#x} (it relocates absolute \
                     symbols: glibc 2.28 or later does not)"
                )));
            }
        }
        // The descriptor stays open: its /proc/self/fd name stays this library's.
        Ok(library)
    }

    /// The handle `dlopen` returned (what a DllImport resolver hands the runtime).
    pub(crate) fn handle(&self) -> *mut c_void {
        self.handle
    }

    /// The path the library was loaded from (what Mono's dllmap maps `__Internal` to).
    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// The address of the symbol `name` (0 when there is none).
    pub(crate) fn symbol(&self, name: &str) -> usize {
        let Ok(name) = CString::new(name) else { return 0 };
        // SAFETY: a live handle (never closed) and a NUL-terminated name.
        unsafe { libc::dlsym(self.handle, name.as_ptr()) as usize }
    }
}

#[cfg(target_arch = "x86_64")]
const MACHINE: u16 = 62; // EM_X86_64
#[cfg(target_arch = "aarch64")]
const MACHINE: u16 = 183; // EM_AARCH64

const EHDR: usize = 64;
const PHDR: usize = 56;
const PHNUM: usize = 3;
const SYM: usize = 24;
const DYN: usize = 16;

/// The ELF hash of `name` (System V ABI, the `DT_HASH` table's function).
fn elf_hash(name: &[u8]) -> u32 {
    let mut h: u32 = 0;
    for &c in name {
        h = (h << 4).wrapping_add(u32::from(c));
        let g = h & 0xf000_0000;
        if g != 0 {
            h ^= g >> 24;
        }
        h &= !g;
    }
    h
}

/// The file: the ELF header, three program headers (one read-write `PT_LOAD` for the whole
/// file, `PT_DYNAMIC`, and `PT_GNU_STACK` so the stack stays non-executable), then `DT_HASH`,
/// the dynamic symbols, their names and the dynamic section. Addresses equal file offsets.
fn elf_image(symbols: &[(String, usize)]) -> std::result::Result<Vec<u8>, String> {
    let mut names = vec![0u8];
    let mut name_offsets = Vec::with_capacity(symbols.len());
    for (name, address) in symbols {
        if name.is_empty() || name.contains('\0') || *address == 0 {
            return Err(format!("no symbol {name:?} at {address:#x}"));
        }
        name_offsets.push(u32::try_from(names.len()).map_err(|_| "too many names")?);
        names.extend_from_slice(name.as_bytes());
        names.push(0);
    }
    let count = symbols.len() + 1; // with the null symbol
    let buckets = count.max(1);
    let hash_at = EHDR + PHDR * PHNUM;
    let hash_len = 4 * (2 + buckets + count);
    let syms_at = (hash_at + hash_len).next_multiple_of(8);
    let names_at = syms_at + SYM * count;
    let dyn_at = (names_at + names.len()).next_multiple_of(8);
    let dyn_len = DYN * 6;
    let total = dyn_at + dyn_len;
    let mut out = Vec::with_capacity(total);
    let u16le = |o: &mut Vec<u8>, v: u16| o.extend_from_slice(&v.to_le_bytes());
    let u32le = |o: &mut Vec<u8>, v: u32| o.extend_from_slice(&v.to_le_bytes());
    let u64le = |o: &mut Vec<u8>, v: u64| o.extend_from_slice(&v.to_le_bytes());
    // ELF header: 64-bit, little-endian, version 1, a shared object, no sections.
    out.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    u16le(&mut out, 3); // ET_DYN
    u16le(&mut out, MACHINE);
    u32le(&mut out, 1);
    u64le(&mut out, 0); // entry
    u64le(&mut out, EHDR as u64); // phoff
    u64le(&mut out, 0); // shoff
    u32le(&mut out, 0); // flags
    u16le(&mut out, EHDR as u16);
    u16le(&mut out, PHDR as u16);
    u16le(&mut out, PHNUM as u16);
    u16le(&mut out, 64); // shentsize
    u16le(&mut out, 0); // shnum
    u16le(&mut out, 0); // shstrndx
    let phdr = |o: &mut Vec<u8>, kind: u32, at: usize, len: usize, align: u64| {
        u32le(o, kind);
        u32le(o, 6); // PF_R | PF_W
        u64le(o, at as u64);
        u64le(o, at as u64);
        u64le(o, at as u64);
        u64le(o, len as u64);
        u64le(o, len as u64);
        u64le(o, align);
    };
    phdr(&mut out, 1, 0, total, 0x1000); // PT_LOAD
    phdr(&mut out, 2, dyn_at, dyn_len, 8); // PT_DYNAMIC
    phdr(&mut out, 0x6474_e551, 0, 0, 16); // PT_GNU_STACK
                                           // DT_HASH: every symbol chained from the bucket of its hash.
    let mut bucket = vec![0u32; buckets];
    let mut chain = vec![0u32; count];
    for (i, (name, _)) in symbols.iter().enumerate() {
        let index = (i + 1) as u32;
        let b = elf_hash(name.as_bytes()) as usize % buckets;
        chain[index as usize] = bucket[b];
        bucket[b] = index;
    }
    u32le(&mut out, buckets as u32);
    u32le(&mut out, count as u32);
    bucket.iter().chain(&chain).for_each(|&v| u32le(&mut out, v));
    out.resize(syms_at, 0);
    // The null symbol, then each: global, function, default visibility, absolute.
    out.extend_from_slice(&[0; SYM]);
    for ((_, address), name_at) in symbols.iter().zip(&name_offsets) {
        u32le(&mut out, *name_at);
        out.push(0x12); // STB_GLOBAL << 4 | STT_FUNC
        out.push(0); // STV_DEFAULT
        u16le(&mut out, 0xfff1); // SHN_ABS
        u64le(&mut out, *address as u64);
        u64le(&mut out, 0);
    }
    out.extend_from_slice(&names);
    out.resize(dyn_at, 0);
    for (tag, value) in [
        (4u64, hash_at),   // DT_HASH
        (5, names_at),     // DT_STRTAB
        (6, syms_at),      // DT_SYMTAB
        (10, names.len()), // DT_STRSZ
        (11, SYM),         // DT_SYMENT
        (0, 0),            // DT_NULL
    ] {
        u64le(&mut out, tag);
        u64le(&mut out, value as u64);
    }
    debug_assert_eq!(out.len(), total);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    extern "C" fn forty_two() -> i32 {
        42
    }

    #[test]
    fn symbols_resolve_to_the_addresses_given_and_bad_names_are_refused() {
        let address = forty_two as extern "C" fn() -> i32 as usize;
        let library = SymbolLibrary::open(&[("Answer".into(), address), ("Other".into(), address + 1)]).unwrap();
        assert_eq!(library.symbol("Answer"), address);
        assert_eq!(library.symbol("Other"), address + 1);
        assert_eq!(library.symbol("Missing"), 0);
        // SAFETY: the symbol is `forty_two`'s address, checked above.
        let f: extern "C" fn() -> i32 = unsafe { std::mem::transmute(library.symbol("Answer")) };
        assert_eq!(f(), 42);
        assert!(SymbolLibrary::open(&[("".into(), address)]).is_err());
        assert!(SymbolLibrary::open(&[("Zero".into(), 0)]).is_err());
        assert_eq!(elf_hash(b""), 0);
        assert_eq!(elf_hash(b"printf"), 0x077905a6);
    }
}
