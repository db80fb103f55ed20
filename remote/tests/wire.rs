//! The connection's guarantees, over loopback with raw connections (none installed as the
//! process's runtime, so several can be open at once): cookies are per client, no call runs
//! before authentication, mismatched tables are refused, malformed and oversized messages
//! close only their connection, eight clients at once get every result right and leave
//! nothing behind, and a client gone in the middle of a call has its handles released.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use cilbind::record::Recorded;
use cilbind::remote::{
    ArrayStep, Batch, BatchReply, Call, Implement, ImplementedMember, Invocation, MakeBox, MakeCallback, MethodName,
    ReadBox, Reply, Returned, Step, TableRow, Transport, TypeName,
};
use cilbind::{Cookie, Error, FunctionId};
use cilbind_remote::Connection;

use common::{ServerProcess, TOKEN};
use managed_tests::game::FUNCTIONS;

fn game_type(name: &str) -> TypeName {
    TypeName {
        assembly: "Game".into(),
        namespace: "Game".into(),
        name: name.into(),
        args: Vec::new(),
    }
}

fn method(type_name: &str, name: &str, params: &[&str]) -> MethodName {
    MethodName {
        ty: game_type(type_name),
        name: name.into(),
        params: params.iter().map(|p| p.to_string()).collect(),
        ret: None,
        in_definition: false,
        generic_method: false,
        method_args: Vec::new(),
    }
}

fn open(server: &ServerProcess) -> Arc<Connection> {
    Connection::open(server.addr, TOKEN, &[FUNCTIONS]).unwrap()
}

/// Runs one call and returns its result.
fn call(connection: &Connection, id: FunctionId, args: Vec<Recorded>) -> Result<Recorded, Error> {
    let mut reply = done(connection.run(Batch {
        release: Vec::new(),
        forget: Vec::new(),
        calls: vec![Call {
            id: id.0,
            args,
            reflective: false,
        }
        .into()],
    })?);
    assert_eq!(reply.results.len(), 1);
    reply.results.pop().unwrap().map(|returned| returned.value)
}

/// The batch's reply (these batches make no delegates, so C# calls nothing back).
fn done(reply: Reply) -> BatchReply {
    match reply {
        Reply::Done(reply) => reply,
        Reply::Invoke(invocation) => panic!("no closure was made, yet C# invoked {invocation:?}"),
    }
}

/// Runs one step and returns its value.
fn run_step(connection: &Connection, step: Step) -> Result<Recorded, Error> {
    let mut reply = done(
        connection
            .run(Batch {
                release: Vec::new(),
                forget: Vec::new(),
                calls: vec![step],
            })
            .unwrap(),
    );
    reply.results.pop().unwrap().map(|r| r.value)
}

fn cookie_of(value: &Recorded) -> Cookie {
    match value {
        Recorded::Object { cookie, .. } => *cookie,
        other => panic!("expected an object, got {other}"),
    }
}

#[test]
fn cookies_are_per_client_and_checked() {
    let server = ServerProcess::start();
    let (a, b) = (open(&server), open(&server));
    let new_world = a.bind(&method("World", ".ctor", &[])).unwrap();
    let count = a.bind(&method("World", "get_Count", &[])).unwrap();
    assert_eq!(
        b.bind(&method("World", "get_Count", &[])).unwrap(),
        count,
        "IDs are the same for every client"
    );
    let world = call(&a, new_world, vec![]).unwrap();
    assert_eq!(call(&a, count, vec![world.clone()]).unwrap(), Recorded::Int32(0));
    // The same cookie from another client names nothing there.
    assert_eq!(call(&b, count, vec![world.clone()]), Err(Error::StaleHandle));
    // Forged cookies: a neighbour of a real one, and numbers no handle had.
    let real = cookie_of(&world);
    for forged in [
        Cookie(real.0 + 1),
        Cookie(real.0 ^ (1 << 32)),
        Cookie(0),
        Cookie(u64::MAX),
    ] {
        let value = Recorded::Object {
            class: "Game.World".into(),
            cookie: forged,
            interfaces: Vec::new(),
        };
        assert_eq!(call(&a, count, vec![value]), Err(Error::StaleHandle), "{forged:?}");
    }
    assert_eq!(a.stats().unwrap().client_handles, 1);
    assert_eq!(b.stats().unwrap().client_handles, 0);
    // Released: stale from then on.
    a.run(Batch {
        release: vec![real],
        forget: Vec::new(),
        calls: Vec::new(),
    })
    .unwrap();
    assert_eq!(call(&a, count, vec![world]), Err(Error::StaleHandle));
    assert_eq!(a.stats().unwrap().client_handles, 0);
}

