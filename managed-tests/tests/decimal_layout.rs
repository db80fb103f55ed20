//! A full struct holding Mono's `decimal`, whose Rust declaration is a union (its `ulong`
//! overlaps two `int`s) with the managed alignment, 8: System.Xml's `DecimalAggregator`
//! (`decimal result; int cnt`, 24 bytes in Mono) has Mono's size and offsets, and Mono's
//! methods read and write it through the Rust value.

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

#[test]
fn a_struct_holding_a_decimal_has_monos_layout() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::MONO_CLASS_LIBRARY) {
        return;
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
