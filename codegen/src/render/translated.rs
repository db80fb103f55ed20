//! The body of a method translated from its IL (`plan/translate.rs` decided it): one `let`
//! per operation, in the IL's order, then `Ok(result)`.
//!
//! Operations print as Rust's operations of the same IEEE or two's-complement meaning:
//! integer `add`/`sub`/`mul`/`neg`/`div`/`rem` as `wrapping_*` (.NET's unchecked forms wrap;
//! `div`/`rem` only ever have a constant divisor other than 0 and −1), shifts as
//! `wrapping_shl`/`wrapping_shr` (the count masked to the width, as x86-64 does), float
//! operators as `+ - * / %` on `f32`/`f64` (never fused), `.un` comparisons of floats as
//! "unordered or …" (`!(a <= b)`), conversions as `as` casts. Methods are called in their
//! path form (`f32::abs(x)`) so that a negative literal is never a receiver.

use super::tokens::ident;
use crate::model::{PureBinary, PureCompare, PureConvert, PureIntrinsic, PureOp, PureOperand, PureScalar, PureStored};
use crate::plan::translate::{Op, Translated, Value};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

/// The statements and final expression of a translated method's body.
pub(super) fn body(t: &Translated) -> TokenStream {
    let unused = t.unused.iter().map(|p| {
        let p = ident(p);
        quote!(let _ = #p;)
    });
    let stmts = t.stmts.iter().map(|s| {
        let name = temp(s.temp);
        let ty = scalar_ty(s.ty);
        let expr = match &s.op {
            Op::Load { path, stored, of_enum } => {
                let parts = path
                    .iter()
                    .map(|p| if p == "self" { quote!(self) } else { ident_tokens(p) });
                let place = quote!(#(#parts).*);
                let place = match of_enum {
                    None => place,
                    Some(e) if e.flags => quote!(#place.bits()),
                    Some(_) => quote!(#place.0),
                };
                match stored {
                    PureStored::Bool | PureStored::I8 | PureStored::U8 | PureStored::I16 | PureStored::U16 => {
                        quote!(i32::from(#place))
                    }
                    PureStored::U32 => quote!(#place as i32),
                    PureStored::U64 | PureStored::ISize | PureStored::USize => quote!(#place as i64),
                    PureStored::I32 | PureStored::I64 | PureStored::F32 | PureStored::F64 => place,
                }
            }
            Op::Pure(op) => pure(op, s.ty),
        };
        quote!(let #name: #ty = #expr;)
    });
    let write_this = t.write_this.as_ref().map(|v| {
        let v = value(v);
        quote!(*self = #v;)
    });
    let write_params = t.write_params.iter().map(|(name, v)| {
        let (name, v) = (ident(name), value(v));
        quote!(*#name = #v;)
    });
    // The result, then the `out` parameters: the binding's tuple (one part alone, none `()`).
    let parts: Vec<TokenStream> = t.result.iter().chain(&t.outs).map(value).collect();
    let result = match &parts[..] {
        [] => quote!(()),
        [one] => one.clone(),
        many => quote!((#(#many),*)),
    };
    quote! {
        #(#unused)*
        #(#stmts)*
        #write_this
        #(#write_params)*
        ::core::result::Result::Ok(#result)
    }
}

fn ident_tokens(name: &str) -> TokenStream {
    let i = ident(name);
    quote!(#i)
}

fn temp(n: u32) -> proc_macro2::Ident {
    format_ident!("__t{n}")
}

fn scalar_ty(s: PureScalar) -> TokenStream {
    match s {
        PureScalar::I32 => quote!(i32),
        PureScalar::I64 => quote!(i64),
        PureScalar::F32 => quote!(f32),
        PureScalar::F64 => quote!(f64),
    }
}

/// An operand: a temporary or a literal (floats that print exactly as literals, else by bits).
fn operand(o: &PureOperand) -> TokenStream {
    match *o {
        PureOperand::Temp(n) => {
            let t = temp(n);
            quote!(#t)
        }
        PureOperand::I32(x) => negative_or(
            x < 0,
            Literal::i32_suffixed(x.unsigned_abs() as i32),
            x == i32::MIN,
            quote!(i32::MIN),
        ),
        PureOperand::I64(x) => negative_or(
            x < 0,
            Literal::i64_suffixed(x.unsigned_abs() as i64),
            x == i64::MIN,
            quote!(i64::MIN),
        ),
        PureOperand::F32(bits) => {
            let x = f32::from_bits(bits);
            if x.is_finite() {
                let lit = Literal::f32_suffixed(x.abs());
                if x.is_sign_negative() {
                    quote!(-#lit)
                } else {
                    quote!(#lit)
                }
            } else {
                let bits = Literal::u32_unsuffixed(bits);
                quote!(f32::from_bits(#bits))
            }
        }
        PureOperand::F64(bits) => {
            let x = f64::from_bits(bits);
            if x.is_finite() {
                let lit = Literal::f64_suffixed(x.abs());
                if x.is_sign_negative() {
                    quote!(-#lit)
                } else {
                    quote!(#lit)
                }
            } else {
                let bits = Literal::u64_unsuffixed(bits);
                quote!(f64::from_bits(#bits))
            }
        }
    }
}

fn negative_or(negative: bool, abs: Literal, min: bool, min_tokens: TokenStream) -> TokenStream {
    if min {
        min_tokens
    } else if negative {
        quote!(-#abs)
    } else {
        quote!(#abs)
    }
}

fn pure(op: &PureOp, ty: PureScalar) -> TokenStream {
    let float = matches!(ty, PureScalar::F32 | PureScalar::F64);
    let t = scalar_ty(ty);
    let unsigned = match ty {
        PureScalar::I64 => quote!(u64),
        _ => quote!(u32),
    };
    match op {
        // Loads are printed by `body`.
        PureOp::Load(_) => quote!(()),
        PureOp::Binary(b, x, y) => {
            let (x, y) = (operand(x), operand(y));
            match (b, float) {
                (PureBinary::Add, true) => quote!(#x + #y),
                (PureBinary::Sub, true) => quote!(#x - #y),
                (PureBinary::Mul, true) => quote!(#x * #y),
                (PureBinary::Div, true) => quote!(#x / #y),
                (PureBinary::Rem, true) => quote!(#x % #y),
                (PureBinary::Add, false) => quote!(#t::wrapping_add(#x, #y)),
                (PureBinary::Sub, false) => quote!(#t::wrapping_sub(#x, #y)),
                (PureBinary::Mul, false) => quote!(#t::wrapping_mul(#x, #y)),
                (PureBinary::Div, false) => quote!(#t::wrapping_div(#x, #y)),
                (PureBinary::Rem, false) => quote!(#t::wrapping_rem(#x, #y)),
                (PureBinary::DivUn, _) => quote!((#x as #unsigned / #y as #unsigned) as #t),
                (PureBinary::RemUn, _) => quote!((#x as #unsigned % #y as #unsigned) as #t),
                (PureBinary::And, _) => quote!(#x & #y),
                (PureBinary::Or, _) => quote!(#x | #y),
                (PureBinary::Xor, _) => quote!(#x ^ #y),
                (PureBinary::Shl, _) => quote!(#t::wrapping_shl(#x, #y as u32)),
                (PureBinary::Shr, _) => quote!(#t::wrapping_shr(#x, #y as u32)),
                (PureBinary::ShrUn, _) => quote!(#unsigned::wrapping_shr(#x as #unsigned, #y as u32) as #t),
            }
        }
        PureOp::Negate(x) => {
            let x = operand(x);
            if float {
                quote!(-#x)
            } else {
                quote!(#t::wrapping_neg(#x))
            }
        }
        PureOp::Not(x) => {
            let x = operand(x);
            quote!(!#x)
        }
        PureOp::Compare(c, of, x, y) => {
            let (x, y) = (operand(x), operand(y));
            let of_float = matches!(of, PureScalar::F32 | PureScalar::F64);
            let of_unsigned = match of {
                PureScalar::I64 => quote!(u64),
                _ => quote!(u32),
            };
            let cond = match (c, of_float) {
                (PureCompare::Eq, _) => quote!(#x == #y),
                (PureCompare::Gt, _) => quote!(#x > #y),
                (PureCompare::Lt, _) => quote!(#x < #y),
                (PureCompare::GtUn, true) => quote!(!(#x <= #y)),
                (PureCompare::LtUn, true) => quote!(!(#x >= #y)),
                (PureCompare::GtUn, false) => quote!((#x as #of_unsigned) > (#y as #of_unsigned)),
                (PureCompare::LtUn, false) => quote!((#x as #of_unsigned) < (#y as #of_unsigned)),
            };
            quote!(i32::from(#cond))
        }
        PureOp::Convert(c, from, x) => {
            let x = operand(x);
            match c {
                PureConvert::Int(PureStored::I8) => quote!(#x as i8 as i32),
                PureConvert::Int(PureStored::U8) => quote!(#x as u8 as i32),
                PureConvert::Int(PureStored::I16) => quote!(#x as i16 as i32),
                PureConvert::Int(PureStored::U16) => quote!(#x as u16 as i32),
                PureConvert::Int(PureStored::U64) if *from == PureScalar::I32 => quote!(#x as u32 as i64),
                PureConvert::Int(_) => quote!(#x as #t),
                PureConvert::F32 => quote!(#x as f32),
                PureConvert::F64 => quote!(#x as f64),
                PureConvert::F64Unsigned if *from == PureScalar::I64 => quote!(#x as u64 as f64),
                PureConvert::F64Unsigned => quote!(#x as u32 as f64),
            }
        }
        PureOp::Select(c, a, b) => {
            let (c, a, b) = (operand(c), operand(a), operand(b));
            quote!(if #c != 0 { #a } else { #b })
        }
        PureOp::Intrinsic(f, args) => {
            let args: Vec<TokenStream> = args.iter().map(operand).collect();
            let f = match f {
                PureIntrinsic::SqrtF64 => quote!(f64::sqrt),
                PureIntrinsic::SqrtF32 => quote!(f32::sqrt),
                PureIntrinsic::AbsF32 => quote!(f32::abs),
                PureIntrinsic::AbsF64 => quote!(f64::abs),
                PureIntrinsic::SinF32 => quote!(f32::sin),
                PureIntrinsic::CosF32 => quote!(f32::cos),
                PureIntrinsic::TanF32 => quote!(f32::tan),
                PureIntrinsic::AcosF32 => quote!(f32::acos),
                PureIntrinsic::F32Bits => {
                    return quote!(f32::to_bits(#(#args),*) as i32);
                }
            };
            quote!(#f(#(#args),*))
        }
    }
}

/// A value leaving the function: a cast primitive or a struct literal.
fn value(v: &Value) -> TokenStream {
    match v {
        Value::Scalar(o, stored) => {
            let o = operand(o);
            match stored {
                PureStored::Bool => quote!(#o != 0),
                PureStored::I8 => quote!(#o as i8),
                PureStored::U8 => quote!(#o as u8),
                PureStored::I16 => quote!(#o as i16),
                PureStored::U16 => quote!(#o as u16),
                PureStored::U32 => quote!(#o as u32),
                PureStored::U64 => quote!(#o as u64),
                PureStored::ISize => quote!(#o as isize),
                PureStored::USize => quote!(#o as usize),
                PureStored::I32 | PureStored::I64 | PureStored::F32 | PureStored::F64 => o,
            }
        }
        Value::Struct(path, fields) => {
            let path: TokenStream = super::tokens::ty(path);
            let fields = fields.iter().map(|(name, v)| {
                let name = ident(name);
                let v = value(v);
                quote!(#name: #v)
            });
            quote!(#path { #(#fields),* })
        }
        Value::Pad(len) => {
            let len = Literal::u32_unsuffixed(*len);
            quote!([0; #len])
        }
        Value::Enum(e, v) => {
            let path: TokenStream = super::tokens::ty(&e.path);
            let v = value(v);
            if e.flags {
                quote!(#path::from_bits_retain(#v))
            } else {
                quote!(#path(#v))
            }
        }
    }
}