#[test]
fn nothing_runs_before_authentication() {
    let server = ServerProcess::start();
    match Connection::open(server.addr, "not-the-token", &[FUNCTIONS]) {
        Err(Error::Disconnected(message)) => assert!(message.contains("token"), "{message}"),
        other => panic!("a wrong token must be refused: {:?}", other.map(|_| ())),
    }
    // A client that calls before `hello` is refused and its connection closed.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let transport =
            tarpc::serde_transport::tcp::connect(server.addr, tarpc::tokio_serde::formats::Bincode::default)
                .await
                .unwrap();
        let client = cilbind_remote::service::CilbindClient::new(tarpc::client::Config::default(), transport).spawn();
        let refused = client
            .bind(tarpc::context::current(), method("World", ".ctor", &[]))
            .await
            .unwrap();
        assert!(
            matches!(refused, Err(Error::Disconnected(ref m)) if m.contains("authenticate")),
            "{refused:?}"
        );
        assert!(
            client.ping(tarpc::context::current()).await.is_err(),
            "the connection is closed"
        );
    });
    let stats = open(&server).stats().unwrap();
    assert_eq!(stats.closed, 2, "both connections closed by the server");
}

#[test]
fn a_client_built_against_other_assemblies_is_refused_with_the_list() {
    let server = ServerProcess::start();
    let rows = vec![
        TableRow {
            id: FunctionId::of_signature("[Game]Game.World::Vanished()->System.Void").0,
            signature: "[Game]Game.World::Vanished()->System.Void".into(),
        },
        TableRow {
            id: FunctionId::of_signature("[Game]Game.Player::.ctor(System.Int64)->System.Void").0,
            signature: "[Game]Game.Player::.ctor(System.Int64)->System.Void".into(),
        },
    ];
    match Connection::open_rows(server.addr, TOKEN, rows) {
        Err(Error::FunctionsMismatch { missing, .. }) => {
            assert_eq!(missing.len(), 2, "{missing:?}");
            assert!(missing[0].contains("Game.Player::.ctor(System.Int64)"), "{missing:?}");
            assert!(missing[1].contains("Game.World::Vanished()"), "{missing:?}");
        }
        other => panic!("expected the mismatches, got {:?}", other.map(|_| ())),
    }
    // The generated table itself matches.
    open(&server);
}

/// A small deterministic generator (xorshift), so that a failing seed can be replayed.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A real request, as the client's codec writes it: the start the mutations work from, so
/// that they reach past the first bytes into the batch's calls and values.
fn valid_request() -> Vec<u8> {
    use std::pin::Pin;
    use tarpc::tokio_serde::Serializer;
    type Codec = tarpc::tokio_serde::formats::Bincode<
        tarpc::Response<cilbind_remote::service::CilbindResponse>,
        tarpc::ClientMessage<cilbind_remote::service::CilbindRequest>,
    >;
    let batch = Batch {
        release: vec![Cookie(0x0000_0001_0000_0003)],
        forget: Vec::new(),
        calls: vec![Step::Call(Call {
            id: 0x298eebc6a5dfaedf,
            args: vec![
                Recorded::String("a monster".into()),
                Recorded::Int32(7),
                Recorded::Struct {
                    assembly: String::new(),
                    type_name: String::new(),
                    bytes: vec![1, 2, 3, 4],
                },
                Recorded::Object {
                    class: "Game.World".into(),
                    cookie: Cookie(0x0000_0001_0000_0001),
                    interfaces: Vec::new(),
                },
            ],
            reflective: true,
        })],
    };
    let message = tarpc::ClientMessage::Request(tarpc::Request {
        context: tarpc::context::current(),
        id: 1,
        message: cilbind_remote::service::CilbindRequest::Run { batch },
    });
    let mut codec = Codec::default();
    Pin::new(&mut codec).serialize(&message).unwrap().to_vec()
}

