//! Secrets: invitation and session tokens drawn from the operating system,
//! kept only as hashes, and the CSRF token derived from a session.

use sha2::{Digest, Sha256};

use crate::error::AppError;

/// Bytes of randomness in a token: 256 bits, twice the 128 the issue asks.
const TOKEN_BYTES: usize = 32;

/// A fresh secret token (64 hex digits) from the operating system.
pub(crate) fn secret() -> Result<String, AppError> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| AppError::internal(format!("getrandom: {e}")))?;
    Ok(hex(&bytes))
}

/// A short random id for campaigns, invitations and encounters (not a
/// secret: 64 bits, so ids do not collide).
pub(crate) fn id(prefix: &str) -> Result<String, AppError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| AppError::internal(format!("getrandom: {e}")))?;
    Ok(format!("{prefix}{}", hex(&bytes)))
}

/// What the store keeps of a token: its SHA-256, in hex. A leaked database
/// does not hand out working links.
pub(crate) fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The CSRF token of a session: derived from the session token, which the
/// page cannot read (the cookie is HttpOnly), so only the server can tell
/// the page what it is.
pub(crate) fn csrf(session_token: &str) -> String {
    hex(&Sha256::digest(
        format!("nanite csrf {session_token}").as_bytes(),
    ))
}

/// Whether two strings are equal, in time that does not depend on where
/// they differ.
pub(crate) fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Whether `text` looks like a token this server hands out (so anything
/// else is refused before a lookup).
pub(crate) fn well_formed(text: &str) -> bool {
    text.len() == TOKEN_BYTES * 2 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_kept_hashed() {
        let a = secret().unwrap();
        let b = secret().unwrap();
        assert_ne!(a, b);
        assert!(well_formed(&a));
        assert_eq!(hash(&a).len(), 64);
        assert_ne!(hash(&a), a);
        assert_ne!(csrf(&a), hash(&a));
        assert!(same(&a, &a.clone()));
        assert!(!same(&a, &b));
        assert!(!well_formed("short"));
    }
}
