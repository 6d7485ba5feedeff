//! Getting documents into the page: files (picked or dropped), URLs
//! (`?url=`, the examples menu) and share links (`#r=`). Each returns the
//! text or a message that says what went wrong and what to try.

use rscope_core::limits::page_document_limit;
use rscope_core::tabs::{Doc, Text};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The largest document the page opens on this device: the limit for
/// the memory the browser says it has (`navigator.deviceMemory`).
pub fn document_limit() -> usize {
    // The element's bundle draws small documents and has a size budget.
    if !cfg!(feature = "page") {
        return rscope_core::limits::MAX_PAGE_DOCUMENT_BYTES;
    }
    let navigator = gloo::utils::window().navigator();
    let memory = js_sys::Reflect::get(&navigator, &"deviceMemory".into())
        .ok()
        .and_then(|v| v.as_f64());
    page_document_limit(memory)
}

/// Why a document of `size` (in words) is not opened, and what to do.
fn too_large(what: &str, size: &str, limit: usize) -> String {
    format!(
        "{what} is {size}; this page opens documents up to {} MiB on this device. The rscope command reads documents up to {} MiB",
        limit >> 20,
        rscope_core::limits::MAX_DOCUMENT_BYTES >> 20
    )
}

/// A text the browser read or fetched, as a tab's text. The page converts
/// it a slice at a time, pausing for the page: a 337 MB file converted at
/// once held its thread for seconds. The element's bundle reads small
/// documents and has a size budget: it converts at once.
#[cfg(feature = "page")]
async fn text_of_js(js: &js_sys::JsString) -> Text {
    crate::text::text_in_slices(js).await
}

/// [`text_of_js`] in the element's bundle.
#[cfg(not(feature = "page"))]
async fn text_of_js(js: &js_sys::JsString) -> Text {
    js.as_string().unwrap_or_default().into()
}

/// Read a local file as text.
pub async fn read_file(file: web_sys::File) -> Result<Doc, String> {
    let name = file.name();
    let limit = document_limit();
    if file.size() > limit as f64 {
        let size = format!("{:.0} MiB", file.size() / 1048576.0);
        return Err(too_large(&name, &size, limit));
    }
    let text = file_text(&file).await.ok_or_else(|| {
        format!("cannot read {name}: the browser could not read the file as text")
    })?;
    Ok(Doc {
        source: name,
        text,
        ..Doc::default()
    })
}

/// Bytes of a file the page reads at a time.
#[cfg(feature = "page")]
const FILE_SLICE: f64 = (4 << 20) as f64;

/// The text of `file`, read a slice of bytes at a time and decoded into
/// the tab's text as it comes, with a pause for the page between slices:
/// no step holds the whole file, and no JavaScript string of it is made
/// (for a 337 MB file, `text()` made one in a task of 300 ms). The next
/// slice is asked for before this one is decoded, so that the browser
/// reads while the page works: a 64 MB job list was read in 340 ms one
/// slice after the other, its bytes alone in 120 ms. As `text()` does, a
/// byte order mark is dropped and bytes that are not UTF-8 become U+FFFD.
#[cfg(feature = "page")]
async fn file_text(file: &web_sys::File) -> Option<Text> {
    let size = file.size();
    let mut text = rscope_core::tabs::TextBuilder::with_capacity(size as usize);
    let mut carry = Vec::new();
    let mut pacer = crate::task::Pacer::new();
    let mut at = 0.0;
    let mut reading = (size > 0.0).then(|| read_slice(file, 0.0, size));
    while let Some(read) = reading.take() {
        let bytes = js_sys::Uint8Array::new(&read?.await.ok()?);
        let first = at == 0.0;
        at = (at + FILE_SLICE).min(size);
        reading = (at < size).then(|| read_slice(file, at, size));
        let from = carry.len();
        carry.resize(from + bytes.length() as usize, 0);
        bytes.copy_to(&mut carry[from..]);
        if first && carry.starts_with(b"\xef\xbb\xbf") {
            carry.drain(..3);
        }
        text.push_bytes(&mut carry, at >= size);
        pacer.pause().await;
    }
    crate::task::mark("rscope:file-read");
    Some(text.finish())
}

