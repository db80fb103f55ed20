//! A full struct holding Mono's `decimal`, whose Rust declaration is a union (its `ulong`
//! overlaps two `int`s) with the managed alignment, 8: System.Xml's `DecimalAggregator`
//! (`decimal result; int cnt`, 24 bytes in Mono) has Mono's size and offsets, and Mono's
//! methods read and write it through the Rust value (on CoreCLR, the same struct as CoreCLR
//! builds it, 20 bytes, has CoreCLR's). A fixture's struct holding a `decimal`
//! (`fixtures/Decimals.cs`) does the same on Mono, and is refused by `init` on CoreCLR, whose
//! `decimal` is aligned otherwise.

#[allow(dead_code, clippy::all)]
mod xml {
    include!(concat!(env!("OUT_DIR"), "/decimal_aggregator_bindings.rs"));
}

use cilbind::BoxAs;
use xml::system::xml::xsl::runtime::DecimalAggregator;
use xml::system::{Decimal, Decimal_lo};

/// A whole `decimal` (scale 0, positive, below 2^32).
fn decimal(v: u32) -> Decimal {
    let mut d = Decimal { _bytes: [0; 16] };
    d.lo = Decimal_lo {
        _offset: [0; 8],
        value: v as i32,
    };
    d
}

/// The text of a boxed value, by its `ToString()`.
struct Shown(cilbind::Object);

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        cilbind::generated::display(&self.0, f)
    }
}

/// The same struct as CoreCLR builds it (managed-tests/build/coreclr_library.rs), whose
/// `decimal` is four `int`s, aligned to 4.
#[allow(dead_code, clippy::all)]
mod coreclr_xml {
    include!(concat!(env!("OUT_DIR"), "/decimal_aggregator_coreclr_bindings.rs"));
}

#[test]
fn a_struct_holding_a_decimal_has_the_runtimes_layout() {
    if managed_tests::on_coreclr() {
        return a_struct_holding_a_decimal_has_coreclrs_layout();
    }
    // `init` checks every full struct's size and field offsets against Mono's.
    xml::init().expect("DecimalAggregator and Decimal have Mono's layout");
    assert_eq!(std::mem::size_of::<DecimalAggregator>(), 24);
    assert_eq!(std::mem::align_of::<Decimal>(), 8);

    let mut agg = DecimalAggregator {
        result: decimal(0),
        cnt: 0,
    };
    agg.create().unwrap();
    assert!(agg.is_empty().unwrap());
    agg.average(&decimal(10)).unwrap();
    agg.average(&decimal(20)).unwrap();
    assert_eq!(agg.cnt, 2, "Mono wrote `cnt` where Rust reads it");
    assert!(!agg.is_empty().unwrap());
    let average = agg.average_result().unwrap();
    let boxed = BoxAs::<cilbind::Object>::box_to(&average).unwrap();
    assert_eq!(Shown(boxed).to_string(), "15");
    let sum = BoxAs::<cilbind::Object>::box_to(&agg.sum_result().unwrap()).unwrap();
    assert_eq!(Shown(sum).to_string(), "30");
}

/// On CoreCLR: `init` checks the layout against CoreCLR's, and CoreCLR's methods read and
/// write the struct through the Rust value.
fn a_struct_holding_a_decimal_has_coreclrs_layout() {
    use coreclr_xml::system::xml::xsl::runtime::DecimalAggregator;
    use coreclr_xml::system::Decimal;
    coreclr_xml::init().expect("DecimalAggregator and Decimal have CoreCLR's layout");
    assert_eq!(std::mem::size_of::<DecimalAggregator>(), 20);
    assert_eq!(std::mem::align_of::<Decimal>(), 4);
    let whole = |v: i32| Decimal {
        flags: 0,
        hi: 0,
        lo: v,
        mid: 0,
    };
    let mut agg = DecimalAggregator {
        _result: whole(0),
        _cnt: 0,
    };
    agg.create().unwrap();
    assert!(agg.is_empty().unwrap());
    agg.average(&whole(10)).unwrap();
    agg.average(&whole(20)).unwrap();
    assert_eq!(agg._cnt, 2, "CoreCLR wrote `_cnt` where Rust reads it");
    assert!(!agg.is_empty().unwrap());
    let average = BoxAs::<cilbind::Object>::box_to(&agg.average_result().unwrap()).unwrap();
    assert_eq!(Shown(average).to_string(), "15");
    let sum = BoxAs::<cilbind::Object>::box_to(&agg.sum_result().unwrap()).unwrap();
    assert_eq!(Shown(sum).to_string(), "30");
}

/// `fixtures/Decimals.cs`: a fixture's struct holding a `decimal`, generated as build.rs generates
/// every fixture's bindings (from Mono's class library).
#[allow(dead_code, clippy::all)]
mod decimals {
    include!(concat!(env!("OUT_DIR"), "/decimals_bindings.rs"));
}

/// A whole `decimal` of the fixture's bindings (scale 0, positive, below 2^32).
fn decimals_decimal(v: u32) -> decimals::system::Decimal {
    let mut d = decimals::system::Decimal { _bytes: [0; 16] };
    d.lo = decimals::system::Decimal_lo {
        _offset: [0; 8],
        value: v as i32,
    };
    d
}

/// On Mono: the struct has Mono's layout, and C# reads and writes it through the Rust value.
/// On CoreCLR: `init` refuses it, naming the struct and both sizes. The bindings mirror the
/// class library they were generated from: Mono's `decimal` overlays a `ulong`
/// (`ulomidLE`, alignment 8, so `{ decimal; int }` takes 24 bytes), .NET Core 3.1's is four
/// `int`s (alignment 4: 20 bytes), and no Rust struct has both layouts.
#[test]
fn a_fixture_struct_holding_a_decimal_runs_where_its_layout_matches_and_is_refused_elsewhere() {
    use decimals::decimals::Account;
    managed_tests::runtime();
    assert_eq!(std::mem::size_of::<Account>(), 24);
    assert_eq!(std::mem::align_of::<Account>(), 8);
    if managed_tests::on_coreclr() {
        let err = decimals::init().unwrap_err();
        assert_eq!(
            err.to_string(),
            "layout mismatch in Decimals.Account: the managed size is 20 bytes, the Rust struct's is 24"
        );
        return;
    }
    decimals::init().expect("Account has Mono's layout");
    let mut account = Account::open(&decimals_decimal(100)).unwrap();
    assert_eq!(account.count, 1, "C# wrote `Count` where Rust reads it");
    account.deposit(&decimals_decimal(50)).unwrap();
    account.deposit(&decimals_decimal(30)).unwrap();
    assert_eq!(account.count, 3);
    assert_eq!(account.text().unwrap().as_deref(), Some("180 in 3"));
    let average = BoxAs::<cilbind::Object>::box_to(&account.average().unwrap()).unwrap();
    assert_eq!(Shown(average).to_string(), "60");
}
