//! The reader against the `toml` crate (toml-rs), which reads the whole of
//! TOML 1.1: on every manifest of the local Cargo registry, on generated
//! documents and on arbitrary text.

use std::fs;
use std::path::PathBuf;

use proptest::prelude::*;

use super::oracle::{agree, expected, read};
use super::{Document, Leaf};

#[test]
fn every_kind_of_string_is_decoded() {
    let text = concat!(
        "a = \"tab\\there \\\"q\\\" \\\\ \\u00e9\\U0001F600 \\x41 \\e\"\n",
        "b = 'C:\\no\\escapes'\n",
        "c = \"\"\"\nfirst\n  second \\\n    joined\"\"\"\n",
        "d = '''\nraw \\n ''\n'''\n",
        "e = \"\"\"ends in quotes\"\"\"\"\"\n",
        "f = ''''one quote in front'''\n",
        "g = \"\"\"\\\n   \\\n\n  all trimmed\"\"\"\n",
        "\"quoted key\" = 1\n",
        "'literal.key' . inner = true\n",
    );
    let document = Document::parse(text).unwrap();
    let text_at = |key: &str| {
        document
            .values
            .iter()
            .find(|(path, _)| path[0] == key)
            .map(|(_, leaf)| leaf.clone())
    };
    let owned = |s: &str| Some(Leaf::Text(s.to_owned()));
    assert_eq!(text_at("a"), owned("tab\there \"q\" \\ é😀 A \u{1b}"));
    assert_eq!(text_at("b"), owned("C:\\no\\escapes"));
    assert_eq!(text_at("c"), owned("first\n  second joined"));
    assert_eq!(text_at("d"), owned("raw \\n ''\n"));
    assert_eq!(text_at("e"), owned("ends in quotes\"\""));
    assert_eq!(text_at("f"), owned("'one quote in front"));
    assert_eq!(text_at("g"), owned("all trimmed"));
    assert_eq!(text_at("quoted key"), Some(Leaf::Other));
    assert_eq!(
        document.values.last(),
        Some(&(
            vec!["literal.key".to_owned(), "inner".to_owned()],
            Leaf::Bool(true)
        ))
    );
    agree(text);
}

#[test]
fn tables_arrays_and_inline_tables() {
    let text = concat!(
        "\u{feff}# a comment\r\n",
        "name = \"x\" # after a value\r\n",
        "[ dependencies . es ]\n",
        "package = \"enum-schema\"\n",
        "features = [ \"a]\", [ 'b' ], { c = \"]\" }, # inside\n \"\"\"d\n]\"\"\", ]\n",
        "members = [ \"a\", 'b' , # c\n \"\"\"d\"\"\" ]\n",
        "[[bin]]\n",
        "name = \"one\"\n",
        "[bin.inner]\n",
        "x = 1\n",
        "[[bin]]\n",
        "name = \"two\"\n",
        "[target.'cfg(unix)'.dependencies]\n",
        "u = { package = \"enum-schema\", nested = { deep = true }, empty = {} }\n",
        "when = 1979-05-27 07:32:00Z\n",
        "[workspace]\n",
    );
    let document = Document::parse(text).unwrap();
    let path = |keys: &[&str]| keys.iter().map(|&key| key.to_owned()).collect::<Vec<_>>();
    assert_eq!(
        document.tables,
        [
            path(&["dependencies", "es"]),
            path(&["target", "cfg(unix)", "dependencies"]),
            path(&["target", "cfg(unix)", "dependencies", "u"]),
            path(&["target", "cfg(unix)", "dependencies", "u", "nested"]),
            path(&["target", "cfg(unix)", "dependencies", "u", "empty"]),
            path(&["workspace"]),
        ]
    );
    let text_leaf = |s: &str| Leaf::Text(s.to_owned());
    assert_eq!(
        document.values,
        [
            (path(&["name"]), text_leaf("x")),
            (
                path(&["dependencies", "es", "package"]),
                text_leaf("enum-schema")
            ),
            (path(&["dependencies", "es", "features"]), Leaf::Other),
            (
                path(&["dependencies", "es", "members"]),
                Leaf::Strings(vec!["a".into(), "b".into(), "d".into()])
            ),
            (path(&["bin"]), Leaf::Other),
            (
                path(&["target", "cfg(unix)", "dependencies", "u", "package"]),
                text_leaf("enum-schema")
            ),
            (
                path(&["target", "cfg(unix)", "dependencies", "u", "nested", "deep"]),
                Leaf::Bool(true)
            ),
            (
                path(&["target", "cfg(unix)", "dependencies", "when"]),
                Leaf::Other
            ),
        ]
    );
    agree(text);
}

