//! Property 6 of the boxing properties (issue 4): arbitrary sequences of box, clone, drop,
//! unbox, echo, reuse and full GCs keep the handle stores' live counts equal to a simple model's, and every
//! released key stays `Error::StaleHandle`.
//!
//! The stores are process-wide, so this is its own test binary with a single test: nothing else
//! creates or frees handles while it counts. Case count: `QUICKCHECK_TESTS` (README "Property
//! tests").

use cilbind::{Boxing, Error, Int32, ManagedStruct, NetString, Object, ObjectKey, ObjectStore, Reference};
use managed_tests::props::props::{Check, Managed};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

/// One step. Indices pick among the live handles (modulo their number).
#[derive(Clone, Debug)]
enum Op {
    /// Box an `Int32` in Rust.
    BoxInt(i32),
    /// A new .NET string.
    NewString(String),
    /// A managed struct with `N` set.
    NewStruct(i32),
    /// `Clone`: a second handle to the same object, or a copy of a struct.
    Clone(usize),
    /// Drop a handle; its key must be stale from now on.
    Drop(usize),
    /// Unbox: an `Int32` (or `InvalidCast` for a string), or a boxed struct into a new struct handle.
    Unbox(usize),
    /// Box a struct into an object.
    BoxStruct(usize),
    /// Pass an object through managed `Echo` (a new handle to the same object).
    Echo(usize),
    /// `Object::from_key` of a live key (a new handle).
    FromKey(usize),
    /// Set a struct's `N` (value semantics: no other handle sees it).
    SetN(usize, i32),
    /// Store an object in a struct's `O` field (the struct's box references it; no new handle).
    SetO(usize, usize),
    /// Try to reuse a released key.
    Reuse(usize),
    /// A full managed GC (objects move; every handle must still reach its value).
    Collect,
}

impl Arbitrary for Op {
    fn arbitrary(g: &mut Gen) -> Self {
        let i = usize::arbitrary(g);
        match u8::arbitrary(g) % 12 {
            0 => Op::BoxInt(i32::arbitrary(g)),
            1 => Op::NewString(String::arbitrary(g)),
            2 => Op::NewStruct(i32::arbitrary(g)),
            3 => Op::Clone(i),
            4 | 5 => Op::Drop(i),
            6 => Op::Unbox(i),
            7 => Op::BoxStruct(i),
            8 => Op::Echo(i),
            9 => Op::FromKey(i),
            10 => Op::SetN(i, i32::arbitrary(g)),
            _ => match u8::arbitrary(g) % 5 {
                0 | 1 => Op::SetO(i, usize::arbitrary(g)),
                2 | 3 => Op::Reuse(i),
                _ => Op::Collect,
            },
        }
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        match self {
            Op::BoxInt(v) => Box::new(v.shrink().map(Op::BoxInt)),
            Op::NewString(s) => Box::new(s.shrink().map(Op::NewString)),
            Op::NewStruct(v) => Box::new(v.shrink().map(Op::NewStruct)),
            Op::Clone(i) => Box::new(i.shrink().map(Op::Clone)),
            Op::Drop(i) => Box::new(i.shrink().map(Op::Drop)),
            Op::Unbox(i) => Box::new(i.shrink().map(Op::Unbox)),
            Op::BoxStruct(i) => Box::new(i.shrink().map(Op::BoxStruct)),
            Op::Echo(i) => Box::new(i.shrink().map(Op::Echo)),
            Op::FromKey(i) => Box::new(i.shrink().map(Op::FromKey)),
            Op::SetN(i, v) => {
                let v = *v;
                Box::new(i.shrink().map(move |i| Op::SetN(i, v)))
            }
            Op::SetO(i, j) => {
                let j = *j;
                Box::new(i.shrink().map(move |i| Op::SetO(i, j)))
            }
            Op::Reuse(i) => Box::new(i.shrink().map(Op::Reuse)),
            Op::Collect => Box::new(std::iter::empty()),
        }
    }
}

/// What a live object handle holds, in the model.
#[derive(Clone, Debug, PartialEq)]
enum Held {
    Int(i32),
    Str(String),
    /// A boxed `Props.Managed` whose `N` is this.
    Struct(i32),
}

/// A live handle and the model's idea of its value.
enum Entry {
    Obj(Object, Held),
    Struct(Managed, i32),
}

struct World {
    entries: Vec<Entry>,
    stale: Vec<ObjectKey>,
    base_objects: usize,
    base_structs: usize,
}

