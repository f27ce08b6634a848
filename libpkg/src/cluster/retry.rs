//! Retrying requests the API server turns away for now (429 from priority and
//! fairness, 503, 504), a bounded number of times.
//!
//! kube's own retry policy is made for controllers, which may wait for ever: 15
//! attempts with delays growing to minutes, and whatever `Retry-After` a server
//! sends. A command-line tool must give up while the person is still watching,
//! so this policy retries [`MAX_RETRIES`] times, backs off from 250 ms to 8 s,
//! and honours `Retry-After` up to [`MAX_RETRY_AFTER`]: a server that keeps
//! refusing fails the command within about a minute, with the server's own
//! message, instead of hanging.
//!
//! Each wait is lengthened by a random part of up to half of it: the requests a
//! busy server turned away together (a plan keeps dozens in flight) must not
//! all come back at the same instant and be turned away together again.

use std::time::Duration;

use http::{HeaderMap, Request, Response, StatusCode};
use kube::client::Body;

/// Retries after the first attempt, at most.
pub const MAX_RETRIES: u32 = 6;
/// The longest `Retry-After` honoured; a longer one is cut to this.
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(30);
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// The delay before retry number `retry` (0-based): the exponential backoff, or
/// the server's `Retry-After` (capped) when that is longer.
pub fn delay(retry: u32, retry_after: Option<Duration>) -> Duration {
    let backoff = FIRST_BACKOFF
        .saturating_mul(2u32.saturating_pow(retry))
        .min(MAX_BACKOFF);
    retry_after.map_or(backoff, |asked| backoff.max(asked.min(MAX_RETRY_AFTER)))
}

/// `wait` lengthened by a random part of up to half of it.
fn spread(wait: Duration) -> Duration {
    wait.mul_f64(1.0 + fastrand::f64() / 2.0)
}

/// `Retry-After` in seconds (the form the API server sends; an HTTP date is ignored).
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let seconds = headers.get(http::header::RETRY_AFTER)?.to_str().ok()?;
    seconds.trim().parse().ok().map(Duration::from_secs)
}

/// The tower retry policy; one copy per request counts that request's retries.
#[derive(Debug, Clone, Default)]
pub(crate) struct RetryPolicy {
    retries: u32,
}

impl<Res, E> tower::retry::Policy<Request<Body>, Response<Res>, E> for RetryPolicy {
    type Future = tokio::time::Sleep;

    fn retry(
        &mut self,
        _request: &mut Request<Body>,
        result: &mut Result<Response<Res>, E>,
    ) -> Option<Self::Future> {
        let response = result.as_ref().ok()?;
        let retryable = matches!(
            response.status(),
            StatusCode::TOO_MANY_REQUESTS
                | StatusCode::SERVICE_UNAVAILABLE
                | StatusCode::GATEWAY_TIMEOUT
        );
        if !retryable || self.retries >= MAX_RETRIES {
            return None;
        }
        let wait = spread(delay(self.retries, retry_after(response.headers())));
        self.retries += 1;
        tracing::debug!(status = %response.status(), ?wait, retry = self.retries, "the API server asked to retry");
        Some(tokio::time::sleep(wait))
    }

    fn clone_request(&mut self, request: &Request<Body>) -> Option<Request<Body>> {
        // Only complete bodies can be sent again (every request this crate makes).
        let body = request.body().try_clone()?;
        let mut copy = Request::builder()
            .method(request.method().clone())
            .uri(request.uri().clone())
            .version(request.version())
            .body(body)
            .ok()?;
        *copy.headers_mut() = request.headers().clone();
        *copy.extensions_mut() = request.extensions().clone();
        Some(copy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_its_cap() {
        let delays: Vec<u128> = (0..MAX_RETRIES)
            .map(|r| delay(r, None).as_millis())
            .collect();
        assert_eq!(delays, [250, 500, 1000, 2000, 4000, 8000]);
        assert_eq!(delay(40, None), MAX_BACKOFF);
    }

    #[test]
    fn retry_after_is_honoured_when_longer_and_capped() {
        assert_eq!(
            delay(0, Some(Duration::from_secs(1))),
            Duration::from_secs(1)
        );
        assert_eq!(delay(5, Some(Duration::from_secs(1))), MAX_BACKOFF);
        assert_eq!(delay(0, Some(Duration::from_secs(86_400))), MAX_RETRY_AFTER);
    }

    #[test]
    fn retries_are_spread_over_half_the_wait_again() {
        let wait = Duration::from_secs(1);
        let spread: Vec<Duration> = (0..200).map(|_| spread(wait)).collect();
        assert!(spread.iter().all(|s| *s >= wait && *s < wait * 3 / 2));
        let distinct: std::collections::BTreeSet<_> = spread.iter().collect();
        assert!(distinct.len() > 150, "not spread: {distinct:?}");
    }

    #[test]
    fn retry_after_reads_seconds_only() {
        let mut headers = HeaderMap::new();
        headers.insert(http::header::RETRY_AFTER, "3".parse().unwrap());
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(3)));
        headers.insert(
            http::header::RETRY_AFTER,
            "Wed, 21 Oct 2015 07:28:00 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&headers), None);
    }

    #[test]
    fn a_request_is_retried_a_bounded_number_of_times() {
        use tower::retry::Policy;
        let mut policy = RetryPolicy::default();
        let mut request = Request::new(Body::empty());
        let busy = || {
            Response::builder()
                .status(503)
                .header("Retry-After", "1")
                .body(())
                .unwrap()
        };
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let _guard = rt.enter();
        let mut retries = 0;
        while Policy::<_, _, ()>::retry(&mut policy, &mut request, &mut Ok(busy())).is_some() {
            retries += 1;
        }
        assert_eq!(retries, MAX_RETRIES);
        let mut conflict = Ok(Response::builder().status(409).body(()).unwrap());
        assert!(
            Policy::<_, _, ()>::retry(&mut RetryPolicy::default(), &mut request, &mut conflict)
                .is_none()
        );
    }
}
