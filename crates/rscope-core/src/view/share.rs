//! Share links: a document packed into a URL fragment (DEFLATE, then
//! URL-safe base64), and unpacked again with an explicit size limit so a
//! hostile link cannot make the page inflate gigabytes.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use std::fmt;

use crate::limits::{MAX_SHARED_DOCUMENT_BYTES, MAX_SHARE_FRAGMENT_BYTES};

/// Why a share fragment could not be unpacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnpackError {
    /// The fragment is longer than [`MAX_SHARE_FRAGMENT_BYTES`].
    TooLong(usize),
    /// The fragment is not URL-safe base64; the byte offset of the problem.
    NotBase64(String),
    /// The data is not DEFLATE, or is cut short.
    NotDeflate,
    /// The document inflates past [`MAX_SHARED_DOCUMENT_BYTES`].
    TooLarge,
    /// The document is not UTF-8 text.
    NotText,
}

impl fmt::Display for UnpackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnpackError::TooLong(n) => write!(
                f,
                "share link is {n} bytes long (the limit is {MAX_SHARE_FRAGMENT_BYTES})"
            ),
            UnpackError::NotBase64(e) => write!(f, "share link is damaged: {e}"),
            UnpackError::NotDeflate => f.write_str("share link is damaged: bad compressed data"),
            UnpackError::TooLarge => write!(
                f,
                "shared document is larger than {} MiB",
                MAX_SHARED_DOCUMENT_BYTES >> 20
            ),
            UnpackError::NotText => f.write_str("shared document is not UTF-8 text"),
        }
    }
}

impl std::error::Error for UnpackError {}

/// Pack a document into URL-fragment-safe text.
pub fn pack(text: &str) -> String {
    packed_fragment(&miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))
}

/// Raw DEFLATE bytes as a link's fragment (URL-safe base64 without
/// padding): [`pack`]'s second step, for the element, which deflates with
/// the browser's `CompressionStream` instead.
pub fn packed_fragment(deflated: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(deflated)
}

/// Unpack text made by [`pack`].
pub fn unpack(fragment: &str) -> Result<String, UnpackError> {
    if fragment.len() > MAX_SHARE_FRAGMENT_BYTES {
        return Err(UnpackError::TooLong(fragment.len()));
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(fragment.trim())
        .map_err(|e| UnpackError::NotBase64(e.to_string()))?;
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_SHARED_DOCUMENT_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => UnpackError::TooLarge,
            _ => UnpackError::NotDeflate,
        })?;
    String::from_utf8(raw).map_err(|_| UnpackError::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_compresses() {
        let doc = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-47"}}],"nodelist":["node[0-3]"]}}"#;
        let packed = pack(doc);
        assert!(packed
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(unpack(&packed).unwrap(), doc);
        let big = doc.repeat(200);
        assert!(pack(&big).len() < big.len() / 20);
        assert_eq!(unpack(&pack("")).unwrap(), "");
    }

    #[test]
    fn rejects_damaged_and_oversized_links() {
        assert_eq!(
            unpack("a*b").unwrap_err().to_string(),
            "share link is damaged: Invalid symbol 42, offset 1."
        );
        assert_eq!(
            unpack("AAAA").unwrap_err().to_string(),
            "share link is damaged: bad compressed data"
        );
        let bomb = pack(&"0".repeat(MAX_SHARED_DOCUMENT_BYTES + 1));
        assert_eq!(
            unpack(&bomb).unwrap_err().to_string(),
            "shared document is larger than 16 MiB"
        );
        let not_text =
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe], 9));
        assert_eq!(unpack(&not_text).unwrap_err(), UnpackError::NotText);
        let long = "A".repeat(MAX_SHARE_FRAGMENT_BYTES + 1);
        assert_eq!(
            unpack(&long).unwrap_err().to_string(),
            "share link is 8388609 bytes long (the limit is 8388608)"
        );
    }
}
