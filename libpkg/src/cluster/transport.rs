//! The HTTP stack under the kube client: kube's own layers (base URI,
//! credentials, extra headers) over a connection that speaks HTTP/2 when the
//! API server offers it, as kubectl's does.
//!
//! kube builds its client for HTTP/1.1 only, so every request in flight needs
//! a connection of its own and a TLS handshake to open it: a plan sends a few
//! dozen requests at once, and through a link of 10 ms each handshake costs
//! several round trips. With HTTP/2 they share one connection. Servers that
//! do not offer `h2` are spoken to in HTTP/1.1, as before.

use std::time::Duration;

use http::{Request, Response};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use kube::client::{Body, ConfigExt};
use tower::ServiceBuilder;
use tower_http::trace::TraceLayer;
use tracing::Span;

use super::ClusterError;

/// The kube client for `config`: its TLS, timeouts and credentials over an
/// HTTP/1.1-or-2 connection pool, then our bounded retries and the
/// "unreachable" explanation naming `authority`.
pub(super) fn client(
    config: &kube::Config,
    authority: String,
) -> Result<kube::Client, ClusterError> {
    let kube_error = |e: kube::Error| ClusterError::Config(super::error_chain(&e));
    let tls = config.rustls_client_config().map_err(kube_error)?;
    let mut http = HttpConnector::new();
    http.enforce_http(false);
    // Requests and HTTP/2 frames go out at once, not held for the ACK of the last.
    http.set_nodelay(true);
    let builder = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls)
        .https_or_http();
    let https = match &config.tls_server_name {
        Some(name) => {
            let name = rustls::pki_types::ServerName::try_from(name.clone()).map_err(|e| {
                ClusterError::Config(format!("tls-server-name {name:?} is not valid: {e}"))
            })?;
            builder
                .with_server_name_resolver(hyper_rustls::FixedServerNameResolver::new(name))
                .enable_all_versions()
                .wrap_connector(http)
        }
        None => builder.enable_all_versions().wrap_connector(http),
    };
    let mut connector = hyper_timeout::TimeoutConnector::new(https);
    connector.set_connect_timeout(config.connect_timeout);
    connector.set_read_timeout(config.read_timeout);
    connector.set_write_timeout(config.write_timeout);
    connector.set_reset_reader_on_write(config.reset_reader_on_write);
    let pool = hyper_util::client::legacy::Client::builder(TokioExecutor::new()).build(connector);

    let service = ServiceBuilder::new()
        .layer(config.base_uri_layer())
        .option_layer(config.auth_layer().map_err(kube_error)?)
        .layer(config.extra_headers_layer().map_err(kube_error)?)
        .layer(
            // The request log kube's own stack writes (`KUBECTL_PKG_LOG=libpkg=debug`).
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<Body>| {
                    tracing::debug_span!(
                        "HTTP",
                        http.method = %request.method(),
                        http.url = %request.uri(),
                        http.status_code = tracing::field::Empty,
                        http.version = tracing::field::Empty,
                    )
                })
                .on_request(|_: &Request<Body>, _: &Span| tracing::debug!("requesting"))
                .on_response(|response: &Response<_>, _: Duration, span: &Span| {
                    span.record("http.status_code", response.status().as_u16());
                    span.record("http.version", tracing::field::debug(response.version()));
                })
                .on_body_chunk(())
                .on_eos(|_: Option<&http::HeaderMap>, _: Duration, _: &Span| {
                    tracing::debug!("stream closed")
                })
                .on_failure(()),
        )
        .map_err(tower::BoxError::from)
        .service(pool);
    // Our bounded retry policy instead of kube's; retrying needs a service
    // that clones, which the buffer gives (it does not serialize requests).
    Ok(
        kube::client::ClientBuilder::new(service, config.default_namespace.clone())
            .with_layer(&tower::buffer::BufferLayer::new(1024))
            .with_layer(&tower::retry::RetryLayer::new(
                super::retry::RetryPolicy::default(),
            ))
            .with_layer(&tower::util::MapErrLayer::new(
                super::unreachable::Unreachable::mapper(authority),
            ))
            .build(),
    )
}
