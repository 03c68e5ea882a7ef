//! The map's optional background image ([`Backdrop`]): a picture the GM
//! gives with the map (a floor plan, a painted battlefield), kept with the
//! scene itself, never fetched from anywhere. It is a PNG, JPEG or WebP
//! image, known by its first bytes (not by a name or a claimed type), of
//! at most [`MAX_BACKDROP_BYTES`]. In JSON its bytes are one base64 string.
//! The rules never read it: it is drawn under the walls.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The largest background image: 512 KiB (a battle map as WebP or JPEG
/// fits; the image is kept in the fight's log with the map).
pub const MAX_BACKDROP_BYTES: usize = 512 * 1024;

/// The kinds of image a background may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxImageKind))]
#[serde(rename_all = "snake_case")]
pub enum ImageKind {
    /// PNG.
    Png,
    /// JPEG.
    Jpeg,
    /// WebP.
    Webp,
}

impl ImageKind {
    /// Its media type, for serving it.
    pub fn media_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Webp => "image/webp",
        }
    }

    /// The kind the first bytes of `bytes` mark, if one of the three.
    pub fn sniff(bytes: &[u8]) -> Option<ImageKind> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(ImageKind::Png)
        } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            Some(ImageKind::Jpeg)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(ImageKind::Webp)
        } else {
            None
        }
    }
}

/// Why a background image is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BackdropError {
    /// Too large.
    #[error(
        "the background image is {size} bytes; at most {max} ({} KiB) are kept with a map: shrink or compress it (WebP or JPEG)",
        MAX_BACKDROP_BYTES / 1024
    )]
    TooLarge {
        /// Its size.
        size: usize,
        /// The limit.
        max: usize,
    },
    /// Empty.
    #[error("the background image is empty: give a PNG, JPEG or WebP file")]
    Empty,
    /// Not a PNG, JPEG or WebP image.
    #[error(
        "the background image is not a PNG, JPEG or WebP image (its first bytes are {start}); convert it to one of those"
    )]
    NotAnImage {
        /// Its first bytes, in hex.
        start: String,
    },
    /// Its base64 text is broken.
    #[error("the background image's base64 text is broken: {why}")]
    Base64 {
        /// What is wrong.
        why: String,
    },
}

/// A background image, checked: its kind and bytes. In JSON it is a
/// [`BackdropData`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backdrop {
    kind: ImageKind,
    bytes: Vec<u8>,
}

impl Backdrop {
    /// Checks `bytes`: not empty, at most [`MAX_BACKDROP_BYTES`], and a
    /// PNG, JPEG or WebP image by its first bytes.
    pub fn new(bytes: Vec<u8>) -> Result<Backdrop, BackdropError> {
        if bytes.is_empty() {
            return Err(BackdropError::Empty);
        }
        if bytes.len() > MAX_BACKDROP_BYTES {
            return Err(BackdropError::TooLarge {
                size: bytes.len(),
                max: MAX_BACKDROP_BYTES,
            });
        }
        let kind = ImageKind::sniff(&bytes).ok_or_else(|| BackdropError::NotAnImage {
            start: bytes
                .iter()
                .take(8)
                .map(|b| format!("{b:02x}"))
                .collect::<Vec<_>>()
                .join(" "),
        })?;
        Ok(Backdrop { kind, bytes })
    }

    /// Reads base64 text (as in JSON), then checks it as [`Backdrop::new`].
    pub fn from_base64(text: &str) -> Result<Backdrop, BackdropError> {
        // The decoded size is known before decoding: refuse early.
        let size = text.trim_end_matches('=').len() * 3 / 4;
        if size > MAX_BACKDROP_BYTES {
            return Err(BackdropError::TooLarge {
                size,
                max: MAX_BACKDROP_BYTES,
            });
        }
        Backdrop::new(base64::decode(text).map_err(|why| BackdropError::Base64 { why })?)
    }

    /// What kind of image it is.
    pub fn kind(&self) -> ImageKind {
        self.kind
    }

    /// Its bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Its bytes as base64 text.
    pub fn to_base64(&self) -> String {
        base64::encode(&self.bytes)
    }
}

/// A [`Backdrop`] as JSON: `{ "kind": "png", "data": "<base64>" }`
/// (checked when read: `kind` must be what the bytes are).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CxBackdrop))]
pub struct BackdropData {
    /// The kind of image.
    pub kind: ImageKind,
    /// Its bytes in base64 (standard alphabet, padded).
    pub data: String,
}

