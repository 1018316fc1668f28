//! The guide: how to use enum-schema, one chapter per topic, each example a
//! doctest. The README is the front page; the traits and modules hold the
//! reference.
//!
//! 1. [`attributes`]: every `#[elicit(..)]` key on enums, variants, forms
//!    and fields; serde's naming; descriptions; `const` builders; what the
//!    derive checks when the server compiles; a renamed or re-exported
//!    crate (`crate = ".."`).
//! 2. [`parsing`]: reading one answer, [`Error`](crate::Error) and
//!    [`ErrorKind`](crate::ErrorKind), opt-in `FromStr`, `Display` and
//!    `AsRef<str>`.
//! 3. [`forms`]: a whole `requestedSchema` from a struct, its field types,
//!    defaults and `fill_default`, forms built at run time, and
//!    [`Confirm`](crate::Confirm) for a yes or no.
//! 4. [`dynamic_choices`]: selects whose options are known only when the
//!    server runs, alone, in a run-time form, or as fields of a derived
//!    form.
//! 5. [`peers_and_revisions`]: clients and proxies reading any server's
//!    schema, [`ProtocolVersion`](crate::ProtocolVersion) and the shapes
//!    each revision gets, the 2026-07-28 envelope, and what real clients
//!    show.
//! 6. [`sdks`]: asking on an MCP server with `Ask`: a complete server on
//!    rmcp, what each of the four SDKs (rmcp, rust-mcp-sdk, tower-mcp,
//!    pmcp) can and cannot do, an SDK of your own, answers kept on the
//!    server, the client side on rmcp, and schemars.
//! 7. [`host`]: the other end, for an MCP host that shows forms: a request
//!    read into fields, what a person typed read into checked values, a
//!    draft for widgets, and the 2026-07-28 round trip (feature `host`).
//! 8. [`testing`]: the project's own tests, its CI scripts, and where a new
//!    test goes.
//!
//! A newcomer reads the README, then [`attributes`] and [`forms`], then the
//! server at the top of [`sdks`] and the section of their SDK; a host
//! author reads [`host`].

pub mod attributes {
    #![doc = include_str!("attributes.md")]
}

pub mod parsing {
    #![doc = include_str!("parsing.md")]
}

pub mod forms {
    #![doc = include_str!("forms.md")]
}

pub mod dynamic_choices {
    #![doc = include_str!("dynamic_choices.md")]
}

pub mod peers_and_revisions {
    #![doc = include_str!("peers_and_revisions.md")]
    // Links to `crate::ask` (see below).
    #![cfg_attr(not(feature = "ask"), allow(rustdoc::broken_intra_doc_links))]
}

pub mod sdks {
    #![doc = include_str!("sdks.md")]
    // A chapter about a feature links to its items, which a build without
    // the feature lacks: there the links are text. The docs with every
    // feature (docs.rs, .ci/habits.sh) check each link; .ci/features.sh
    // builds the docs of each feature alone, warnings denied.
    #![cfg_attr(not(feature = "ask"), allow(rustdoc::broken_intra_doc_links))]
}

pub mod host {
    #![doc = include_str!("host.md")]
    // Links to `crate::host` (see `sdks`).
    #![cfg_attr(not(feature = "host"), allow(rustdoc::broken_intra_doc_links))]
}

pub mod testing {
    #![doc = include_str!("testing.md")]
}
