//! Fuzz the eventlog and job list readers (`formats/eventlog.rs`): no text
//! may panic them, nor the system model and the page's report that ask
//! them of every document, nor describing what they read; and describing
//! a text without keeping its entries says what reading it says.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = rscope_core::eventlog::looks_like_eventlog(text);
    let described = rscope_core::eventlog::describe_text(text);
    match rscope_core::eventlog::read(text) {
        Ok(log) => assert_eq!(described, Ok(log.describe())),
        Err(e) => assert_eq!(described, Err(e)),
    }
    let _ = rscope_core::jobs::record::job_count(text);
    let _ = rscope_core::system::System::read(&[("a", text)]).describe();
    let _ = rscope_core::report::make_report(text);
});