fn structs_live() -> usize {
    Managed::store().live()
}

impl World {
    fn check(&self, step: usize, op: &Op) -> Result<(), String> {
        let objects = self.entries.iter().filter(|e| matches!(e, Entry::Obj(..))).count();
        let structs = self.entries.len() - objects;
        let (live_o, live_s) = (ObjectStore::live(), structs_live());
        if live_o != self.base_objects + objects || live_s != self.base_structs + structs {
            return Err(format!(
                "after step {step} ({op:?}): ObjectStore::live() = {live_o}, model {} + {objects}; \
                 Managed store live = {live_s}, model {} + {structs}",
                self.base_objects, self.base_structs
            ));
        }
        for &key in &self.stale {
            let r = Object::from_key(key);
            if !matches!(r, Err(Error::StaleHandle)) {
                return Err(format!("after step {step} ({op:?}): released key {key:?} gives {r:?}"));
            }
            if ObjectStore::contains(key) || ObjectStore::class_of(key) != Err(Error::StaleHandle) {
                return Err(format!(
                    "after step {step} ({op:?}): the store still knows released key {key:?}"
                ));
            }
        }
        Ok(())
    }

    /// Checks that the handle at `i` still holds its model value (as managed code sees it).
    fn check_value(&self, i: usize) -> Result<(), String> {
        let e = |e: cilbind::Error| format!("entry {i}: {e:?}");
        match &self.entries[i] {
            Entry::Obj(o, Held::Int(v)) => {
                let got = o.unbox::<Int32>().map_err(e)?;
                (got == Int32(*v))
                    .then_some(())
                    .ok_or(format!("entry {i} unboxes to {got:?}, model {v}"))
            }
            Entry::Obj(o, Held::Str(s)) => {
                let got = o.cast::<NetString>().and_then(|n| n.to_string()).map_err(e)?;
                (got == *s)
                    .then_some(())
                    .ok_or(format!("entry {i} is {got:?}, model {s:?}"))
            }
            Entry::Obj(o, Held::Struct(n)) => {
                let got = o.unbox::<Managed>().and_then(|m| m.n()).map_err(e)?;
                (got == *n).then_some(()).ok_or(format!(
                    "entry {i}: boxed struct has N = {got}, model {n}; {:?}",
                    o.to_string()
                ))
            }
            Entry::Struct(m, n) => {
                let got = m.n().map_err(e)?;
                (got == *n).then_some(()).ok_or(format!(
                    "entry {i}: struct has N = {got}, model {n}; {:?}",
                    m.to_string_net()
                ))
            }
        }
    }

