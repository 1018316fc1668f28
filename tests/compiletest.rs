//! Compile-fail tests for `#[derive(ElicitEnum)]` and `#[derive(ElicitForm)]`
//! (`tests/ui/form/<subject>/`): every error the derives can emit, one
//! mistake per case, with its `.stderr` snapshot; with the `rmcp` feature,
//! also the errors of the rmcp integration (`tests/ui/rmcp/<subject>/`).
//! One trybuild run for every level, so that the cases build together.
//!
//! Regenerate the snapshots with
//! `TRYBUILD=overwrite cargo test --features ui,rmcp --test compiletest`,
//! then read them: the `^^^` must sit on the offending token, and nothing
//! may follow the derive's own errors.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
    t.compile_fail("tests/ui/form/*/*.rs");
    // The rmcp integration's errors (`tests/ui/rmcp/<subject>/`):
    // `cargo test --features ui,rmcp --test compiletest`.
    #[cfg(feature = "rmcp")]
    t.compile_fail("tests/ui/rmcp/*/*.rs");
}
