//! Calls from C# into Rust: `cilbind::Callback` makes a delegate of any delegate type whose
//! invocation runs a Rust closure (fixture `fixtures/Events.cs`, through its generated bindings).

use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use cilbind::{Boxing, Callback, Error, Int32, Object, Reference, Value};
use managed_tests::events::ev::{Combine, Died, Hub, Work};
use managed_tests::events::system::Func2;

fn setup() {
    managed_tests::start_with(managed_tests::events::init);
}

#[test]
fn a_rust_closure_runs_as_a_delegate_with_arguments_and_a_result() {
    setup();
    let cb = Callback::new::<Combine>(|args| match args {
        [Value::Int32(a), Value::Int32(b)] => Ok(Value::Int32(a * 10 + b)),
        other => Err(Error::InvalidArgument(format!("unexpected {other:?}"))),
    })
    .unwrap();
    let combine: Combine = cb.delegate().unwrap();
    assert_eq!(Hub::apply(Some(&combine), 4, 2).unwrap(), 42, "C# called the delegate");
    assert_eq!(combine.invoke(1, 2).unwrap(), 12, "Rust called the delegate's Invoke");
    // Strings, doubles, objects and generic delegate types (Func2<string, string>...).
    let upper = Callback::new::<Func2<cilbind::NetString, cilbind::NetString>>(|args| match args {
        [Value::String(s)] => Ok(Value::String(s.to_uppercase())),
        other => Err(Error::InvalidArgument(format!("unexpected {other:?}"))),
    })
    .unwrap();
    let map: Func2<cilbind::NetString, cilbind::NetString> = upper.delegate().unwrap();
    assert_eq!(Hub::map(Some(&map), "héllo").unwrap().as_deref(), Some("HÉLLO"));
    let half = Callback::new::<Func2<f64, f64>>(|args| match args {
        [Value::Double(x)] => Ok(Value::Double(x / 2.0)),
        other => Err(Error::InvalidArgument(format!("unexpected {other:?}"))),
    })
    .unwrap();
    assert_eq!(
        Hub::half(Some(&half.delegate::<Func2<f64, f64>>().unwrap()), 5.0).unwrap(),
        2.5
    );
    let same = Callback::new::<Func2<Object, Object>>(|args| Ok(args[0].clone())).unwrap();
    let pass = same.delegate::<Func2<Object, Object>>().unwrap();
    let hub = Hub::new().unwrap();
    let back = Hub::pass(Some(&pass), Some(&hub)).unwrap().unwrap();
    assert!(
        back.reference_equals(hub.as_object()).unwrap(),
        "the same object went through Rust and back"
    );
    // A boxed primitive reaches the closure as a primitive value (and is boxed again on return).
    let boxed = Int32(7).box_as::<Object>().unwrap();
    let back = Hub::pass(Some(&pass), Some(&boxed)).unwrap().unwrap();
    assert_eq!(back.unbox::<Int32>().unwrap(), Int32(7));
}

#[test]
fn rust_subscribes_to_a_csharp_event() {
    setup();
    let deaths = Arc::new(Mutex::new(Vec::new()));
    let seen = deaths.clone();
    let cb = Callback::new::<Died>(move |args| {
        if let [Value::String(name), Value::Int32(score)] = args {
            seen.lock().unwrap().push((name.clone(), *score));
        }
        Ok(Value::Void)
    })
    .unwrap();
    let hub = Hub::new().unwrap();
    let handler: Died = cb.delegate().unwrap();
    hub.subscribe(Some(&handler)).unwrap();
    hub.kill("orc", 10).unwrap();
    hub.kill("troll", 25).unwrap();
    // The event itself, through its generated add/remove accessors.
    let counter = Arc::new(AtomicI32::new(0));
    let c = counter.clone();
    let cb2 = Callback::new::<Died>(move |_| {
        c.fetch_add(1, Ordering::SeqCst);
        Ok(Value::Void)
    })
    .unwrap();
    let handler2: Died = cb2.delegate().unwrap();
    hub.add_on_died(Some(&handler2)).unwrap();
    hub.kill("rat", 1).unwrap();
    assert_eq!(
        *deaths.lock().unwrap(),
        vec![
            ("orc".to_string(), 10),
            ("troll".to_string(), 25),
            ("rat".to_string(), 1)
        ]
    );
    assert_eq!(counter.load(Ordering::SeqCst), 1);
    hub.unsubscribe(Some(&handler)).unwrap();
    hub.kill("bat", 2).unwrap();
    assert_eq!(deaths.lock().unwrap().len(), 3, "unsubscribed");
    assert_eq!(counter.load(Ordering::SeqCst), 2);
    hub.remove_on_died(Some(&handler2)).unwrap();
    hub.kill("cat", 3).unwrap();
    assert_eq!(counter.load(Ordering::SeqCst), 2, "removed through the event accessor");
    drop(cb2);
}

