//! Idempotency keys: the `Idempotency-Key` header of a change, and the
//! fingerprint that tells a repeated request from a different one reusing
//! its key.

use axum::http::{HeaderMap, Method, Uri};
use sha2::{Digest, Sha256};

use crate::error::AppError;

/// The header's name.
pub(crate) const HEADER: &str = "idempotency-key";

/// The request's `Idempotency-Key`, if any: 1 to 128 visible ASCII
/// characters. Keys are kept per seat, so one player's key never answers
/// for another's.
pub(crate) fn key(headers: &HeaderMap) -> Result<Option<String>, AppError> {
    let Some(value) = headers.get(HEADER) else {
        return Ok(None);
    };
    let bad = || {
        AppError::bad_request(
            "invalid_idempotency_key",
            "an Idempotency-Key is 1 to 128 visible ASCII characters (a UUID is a good choice)",
        )
    };
    let text = value.to_str().map_err(|_| bad())?;
    if text.is_empty() || text.len() > 128 || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(Some(text.to_string()))
}

/// SHA-256 of the method, path and body: the same request twice has the
/// same fingerprint.
pub(crate) fn fingerprint(method: &Method, uri: &Uri, body: &[u8]) -> String {
    let mut hash = Sha256::new();
    hash.update(method.as_str().as_bytes());
    hash.update(b" ");
    hash.update(uri.path().as_bytes());
    hash.update(b"\n");
    hash.update(body);
    // In hex, written into one string (not a string a byte).
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut hex = String::with_capacity(64);
    for b in hash.finalize() {
        hex.push(char::from(HEX[usize::from(b >> 4)]));
        hex.push(char::from(HEX[usize::from(b & 0xf)]));
    }
    hex
}

/// Of a request's headers, the one a change reads (its `Idempotency-Key`),
/// to keep with the change: a request's whole header map is not copied.
pub(crate) fn kept(headers: &HeaderMap) -> HeaderMap {
    let mut kept = HeaderMap::new();
    if let Some(value) = headers.get(HEADER) {
        kept.insert(HEADER, value.clone());
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_short_and_visible() {
        let mut headers = HeaderMap::new();
        assert_eq!(key(&headers).unwrap(), None);
        headers.insert(HEADER, "fire-1".parse().unwrap());
        assert_eq!(key(&headers).unwrap().as_deref(), Some("fire-1"));
        headers.insert(HEADER, "a b".parse().unwrap());
        assert!(key(&headers).is_err());
        headers.insert(HEADER, "x".repeat(129).parse().unwrap());
        assert!(key(&headers).is_err());
    }

    #[test]
    fn the_same_request_has_the_same_fingerprint() {
        let uri: Uri = "/api/x".parse().unwrap();
        let a = fingerprint(&Method::POST, &uri, b"{}");
        assert_eq!(a, fingerprint(&Method::POST, &uri, b"{}"));
        assert_ne!(a, fingerprint(&Method::POST, &uri, b"{ }"));
    }

    #[test]
    fn a_fingerprint_is_the_sha256_of_method_path_and_body_in_lowercase_hex() {
        // Stored fingerprints were written this way: it must not change.
        let uri: Uri = "/api/x?ignored=1".parse().unwrap();
        assert_eq!(
            fingerprint(&Method::POST, &uri, br#"{"a":1}"#),
            "6a114aa480dabb26b07ae3ffa64b4ce1c381c65179bf16f3a6ca94727843a60b"
        );
    }

    #[test]
    fn a_change_keeps_only_the_idempotency_key_of_the_headers() {
        let mut headers = HeaderMap::new();
        headers.insert("authorization", "Bearer x".parse().unwrap());
        assert!(kept(&headers).is_empty());
        headers.insert(HEADER, "fire-1".parse().unwrap());
        let kept = kept(&headers);
        assert_eq!(kept.len(), 1);
        assert_eq!(key(&kept).unwrap().as_deref(), Some("fire-1"));
    }
}