impl Serialize for Backdrop {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        BackdropData {
            kind: self.kind,
            data: self.to_base64(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Backdrop {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Backdrop, D::Error> {
        let stored = BackdropData::deserialize(d)?;
        let backdrop = Backdrop::from_base64(&stored.data).map_err(serde::de::Error::custom)?;
        if backdrop.kind != stored.kind {
            return Err(serde::de::Error::custom(format!(
                "the background image is marked {:?} but its bytes are {:?}",
                stored.kind, backdrop.kind
            )));
        }
        Ok(backdrop)
    }
}

/// Standard base64 (RFC 4648, with padding).
mod base64 {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    pub(super) fn encode(bytes: &[u8]) -> String {
        let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                chunk.get(1).copied().unwrap_or(0),
                chunk.get(2).copied().unwrap_or(0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    pub(super) fn decode(text: &str) -> Result<Vec<u8>, String> {
        let text = text.as_bytes();
        if text.len() % 4 != 0 {
            return Err(format!(
                "its length, {}, is not a multiple of 4",
                text.len()
            ));
        }
        let value = |c: u8, at: usize| {
            ALPHABET
                .iter()
                .position(|&a| a == c)
                .map(|v| v as u32)
                .ok_or_else(|| format!("'{}' at {at} is not a base64 letter", char::from(c)))
        };
        let mut out = Vec::with_capacity(text.len() / 4 * 3);
        let groups = text.len() / 4;
        for (g, quad) in text.chunks(4).enumerate() {
            let pad = quad.iter().rev().take_while(|&&c| c == b'=').count();
            if pad > 2 || (pad > 0 && g + 1 != groups) {
                return Err(format!("padding '=' in the middle, at {}", g * 4));
            }
            let mut n = 0u32;
            for (i, &c) in quad.iter().enumerate() {
                let v = if i >= 4 - pad {
                    0
                } else {
                    value(c, g * 4 + i)?
                };
                n = (n << 6) | v;
            }
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            out.extend_from_slice(&bytes[..3 - pad]);
        }
        Ok(out)
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn base64_round_trips_the_standard_examples() {
            // RFC 4648, section 10.
            for (plain, coded) in [
                ("", ""),
                ("f", "Zg=="),
                ("fo", "Zm8="),
                ("foo", "Zm9v"),
                ("foob", "Zm9vYg=="),
                ("fooba", "Zm9vYmE="),
                ("foobar", "Zm9vYmFy"),
            ] {
                assert_eq!(super::encode(plain.as_bytes()), coded);
                assert_eq!(super::decode(coded).unwrap(), plain.as_bytes());
            }
            assert!(super::decode("Zm9").is_err());
            assert!(super::decode("Zg==Zm9v").is_err());
            assert!(super::decode("Zm9*").is_err());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_background_is_known_by_its_first_bytes() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        let jpeg = vec![0xff, 0xd8, 0xff, 0xe0, 0, 0x10];
        let webp = b"RIFF\x10\0\0\0WEBPVP8 ".to_vec();
        assert_eq!(Backdrop::new(png).unwrap().kind(), ImageKind::Png);
        assert_eq!(Backdrop::new(jpeg).unwrap().kind(), ImageKind::Jpeg);
        assert_eq!(Backdrop::new(webp).unwrap().kind(), ImageKind::Webp);
        // A GIF, an SVG (scripts, external links), text: refused.
        for bad in [
            &b"GIF89a\x01\0"[..],
            b"<svg xmlns=",
            b"https://example.com/map.png",
        ] {
            let e = Backdrop::new(bad.to_vec()).unwrap_err();
            assert!(matches!(e, BackdropError::NotAnImage { .. }), "{e}");
            assert!(e.to_string().contains("PNG, JPEG or WebP"));
        }
        assert_eq!(Backdrop::new(vec![]), Err(BackdropError::Empty));
    }

    #[test]
    fn a_background_has_a_bounded_size() {
        let mut big = b"\x89PNG\r\n\x1a\n".to_vec();
        big.resize(MAX_BACKDROP_BYTES, 0);
        assert!(Backdrop::new(big.clone()).is_ok());
        big.push(0);
        let e = Backdrop::new(big).unwrap_err();
        assert!(e.to_string().contains("512 KiB"), "{e}");
        // Refused before decoding, too.
        let text = "A".repeat(MAX_BACKDROP_BYTES / 3 * 4 + 8);
        assert!(matches!(
            Backdrop::from_base64(&text),
            Err(BackdropError::TooLarge { .. })
        ));
    }

    #[test]
    fn a_background_is_kept_as_base64_in_json() {
        let b = Backdrop::new(b"\x89PNG\r\n\x1a\n".to_vec()).unwrap();
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, r#"{"kind":"png","data":"iVBORw0KGgo="}"#);
        assert_eq!(serde_json::from_str::<Backdrop>(&json).unwrap(), b);
        // Marked as one kind, holding another: refused.
        let lie = r#"{"kind":"jpeg","data":"iVBORw0KGgo="}"#;
        assert!(serde_json::from_str::<Backdrop>(lie).is_err());
        let gif = r#"{"kind":"png","data":"R0lGODlh"}"#;
        assert!(serde_json::from_str::<Backdrop>(gif).is_err());
    }
}