#[test]
fn malformed_and_oversized_messages_close_only_their_connection() {
    const LIMIT: u32 = 65536;
    let server = ServerProcess::start_with(&["--max-message", &LIMIT.to_string()]);
    let good = open(&server);
    let new_world = good.bind(&method("World", ".ctor", &[])).unwrap();
    let world = call(&good, new_world, vec![]).unwrap();
    let valid = valid_request();
    let mut random = Seeded(0x5eed_cafe_f00d_d00d);
    for case in 0..300u32 {
        let mut body = valid.clone();
        match case % 5 {
            // Bytes of a real request flipped.
            0 => {
                for _ in 0..1 + random.next() % 8 {
                    let at = (random.next() as usize) % body.len();
                    body[at] ^= 1 << (random.next() % 8);
                }
            }
            // Cut short.
            1 => body.truncate((random.next() as usize) % body.len()),
            // A length or tag inside it made huge.
            2 => {
                let at = (random.next() as usize) % (body.len() - 8);
                body[at..at + 8].copy_from_slice(&(u64::MAX - random.next() % 1024).to_le_bytes());
            }
            // Random bytes.
            3 => body = (0..1 + random.next() % 512).map(|_| random.next() as u8).collect(),
            // Over the server's limit: only the length is sent.
            _ => body.clear(),
        }
        let length = if case % 5 == 4 {
            LIMIT + 1 + (random.next() % (1 << 30)) as u32
        } else {
            body.len() as u32
        };
        let mut stream = TcpStream::connect(server.addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        stream.write_all(&length.to_be_bytes()).unwrap();
        stream.write_all(&body).unwrap();
        // The server closes the connection: a message it cannot read, or (when the mutation
        // still decodes) a request before authentication, is the end of it.
        let mut rest = Vec::new();
        let read = stream.read_to_end(&mut rest);
        assert!(
            read.is_ok(),
            "case {case}: the server did not close the connection: {read:?}"
        );
    }
    // The server, and the client that behaved, go on.
    let count = good.bind(&method("World", "get_Count", &[])).unwrap();
    assert_eq!(call(&good, count, vec![world]).unwrap(), Recorded::Int32(0));
    let stats = good.stats().unwrap();
    assert_eq!(
        stats.closed, 300,
        "each malformed connection closed (with its reason in the server's log)"
    );
}

#[test]
fn eight_clients_at_once_get_every_result_and_leave_nothing_behind() {
    const CALLS: i32 = 10_000;
    let server = ServerProcess::start();
    let baseline = open(&server).stats().unwrap().live_handles;
    let clients: Vec<_> = (0..8)
        .map(|client| {
            let connection = open(&server);
            std::thread::spawn(move || {
                let toggle = connection
                    .bind(&method("World", "Toggle", &["Game.EntityFlags", "Game.EntityFlags"]))
                    .unwrap();
                let spawn = connection
                    .bind(&method("World", "SpawnMonster", &["System.String", "System.Int32"]))
                    .unwrap();
                let new_world = connection.bind(&method("World", ".ctor", &[])).unwrap();
                let world = call(&connection, new_world, vec![]).unwrap();
                for i in 0..CALLS {
                    if i % 100 == 0 {
                        // Objects the client never releases: its disconnect must.
                        let name = Recorded::String(format!("m{client}-{i}"));
                        let monster = call(&connection, spawn, vec![world.clone(), name, Recorded::Int32(i)]).unwrap();
                        assert!(matches!(monster, Recorded::Object { ref class, .. } if class == "Game.Monster"));
                        continue;
                    }
                    let (a, b) = (i << 1, client << 20);
                    let got = call(&connection, toggle, vec![Recorded::Int32(a), Recorded::Int32(b)]).unwrap();
                    assert_eq!(got, Recorded::Int32(a | b), "client {client}, call {i}");
                }
                connection.stats().unwrap().client_handles
            })
        })
        .collect();
    for client in clients {
        assert_eq!(client.join().unwrap(), 1 + (CALLS as usize) / 100);
    }
    // Every client has disconnected (their connections were dropped with their threads).
    let check = open(&server);
    let mut stats = check.stats().unwrap();
    for _ in 0..100 {
        if stats.clients == 1 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        stats = check.stats().unwrap();
    }
    assert_eq!(stats.clients, 1, "only the checking client is left");
    assert_eq!(
        stats.live_handles, baseline,
        "every handle of the eight clients was released"
    );
}

#[test]
fn a_client_gone_in_the_middle_of_a_call_has_its_handles_released() {
    let server = ServerProcess::start();
    let check = open(&server);
    let baseline = check.stats().unwrap().live_handles;
    let rows = cilbind::remote::table_rows(&[FUNCTIONS]);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        use cilbind_remote::service::CilbindClient;
        let context = || {
            let mut c = tarpc::context::current();
            c.deadline = std::time::Instant::now() + Duration::from_secs(60);
            c
        };
        let transport =
            tarpc::serde_transport::tcp::connect(server.addr, tarpc::tokio_serde::formats::Bincode::default)
                .await
                .unwrap();
        let client = CilbindClient::new(tarpc::client::Config::default(), transport).spawn();
        client.hello(context(), TOKEN.into(), rows).await.unwrap().unwrap();
        let new_world = client
            .bind(context(), method("World", ".ctor", &[]))
            .await
            .unwrap()
            .unwrap();
        let sleep = MethodName {
            ty: TypeName {
                assembly: "mscorlib".into(),
                namespace: "System.Threading".into(),
                name: "Thread".into(),
                args: Vec::new(),
            },
            name: "Sleep".into(),
            params: vec!["System.Int32".into()],
            ret: None,
            in_definition: false,
            generic_method: false,
            method_args: Vec::new(),
        };
        let sleep = client.bind(context(), sleep).await.unwrap().unwrap();
        let batch = |calls| Batch {
            release: Vec::new(),
            forget: Vec::new(),
            calls,
        };
        let worlds: Vec<Step> = (0..5)
            .map(|_| {
                Step::Call(Call {
                    id: new_world,
                    args: vec![],
                    reflective: false,
                })
            })
            .collect();
        client.run(context(), batch(worlds)).await.unwrap().unwrap();
        // A call that takes a second, and the client gone in the middle of it: the socket
        // closes as the kernel closes a killed process's.
        let long = client.run(
            context(),
            batch(vec![Step::Call(Call {
                id: sleep,
                args: vec![Recorded::Int32(1000)],
                reflective: false,
            })]),
        );
        let _ = tokio::time::timeout(Duration::from_millis(200), long).await;
    });
    drop(rt);
    // The session is still in its call (the call itself may hold a handle or two: on CoreCLR
    // the reflective invoke keeps its arguments in slots).
    assert!(
        check.stats().unwrap().live_handles >= baseline + 5,
        "the five worlds are held until the call ends"
    );
    let mut stats = check.stats().unwrap();
    for _ in 0..100 {
        if stats.live_handles == baseline {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
        stats = check.stats().unwrap();
    }
    assert_eq!(
        stats.live_handles, baseline,
        "the gone client's five handles were released after its call"
    );
    assert_eq!(stats.clients, 1);
}

