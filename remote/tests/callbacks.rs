//! C# calling the client's Rust closures over a connection (fixture `Events.cs`): delegates and
//! event handlers made by the generated `from_fn` run here while one of this client's calls
//! runs on the server, with their own calls to the server nested inside; invoked at any other
//! time, or on another thread of C#'s, they throw there. One test: a process is the client of
//! one connection at a time.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use cilbind::{Callback, Error, Object, Reference, Value};
use common::{ServerProcess, TOKEN};
use managed_tests::events::ev::{Combine, Died, Hub, Work};
use managed_tests::events::system::Func2;

fn thrown(e: &Error, type_name: &str, text: &str) -> bool {
    matches!(e, Error::ManagedException { type_name: t, message, .. } if t == type_name && message.contains(text))
}

#[test]
fn csharp_calls_the_clients_closures_back() {
    let events = managed_tests::fixture_path("Events");
    let server = ServerProcess::start_with(&[events.to_str().unwrap()]);
    let connection = cilbind_remote::connect(
        server.addr,
        TOKEN,
        &[managed_tests::game::FUNCTIONS, managed_tests::events::FUNCTIONS],
    )
    .unwrap();
    play(&connection);
    // A second round leaves nothing more behind than the first (whose first uses may fill
    // the server's caches).
    let after_first = connection.stats().unwrap().live_handles;
    play(&connection);
    assert_eq!(connection.stats().unwrap().live_handles, after_first);
}

