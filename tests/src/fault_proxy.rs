//! An HTTP/1.1 proxy on loopback that forwards every request to an upstream
//! server except the ones a test chose to refuse, which it answers itself with
//! an error status: a busy server (503 with `Retry-After`), a conflict (409),
//! whatever the real server cannot be made to do on demand. Each connection
//! carries one request (`Connection: close` upstream), which keeps the proxy
//! simple and costs the tests nothing that they measure.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Which requests to refuse, and how.
#[derive(Clone)]
pub struct Refusal {
    /// The method, such as `PATCH`.
    pub method: &'static str,
    /// A part of the path (without the query), such as `/configmaps/app-1`.
    pub path_contains: String,
    /// Requests whose query has this are forwarded (`dryRun`: refuse real writes only).
    pub unless_query_has: Option<&'static str>,
    /// The status to answer.
    pub status: u16,
    /// The Kubernetes `Status` reason, also put in the message.
    pub reason: &'static str,
    /// `Retry-After` seconds, when set.
    pub retry_after: Option<u32>,
    /// How many matching requests are refused; later ones are forwarded.
    pub times: usize,
}

impl Refusal {
    fn matches(&self, method: &str, path: &str, query: &str) -> bool {
        self.times > 0
            && method == self.method
            && path.contains(&self.path_contains)
            && !self.unless_query_has.is_some_and(|q| query.contains(q))
    }
}

/// One request the proxy saw.
#[derive(Debug, Clone)]
pub struct Seen {
    /// When it arrived.
    pub at: Instant,
    /// The method.
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The query.
    pub query: String,
    /// Whether the proxy refused it.
    pub refused: bool,
}

/// The running proxy.
pub struct FaultProxy {
    /// Where it listens.
    pub addr: SocketAddr,
    refusal: Arc<Mutex<Option<Refusal>>>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl FaultProxy {
    /// Starts a proxy to `upstream` (`host:port`, plain HTTP) that refuses nothing yet.
    pub fn start(upstream: &str) -> FaultProxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let addr = listener.local_addr().unwrap();
        let refusal: Arc<Mutex<Option<Refusal>>> = Arc::default();
        let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
        let (shared_refusal, shared_seen) = (refusal.clone(), seen.clone());
        let upstream = upstream.to_string();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let (upstream, refusal, seen) = (
                    upstream.clone(),
                    shared_refusal.clone(),
                    shared_seen.clone(),
                );
                std::thread::spawn(move || serve(client, &upstream, &refusal, &seen));
            }
        });
        FaultProxy {
            addr,
            refusal,
            seen,
        }
    }

    /// Refuses the requests `refusal` describes from now on (replacing any earlier one).
    pub fn refuse(&self, refusal: Refusal) {
        *self.refusal.lock().unwrap() = Some(refusal);
    }

    /// Every request seen whose method is `method` and whose path contains `path_part`.
    pub fn seen(&self, method: &str, path_part: &str) -> Vec<Seen> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|s| s.method == method && s.path.contains(path_part))
            .cloned()
            .collect()
    }
}

/// One request: read it, then refuse it or forward it and relay the answer.
fn serve(
    mut client: TcpStream,
    upstream: &str,
    refusal: &Mutex<Option<Refusal>>,
    seen: &Mutex<Vec<Seen>>,
) {
    let mut first = [0u8; 1];
    if client.peek(&mut first).is_err() {
        return;
    }
    if first[0] == 0x16 {
        // A TLS handshake: answer in plain HTTP, as a plain server does.
        let _ = client.write_all(b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
        return;
    }
    let mut reader = BufReader::new(client.try_clone().unwrap());
    let mut head = Vec::new();
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
        if !line.to_ascii_lowercase().starts_with("connection:") {
            head.push(line);
        }
    }
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let mut request_line = head[0].split(' ');
    let method = request_line.next().unwrap_or_default().to_string();
    let target = request_line.next().unwrap_or_default();
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let refused = {
        let mut refusal = refusal.lock().unwrap();
        refusal
            .as_mut()
            .filter(|r| r.matches(&method, path, query))
            .map(|r| {
                r.times -= 1;
                r.clone()
            })
    };
    seen.lock().unwrap().push(Seen {
        at: Instant::now(),
        method,
        path: path.to_string(),
        query: query.to_string(),
        refused: refused.is_some(),
    });
    if let Some(refusal) = refused {
        let status = serde_json::json!({
            "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
            "message": format!("refused by the test's proxy: {} for {path}", refusal.reason),
            "reason": refusal.reason, "code": refusal.status,
        })
        .to_string();
        let retry_after = refusal
            .retry_after
            .map(|s| format!("Retry-After: {s}\r\n"))
            .unwrap_or_default();
        let _ = write!(
            client,
            "HTTP/1.1 {} Refused\r\nContent-Type: application/json\r\n{retry_after}Content-Length: {}\r\nConnection: close\r\n\r\n{status}",
            refusal.status,
            status.len()
        );
        return;
    }
    let Ok(mut server) = TcpStream::connect(upstream) else {
        return;
    };
    let mut request = head.concat().into_bytes();
    request.extend_from_slice(b"Connection: close\r\n\r\n");
    request.extend_from_slice(&body);
    if server.write_all(&request).is_ok() {
        let _ = std::io::copy(&mut server, &mut client);
    }
}
