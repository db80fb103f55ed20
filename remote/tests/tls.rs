//! TLS (feature `tls`: `cargo test -p cilbind-remote --features tls`): a server with a
//! certificate serves clients that trust its authority, and refuses the rest at the handshake.
//! The certificates are made here with `openssl`: an authority, and a server certificate it
//! signed for `localhost` and `127.0.0.1`.
#![cfg(feature = "tls")]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use cilbind::Error;
use cilbind_remote::{ClientTls, Connection};
use common::{ServerProcess, TOKEN};
use managed_tests::game::FUNCTIONS;

fn openssl(args: &[&str], dir: &Path) {
    let status = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .stderr(std::process::Stdio::null())
        .status()
        .expect("openssl runs");
    assert!(status.success(), "openssl {args:?}");
}

/// A certificate authority `name` in `dir` (`name.pem`, `name.key`), and a server
/// certificate it signed for `localhost` and `127.0.0.1` (`name-server.pem`, `.key`).
fn authority(dir: &Path, name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    let (ca, ca_key) = (format!("{name}.pem"), format!("{name}.key"));
    let (leaf, leaf_key, csr) = (
        format!("{name}-server.pem"),
        format!("{name}-server.key"),
        format!("{name}.csr"),
    );
    let mut args = vec!["req", "-x509", "-days", "1", "-subj", "/CN=cilbind test CA"];
    args.extend(ec);
    args.extend(["-keyout", &ca_key, "-out", &ca]);
    openssl(&args, dir);
    let mut args = vec!["req", "-subj", "/CN=localhost"];
    args.extend(ec);
    args.extend(["-keyout", &leaf_key, "-out", &csr]);
    openssl(&args, dir);
    let extensions = dir.join(format!("{name}.ext"));
    std::fs::write(
        &extensions,
        "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n\
         subjectAltName=DNS:localhost,IP:127.0.0.1\n",
    )
    .unwrap();
    openssl(
        &[
            "x509",
            "-req",
            "-days",
            "1",
            "-in",
            &csr,
            "-CA",
            &ca,
            "-CAkey",
            &ca_key,
            "-CAcreateserial",
        ]
        .into_iter()
        .chain(["-extfile", extensions.to_str().unwrap(), "-out", &leaf])
        .collect::<Vec<_>>(),
        dir,
    );
    (dir.join(ca), dir.join(leaf), dir.join(leaf_key))
}

#[test]
fn tls_serves_clients_that_trust_the_certificate_and_refuses_the_rest() {
    let dir = std::env::temp_dir().join(format!("cilbind-tls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (ca, cert, key) = authority(&dir, "trusted");
    let (other, _, _) = authority(&dir, "other");
    let server = ServerProcess::start_with(&["--tls-cert", cert.to_str().unwrap(), "--tls-key", key.to_str().unwrap()]);
    let trusting = |trusted: &Path, name: &str| ClientTls {
        trusted: trusted.to_path_buf(),
        server_name: name.into(),
    };

    // Trusted, by IP address and by name: calls go through.
    for name in ["127.0.0.1", "localhost"] {
        let connection = Connection::open_tls(server.addr, TOKEN, &[FUNCTIONS], &trusting(&ca, name)).unwrap();
        assert_eq!(connection.stats().unwrap().client_handles, 0);
        connection.ping().unwrap();
    }
    // Another certificate trusted, or another name asked for: the handshake fails.
    for (trusted, name) in [(&other, "127.0.0.1"), (&ca, "example.org")] {
        match Connection::open_tls(server.addr, TOKEN, &[FUNCTIONS], &trusting(trusted, name)) {
            Err(Error::Disconnected(message)) => assert!(message.contains("TLS handshake"), "{message}"),
            other => panic!("an untrusted server must be refused: {:?}", other.map(|_| ())),
        }
    }
    // A client without TLS gets no answer it can read.
    assert!(matches!(
        Connection::open(server.addr, TOKEN, &[FUNCTIONS]),
        Err(Error::Disconnected(_))
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