#[test]
fn field_accesses_check_their_owner_and_value() {
    let server = ServerProcess::start();
    let connection = open(&server);
    let new_world = connection.bind(&method("World", ".ctor", &[])).unwrap();
    let world = call(&connection, new_world, vec![]).unwrap();
    let field = |type_name: &str, name: &str, owner: Option<Recorded>, write: Option<Recorded>| {
        let mut reply = done(
            connection
                .run(Batch {
                    release: Vec::new(),
                    forget: Vec::new(),
                    calls: vec![Step::Field(Box::new(cilbind::remote::FieldAccess {
                        ty: game_type(type_name),
                        name: name.into(),
                        owner,
                        write,
                    }))],
                })
                .unwrap(),
        );
        reply.results.pop().unwrap().map(|r| r.value)
    };
    // A World is no Player: its memory is not read at Player.Score's offset.
    match field("Player", "Score", Some(world.clone()), None) {
        Err(Error::InvalidArgument(message)) => assert!(message.contains("the owner is a Game.World"), "{message}"),
        other => panic!("a field of another class's object: {other:?}"),
    }
    // An instance field without its owner, a static one with one.
    assert!(matches!(
        field("Player", "Score", None, None),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        field("World", "Title", Some(world.clone()), None),
        Err(Error::InvalidArgument(_))
    ));
    // A value of the wrong size, or kind, is refused; the field keeps its value.
    let eight = Recorded::Struct {
        assembly: String::new(),
        type_name: String::new(),
        bytes: vec![0; 8],
    };
    assert!(matches!(
        field("World", "LastHit", Some(world.clone()), Some(eight)),
        Err(Error::InvalidArgument(_))
    ));
    assert!(field("World", "Title", None, Some(Recorded::Int32(3))).is_err());
    assert_eq!(
        field("World", "Title", None, None).unwrap(),
        Recorded::String("Arena".into())
    );
}

