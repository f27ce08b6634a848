//! Transport failures named the way kubectl names them: which server, and
//! what happened (refused, no answer in time, a name that does not resolve),
//! instead of a chain of client-library errors.

use std::time::Duration;

/// How long to wait for a TCP (and TLS) connection to the API server.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long to wait for the API server to answer a request once sent. Every
/// request this tool makes is short (no watches, no exec): a server that
/// accepts a connection and then says nothing fails the command after this.
pub const READ_TIMEOUT: Duration = Duration::from_secs(60);

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A request that never reached the API server, or got no answer.
#[derive(Debug)]
pub struct Unreachable {
    /// `host:port` of the server.
    server: String,
    /// What the transport said, as one line.
    cause: String,
}

impl Unreachable {
    /// Wraps a transport error of a request to `server` (`host:port`).
    pub fn new(server: &str, error: &(dyn std::error::Error + 'static)) -> Unreachable {
        Unreachable {
            server: server.to_string(),
            cause: super::error_chain(error),
        }
    }

    /// The tower `map_err` function for a client talking to `server`.
    pub fn mapper(server: String) -> impl Fn(BoxError) -> BoxError + Clone {
        move |error: BoxError| -> BoxError {
            // Errors kube makes itself (a bad request) are not about reaching the server.
            if error.is::<kube::Error>() {
                return error;
            }
            Box::new(Unreachable::new(&server, error.as_ref()))
        }
    }
}

impl std::fmt::Display for Unreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let server = &self.server;
        let cause = self.cause.to_lowercase();
        if cause.contains("connection refused") {
            write!(
                f,
                "the connection to the server {server} was refused: is the API server running, and is the kubeconfig's server address right?"
            )
        } else if cause.contains("timed out") || cause.contains("elapsed") {
            write!(
                f,
                "the server {server} did not answer in time (connect {} s, answer {} s): {}",
                CONNECT_TIMEOUT.as_secs(),
                READ_TIMEOUT.as_secs(),
                self.cause
            )
        } else if cause.contains("dns error") || cause.contains("failed to lookup address") {
            write!(
                f,
                "the server name of {server} does not resolve: {}",
                self.cause
            )
        } else {
            write!(
                f,
                "the server {server} could not be reached: {}",
                self.cause
            )
        }
    }
}

impl std::error::Error for Unreachable {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Cause(&'static str);
    impl std::fmt::Display for Cause {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.0)
        }
    }
    impl std::error::Error for Cause {}

    #[test]
    fn refused_and_silent_servers_are_named_with_what_happened() {
        let refused = Unreachable::new(
            "127.0.0.1:39999",
            &Cause("tcp connect error: Connection refused (os error 111)"),
        );
        assert_eq!(
            refused.to_string(),
            "the connection to the server 127.0.0.1:39999 was refused: is the API server running, and is the kubeconfig's server address right?"
        );
        let silent = Unreachable::new("10.0.0.1:6443", &Cause("operation timed out"));
        assert!(
            silent.to_string().starts_with(
                "the server 10.0.0.1:6443 did not answer in time (connect 10 s, answer 60 s)"
            ),
            "{silent}"
        );
        let other = Unreachable::new("h:1", &Cause("tls handshake eof"));
        assert_eq!(
            other.to_string(),
            "the server h:1 could not be reached: tls handshake eof"
        );
    }
}
