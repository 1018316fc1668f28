//! The derive's `Cargo.toml` reader (`enum-schema-derive/src/manifest/toml.rs`,
//! compiled here as it is) against the `toml` crate: on any text it never
//! panics, and wherever `toml` reads the text, both read the same tables
//! and leaves (`oracle.rs`, shared with the derive's own tests).
#![no_main]

use libfuzzer_sys::fuzz_target;

// The derive's own module tree, so that `toml.rs` finds its children where
// the derive does.
#[allow(dead_code)]
#[path = "../../../enum-schema-derive/src/manifest"]
mod manifest {
    pub mod toml;
}

#[path = "../../../enum-schema-derive/src/manifest/toml/oracle.rs"]
mod oracle;

use manifest::toml::{Document, Leaf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    oracle::agree(text);
});
