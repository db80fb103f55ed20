//! The hot-reload section: a reload and one call beside Mono's bare domain cycle, and the RSS
//! that benches/reload.rs measured over 100 reloads (the file scripts/bench.sh names).

use std::fmt::Write as _;
use std::path::Path;

use crate::table::Table;

pub(crate) fn section(t: &mut Table, dir: &Path) {
    t.header(
        "Hot reload",
        "`Runtime::reload` of a unit holding the Basics fixture, then one call of `Calls::sum` through its `MethodRef` (resolved again in the new unit); floor: the same assembly opened in a fresh domain with Mono's C API alone, its thunk of `Sum` called, the domain unloaded (`cilbind::floor::domain_cycle`). What cilbind adds: emptying its stores, loading its C# helper into the new unit, reading and validating the assembly file, resolving the binding again (benches/reload.rs). In nanoseconds, like every table here.",
    );
    t.row(
        "reload + one call",
        "reload/reload",
        "C API domain cycle",
        "reload/floor_domain_cycle",
        None,
    );
    let rss = std::fs::read_to_string(dir.join("reload-rss.txt")).ok();
    let rss: Option<(f64, f64)> = rss.and_then(|l| {
        let mut it = l.split_whitespace().filter_map(|x| x.parse::<f64>().ok());
        Some((it.next()?, it.next()?))
    });
    let _ = write!(
        t.md,
        "\n**Memory over 100 reloads** (after 10 to warm up): {}.\n",
        rss.map_or("not measured".into(), |(before, after)| format!(
            "RSS {before:.0} KiB before, {after:.0} KiB after, {:.1} KiB per reload",
            (after - before) / 100.0
        ))
    );
}