fn play(connection: &cilbind_remote::Connection) {
    // Typed closures as delegates: C# invokes them, and so does Rust through `Invoke`.
    let combine = Combine::from_fn(|a: i32, b: i32| Ok(a * 100 + b)).unwrap();
    assert_eq!(Hub::apply(Some(&combine), 3, 7).unwrap(), 307);
    assert_eq!(
        combine.invoke(1, 2).unwrap(),
        102,
        "the delegate's own Invoke, on the server"
    );
    let upper =
        Func2::<cilbind::NetString, cilbind::NetString>::from_fn(|s: Option<String>| Ok(s.map(|s| s.to_uppercase())))
            .unwrap();
    assert_eq!(Hub::map(Some(&upper), "héllo").unwrap().as_deref(), Some("HÉLLO"));
    assert_eq!(Hub::map(Some(&upper), None).unwrap(), None, "null in, null out");
    let half = Func2::<f64, f64>::from_fn(|x: f64| Ok(x / 4.0)).unwrap();
    assert_eq!(Hub::half(Some(half.delegate()), 10.0).unwrap(), 2.5);
    // Objects cross both ways as the client's handles to the server's objects.
    let hub = Hub::new().unwrap();
    let same = Func2::<Object, Object>::from_fn(|o: Option<Object>| Ok(o)).unwrap();
    let back = Hub::pass(Some(&same), Some(&hub)).unwrap().unwrap();
    assert!(back.equals(Some(hub.as_object())).unwrap(), "the same object came back");
    assert!(back.cast::<Hub>().is_ok());
    assert!(matches!(back.cast::<Combine>(), Err(Error::InvalidCast { .. })));

    // An event handler; an Err from the closure is thrown in C#.
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
    hub.kill("orc", 7).unwrap();
    assert_eq!(
        *seen.lock().unwrap(),
        vec![(Some("imp".to_string()), 5), (Some("orc".to_string()), 7)]
    );
    let e = hub.kill("ghost", -1).unwrap_err();
    assert!(
        thrown(&e, "System.InvalidOperationException", "negative score"),
        "{e:?}"
    );
    assert_eq!(hub.deaths().unwrap(), 3, "C# went on after the handler");

    // A closure's own calls run on the server while C# waits for it, C# calling back again
    // inside them: two levels deep.
    let inner = Combine::from_fn(|a: i32, b: i32| Ok(a + b)).unwrap();
    let inner_delegate: Combine = (*inner).clone();
    let outer = Combine::from_fn(move |a: i32, b: i32| Ok(Hub::apply(Some(&inner_delegate), a, b)? * 2)).unwrap();
    assert_eq!(Hub::apply(Some(&outer), 20, 1).unwrap(), 42);
    let me: Arc<OnceLock<Work>> = Arc::new(OnceLock::new());
    let depth = Arc::new(Mutex::new(0));
    let (me2, depth2) = (me.clone(), depth.clone());
    let recurse = Work::from_fn(move || {
        let level = {
            let mut d = depth2.lock().unwrap();
            *d += 1;
            *d
        };
        if level < 5 {
            assert_eq!(Hub::run(Some(me2.get().unwrap()))?.as_deref(), Some("ok"));
        }
        Ok(())
    })
    .unwrap();
    me.set((*recurse).clone()).unwrap();
    assert_eq!(Hub::run(Some(&recurse)).unwrap().as_deref(), Some("ok"));
    assert_eq!(
        *depth.lock().unwrap(),
        5,
        "C# → Rust → C# five times over the connection"
    );

    // Two threads of this client, C# calling each one's closure back while the other's waits
    // (B's call runs on the server inside A's, and A's result arrives first): each call gets
    // its own closure's result.
    let (a_inside, b_inside) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
    let (a_in, b_seen) = (a_inside.clone(), b_inside.clone());
    let slow_a = Combine::from_fn(move |x: i32, y: i32| {
        a_in.store(true, Ordering::SeqCst);
        let start = Instant::now();
        while !b_seen.load(Ordering::SeqCst) && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
        Ok(1000 + x + y)
    })
    .unwrap();
    let b_in = b_inside.clone();
    let slow_b = Combine::from_fn(move |x: i32, y: i32| {
        b_in.store(true, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(200));
        Ok(2000 + x + y)
    })
    .unwrap();
    let (delegate_a, delegate_b): (Combine, Combine) = ((*slow_a).clone(), (*slow_b).clone());
    let thread_a = std::thread::spawn(move || Hub::apply(Some(&delegate_a), 1, 2));
    while !a_inside.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(1));
    }
    let thread_b = std::thread::spawn(move || Hub::apply(Some(&delegate_b), 3, 4));
    assert_eq!(thread_b.join().unwrap().unwrap(), 2007);
    assert_eq!(thread_a.join().unwrap().unwrap(), 1003);
    assert!(b_inside.load(Ordering::SeqCst), "B's closure ran while A's waited");
    drop((slow_a, slow_b));

    // The last copy of a handle dropped inside a closure, whose own call carries its release,
    // while the waiting batch still names it in a later step: released only once that batch
    // ended.
    let target = Hub::new().unwrap();
    let holder = Arc::new(Mutex::new(Some(target.clone())));
    let last_copy = holder.clone();
    let dropper = Died::from_fn(move |_: Option<String>, _: i32| {
        drop(last_copy.lock().unwrap().take());
        Hub::new()?; // a call of its own, with the release
        Ok(())
    })
    .unwrap();
    let other = Hub::new().unwrap();
    other.add_on_died(Some(&dropper)).unwrap();
    cilbind::remote::pipelined(|| {
        other.kill("first", 1)?; // C# calls `dropper` back
        target.kill("second", 2)?; // names the handle `dropper` dropped the last copy of
        drop(target);
        Ok(())
    })
    .unwrap();
    assert!(holder.lock().unwrap().is_none(), "the closure ran");
    drop((dropper, other));

    // A panic in the closure is an exception in C#, not a dead connection.
    let panics = Work::from_fn(|| panic!("boom")).unwrap();
    let caught = Hub::run(Some(&panics)).unwrap().unwrap();
    assert!(caught.starts_with("System.InvalidOperationException"), "{caught}");
    assert!(caught.contains("panicked"), "{caught}");

    // On another thread of C#'s, the client is not waiting: that invocation throws there.
    let work = Work::from_fn(|| Ok(())).unwrap();
    let refused = Hub::parallel(Some(&work), 2).unwrap().unwrap();
    assert_eq!(refused.lines().count(), 2, "{refused}");
    assert!(
        refused
            .lines()
            .all(|l| l.starts_with("System.InvalidOperationException") && l.contains("own call")),
        "{refused}"
    );
    assert_eq!(
        Hub::run(Some(&work)).unwrap().as_deref(),
        Some("ok"),
        "on the call's own thread it runs"
    );

    // The untyped form, and an FnMut closure.
    let cb = Callback::new::<Combine>(|args| match args {
        [Value::Int32(a), Value::Int32(b)] => Ok(Value::Int32(a - b)),
        other => Err(Error::InvalidArgument(format!("unexpected {other:?}"))),
    })
    .unwrap();
    assert_eq!(Hub::apply(Some(&cb.delegate::<Combine>().unwrap()), 9, 4).unwrap(), 5);
    assert!(matches!(cb.delegate::<Work>(), Err(Error::InvalidCast { .. })));
    let mut count = 0;
    let counter = Work::from_fn_mut(move || {
        count += 1;
        if count == 2 {
            return Err(Error::InvalidArgument("second".into()));
        }
        Ok(())
    })
    .unwrap();
    assert_eq!(Hub::run(Some(&counter)).unwrap().as_deref(), Some("ok"));
    let second = Hub::run(Some(&counter)).unwrap().unwrap();
    assert!(second.contains("second"), "{second}");

    // A dropped closure: its delegate, still held, throws ObjectDisposedException in C#.
    let kept: Combine = (*combine).clone();
    drop(combine);
    let e = Hub::apply(Some(&kept), 3, 7).unwrap_err();
    assert!(thrown(&e, "System.ObjectDisposedException", ""), "{e:?}");

    // Everything dropped: the server holds nothing more for this client.
    drop((
        kept, upper, half, hub, same, back, died, inner, outer, recurse, me, panics, work, cb, counter,
    ));
    cilbind::remote::flush().unwrap();
    assert_eq!(connection.stats().unwrap().client_handles, 0);
    assert_eq!(cilbind::remote::live_handles(), 0);
    assert_eq!(Callback::live(), 0);
}
