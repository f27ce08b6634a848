//! The Go-template engine: any template text, parsed and rendered over data
//! like a chart's, must give output or an error, never a panic, a hang or
//! unbounded memory (the engine's step and byte limits).

#![no_main]

use libfuzzer_sys::fuzz_target;
use libpkg::gotemplate::{DefaultHost, Options, Templates};

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let mut set = Templates::new();
    if set.add("t.yaml", text).is_err() {
        return;
    }
    let data = serde_json::json!({
        "Values": {
            "name": "web", "replicas": 3, "ratio": 0.5, "big": 1500000, "neg": -2,
            "enabled": true, "empty": "", "nothing": null,
            "list": ["a", "b", "c"], "nums": [3, 1, 2],
            "mixed": [1, "two", null, true, {"k": "v"}],
            "image": {"repository": "nginx", "tag": "1.25"},
            "text": "line one\nline two\n", "unicode": "héllo wörld ✓"
        },
        "Release": {"Name": "rel", "Namespace": "ns", "Revision": 1},
        "Chart": {"Name": "demo", "Version": "0.1.0"}
    });
    let _ = set.render("t.yaml", &data, &Options::default(), &mut DefaultHost::default());
});