#[test]
fn what_is_not_toml_gives_none() {
    for text in [
        "[dependencies\nes = 1",
        "a = \"unterminated",
        "a = 'unterminated\n'",
        "a = \"\"\"open",
        "a = '''open",
        "a = \"bad \\q escape\"",
        "a = \"\\u12\"",
        "a = \"\\uD800\"",
        "a =",
        "a = 1 b = 2\n[x",
        "= 1",
        "a = [1, 2",
        "a = { b = 1",
        "a = { b = 1 c = 2 }",
        "a = \"\"\"x\"\"\"\"\"\"",
        "a = 1\r",
        "[a]]",
        "[[a]",
        "a.",
        "a = \"x\" junk",
    ] {
        assert_eq!(Document::parse(text), None, "{text:?}");
    }
}

#[test]
fn newlines_and_comments_beside_the_equals_sign_of_an_inline_table() {
    // Cargo and the `toml` crate read these; outside an inline table they
    // refuse them, and so does this reader.
    for text in [
        "a = { b\n = 1 }",
        "a = { b =\n 1 }",
        "a = { b # c\n = 1 }",
        "a = { b = # c\n 1 }",
        "a = { b\r\n = 1 }",
        "s = [{ e = \"\", s\n= \"\", y = 1 }]",
        "[dependencies]\nes = { package =\n  \"enum-schema\" }",
    ] {
        assert!(expected(text).is_some(), "{text:?}");
        agree(text);
    }
    for text in ["a\n= 1", "a =\n1", "[a\n]"] {
        assert_eq!(
            (expected(text), Document::parse(text)),
            (None, None),
            "{text:?}"
        );
    }
}

#[test]
fn nesting_deeper_than_the_limit_is_refused_without_overflowing() {
    // Closed, with a value innermost.
    let nested = |open: &str, close: &str, depth: usize| {
        format!("a = {}{}", open.repeat(depth), close.repeat(depth)).replace("=}", "=1}")
    };
    for (open, close) in [("[", "]"), ("{b=", "}"), ("[{b=", "}]")] {
        let depth = super::MAX_DEPTH / open.matches(['[', '{']).count();
        let deepest = nested(open, close, depth);
        assert!(Document::parse(&deepest).is_some(), "{open}");
        assert_eq!(
            Document::parse(&nested(open, close, depth + 1)),
            None,
            "{open}"
        );
        // Unclosed and far too deep: refused at the limit, not by the stack.
        assert_eq!(
            Document::parse(&format!("a = {}", open.repeat(100_000))),
            None,
            "{open}"
        );
    }
}

/// The `Cargo.toml` of every crate Cargo has unpacked here, as published
/// and as written (`Cargo.toml.orig`).
#[test]
fn agrees_with_the_toml_crate_on_every_registry_manifest() {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .expect("CARGO_HOME or HOME");
    let mut compared = 0;
    for registry in fs::read_dir(home.join("registry/src"))
        .into_iter()
        .flatten()
        .flatten()
    {
        for package in fs::read_dir(registry.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            for name in ["Cargo.toml", "Cargo.toml.orig"] {
                let Ok(text) = fs::read_to_string(package.path().join(name)) else {
                    continue;
                };
                if let Some(expected) = expected(&text) {
                    assert_eq!(
                        read(&text),
                        Some(expected),
                        "{}",
                        package.path().join(name).display()
                    );
                    compared += 1;
                }
            }
        }
    }
    // This crate's own dependencies (syn, quote, toml, proptest, ..) are
    // there whenever this test is built from the registry.
    assert!(
        compared >= 20,
        "only {compared} manifests under {}",
        home.display()
    );
}

/// A string's content written as TOML, in one of the four kinds (falling
/// back to a basic string where a kind cannot hold the content), with each
/// character written plainly or escaped as `choices` say.
fn encode(content: &str, kind: u8, choices: &[u8]) -> String {
    let mut choice = choices.iter().cycle().copied();
    let literal_ok =
        !content.contains(['\'', '\n', '\r']) && !content.chars().any(char::is_control);
    let multi_literal_ok = !content.contains("'''")
        && !content.ends_with('\'')
        && !content
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t');
    match kind % 4 {
        1 if literal_ok => format!("'{content}'"),
        2 if multi_literal_ok => {
            let newline = if choice.next().unwrap_or(0) % 2 == 0 {
                "\n"
            } else {
                ""
            };
            format!("'''{newline}{content}'''")
        }
        kind => {
            let multi = kind == 3;
            let mut out = String::from(if multi { "\"\"\"" } else { "\"" });
            if multi && choice.next().unwrap_or(0) % 2 == 0 {
                out.push('\n');
            }
            for c in content.chars() {
                let pick = choice.next().unwrap_or(0);
                match c {
                    '"' if multi && pick % 3 == 0 => out.push_str("\\\""),
                    '"' if multi => out.push('"'),
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' if multi && pick % 2 == 0 => out.push('\n'),
                    '\t' if pick % 2 == 0 => out.push('\t'),
                    c if c.is_control() || pick % 5 == 0 => match (c as u32, pick % 3) {
                        (code @ 0..=0xff, 0) => out.push_str(&format!("\\x{code:02x}")),
                        (code @ 0..=0xffff, 1) => out.push_str(&format!("\\u{code:04X}")),
                        (code, _) => out.push_str(&format!("\\U{code:08x}")),
                    },
                    c => out.push(c),
                }
                if multi && pick % 7 == 0 {
                    // A line-ending backslash: trims what follows.
                    out.push_str("\\  \n\n   ");
                }
            }
            // A multi-line basic string may not end in an unescaped quote
            // next to its closing ones beyond two; escape the last.
            if multi && out.ends_with('"') && !out.ends_with("\\\"") {
                out.pop();
                out.push_str("\\\"");
            }
            out.push_str(if multi { "\"\"\"" } else { "\"" });
            out
        }
    }
}