/// The read of the slice of `file` (of `size` bytes) that starts at `at`,
/// begun (and its failure handled, should the read before it end the
/// loop first).
#[cfg(feature = "page")]
fn read_slice(file: &web_sys::File, at: f64, size: f64) -> Option<JsFuture> {
    let slice = file.slice_with_f64_and_f64(at, (at + FILE_SLICE).min(size));
    slice.ok().map(|s| JsFuture::from(s.array_buffer()))
}

/// The text of `file` at once, in the element's bundle (which opens no
/// files, and has a size budget).
#[cfg(not(feature = "page"))]
async fn file_text(file: &web_sys::File) -> Option<Text> {
    let js = JsFuture::from(file.text()).await.ok()?;
    js.as_string().map(Text::from)
}

/// Why a fetch brought no text.
pub enum FetchError {
    /// No answer: the network failed, or the browser withheld it because
    /// the server does not allow cross-origin requests.
    Unreachable,
    /// The server answered with this status and reason.
    Status(u16, String),
}

/// GET `url` and read its body as text.
pub async fn get_text(url: &str) -> Result<String, FetchError> {
    let body = body_of(gloo::utils::window().fetch_with_str(url)).await?;
    Ok(crate::text::string_of(&body))
}

/// The body of `answer`, a fetch under way, as a JavaScript string.
async fn body_of(answer: js_sys::Promise) -> Result<js_sys::JsString, FetchError> {
    let response = response_of(answer).await.ok_or(FetchError::Unreachable)?;
    if !response.ok() {
        return Err(FetchError::Status(
            response.status(),
            response.status_text(),
        ));
    }
    let body = response.text().map_err(|_| FetchError::Unreachable)?;
    let text = JsFuture::from(body)
        .await
        .map_err(|_| FetchError::Unreachable)?;
    text.dyn_into().map_err(|_| FetchError::Unreachable)
}

/// GET `url` and read its body as JSON, then as a `T`.
pub async fn get_json<T: serde::de::DeserializeOwned>(url: &str) -> Option<T> {
    let response = response(url).await.filter(|r| r.ok())?;
    let value = JsFuture::from(response.json().ok()?).await.ok()?;
    serde_wasm_bindgen::from_value(value).ok()
}

/// The answer to a GET of `url`, when there is one.
async fn response(url: &str) -> Option<web_sys::Response> {
    response_of(gloo::utils::window().fetch_with_str(url)).await
}

/// The answer of `promise`, a fetch under way, when there is one.
async fn response_of(promise: js_sys::Promise) -> Option<web_sys::Response> {
    let answer = JsFuture::from(promise).await.ok()?;
    answer.dyn_into::<web_sys::Response>().ok()
}

/// Fetch a document over HTTP (same origin, or a server that allows CORS).
pub async fn fetch(url: &str, source: String) -> Result<Doc, String> {
    fetched(url, source, gloo::utils::window().fetch_with_str(url)).await
}

/// The document of `url` from `answer`, a fetch of it already under way.
pub async fn fetched(url: &str, source: String, answer: js_sys::Promise) -> Result<Doc, String> {
    let body = body_of(answer).await.map_err(|e| match e {
        FetchError::Unreachable => format!(
            "cannot load {url}: no answer. The server must be reachable and allow cross-origin requests (CORS), or open the file instead"
        ),
        FetchError::Status(code, reason) => format!(
            "cannot load {url}: the server answered HTTP {code} {reason}. Check the address, or open the file instead"
        ),
    })?;
    // A text has at least as many bytes as UTF-16 units: one with more
    // units than the limit is refused before it is converted.
    let limit = document_limit();
    let text = match body.length() as usize <= limit {
        true => Some(text_of_js(&body).await),
        false => None,
    };
    match text.filter(|t| t.len() <= limit) {
        Some(text) => Ok(Doc {
            source,
            text,
            ..Doc::default()
        }),
        None => Err(too_large(
            url,
            &format!("larger than {} MiB", limit >> 20),
            limit,
        )),
    }
}

