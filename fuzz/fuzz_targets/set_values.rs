//! Helm's `--set` syntax (libpkg::helm::strvals), in every flavour: any line
//! gives values or an error naming what is wrong, never a panic or a huge
//! allocation (indices and nesting are capped as Helm caps them).

#![no_main]

use libfuzzer_sys::fuzz_target;
use libpkg::helm::strvals::{SetKind, parse};

fuzz_target!(|bytes: &[u8]| {
    let Ok(line) = std::str::from_utf8(bytes) else {
        return;
    };
    let read_file = |path: &str| Ok(format!("contents of {path}"));
    for kind in [
        SetKind::Typed,
        SetKind::String,
        SetKind::Json,
        SetKind::Literal,
        SetKind::File(&read_file),
    ] {
        let _ = parse(line, kind);
    }
});