#[test]
fn boxes_are_checked_on_the_server() {
    let server = ServerProcess::start();
    let connection = open(&server);
    let system = |name: &str| TypeName {
        assembly: "mscorlib".into(),
        namespace: "System".into(),
        name: name.into(),
        args: Vec::new(),
    };
    let run = |step: Step| run_step(&connection, step);
    let make =
        |ty: TypeName, bytes: Vec<u8>, target: TypeName| run(Step::MakeBox(Box::new(MakeBox { ty, bytes, target })));
    let read = |object: Recorded, ty: TypeName| run(Step::ReadBox(Box::new(ReadBox { object, ty })));
    // A Team (a byte enum) boxes as Object and as Enum, not as an interface it lacks.
    let team = make(game_type("Team"), vec![2], system("Object")).unwrap();
    assert!(make(game_type("Team"), vec![2], system("Enum")).is_ok());
    match make(game_type("Team"), vec![2], system("IDisposable")) {
        Err(Error::InvalidCast { from, to }) => {
            assert_eq!((from.as_str(), to.as_str()), ("Game.Team", "System.IDisposable"))
        }
        other => panic!("a box to a type it does not convert to: {other:?}"),
    }
    // Bytes that are not one value of the type, a reference type, a struct holding references.
    assert!(matches!(
        make(game_type("Team"), vec![2, 0], system("Object")),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        make(game_type("World"), vec![0; 8], system("Object")),
        Err(Error::InvalidCast { .. })
    ));
    let by_size: Vec<String> = (8..=64)
        .step_by(8)
        .map(
            |size| match make(game_type("RaycastHit"), vec![0; size], system("Object")) {
                Err(e) => e.to_string(),
                Ok(made) => panic!("a RaycastHit made from {size} bytes: {made}"),
            },
        )
        .collect();
    assert!(
        by_size.iter().any(|e| e.contains("holds managed references")),
        "the size that fits is refused for its references: {by_size:?}"
    );
    // Read back: as itself and as its underlying type; as another type, refused.
    assert_eq!(
        read(team.clone(), game_type("Team")).unwrap(),
        Recorded::Struct {
            assembly: String::new(),
            type_name: String::new(),
            bytes: vec![2]
        }
    );
    assert!(read(team.clone(), system("Byte")).is_ok());
    match read(team.clone(), system("Int32")) {
        Err(Error::InvalidCast { from, to }) => assert_eq!((from.as_str(), to.as_str()), ("Game.Team", "System.Int32")),
        other => panic!("unboxed as another type: {other:?}"),
    }
    // A box of a struct holding references is never read by its bytes (they are addresses).
    let new_world = connection.bind(&method("World", ".ctor", &[])).unwrap();
    let world = call(&connection, new_world, vec![]).unwrap();
    assert!(matches!(
        read(world.clone(), game_type("World")),
        Err(Error::InvalidCast { .. })
    ));
    let last_hit = run(Step::Field(Box::new(cilbind::remote::FieldAccess {
        ty: game_type("World"),
        name: "LastHit".into(),
        owner: Some(world),
        write: None,
    })));
    if let Ok(hit @ Recorded::Object { .. }) = last_hit {
        assert!(read(hit, game_type("RaycastHit")).is_err());
    }
    // A forged cookie is no box.
    let forged = Recorded::Object {
        class: "Game.Team".into(),
        cookie: Cookie(0x7777_0000_0001),
        interfaces: Vec::new(),
    };
    assert!(matches!(read(forged, game_type("Team")), Err(Error::StaleHandle)));
}

