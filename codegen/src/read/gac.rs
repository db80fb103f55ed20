//! Mono's global assembly cache (GAC): where Mono looks for a strong-named reference before
//! any folder. Debian installs each library in its own folder (`/usr/lib/cli/NAME-VERSION/`)
//! and registers it in the GAC (`/usr/lib/mono/gac/NAME/VERSION__TOKEN/NAME.dll`), so a
//! library's sibling is found there and nowhere else.
//!
//! Mono 6.8 (`mono_assembly_load_from_gac`) only asks the GAC for a reference that carries a
//! public key token, and only for the exact identity: the folder `NAME/A.B.C.D_CULTURE_TOKEN/`
//! (culture lower-cased, empty for a neutral assembly; token as 16 lower-case hex digits)
//! under each `PREFIX/lib/mono/gac` of `MONO_GAC_PREFIX` (a `:`-separated list), then under
//! its own `/usr/lib/mono/gac`; the file is `NAME.dll`, then `NAME.exe`.

use dotnetdll::prelude::ExternalAssemblyReference;
use std::path::PathBuf;

/// Mono's own GAC on Debian (`mono_assembly_getrootdir()` is `/usr/lib`).
pub const MONO_GAC_DIR: &str = "/usr/lib/mono/gac";

/// The GAC folders Mono searches, in its order: `MONO_GAC_PREFIX`'s, then its own.
pub fn roots() -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = std::env::var_os("MONO_GAC_PREFIX")
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .map(|p| p.join("lib/mono/gac"))
                .collect()
        })
        .unwrap_or_default();
    roots.push(PathBuf::from(MONO_GAC_DIR));
    roots
}

/// The folder of `r`'s exact identity in each of `roots`, in order; none for a reference
/// without a public key (Mono does not look in the GAC for it).
pub fn folders(roots: &[PathBuf], r: &ExternalAssemblyReference<'_>) -> Vec<PathBuf> {
    let Some(token) = token(r) else {
        return Vec::new();
    };
    let v = &r.version;
    let culture = match r.culture.as_deref() {
        None | Some("neutral") => String::new(),
        Some(c) => c.to_lowercase(),
    };
    let hex: String = token.iter().map(|b| format!("{b:02x}")).collect();
    let identity = format!("{}.{}.{}.{}_{culture}_{hex}", v.major, v.minor, v.build, v.revision);
    roots.iter().map(|root| root.join(&*r.name).join(&identity)).collect()
}

/// The reference's public key token: as written, or made from its full public key (the last
/// 8 bytes of the key's SHA-1, in reverse order, as .NET defines it).
fn token(r: &ExternalAssemblyReference<'_>) -> Option<[u8; 8]> {
    let key = r.public_key_or_token.as_deref().filter(|k| !k.is_empty())?;
    if !r.has_full_public_key {
        return key.try_into().ok();
    }
    let hash = sha1_smol::Sha1::from(key).digest().bytes();
    let mut token = [0; 8];
    for (t, h) in token.iter_mut().zip(hash.iter().rev()) {
        *t = *h;
    }
    Some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_the_reversed_tail_of_the_keys_sha1() {
        // The ECMA standard key (16 bytes) has the well-known token b77a5c561934e089.
        let ecma = [0u8, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0];
        let mut r = ExternalAssemblyReference::new("System");
        r.public_key_or_token = Some(ecma[..].into());
        r.has_full_public_key = true;
        r.version = dotnetdll::prelude::Version {
            major: 4,
            minor: 0,
            build: 0,
            revision: 0,
        };
        assert_eq!(
            folders(&[PathBuf::from("/g")], &r),
            [PathBuf::from("/g/System/4.0.0.0__b77a5c561934e089")]
        );
        r.has_full_public_key = false;
        r.public_key_or_token = Some([0xb7u8, 0x7a, 0x5c, 0x56, 0x19, 0x34, 0xe0, 0x89][..].into());
        r.culture = Some("de-DE".into());
        assert_eq!(
            folders(&[PathBuf::from("/g")], &r),
            [PathBuf::from("/g/System/4.0.0.0_de-de_b77a5c561934e089")]
        );
        r.public_key_or_token = None;
        assert!(folders(&[PathBuf::from("/g")], &r).is_empty());
    }
}
