//! `cilbind`: the command-line front end of the generator.
#![forbid(unsafe_code)]

mod coverage;

use cilbind_codegen::Builder;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "cilbind", version, about = "Generate Rust bindings for .NET assemblies")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read assemblies and write Rust bindings for their public types.
    Generate {
        /// Assemblies to bind.
        #[arg(required = true)]
        assemblies: Vec<PathBuf>,
        /// Extra folder to search for referenced assemblies (repeatable).
        #[arg(long = "reference-dir", value_name = "DIR")]
        reference_dirs: Vec<PathBuf>,
        /// Bind only this namespace and those below it (repeatable; default: all).
        #[arg(long = "namespace", value_name = "PREFIX")]
        namespaces: Vec<String>,
        /// Bind this type (full metadata name, `System.String`) and the types nested in it
        /// (repeatable; with `--namespace`, a type is bound when either selects it).
        #[arg(long = "type", value_name = "NAME")]
        types: Vec<String>,
        /// Leave out this namespace (with those below it) or type (with its nested types),
        /// even where `--namespace` selects it (repeatable).
        #[arg(long = "block", value_name = "NAME")]
        blocked: Vec<String>,
        /// Output file for the generated Rust code.
        #[arg(long, value_name = "PATH")]
        out: PathBuf,
        /// Also print how long each stage took.
        #[arg(long)]
        timings: bool,
        /// Also print where each assembly read was found (input, Mono's GAC, or a folder),
        /// then every skipped type and member, one per line: item, category, reason; then
        /// the translation of each full struct's method, and its receiver (`&self`, or
        /// `&mut self` with the store or call found that may write through `this`)
        /// (tab-separated tables, so `sort`, `grep` and `cut` work on them).
        #[arg(long)]
        explain: bool,
        /// Also write every public member of the selected types to FILE, one tab-separated
        /// line each: assembly, type, kind, key, status (bound, skipped or missing), category,
        /// reason (`scripts/coverage.sh` compares it with reflection).
        #[arg(long, value_name = "FILE")]
        coverage: Option<PathBuf>,
        /// Keep the managed call for every method of a full struct instead of translating
        /// the ones whose IL only computes on numbers and structs into Rust.
        #[arg(long = "no-translate")]
        no_translate: bool,
        /// Also emit what `cilbind::check` needs (`quickcheck::Arbitrary` for value types,
        /// managed twins of translated methods); the runtime's `quickcheck` feature compiles it.
        #[arg(long)]
        quickcheck: bool,
    },
    /// What the generator binds of whole assemblies, against what reflection sees in them:
    /// public members bound, skipped (by category) and silently missing, per assembly. Needs
    /// Mono (`mcs` and `mono`), which lists the members by reflection. Exits with status 1
    /// when a member is silently missing or listed by the generator only.
    Coverage {
        /// Assemblies to measure.
        #[arg(required = true)]
        assemblies: Vec<PathBuf>,
        /// Extra folder to search for referenced assemblies (repeatable).
        #[arg(long = "reference-dir", value_name = "DIR")]
        reference_dirs: Vec<PathBuf>,
        /// Print COVERAGE.md's table and sections (markdown) instead of a summary per assembly.
        #[arg(long)]
        markdown: bool,
    },
    /// Print the C# → Rust name table of one type: its Rust path, then each member as C#
    /// declares it beside the Rust item that binds it (or why none does).
    Names {
        /// The type's full metadata name (`Newtonsoft.Json.Linq.JObject`, ``System.Collections.Generic.List`1``).
        type_name: String,
        /// The assembly that defines it.
        #[arg(long, value_name = "PATH")]
        assembly: PathBuf,
        /// Extra folder to search for referenced assemblies (repeatable).
        #[arg(long = "reference-dir", value_name = "DIR")]
        reference_dirs: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let command = Cli::parse().command;
    if let Command::Names {
        type_name,
        assembly,
        reference_dirs,
    } = command
    {
        return names(&type_name, assembly, reference_dirs);
    }
    if let Command::Coverage {
        assemblies,
        reference_dirs,
        markdown,
    } = command
    {
        return coverage::run(&assemblies, &reference_dirs, markdown);
    }
    let Command::Generate {
        assemblies,
        reference_dirs,
        namespaces,
        types,
        blocked,
        out,
        timings,
        explain,
        coverage,
        no_translate,
        quickcheck,
    } = command
    else {
        return ExitCode::FAILURE;
    };
    // The command line's stdout is for people, even when a build script runs it.
    let mut builder = Builder::new()
        .emit_rerun_if_changed(false)
        .translate_pure_methods(!no_translate)
        .quickcheck(quickcheck);
    for a in assemblies {
        builder = builder.assembly(a);
    }
    for d in reference_dirs {
        builder = builder.reference_dir(d);
    }
    for n in namespaces {
        builder = builder.namespace(n);
    }
    for t in types {
        builder = builder.type_name(t);
    }
    for b in blocked {
        builder = builder.block(b);
    }
    let generated = builder
        .generate()
        .and_then(|b| b.write_to_file(&out).map(|()| b))
        .and_then(|b| match &coverage {
            Some(path) => write_coverage(&b, path).map(|()| b),
            None => Ok(b),
        });
    match generated {
        Ok(bindings) => {
            println!("wrote {}", out.display());
            print!("{}", bindings.summary());
            if explain {
                print_explain(&bindings);
            }
            if timings {
                let t = bindings.timings();
                println!(
                    "timings: read {:?}, classify {:?}, emit {:?} (of which formatting {:?})",
                    t.read, t.classify, t.emit, t.format
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `cilbind names`: the name table (`Bindings::name_table`), one tab-separated line per row.
fn names(type_name: &str, assembly: PathBuf, reference_dirs: Vec<PathBuf>) -> ExitCode {
    let mut builder = Builder::new()
        .emit_rerun_if_changed(false)
        .assembly(assembly)
        .type_name(type_name);
    for d in reference_dirs {
        builder = builder.reference_dir(d);
    }
    match builder.generate() {
        Ok(b) => {
            println!("C#\tRust");
            for row in b.name_table(type_name) {
                let rust = row
                    .rust
                    .clone()
                    .unwrap_or_else(|| format!("(not bound: {})", row.not_bound));
                println!("{}\t{}", row.csharp, rust.replace(['\t', '\n'], " "));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Where each assembly read was found, as a table (`name<TAB>input|gac|folder<TAB>path`,
/// under a header line); then the skips as a table: `item<TAB>category<TAB>reason`, under a
/// header line; then, under a third header, what translation decided for each method of a
/// full struct (`item<TAB>translated` or `item<TAB>managed<TAB>reason`); under a fourth, the
/// receiver of each instance method of a full struct (`item<TAB>&self` or
/// `item<TAB>&mut self<TAB>the store or call that may write`).
fn print_explain(bindings: &cilbind_codegen::Bindings) {
    println!("assembly\tfound\tpath");
    for a in bindings.assemblies() {
        println!("{}\t{}\t{}", a.name, a.found.key(), a.path.display());
    }
    println!("item\tcategory\treason");
    for skip in bindings.skips() {
        println!(
            "{}\t{}\t{}",
            skip.item,
            skip.kind.key(),
            skip.reason.replace(['\t', '\n'], " ")
        );
    }
    if !bindings.translations().is_empty() {
        println!("method\ttranslation\treason");
        for t in bindings.translations() {
            match &t.refused {
                None => println!("{}\ttranslated", t.item),
                Some(why) => println!("{}\tmanaged\t{}", t.item, why.replace(['\t', '\n'], " ")),
            }
        }
    }
    if !bindings.struct_receivers().is_empty() {
        println!("method\treceiver\treason");
        for r in bindings.struct_receivers() {
            match &r.writes {
                None => println!("{}\t&self", r.item),
                Some(why) => println!("{}\t&mut self\t{}", r.item, why.replace(['\t', '\n'], " ")),
            }
        }
    }
}

/// The coverage listing, under a header line.
fn write_coverage(bindings: &cilbind_codegen::Bindings, path: &std::path::Path) -> cilbind_codegen::Result<()> {
    let mut text = String::from(cilbind_codegen::COVERAGE_HEADER);
    text.push('\n');
    for row in bindings.coverage() {
        text.push_str(&row.to_string());
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|source| cilbind_codegen::Error::Write {
        path: path.to_path_buf(),
        source,
    })
}
