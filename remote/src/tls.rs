//! TLS for connections (feature `tls`): rustls with the *ring* provider, the server's
//! certificate chain and key from PEM files, the client trusting the certificate authorities
//! of a PEM file it is given (a private one will do) and checking the server's name against
//! the certificate. A self-signed certificate that is its own authority is refused by the
//! client's checks (webpki's `CaUsedAsEndEntity`): sign the server's with an authority.

use std::path::PathBuf;

/// A server's certificate chain and private key, as PEM files.
#[derive(Clone, Debug)]
pub struct ServerTls {
    /// The certificate chain, leaf first.
    pub cert_chain: PathBuf,
    /// The private key of the leaf certificate.
    pub private_key: PathBuf,
}

/// What a client trusts, and the name the server's certificate must carry.
#[derive(Clone, Debug)]
pub struct ClientTls {
    /// Certificates of the authorities trusted to sign the server's (PEM).
    pub trusted: PathBuf,
    /// The server's name, as its certificate names it (a DNS name or an IP address).
    pub server_name: String,
}

#[cfg(feature = "tls")]
mod enabled {
    use std::path::Path;
    use std::sync::Arc;

    use super::*;
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};

    fn read_error(what: &str, path: &Path, e: impl std::fmt::Display) -> String {
        format!("cannot read the {what} {}: {e}", path.display())
    }

    fn provider() -> Arc<rustls::crypto::CryptoProvider> {
        Arc::new(rustls::crypto::ring::default_provider())
    }

    /// The acceptor a server wraps each accepted connection in.
    pub(crate) fn acceptor(tls: &ServerTls) -> Result<tokio_rustls::TlsAcceptor, String> {
        let chain = CertificateDer::pem_file_iter(&tls.cert_chain)
            .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
            .map_err(|e| read_error("certificate chain", &tls.cert_chain, e))?;
        if chain.is_empty() {
            return Err(format!("{} holds no certificate", tls.cert_chain.display()));
        }
        let key = PrivateKeyDer::from_pem_file(&tls.private_key)
            .map_err(|e| read_error("private key", &tls.private_key, e))?;
        let config = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(|e| format!("the certificate and key do not make a TLS server: {e}"))?;
        Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
    }

    /// The connector a client opens its connection through, and the name it checks.
    pub(crate) fn connector(tls: &ClientTls) -> Result<(tokio_rustls::TlsConnector, ServerName<'static>), String> {
        let mut roots = rustls::RootCertStore::empty();
        let certs = CertificateDer::pem_file_iter(&tls.trusted)
            .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
            .map_err(|e| read_error("trusted certificates", &tls.trusted, e))?;
        for cert in certs {
            roots.add(cert).map_err(|e| format!("{}: {e}", tls.trusted.display()))?;
        }
        if roots.is_empty() {
            return Err(format!("{} holds no certificate", tls.trusted.display()));
        }
        let config = rustls::ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_root_certificates(roots)
            .with_no_client_auth();
        let name = ServerName::try_from(tls.server_name.clone())
            .map_err(|e| format!("{:?} is no server name: {e}", tls.server_name))?;
        Ok((tokio_rustls::TlsConnector::from(Arc::new(config)), name))
    }
}

#[cfg(feature = "tls")]
pub(crate) use enabled::{acceptor, connector};

/// Without the feature: the refusal, naming it.
#[cfg(not(feature = "tls"))]
pub(crate) fn unavailable() -> String {
    "TLS needs cilbind-remote's `tls` feature".to_string()
}
