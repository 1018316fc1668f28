//! Empty: this crate only turns on `enum-schema/rmcp` for the UI tests
//! under `tests/ui/rmcp/` (see its `Cargo.toml`).
