//! The complete rmcp server at the top of the guide's `sdks` chapter
//! (enum-schema/src/guide/sdks.md) is `examples/rmcp_server.rs`, which CI
//! builds (`cargo build --all-features --examples`): this test keeps the
//! two the same text, so that the code a new user copies from the guide is
//! code that compiles.

/// The guide's chapter that holds the server.
fn chapter() -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    std::fs::read_to_string(format!("{root}/enum-schema/src/guide/sdks.md")).unwrap()
}

/// The code block that follows `marker` in `text`, without its fences.
fn block_after<'a>(text: &'a str, marker: &str) -> &'a str {
    let after = &text[text.find(marker).expect("the marker is in the chapter") + marker.len()..];
    let open = after
        .find("```rust,ignore\n")
        .expect("a rust,ignore block follows");
    let body = &after[open + "```rust,ignore\n".len()..];
    &body[..body.find("\n```\n").expect("the block is closed") + 1]
}

#[test]
fn guide_rmcp_server_is_the_example() {
    let root = env!("CARGO_MANIFEST_DIR");
    let guide = chapter();
    let example = std::fs::read_to_string(format!("{root}/examples/rmcp_server.rs")).unwrap();
    // The example's module docs (`//!`) are for the file; the guide
    // shows what follows them.
    let code = example
        .lines()
        .skip_while(|line| line.starts_with("//!") || line.is_empty())
        .map(|line| format!("{line}\n"))
        .collect::<String>();
    let shown = block_after(&guide, "<!-- examples/rmcp_server.rs:");
    assert!(
        shown == code,
        "the rmcp server of enum-schema/src/guide/sdks.md differs from examples/rmcp_server.rs; copy the file (after its //! lines) into the guide"
    );
    // What the guide promises the code has.
    for needed in [
        "#[tokio::main]",
        "StreamableHttpService::new(",
        "// Required by `Ask`",
        "impl AsRef<RequestStateSeal> for Shop",
        "ask.arguments()?",
        "Question::choice::<Reason>",
        "input_schema_with(",
        "reason.label()",
        "set_nodelay(true)",
        "axum::serve(listener, router)",
    ] {
        assert!(shown.contains(needed), "{needed}");
    }
    // `Parameters` would take the arguments before `Ask`: the example
    // needs none.
    assert!(!shown.contains("Parameters<"));
}

/// Every crate the guide's server names (`serde::Deserialize`,
/// `schemars::JsonSchema`, ..) is in the dependencies the guide lists
/// above it, so that a new user who copies both builds it.
#[test]
fn guide_lists_every_crate_its_server_uses() {
    let guide = chapter();
    let section = &guide[guide.find("\n# A server on rmcp\n").unwrap()..];
    let toml = &section[section.find("```toml\n").unwrap() + 8..];
    let toml = &toml[..toml.find("```").unwrap()];
    let listed: Vec<&str> = toml
        .lines()
        .filter_map(|line| line.split_once(" = ").map(|(name, _)| name.trim()))
        .collect();
    let code = block_after(&guide, "<!-- examples/rmcp_server.rs:");
    let mut used: Vec<String> = Vec::new();
    let bytes = code.as_bytes();
    for (at, _) in code.match_indices("::") {
        // The first segment of a path: a lowercase name not after `::`.
        let start = code[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |index| index + 1);
        let name = &code[start..at];
        let after_path = start >= 2 && &bytes[start - 2..start] == b"::";
        // `ask.form::<Confirm>`, `schema_for_type::<Refund>`: a turbofish.
        let turbofish = bytes.get(at + 2) == Some(&b'<');
        if name.is_empty()
            || after_path
            || turbofish
            || !name.starts_with(|c: char| c.is_ascii_lowercase())
        {
            continue;
        }
        if ["std", "core", "alloc", "self", "super", "crate"].contains(&name) {
            continue;
        }
        let package = name.replace('_', "-");
        if !used.contains(&package) {
            used.push(package);
        }
    }
    used.sort();
    assert_eq!(
        used,
        ["axum", "enum-schema", "rmcp", "schemars", "serde", "tokio"],
        "the crates the guide's server names"
    );
    for package in &used {
        assert!(
            listed.contains(&package.as_str()),
            "the guide's server uses `{package}`, which its [dependencies] do not list: {listed:?}"
        );
    }
}