fn content() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just('"'),
            Just('\''),
            Just('\\'),
            Just('\n'),
            Just('\t'),
            Just(' '),
            Just('#'),
            Just('='),
            Just('['),
            Just(']'),
            Just('{'),
            Just('}'),
            Just(','),
            Just('.'),
            Just('é'),
            Just('😀'),
            Just('\u{1}'),
            Just('\u{7f}'),
            Just('a'),
            Just('-'),
        ],
        0..12,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

#[derive(Clone, Debug)]
enum Item {
    Text(String, u8, Vec<u8>),
    Scalar(&'static str),
    Array(Vec<Item>),
    Inline(Vec<(String, Item)>),
}

fn item() -> impl Strategy<Value = Item> {
    let leaf = prop_oneof![
        (
            content(),
            any::<u8>(),
            prop::collection::vec(any::<u8>(), 1..8)
        )
            .prop_map(|(c, k, p)| Item::Text(c, k, p)),
        prop::sample::select(vec![
            "1",
            "-0x1f",
            "1_000",
            "3.5e2",
            "inf",
            "nan",
            "true",
            "false",
            "1979-05-27",
            "07:32:00",
            "1979-05-27 07:32:00Z",
            "1979-05-27T07:32:00.5-07:00"
        ])
        .prop_map(Item::Scalar),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Item::Array),
            prop::collection::vec((content(), inner), 0..4).prop_map(Item::Inline),
        ]
    })
}

fn key(content: &str, index: usize, style: u8) -> String {
    match style % 3 {
        0 => format!("k{index}"),
        1 => encode(&format!("{content}{index}"), 0, &[1, 2, 3]),
        _ => encode(&format!("{content}{index}"), 1, &[1]),
    }
}

fn render(item: &Item, gap: &str) -> String {
    match item {
        Item::Text(content, kind, choices) => encode(content, *kind, choices),
        Item::Scalar(text) => (*text).to_owned(),
        Item::Array(items) => {
            let inner: Vec<String> = items.iter().map(|item| render(item, gap)).collect();
            format!("[{gap}{}{gap}]", inner.join(&format!(",{gap}")))
        }
        Item::Inline(pairs) => {
            let inner: Vec<String> = pairs
                .iter()
                .enumerate()
                .map(|(index, (name, item))| {
                    format!("{} = {}", key(name, index, index as u8), render(item, " "))
                })
                .collect();
            format!("{{ {} }}", inner.join(", "))
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_the_toml_crate_on_generated_documents(
        sections in prop::collection::vec(
            (any::<u8>(), content(), prop::collection::vec((content(), any::<u8>(), item()), 0..4)),
            1..5,
        ),
        gap in prop::sample::select(vec![" ", "  ", "\t", "\n", " # c\n ", "\r\n"]),
    ) {
        let mut text = String::new();
        for (index, (header, name, pairs)) in sections.iter().enumerate() {
            if index > 0 {
                let path = format!("{}.{}", key(name, index, *header), key("s", index, header / 3));
                match header % 3 {
                    0 => text.push_str(&format!("[{path}]\n")),
                    1 => text.push_str(&format!("[[{path}]] # array\n")),
                    _ => text.push_str(&format!("[ {path} ]\r\n")),
                }
            }
            for (at, (name, style, item)) in pairs.iter().enumerate() {
                text.push_str(&format!("{} = {}\n", key(name, at, *style), render(item, gap)));
            }
        }
        prop_assume!(expected(&text).is_some());
        agree(&text);
    }

    #[test]
    fn never_panics_and_agrees_on_any_text(text in "[ -~\\t\\n\"'\\\\\\[\\]{}=#.,é]{0,64}") {
        agree(&text);
    }
}
