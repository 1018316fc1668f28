//! Compile-fail tests for `#[derive(ElicitEnum)]` and `#[derive(ElicitForm)]`
//! (`tests/ui/form/<subject>/`): every error the derives can emit, one
//! mistake per case, with its `.stderr` snapshot. One trybuild run for
//! both levels, so that the cases build together.
//!
//! Regenerate the snapshots with
//! `TRYBUILD=overwrite cargo test --test compiletest`, then read them: the
//! `^^^` must sit on the offending token, and nothing may follow the
//! derive's own errors.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
    t.compile_fail("tests/ui/form/*/*.rs");
}
