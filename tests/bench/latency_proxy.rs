//! `latency-proxy LISTEN UPSTREAM DELAY_MS`: a TCP forwarder on loopback that
//! holds every chunk for DELAY_MS in each direction, standing in for a control
//! plane 2 × DELAY_MS away (the end-to-end benchmark, `tests/bench/run`, runs
//! the same commands directly and through it).
//!
//! It forwards bytes unchanged (TLS included, so clients verify the API
//! server's own certificate) and never reorders: each direction is a queue of
//! (due time, chunk) drained in order by one writer. A chunk is due DELAY_MS
//! after it was read, so the delay does not throttle throughput, as a long
//! link with ample bandwidth would not. `LISTEN` may use port 0; the bound
//! address is printed on the first line of standard output.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::Instant;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [listen, upstream, delay_ms] = args.as_slice() else {
        eprintln!("usage: latency-proxy LISTEN UPSTREAM DELAY_MS");
        std::process::exit(2);
    };
    let delay = Duration::from_millis(delay_ms.parse().unwrap_or_else(|_| {
        eprintln!("DELAY_MS must be a whole number of milliseconds");
        std::process::exit(2)
    }));
    let listener = TcpListener::bind(listen).await?;
    println!("{}", listener.local_addr()?);
    loop {
        let (client, _) = listener.accept().await?;
        let upstream = upstream.clone();
        tokio::spawn(async move {
            if let Err(error) = connect(client, &upstream, delay).await {
                eprintln!("latency-proxy: {error}");
            }
        });
    }
}

async fn connect(client: TcpStream, upstream: &str, delay: Duration) -> std::io::Result<()> {
    let server = TcpStream::connect(upstream).await?;
    client.set_nodelay(true)?;
    server.set_nodelay(true)?;
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    let (up, down) = tokio::join!(
        forward(client_read, server_write, delay),
        forward(server_read, client_write, delay)
    );
    up.and(down)
}

/// Copies one direction, each chunk `delay` after it arrived, in order.
async fn forward(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    delay: Duration,
) -> std::io::Result<()> {
    let (queue, mut due) = mpsc::unbounded_channel::<(Instant, Vec<u8>)>();
    let writer = async move {
        while let Some((at, chunk)) = due.recv().await {
            tokio::time::sleep_until(at).await;
            to.write_all(&chunk).await?;
        }
        to.shutdown().await
    };
    let reader = async move {
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let read = from.read(&mut buffer).await?;
            if read == 0 {
                break;
            }
            if queue
                .send((Instant::now() + delay, buffer[..read].to_vec()))
                .is_err()
            {
                break;
            }
        }
        Ok::<_, std::io::Error>(())
    };
    let (read, written) = tokio::join!(reader, writer);
    read.and(written)
}
