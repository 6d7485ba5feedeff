//! Fuzz the `flux resource` payload and configuration readers: no payload,
//! configuration or option text may panic. The first byte picks which
//! reader gets the rest, and the status and list commands run over the
//! payload with a few formats and options.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope::resource::{self, Config, ListOptions, StatusOptions};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match pick % 4 {
        0 => {
            let _ = Config::from_toml_text(text);
            let _ = Config::from_json_text(text);
        }
        1 => {
            for format in ["default", "long", "{timestamp!d:%F::<12} {reason:<5.5+}"] {
                let opts = StatusOptions { format: format.into(), ..Default::default() };
                let _ = resource::status(text, &opts);
            }
            let drain = StatusOptions { states: Some("all".into()), include: Some("0-3".into()), ..Default::default() };
            let _ = resource::status(text, &StatusOptions { format: "default".into(), ..drain });
        }
        2 => {
            let opts = ListOptions { format: "rlist".into(), states: "free,allocated,down".into(), ..Default::default() };
            let _ = resource::list(text, &opts);
            let _ = resource::info(text, &opts);
            let _ = resource::emit_r(text, &ListOptions { states: "all,up,free".into(), ..opts });
        }
        _ => {
            // A format string from the user over a small fixed payload.
            let payload = r#"{"R": {"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}], "nodelist": ["a[0-1]"]}}, "online": "0", "offline": "1", "exclude": "", "drain": {"1": {"timestamp": 5, "reason": "r"}}}"#;
            let opts = StatusOptions { format: text.into(), states: Some("all".into()), ..Default::default() };
            let _ = resource::status(payload, &opts);
        }
    }
});