#[test]
fn callbacks_follow_the_connection_and_end_with_it() {
    let events = managed_tests::fixture_path("Events");
    let server = ServerProcess::start_with(&[events.to_str().unwrap()]);
    let tables = [FUNCTIONS, managed_tests::events::FUNCTIONS];
    let check = Connection::open(server.addr, TOKEN, &tables).unwrap();
    let baseline = check.stats().unwrap().live_handles;
    let client = Connection::open(server.addr, TOKEN, &tables).unwrap();
    let ev = |name: &str| TypeName {
        assembly: "Events".into(),
        namespace: "Ev".into(),
        name: name.into(),
        args: Vec::new(),
    };
    let run = |connection: &Connection, calls: Vec<Step>| {
        connection
            .run(Batch {
                release: Vec::new(),
                forget: Vec::new(),
                calls,
            })
            .unwrap()
    };
    let make = |connection: &Connection, delegate: TypeName, key: u64| {
        let step = Step::MakeCallback(Box::new(MakeCallback { delegate, key }));
        done(run(connection, vec![step]))
            .results
            .pop()
            .unwrap()
            .map(|r| r.value)
    };
    // Only a delegate type makes a delegate.
    assert!(matches!(make(&client, ev("Hub"), 1), Err(Error::InvalidCast { .. })));
    let combine = make(&client, ev("Combine"), 7).unwrap();
    let apply = client
        .bind(&MethodName {
            ty: ev("Hub"),
            name: "Apply".into(),
            params: vec!["Ev.Combine".into(), "System.Int32".into(), "System.Int32".into()],
            ret: None,
            in_definition: false,
            generic_method: false,
            method_args: Vec::new(),
        })
        .unwrap();
    let call = |a: i32, b: i32| {
        Step::Call(Call {
            id: apply.0,
            args: vec![combine.clone(), Recorded::Int32(a), Recorded::Int32(b)],
            reflective: false,
        })
    };
    // C# invokes the delegate: the batch's answer is the invocation; the closure's result,
    // sent back, is what C# returns.
    let first = match run(&client, vec![call(4, 2)]) {
        Reply::Invoke(Invocation { id, key, args, .. }) => {
            assert_eq!((key, args), (7, vec![Recorded::Int32(4), Recorded::Int32(2)]));
            id
        }
        other => panic!("C# invoked the delegate: {other:?}"),
    };
    let mut reply = done(client.resume(first, Ok(Returned::of(Recorded::Int32(42)))).unwrap());
    assert_eq!(reply.results.pop().unwrap().unwrap().value, Recorded::Int32(42));
    // The closure's error is thrown in C#.
    let Reply::Invoke(second) = run(&client, vec![call(1, 1)]) else {
        panic!("C# invoked the delegate")
    };
    // A result for another invocation is refused, and the one C# waits for still counts.
    let mut wrong = done(
        client
            .resume(second.id + 100, Ok(Returned::of(Recorded::Int32(1))))
            .unwrap(),
    );
    assert!(matches!(wrong.results.pop().unwrap(), Err(Error::InvalidArgument(_))));
    let mut reply = done(
        client
            .resume(second.id, Err(Error::InvalidArgument("no".into())))
            .unwrap(),
    );
    match reply.results.pop().unwrap() {
        Err(Error::ManagedException { type_name, message, .. }) => {
            assert_eq!(type_name, "System.InvalidOperationException");
            assert!(message.contains("no"), "{message}");
        }
        other => panic!("the closure's error, thrown: {other:?}"),
    }
    // A result nobody waits for is refused; the connection goes on.
    let mut reply = done(client.resume(first, Ok(Returned::of(Recorded::Int32(1)))).unwrap());
    assert!(matches!(reply.results.pop().unwrap(), Err(Error::InvalidArgument(_))));
    // A forgotten closure's delegate throws ObjectDisposedException.
    let other = make(&client, ev("Combine"), 8).unwrap();
    let forgotten = client
        .run(Batch {
            release: Vec::new(),
            forget: vec![8],
            calls: vec![Step::Call(Call {
                id: apply.0,
                args: vec![other, Recorded::Int32(1), Recorded::Int32(1)],
                reflective: false,
            })],
        })
        .unwrap();
    match done(forgotten).results.pop().unwrap() {
        Err(Error::ManagedException { type_name, .. }) => assert_eq!(type_name, "System.ObjectDisposedException"),
        other => panic!("a forgotten closure: {other:?}"),
    }
    // The client goes away while C# waits for its closure: the session ends, and with it what
    // the client held; the server serves the others.
    assert!(matches!(run(&client, vec![call(2, 3)]), Reply::Invoke(_)));
    drop(client);
    let mut stats = check.stats().unwrap();
    for _ in 0..100 {
        if stats.clients == 1 && stats.live_handles == baseline {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
        stats = check.stats().unwrap();
    }
    assert_eq!((stats.clients, stats.live_handles), (1, baseline));
}

#[test]
fn a_type_name_nested_too_deep_closes_its_connection() {
    let server = ServerProcess::start();
    let deep = open(&server);
    let mut ty = game_type("World");
    for _ in 0..=TypeName::MAX_DEPTH {
        ty = TypeName {
            args: vec![ty],
            ..game_type("World")
        };
    }
    let step = Step::MakeBox(Box::new(MakeBox {
        ty: ty.clone(),
        bytes: vec![],
        target: ty,
    }));
    let refused = deep.run(Batch {
        release: Vec::new(),
        forget: Vec::new(),
        calls: vec![step],
    });
    assert!(matches!(refused, Err(Error::Disconnected(_))), "{refused:?}");
    // One level less is read (and refused for what it names, World not being generic).
    let other = open(&server);
    let mut ty = game_type("World");
    for _ in 0..TypeName::MAX_DEPTH {
        ty = TypeName {
            args: vec![ty],
            ..game_type("World")
        };
    }
    let mut reply = done(
        other
            .run(Batch {
                release: Vec::new(),
                forget: Vec::new(),
                calls: vec![Step::MakeBox(Box::new(MakeBox {
                    ty: ty.clone(),
                    bytes: vec![],
                    target: ty,
                }))],
            })
            .unwrap(),
    );
    assert!(reply.results.pop().unwrap().is_err());
    // The refused connection's session ends on the server's time, not this test's: wait for
    // it as the other tests do.
    let mut clients = other.stats().unwrap().clients;
    for _ in 0..100 {
        if clients == 1 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        clients = other.stats().unwrap().clients;
    }
    assert_eq!(clients, 1, "the refused connection was closed");
}

#[test]
fn generic_members_are_instantiated_on_the_server_or_refused() {
    let generics = managed_tests::fixture_path("Generics");
    let server = ServerProcess::start_with(&[generics.to_str().unwrap()]);
    let connection = open(&server);
    let system = |namespace: &str, name: &str, args: Vec<TypeName>| TypeName {
        assembly: "mscorlib".into(),
        namespace: namespace.into(),
        name: name.into(),
        args,
    };
    let int32 = || system("System", "Int32", Vec::new());
    let make = TypeName {
        assembly: "Generics".into(),
        namespace: "Generics".into(),
        name: "Make".into(),
        args: Vec::new(),
    };
    let echo = |method_args: Vec<TypeName>| MethodName {
        ty: make.clone(),
        name: "Echo".into(),
        params: vec!["T".into()],
        ret: None,
        in_definition: true,
        generic_method: true,
        method_args,
    };
    let id = connection.bind(&echo(vec![int32()])).unwrap();
    assert_eq!(
        call(&connection, id, vec![Recorded::Int32(9)]).unwrap(),
        Recorded::Int32(9)
    );
    // Too few or too many method type arguments, a type argument that is no type.
    assert!(connection.bind(&echo(Vec::new())).is_err());
    assert!(connection.bind(&echo(vec![int32(), int32()])).is_err());
    assert!(connection
        .bind(&echo(vec![system("System", "NoSuchType", Vec::new())]))
        .is_err());
    // A generic type given the wrong number of type arguments, or none: no open type's member
    // is ever called.
    let count = |args: Vec<TypeName>, in_definition: bool| MethodName {
        ty: system("System.Collections.Generic", "List`1", args),
        name: "get_Count".into(),
        params: Vec::new(),
        ret: None,
        in_definition,
        generic_method: false,
        method_args: Vec::new(),
    };
    assert!(connection.bind(&count(vec![int32(), int32()], true)).is_err());
    assert!(connection.bind(&count(Vec::new(), true)).is_err());
    assert!(connection.bind(&count(Vec::new(), false)).is_err());
    assert!(connection.bind(&count(vec![int32()], true)).is_ok());
    assert!(connection.bind(&count(vec![int32()], false)).is_ok());
    // A type that is not generic given type arguments.
    assert!(connection
        .bind(&MethodName {
            ty: TypeName {
                args: vec![int32()],
                ..make.clone()
            },
            ..echo(vec![int32()])
        })
        .is_err());
    assert_eq!(connection.stats().unwrap().clients, 1);
}

#[test]
fn arrays_are_checked_on_the_server() {
    let server = ServerProcess::start();
    let connection = open(&server);
    let run = |step: ArrayStep| {
        let mut reply = done(
            connection
                .run(Batch {
                    release: Vec::new(),
                    forget: Vec::new(),
                    calls: vec![Step::Array(Box::new(step))],
                })
                .unwrap(),
        );
        reply.results.pop().unwrap().map(|r| r.value)
    };
    let int32 = TypeName {
        assembly: "mscorlib".into(),
        namespace: "System".into(),
        name: "Int32".into(),
        args: Vec::new(),
    };
    let make = |element: TypeName, count: u32, bytes: Vec<u8>| run(ArrayStep::Make { element, count, bytes });
    let ints = make(int32.clone(), 2, vec![1, 0, 0, 0, 2, 0, 0, 0]).unwrap();
    assert_eq!(run(ArrayStep::Len(ints.clone())).unwrap(), Recorded::Int64(2));
    match run(ArrayStep::Values(ints.clone())).unwrap() {
        Recorded::Struct { bytes, .. } => assert_eq!(bytes, vec![1, 0, 0, 0, 2, 0, 0, 0]),
        other => panic!("the array's bytes: {other}"),
    }
    // Bytes that are not `count` elements; elements that hold references or are references.
    assert!(matches!(
        make(int32.clone(), 3, vec![0; 8]),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        make(int32.clone(), u32::MAX, vec![0; 8]),
        Err(Error::InvalidArgument(_))
    ));
    assert!(make(game_type("RaycastHit"), 1, vec![0; 40]).is_err());
    assert!(make(game_type("World"), 1, vec![0; 8]).is_err());
    // An object that is no array, a value array read as objects, an index out of range.
    let new_world = connection.bind(&method("World", ".ctor", &[])).unwrap();
    let world = call(&connection, new_world, vec![]).unwrap();
    assert!(matches!(
        run(ArrayStep::Len(world.clone())),
        Err(Error::InvalidCast { .. })
    ));
    assert!(run(ArrayStep::Values(world.clone())).is_err());
    assert!(matches!(
        run(ArrayStep::Item(ints.clone(), 0)),
        Err(Error::InvalidArgument(_))
    ));
    let all = connection.bind(&method("World", "All", &[])).unwrap();
    let entities = call(&connection, all, vec![world]).unwrap();
    assert_eq!(run(ArrayStep::Len(entities.clone())).unwrap(), Recorded::Int64(0));
    assert!(run(ArrayStep::Item(entities.clone(), 0)).is_err());
    assert!(
        run(ArrayStep::Values(entities)).is_err(),
        "an array of references is no bytes"
    );
    assert_eq!(connection.stats().unwrap().clients, 1);
}

#[test]
fn implementations_are_checked_on_the_server() {
    let server = ServerProcess::start();
    let connection = open(&server);
    let run = |step: Step| run_step(&connection, step);
    let implement = |ty: TypeName, names: &[&str]| {
        let members = names
            .iter()
            .enumerate()
            .map(|(key, name)| ImplementedMember {
                name: name.to_string(),
                key: key as u64 + 1,
            })
            .collect();
        run(Step::Implement(Box::new(Implement { ty, members })))
    };
    let named = ["get_Name()", "set_Name(string)"];
    // Every member named: a relay, kept for the client.
    let relay = implement(game_type("INamed"), &named).unwrap();
    assert!(matches!(&relay, Recorded::Object { class, .. } if class.starts_with("Cilbind.Relays.Relay")));
    // A member missing, one the interface lacks, a class, a type that is not there: refused,
    // each naming why; the connection serves on.
    let missing = implement(game_type("INamed"), &named[..1]).unwrap_err();
    assert!(
        missing.to_string().contains("set_Name(string) needs an implementation"),
        "{missing}"
    );
    let unknown = implement(game_type("INamed"), &["get_Name()", "set_Name(string)", "Fly(int)"]).unwrap_err();
    assert!(
        unknown.to_string().contains("Fly(int) is no method of Game.INamed"),
        "{unknown}"
    );
    let class = implement(game_type("Player"), &[]).unwrap_err();
    assert!(
        matches!(&class, Error::Unsupported(why) if why.contains("is a class")),
        "{class}"
    );
    assert!(implement(game_type("NoSuchType"), &named).is_err());

    // C# calling a member: the batch's answer is the invocation of the member's key; what the
    // client sends back is the member's result (an int by its bytes, as a client's dispatcher
    // sends it), and a value written back into a parameter that is no `ref` is refused.
    let damageable = implement(game_type("IDamageable"), &["get_Health()", "Damage(int)"]).unwrap();
    let describe = connection
        .bind(&method("World", "Describe", &["Game.IDamageable"]))
        .unwrap();
    let call = Step::Call(Call {
        id: describe.0,
        args: vec![damageable],
        reflective: false,
    });
    let ask = |connection: &Connection| match connection
        .run(Batch {
            release: Vec::new(),
            forget: Vec::new(),
            calls: vec![call.clone()],
        })
        .unwrap()
    {
        Reply::Invoke(Invocation { id, key, args, member }) => {
            assert_eq!((key, args, member), (1, Vec::new(), true), "get_Health, a member");
            id
        }
        other => panic!("C# called the relay's Health: {other:?}"),
    };
    let health = Recorded::Struct {
        assembly: String::new(),
        type_name: String::new(),
        bytes: 42i32.to_le_bytes().to_vec(),
    };
    let invocation = ask(&connection);
    let mut reply = done(connection.resume(invocation, Ok(Returned::of(health.clone()))).unwrap());
    assert_eq!(
        reply.results.pop().unwrap().unwrap().value,
        Recorded::String("health 42".into())
    );
    let invocation = ask(&connection);
    let written = Returned {
        value: health,
        after: vec![(0, Recorded::Int32(1))],
    };
    let mut reply = done(connection.resume(invocation, Ok(written)).unwrap());
    let refused = reply.results.pop().unwrap().unwrap_err();
    assert!(refused.to_string().contains("no ref or out parameter"), "{refused}");
}