#[test]
fn errors_panics_and_dropped_callbacks_throw_in_csharp() {
    setup();
    let failing =
        Callback::new::<managed_tests::events::system::Action>(|_| Err(Error::Unsupported("no thanks".into())))
            .unwrap();
    let action = failing.delegate::<managed_tests::events::system::Action>().unwrap();
    assert_eq!(
        Hub::r#try(Some(&action)).unwrap().as_deref(),
        Some("System.InvalidOperationException: the Rust closure behind this delegate failed: unsupported: no thanks")
    );
    let panicking = Callback::new::<managed_tests::events::system::Action>(|_| panic!("boom")).unwrap();
    let action = panicking.delegate::<managed_tests::events::system::Action>().unwrap();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Hub::r#try(Some(&action)).unwrap()));
    assert_eq!(
        r.unwrap().as_deref(),
        Some("System.InvalidOperationException: the Rust closure behind this delegate panicked"),
        "the panic stayed in Rust"
    );
    let dropped = Callback::new::<managed_tests::events::system::Action>(|_| Ok(Value::Void)).unwrap();
    let action = dropped.delegate::<managed_tests::events::system::Action>().unwrap();
    assert_eq!(Hub::r#try(Some(&action)).unwrap().as_deref(), Some("ok"));
    drop(dropped);
    let r = Hub::r#try(Some(&action)).unwrap().unwrap();
    assert!(r.starts_with("System.ObjectDisposedException"), "{r}");
    // Not a delegate type.
    assert!(matches!(
        Callback::new::<Hub>(|_| Ok(Value::Void)),
        Err(Error::InvalidCast { .. })
    ));
    // A wrong result type is the delegate's InvalidCastException, in C#.
    let wrong = Callback::new::<Combine>(|_| Ok(Value::String("x".into()))).unwrap();
    let e = Hub::apply(Some(&wrong.delegate::<Combine>().unwrap()), 1, 2).unwrap_err();
    assert!(
        matches!(e, Error::ManagedException { ref type_name, .. } if type_name == "System.InvalidCastException"),
        "{e:?}"
    );
    let _ = Reference::as_object(&action);
}

#[test]
fn generated_from_fn_makes_typed_closures_into_delegates() {
    setup();
    let combine = Combine::from_fn(|a: i32, b: i32| Ok(a * 100 + b)).unwrap();
    assert_eq!(Hub::apply(Some(&combine), 3, 7).unwrap(), 307);
    assert_eq!(
        combine.invoke(1, 2).unwrap(),
        102,
        "the delegate's own Invoke, through Deref"
    );
    // The closure lives exactly as long as the value `from_fn` returned: a handle to the
    // delegate kept past it sees the closure gone.
    let kept: Combine = (*combine).clone();
    drop(combine);
    let e = Hub::apply(Some(&kept), 3, 7).unwrap_err();
    assert!(
        matches!(&e, Error::ManagedException { type_name, .. } if type_name == "System.ObjectDisposedException"),
        "{e:?}"
    );
    let half = Func2::<f64, f64>::from_fn(|x: f64| Ok(x / 4.0)).unwrap();
    assert_eq!(Hub::half(Some(half.delegate()), 10.0).unwrap(), 2.5);
    let upper =
        Func2::<cilbind::NetString, cilbind::NetString>::from_fn(|s: Option<String>| Ok(s.map(|s| s.to_uppercase())))
            .unwrap();
    assert_eq!(Hub::map(Some(&upper), "abc").unwrap().as_deref(), Some("ABC"));
    assert_eq!(Hub::map(Some(&upper), None).unwrap(), None, "null in, null out");
    let same = Func2::<Object, Object>::from_fn(|o: Option<Object>| Ok(o)).unwrap();
    let hub = Hub::new().unwrap();
    let back = Hub::pass(Some(&same), Some(&hub)).unwrap().unwrap();
    assert!(back.reference_equals(hub.as_object()).unwrap());
    // An event handler with typed arguments; an Err from the closure is thrown in C#.
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let died = Died::from_fn(move |name: Option<String>, score: i32| {
        if score < 0 {
            return Err(Error::InvalidArgument(format!("negative score for {name:?}")));
        }
        log.lock().unwrap().push((name, score));
        Ok(())
    })
    .unwrap();
    hub.add_on_died(Some(&died)).unwrap();
    hub.kill("imp", 5).unwrap();
    assert_eq!(*seen.lock().unwrap(), vec![(Some("imp".to_string()), 5)]);
    let e = hub.kill("ghost", -1).unwrap_err();
    assert!(
        matches!(&e, Error::ManagedException { type_name, message, .. }
            if type_name == "System.InvalidOperationException" && message.contains("negative score")),
        "{e:?}"
    );
}

/// How many calls of a closure ran at once, at most, and in all.
#[derive(Default)]
struct Overlap {
    inside: AtomicU32,
    most: AtomicU32,
    calls: AtomicU32,
}

impl Overlap {
    /// One call: counted as inside while it sleeps long enough for the other thread to come in.
    fn call(&self) {
        let now = self.inside.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(300));
        self.inside.fetch_sub(1, Ordering::SeqCst);
        self.calls.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn two_csharp_threads_run_an_fn_closure_at_once() {
    setup();
    let overlap = Arc::new(Overlap::default());
    let seen = overlap.clone();
    let action = Work::from_fn(move || {
        seen.call();
        Ok(())
    })
    .unwrap();
    let start = Instant::now();
    assert_eq!(Hub::parallel(Some(&action), 2).unwrap().as_deref(), Some("ok"));
    let elapsed = start.elapsed();
    assert_eq!(overlap.calls.load(Ordering::SeqCst), 2);
    assert_eq!(
        overlap.most.load(Ordering::SeqCst),
        2,
        "both calls were inside the closure at once"
    );
    eprintln!("two concurrent calls of a 300 ms Fn closure took {elapsed:?}");
    // The untyped form too.
    let overlap = Arc::new(Overlap::default());
    let seen = overlap.clone();
    let cb = Callback::new::<Work>(move |_| {
        seen.call();
        Ok(Value::Void)
    })
    .unwrap();
    assert_eq!(
        Hub::parallel(Some(&cb.delegate::<Work>().unwrap()), 3)
            .unwrap()
            .as_deref(),
        Some("ok")
    );
    assert_eq!(overlap.most.load(Ordering::SeqCst), 3);
}

#[test]
fn two_csharp_threads_take_turns_with_an_fn_mut_closure() {
    setup();
    let overlap = Arc::new(Overlap::default());
    let seen = overlap.clone();
    // Plain mutable state: the closure is FnMut and not Sync.
    let mut order = Vec::new();
    let log = Arc::new(Mutex::new(Vec::new()));
    let out = log.clone();
    let action = Work::from_fn_mut(move || {
        order.push(order.len());
        seen.call();
        *out.lock().unwrap() = order.clone();
        Ok(())
    })
    .unwrap();
    let start = Instant::now();
    assert_eq!(Hub::parallel(Some(&action), 2).unwrap().as_deref(), Some("ok"));
    assert_eq!(overlap.calls.load(Ordering::SeqCst), 2, "neither call was refused");
    assert_eq!(overlap.most.load(Ordering::SeqCst), 1, "one call at a time");
    assert!(
        start.elapsed() >= Duration::from_millis(600),
        "the second waited for the first"
    );
    assert_eq!(*log.lock().unwrap(), [0, 1]);
}

#[test]
fn reentering_an_fn_mut_closure_is_a_clear_error_and_an_fn_closure_may_recurse() {
    setup();
    // An FnMut closure that invokes its own delegate from inside (C# calling it back).
    let me: Arc<OnceLock<Work>> = Arc::new(OnceLock::new());
    let inner = Arc::new(Mutex::new(None));
    let (me2, inner2) = (me.clone(), inner.clone());
    let mut runs = 0;
    let action = Work::from_fn_mut(move || {
        runs += 1;
        if runs == 1 {
            let again = Hub::run(Some(me2.get().unwrap()))?;
            *inner2.lock().unwrap() = again;
        }
        Ok(())
    })
    .unwrap();
    me.set((*action).clone()).unwrap();
    assert_eq!(Hub::run(Some(&action)).unwrap().as_deref(), Some("ok"));
    let again = inner.lock().unwrap().take().expect("the closure ran once");
    assert!(
        again.starts_with("System.InvalidOperationException: the Rust closure behind this delegate failed: ")
            && again.contains("re-entrantly")
            && again.contains("same thread"),
        "{again}"
    );
    // The closure still works afterwards (the failed re-entry left it unlocked).
    assert_eq!(Hub::run(Some(&action)).unwrap().as_deref(), Some("ok"));

    // An Fn closure may be re-entered: it only has `&self`.
    let depth = Arc::new(AtomicU32::new(0));
    let most = Arc::new(AtomicU32::new(0));
    let me: Arc<OnceLock<Work>> = Arc::new(OnceLock::new());
    let (d, m, me2) = (depth.clone(), most.clone(), me.clone());
    let action = Work::from_fn(move || {
        let now = d.fetch_add(1, Ordering::SeqCst) + 1;
        m.fetch_max(now, Ordering::SeqCst);
        if now < 3 {
            assert_eq!(Hub::run(Some(me2.get().unwrap()))?.as_deref(), Some("ok"));
        }
        d.fetch_sub(1, Ordering::SeqCst);
        Ok(())
    })
    .unwrap();
    me.set((*action).clone()).unwrap();
    assert_eq!(Hub::run(Some(&action)).unwrap().as_deref(), Some("ok"));
    assert_eq!(most.load(Ordering::SeqCst), 3, "three nested calls of one closure");
}

#[test]
fn an_fn_mut_closure_that_panicked_is_not_run_again() {
    setup();
    let mut calls = 0;
    let action = Work::from_fn_mut(move || {
        calls += 1;
        assert!(calls > 1, "first call panics");
        Ok(())
    })
    .unwrap();
    let first = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Hub::run(Some(&action)).unwrap()));
    assert_eq!(
        first.unwrap().as_deref(),
        Some("System.InvalidOperationException: the Rust closure behind this delegate panicked")
    );
    let second = Hub::run(Some(&action)).unwrap().unwrap();
    assert!(second.contains("panicked in an earlier call"), "{second}");
}