    fn step(&mut self, op: &Op) -> Result<(), String> {
        let err = |e: cilbind::Error| format!("{op:?}: {e:?}");
        let len = self.entries.len();
        let pick = |i: usize| (len > 0).then(|| i % len);
        match *op {
            Op::BoxInt(v) => {
                let o = Int32(v).box_as::<Object>().map_err(err)?;
                self.entries.push(Entry::Obj(o, Held::Int(v)));
            }
            Op::NewString(ref s) => {
                let o = NetString::new(s).map_err(err)?.into_object();
                self.entries.push(Entry::Obj(o, Held::Str(s.clone())));
            }
            Op::NewStruct(n) => {
                let m = Managed::default_value().map_err(err)?;
                m.set_n(n).map_err(err)?;
                self.entries.push(Entry::Struct(m, n));
            }
            Op::Clone(i) => {
                let Some(i) = pick(i) else { return Ok(()) };
                let new = match &self.entries[i] {
                    Entry::Obj(o, h) => {
                        let c = o.clone();
                        if !c.reference_equals(o).map_err(err)? {
                            return Err(format!("{op:?}: a cloned handle refers to another object"));
                        }
                        Entry::Obj(c, h.clone())
                    }
                    Entry::Struct(m, n) => Entry::Struct(m.clone(), *n),
                };
                self.entries.push(new);
            }
            Op::Drop(i) => {
                let Some(i) = pick(i) else { return Ok(()) };
                match self.entries.swap_remove(i) {
                    Entry::Obj(o, _) => {
                        self.stale.push(o.key());
                        drop(o);
                    }
                    Entry::Struct(m, _) => drop(m),
                }
            }
            Op::Unbox(i) => {
                let Some(i) = pick(i) else { return Ok(()) };
                let new = match &self.entries[i] {
                    Entry::Obj(o, Held::Int(v)) => {
                        let got = o.unbox::<Int32>().map_err(err)?;
                        if got != Int32(*v) {
                            return Err(format!("{op:?}: unboxed {got:?}, model {v}"));
                        }
                        None
                    }
                    Entry::Obj(o, Held::Str(_)) => match o.unbox::<Int32>() {
                        Err(Error::InvalidCast { .. }) => None,
                        other => return Err(format!("{op:?}: unboxing a string gave {other:?}")),
                    },
                    Entry::Obj(o, Held::Struct(n)) => Some(Entry::Struct(o.unbox::<Managed>().map_err(err)?, *n)),
                    Entry::Struct(..) => None,
                };
                self.entries.extend(new);
            }
            Op::BoxStruct(i) => {
                let Some(i) = pick(i) else { return Ok(()) };
                if let Entry::Struct(m, n) = &self.entries[i] {
                    let o = m.box_as::<Object>().map_err(err)?;
                    let n = *n;
                    self.entries.push(Entry::Obj(o, Held::Struct(n)));
                }
            }
            Op::Echo(i) => {
                let Some(i) = pick(i) else { return Ok(()) };
                if let Entry::Obj(o, h) = &self.entries[i] {
                    let back = Check::echo(Some(o)).map_err(err)?.ok_or("Echo returned null")?;
                    let h = h.clone();
                    self.entries.push(Entry::Obj(back, h));
                }
            }
            Op::FromKey(i) => {
                let Some(i) = pick(i) else { return Ok(()) };
                if let Entry::Obj(o, h) = &self.entries[i] {
                    let dup = Object::from_key(o.key()).map_err(err)?;
                    let h = h.clone();
                    self.entries.push(Entry::Obj(dup, h));
                }
            }
            Op::SetN(i, v) => {
                let Some(i) = pick(i) else { return Ok(()) };
                if let Entry::Struct(m, n) = &mut self.entries[i] {
                    m.set_n(v).map_err(err)?;
                    *n = v;
                }
            }
            Op::SetO(i, j) => {
                let (Some(i), Some(j)) = (pick(i), pick(j)) else {
                    return Ok(());
                };
                if let (Entry::Struct(m, _), Entry::Obj(o, _)) = (&self.entries[i], &self.entries[j]) {
                    m.set_o(Some(o)).map_err(err)?;
                    let back = m.o().map_err(err)?.ok_or("O reads back null")?;
                    if !back.reference_equals(o).map_err(err)? {
                        return Err(format!("{op:?}: O reads back another object"));
                    }
                }
            }
            Op::Collect => Check::collect().map_err(err)?,
            Op::Reuse(i) => {
                if self.stale.is_empty() {
                    return Ok(());
                }
                let key = self.stale[i % self.stale.len()];
                match Object::from_key(key) {
                    Err(Error::StaleHandle) => {}
                    other => return Err(format!("{op:?}: reusing released key {key:?} gave {other:?}")),
                }
            }
        }
        Ok(())
    }
}

fn life_cycle(ops: Vec<Op>) -> TestResult {
    let mut world = World {
        entries: Vec::new(),
        stale: Vec::new(),
        base_objects: ObjectStore::live(),
        base_structs: structs_live(),
    };
    let mut run = || -> Result<(), String> {
        for (step, op) in ops.iter().enumerate() {
            world.step(op)?;
            world.check(step, op)?;
            for i in 0..world.entries.len() {
                world
                    .check_value(i)
                    .map_err(|e| format!("after step {step} ({op:?}): {e}"))?;
            }
        }
        Ok(())
    };
    let outcome = run();
    // Dropping everything returns both stores to where they started.
    let Ok(()) = outcome else {
        return TestResult::error(outcome.unwrap_err());
    };
    for e in world.entries.drain(..) {
        if let Entry::Obj(o, _) = &e {
            world.stale.push(o.key());
        }
    }
    let end = Op::Reuse(0);
    match world.check(ops.len(), &end) {
        Ok(()) => TestResult::passed(),
        Err(msg) => TestResult::error(format!("after dropping every handle: {msg}")),
    }
}

#[test]
fn prop6_handle_life_cycle_matches_the_model() {
    managed_tests::props::init().expect("Props bindings load");
    QuickCheck::new().quickcheck(life_cycle as fn(Vec<Op>) -> TestResult);
}
