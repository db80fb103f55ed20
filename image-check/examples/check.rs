//! Checks the assemblies named on the command line and prints the verdict; with `--layout`,
//! also where the streams and tables are (file offsets), for reading mutation-test corpora.
//!
//! ```sh
//! cargo run -p cilbind-image-check --example check -- [--layout] FILE...
//! ```

use cilbind_image_check::schema::TABLES;

fn main() -> std::process::ExitCode {
    let mut layout = false;
    let mut failed = false;
    for arg in std::env::args().skip(1) {
        if arg == "--layout" {
            layout = true;
            continue;
        }
        let bytes = match std::fs::read(&arg) {
            Ok(b) => b,
            Err(e) => {
                println!("{arg}: cannot read: {e}");
                failed = true;
                continue;
            }
        };
        match cilbind_image_check::check(&bytes) {
            Ok(img) => {
                println!("{arg}: ok");
                if layout {
                    println!(
                        "  CLI header {:#x?}, metadata {:#x?}",
                        img.pe.cli_header, img.pe.metadata
                    );
                    for s in &img.streams.all {
                        println!("  stream {:<9} {:#x?} (header {:#x?})", s.name, s.range, s.header);
                    }
                    println!("  row counts {:#x?}", img.tables.row_counts);
                    for (t, r) in img.tables.ranges.iter().enumerate() {
                        if !r.is_empty() {
                            println!(
                                "  table {:<22} {:#x?} rows {} × {} bytes",
                                TABLES[t].name, r, img.tables.rows[t], img.tables.row_sizes[t]
                            );
                        }
                    }
                }
            }
            Err(e) => {
                println!("{arg}: {e}");
                failed = true;
            }
        }
    }
    if failed {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}
