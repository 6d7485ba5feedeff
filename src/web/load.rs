//! Getting documents into the page: files (picked or dropped), URLs
//! (`?url=`, the examples menu) and share links (`#r=`). Each returns the
//! text or a message that says what went wrong and what to try.

use crate::limits::MAX_PAGE_DOCUMENT_BYTES;
use crate::tabs::Doc;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// [`MAX_PAGE_DOCUMENT_BYTES`] as a browser counts file sizes.
const MAX_BYTES: f64 = MAX_PAGE_DOCUMENT_BYTES as f64;
/// The limit in words, for messages.
const MAX_MIB: usize = MAX_PAGE_DOCUMENT_BYTES >> 20;

/// Read a local file as text.
pub async fn read_file(file: web_sys::File) -> Result<Doc, String> {
    let name = file.name();
    if file.size() > MAX_BYTES {
        return Err(format!(
            "{name} is {:.0} MiB; Rscope opens documents up to {MAX_MIB} MiB",
            file.size() / 1048576.0
        ));
    }
    let text = JsFuture::from(file.text())
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| {
            format!("cannot read {name}: the browser could not read the file as text")
        })?;
    Ok(Doc {
        source: name,
        text: text.into(),
        provenance: None,
    })
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
    text_of(gloo::utils::window().fetch_with_str(url)).await
}

/// The body of `answer`, a fetch under way, as text.
async fn text_of(answer: js_sys::Promise) -> Result<String, FetchError> {
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
    text.as_string().ok_or(FetchError::Unreachable)
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
    let text = text_of(answer).await.map_err(|e| match e {
        FetchError::Unreachable => format!(
            "cannot load {url}: no answer. The server must be reachable and allow cross-origin requests (CORS), or open the file instead"
        ),
        FetchError::Status(code, reason) => format!(
            "cannot load {url}: the server answered HTTP {code} {reason}. Check the address, or open the file instead"
        ),
    })?;
    if text.len() > MAX_PAGE_DOCUMENT_BYTES {
        return Err(format!(
            "{url} is larger than {MAX_MIB} MiB; Rscope opens documents up to {MAX_MIB} MiB"
        ));
    }
    Ok(Doc {
        source,
        text: text.into(),
        provenance: None,
    })
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

/// The document in the page's `#r=` fragment, if any.
pub fn shared_document() -> Option<Result<Doc, String>> {
    let hash = gloo::utils::window().location().hash().ok()?;
    let packed = hash.strip_prefix("#r=")?;
    Some(
        crate::share::unpack(packed)
            .map(|text| Doc {
                source: "shared link".into(),
                text: text.into(),
                provenance: None,
            })
            .map_err(|e| e.to_string()),
    )
}

/// Put a document in the address bar (`#r=…`) and return the full link.
pub fn share_link(text: &str) -> Result<String, String> {
    let window = gloo::utils::window();
    let location = window.location();
    let base = format!(
        "{}{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    let link = format!("{base}#r={}", crate::share::pack(text));
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
