//! `cilbind coverage`: what the generator binds of whole assemblies against what reflection
//! sees in them. Reflection runs in Mono (`PublicSurface.cs`, embedded in the library,
//! compiled once per run with `mcs`), independently of the generator; the join is the
//! library's [`CoverageReport`].

use cilbind_codegen::{Builder, CoverageReport, PUBLIC_SURFACE_CS};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// Measures each assembly and prints the figures: a summary per assembly, or with
/// `markdown` COVERAGE.md's table then its sections. Status 1 when a member is silently
/// missing or listed by the generator only, 2 when an assembly cannot be measured.
pub fn run(assemblies: &[PathBuf], reference_dirs: &[PathBuf], markdown: bool) -> ExitCode {
    match measure_all(assemblies, reference_dirs) {
        Ok(reports) => {
            if markdown {
                println!("{}", CoverageReport::TABLE_HEADER);
                for r in &reports {
                    println!("{}", r.table_row());
                }
                println!();
                for r in &reports {
                    print!("{}", r.details());
                }
            } else {
                for r in &reports {
                    print_summary(r);
                }
            }
            if reports.iter().all(CoverageReport::is_complete) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn measure_all(assemblies: &[PathBuf], reference_dirs: &[PathBuf]) -> Result<Vec<CoverageReport>, String> {
    let scratch = Scratch::new()?;
    let counter = scratch.compile_counter()?;
    assemblies
        .iter()
        .map(|dll| measure(dll, reference_dirs, &counter))
        .collect()
}

fn measure(dll: &Path, reference_dirs: &[PathBuf], counter: &Path) -> Result<CoverageReport, String> {
    let name = dll
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| format!("{} names no assembly file", dll.display()))?;
    let out = Command::new("mono")
        .arg(counter)
        .arg(dll)
        .output()
        .map_err(|e| format!("cannot run mono (apt-get install mono-runtime): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "reflection could not list {}: {}",
            dll.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let listing =
        String::from_utf8(out.stdout).map_err(|_| format!("the listing of {} is not UTF-8", dll.display()))?;
    let mut builder = Builder::new().emit_rerun_if_changed(false).assembly(dll);
    for d in reference_dirs {
        builder = builder.reference_dir(d);
    }
    let bindings = builder.generate().map_err(|e| format!("{}: {e}", dll.display()))?;
    CoverageReport::join(name, &listing, bindings.coverage())
}

fn print_summary(r: &CoverageReport) {
    let c = &r.coverage;
    println!(
        "{}: {} public members, {} bound ({:.1}%), {} skipped, {} silently missing, {} listed by the generator only; {} enum values ({} bound)",
        r.assembly,
        c.members,
        c.bound,
        c.percent_bound(),
        c.skipped.values().sum::<usize>(),
        c.missing,
        r.generator_only.len(),
        c.enum_values,
        c.enum_values_bound
    );
    for (kind, n) in r.skips_by_count() {
        println!("  skipped\t{}\t{n}", kind.key());
    }
    for (t, k, key) in &r.silently_missing {
        println!("  silently missing\t{t}\t{k}\t{key}");
    }
    for (t, k, key) in &r.generator_only {
        println!("  listed by the generator only\t{t}\t{k}\t{key}");
    }
}

/// A folder of this run's, removed when it ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, String> {
        let dir = std::env::temp_dir().join(format!("cilbind-coverage-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Ok(Scratch(dir))
    }

    /// `PublicSurface.exe`, compiled from the embedded source.
    fn compile_counter(&self) -> Result<PathBuf, String> {
        let source = self.0.join("PublicSurface.cs");
        let exe = self.0.join("PublicSurface.exe");
        std::fs::write(&source, PUBLIC_SURFACE_CS).map_err(|e| format!("cannot write {}: {e}", source.display()))?;
        let out = Command::new("mcs")
            .arg("-nologo")
            .arg(format!("-out:{}", exe.display()))
            .arg(&source)
            .output()
            .map_err(|e| format!("cannot run mcs (apt-get install mono-mcs): {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "mcs could not compile the reflection counter: {}",
                String::from_utf8_lossy(&out.stdout).trim()
            ));
        }
        Ok(exe)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