/// The class of the delegate's `Target`.
fn target_class(delegate: &impl Reference) -> String {
    let get_target = cilbind::Runtime::get()
        .unwrap()
        .corlib()
        .class("System", "Delegate")
        .unwrap()
        .method("get_Target", &[])
        .unwrap();
    match cilbind::invoke(get_target, Some(delegate.as_object()), &mut []).unwrap() {
        Value::Object(target) => target.type_name().unwrap(),
        other => panic!("the delegate has no target object: {other:?}"),
    }
}

#[test]
fn a_typed_closure_is_dropped_with_its_fn_delegate_while_csharp_keeps_the_delegate() {
    setup();
    let hub = Hub::new().unwrap();
    // The closure holds a handle to the hub, which keeps the delegate: a cycle through Rust that
    // only dropping the closure breaks.
    let held = hub.clone();
    let probe = Arc::new(());
    let seen = probe.clone();
    let combine = Combine::from_fn(move |a: i32, b: i32| {
        let _ = (&held, &seen);
        Ok(a * b)
    })
    .unwrap();
    assert!(
        target_class(&*combine).starts_with("Cilbind.Proxies.Proxy"),
        "an Invoke of values takes the typed path: the delegate's target is a proxy of the delegate type"
    );
    hub.set_kept(Some(&combine)).unwrap();
    assert_eq!(hub.apply_kept(6, 7).unwrap(), 42);
    drop(combine);
    assert_eq!(
        Arc::strong_count(&probe),
        1,
        "the closure went with its FnDelegate, and with it the hub handle it held"
    );
    let e = hub.apply_kept(6, 7).unwrap_err();
    assert!(
        matches!(&e, Error::ManagedException { type_name, message, .. }
            if type_name == "System.ObjectDisposedException" && message.contains("dropped")),
        "{e:?}"
    );
}

#[test]
fn a_typed_closure_dropped_while_csharp_runs_it_finishes_first_and_goes_after() {
    setup();
    let probe = Arc::new(());
    let seen = probe.clone();
    let entered = Arc::new(AtomicU32::new(0));
    let inside = entered.clone();
    let work = Work::from_fn(move || {
        let _ = &seen;
        inside.store(1, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(300));
        Ok(())
    })
    .unwrap();
    let delegate: Work = (*work).clone();
    let running = std::thread::spawn(move || Hub::run(Some(&delegate)).unwrap());
    while entered.load(Ordering::SeqCst) == 0 {
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(work);
    assert_eq!(
        Arc::strong_count(&probe),
        2,
        "not dropped while C# runs it on another thread"
    );
    assert_eq!(
        running.join().unwrap().as_deref(),
        Some("ok"),
        "the running call finished"
    );
    assert_eq!(Arc::strong_count(&probe), 1, "dropped when that call returned");
}
