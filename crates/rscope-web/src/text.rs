//! JavaScript strings into Rust text: through the browser's UTF-8
//! encoder, at once or a slice at a time between the page's tasks.

use super::task::{mark, Pacer};

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The browser's UTF-8 encoder.
    #[wasm_bindgen(js_name = TextEncoder)]
    type Utf8Encoder;

    #[wasm_bindgen(constructor, js_class = "TextEncoder")]
    fn new() -> Utf8Encoder;

    #[wasm_bindgen(method, js_class = "TextEncoder")]
    fn encode(this: &Utf8Encoder, text: &js_sys::JsString) -> js_sys::Uint8Array;

    /// Encode `text` straight into `into` (wasm memory, no array made in
    /// between); says how much it read and wrote.
    #[wasm_bindgen(method, js_class = "TextEncoder", js_name = encodeInto)]
    fn encode_into(this: &Utf8Encoder, text: &js_sys::JsString, into: &mut [u8]) -> Encoded;

    /// What `encodeInto` did.
    type Encoded;

    #[wasm_bindgen(method, getter)]
    fn written(this: &Encoded) -> u32;

    /// The UTF-16 units `encodeInto` read.
    #[wasm_bindgen(method, getter)]
    fn read(this: &Encoded) -> u32;
}

/// A JavaScript string as a Rust one, through the browser's encoder:
/// wasm-bindgen's own conversion walks an ASCII text a character at a time
/// in JavaScript, tens of milliseconds for a 3 MB paste. Lone surrogates
/// become U+FFFD either way. Encoded straight into wasm memory
/// (`encodeInto`: no array made and copied in between, a quarter of the
/// time), first into as many bytes as the string has UTF-16 units, which
/// an ASCII text fills exactly, then, if characters remain, into room for
/// three bytes each (the most a UTF-16 unit takes).
pub fn string_of(js: &js_sys::JsString) -> String {
    let encoder = Utf8Encoder::new();
    // The element's bundle reads small documents and has a size budget:
    // it takes the short way, `encode` and a copy.
    if !cfg!(feature = "page") {
        let bytes = encoder.encode(js).to_vec();
        return String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    }
    let len = js.length() as usize;
    let mut bytes = vec![0u8; len];
    let done = encoder.encode_into(js, &mut bytes);
    let (mut read, mut written) = (done.read() as usize, done.written() as usize);
    if read < len {
        // `encodeInto` stops before a character that does not fit, never
        // inside a surrogate pair.
        let rest = js.slice(read as u32, len as u32);
        bytes.resize(written + 3 * (len - read), 0);
        let done = encoder.encode_into(&rest, &mut bytes[written..]);
        read += done.read() as usize;
        written += done.written() as usize;
    }
    debug_assert_eq!(read, len);
    bytes.truncate(written);
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// UTF-16 units [`text_in_slices`] converts at a time (about a
/// millisecond a mebibyte, read, checked and copied), between checks of
/// the task's time ([`Pacer`]).
const CONVERT_SLICE: u32 = 1 << 20;

/// A JavaScript string as a [`rscope_core::tabs::Text`], converted as
/// [`string_of`] does but a slice at a time, with a pause for the page
/// once a task has run for [`Pacer`]'s share: a 16 MiB paste converted at
/// once held the page's thread for over 100 ms (issue 12: no document up
/// to the page's limit blocks it longer than the budget). Each slice is
/// encoded straight into wasm memory (`encodeInto`: a quarter of the time
/// `encode` and a copy take) and appended; the whole text is never read
/// or copied in one step. A surrogate pair is never cut.
pub async fn text_in_slices(js: &js_sys::JsString) -> rscope_core::tabs::Text {
    let len = js.length();
    let encoder = Utf8Encoder::new();
    // A UTF-16 unit is at most three bytes of UTF-8.
    let mut scratch = vec![0u8; 3 * CONVERT_SLICE.min(len) as usize];
    let mut text = rscope_core::tabs::TextBuilder::with_capacity(len as usize);
    let mut pacer = Pacer::new();
    let mut at = 0;
    while at < len {
        let mut end = len.min(at + CONVERT_SLICE);
        if end < len && (0xD800..0xDC00).contains(&(js.char_code_at(end - 1) as u32)) {
            end -= 1;
        }
        let written = encoder
            .encode_into(&js.slice(at, end), &mut scratch)
            .written() as usize;
        let bytes = scratch.get(..written).unwrap_or_default();
        match std::str::from_utf8(bytes) {
            Ok(part) => text.push(part),
            Err(_) => text.push(&String::from_utf8_lossy(bytes)),
        }
        at = end;
        pacer.pause().await;
    }
    mark("rscope:text-converted");
    text.finish()
}