/// The last path segment of a URL, for a tab's name.
pub fn url_name(url: &str) -> String {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    path.rsplit('/')
        .find(|s| !s.is_empty())
        .unwrap_or(url)
        .to_string()
}

/// The `url` query parameter of the page's address, if any.
pub fn url_param() -> Option<String> {
    let search = gloo::utils::window().location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get("url")
}

/// The tab the page's `#r=` fragment carries, if any: its document, the
/// documents added beside it (`&j=`) and its configuration (`&c=`).
pub fn shared_document() -> Option<Result<Doc, String>> {
    let hash = gloo::utils::window().location().hash().ok()?;
    let fragment = hash.strip_prefix('#').filter(|f| f.starts_with("r="))?;
    Some(rscope_core::system::shared_tab(fragment))
}

/// The constraint a share link's address carries (`&q=`), or an empty
/// text: read as the page starts, before [`clean_address`] takes it. Only
/// that part is unpacked; the document is [`shared_document`]'s.
pub fn shared_constraint() -> String {
    use rscope_core::share::{fragment_part, unpack};
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    let fragment = hash.strip_prefix('#').filter(|f| f.starts_with("r="));
    let packed = fragment.and_then(|f| fragment_part(f, "q"));
    packed.and_then(|q| unpack(q).ok()).unwrap_or_default()
}

/// How the page's share link (`&v=`) says to show its documents (the
/// defaults when it says nothing), or `None` without a link: read as the
/// page starts, before [`clean_address`] takes it.
pub fn shared_view() -> Option<rscope_core::share::SharedView> {
    use rscope_core::share::{fragment_part, SharedView};
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    let fragment = hash.strip_prefix('#').filter(|f| f.starts_with("r="))?;
    Some(SharedView::unpacked(fragment_part(fragment, "v")))
}

/// Put a tab's system (its document, configuration and other documents),
/// the constraint and the view in the address bar (`#r=…&c=…&q=…&v=…&j=…`)
/// and return the full link.
pub fn share_link(
    (tab, constraint): (&Doc, &str),
    view: rscope_core::share::SharedView,
) -> Result<String, String> {
    let window = gloo::utils::window();
    let location = window.location();
    let base = format!(
        "{}{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    let shared = rscope_core::share::SharedSystem {
        document: tab.text.to_string(),
        config: Some(tab.config.to_string()),
        constraint: Some(constraint.to_string()),
        view,
        joined: (tab.joined.iter())
            .map(|j| (j.source.clone(), j.text.to_string()))
            .collect(),
    };
    let link = format!("{base}#{}", rscope_core::share::pack_system(&shared));
    window
        .history()
        .and_then(|h| h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&link)))
        .map_err(|_| "the browser refused to update the address bar".to_string())?;
    Ok(link)
}

/// Take `#r=` and `?url=` out of the address bar (other parameters stay),
/// once their documents are read: a reload must not open them again.
pub fn clean_address() {
    let window = gloo::utils::window();
    let location = window.location();
    let search = location.search().unwrap_or_default();
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok();
    let had_url = params.as_ref().is_some_and(|p| p.has("url"));
    let had_doc = location.hash().is_ok_and(|h| h.starts_with("#r="));
    if !had_url && !had_doc {
        return;
    }
    let search = match params {
        Some(p) => {
            p.delete("url");
            let rest = String::from(p.to_string());
            if rest.is_empty() {
                rest
            } else {
                format!("?{rest}")
            }
        }
        None => search,
    };
    let hash = if had_doc {
        String::new()
    } else {
        location.hash().unwrap_or_default()
    };
    let clean = format!("{}{search}{hash}", location.pathname().unwrap_or_default());
    if let Ok(h) = window.history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&clean));
    }
}
