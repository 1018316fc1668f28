//! The README's complete rmcp server is `examples/rmcp_server.rs`, which CI
//! builds (`cargo build --all-features --examples`): this test keeps the two
//! the same text, so that the code a new user copies from the README is
//! code that compiles.

/// The code block that follows `marker` in `text`, without its fences.
fn block_after<'a>(text: &'a str, marker: &str) -> &'a str {
    let after = &text[text.find(marker).expect("the marker is in the README") + marker.len()..];
    let open = after
        .find("```rust,ignore\n")
        .expect("a rust,ignore block follows");
    let body = &after[open + "```rust,ignore\n".len()..];
    &body[..body.find("\n```\n").expect("the block is closed") + 1]
}

#[test]
fn readme_rmcp_server_is_the_example() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let example = std::fs::read_to_string(format!("{root}/examples/rmcp_server.rs")).unwrap();
    // The example's module docs (`//!`) are for the file; the README
    // shows what follows them.
    let code = example
        .lines()
        .skip_while(|line| line.starts_with("//!") || line.is_empty())
        .map(|line| format!("{line}\n"))
        .collect::<String>();
    let shown = block_after(&readme, "<!-- examples/rmcp_server.rs:");
    assert!(
        shown == code,
        "README.md's rmcp server differs from examples/rmcp_server.rs; copy the file (after its //! lines) into the README"
    );
    // What the README promises the code has.
    for needed in [
        "#[tokio::main]",
        "StreamableHttpService::new(",
        "impl AsRef<RequestStateSeal> for Desk",
        "set_nodelay(true)",
        "axum::serve(listener, router)",
    ] {
        assert!(shown.contains(needed), "{needed}");
    }
}
