use std::borrow::Cow;

/// One option of an enum schema: the wire value a client sends back, and the
/// title a client shows (titled shapes only).
///
/// In JSON it is `{"const": value, "title": title}` inside `oneOf` (titled
/// single-select) or `items.anyOf` (titled multi-select), a member of `enum`
/// (untitled shapes), or a pair of `enum`/`enumNames` members at the same
/// index (legacy). Source: MCP 2025-11-25, `schema.json`,
/// `TitledSingleSelectEnumSchema` and siblings (SEP-1330).
///
/// Derived enums expose theirs as [`ElicitEnum::OPTIONS`](crate::ElicitEnum::OPTIONS),
/// borrowed from static data; schemas built at run time may own their strings.
///
/// ```
/// use enum_schema::schema::EnumOption;
///
/// const LOW: EnumOption = EnumOption::titled("low", "Low priority");
/// assert_eq!(LOW.value(), "low");
/// assert_eq!(LOW.title(), Some("Low priority"));
///
/// let dynamic = EnumOption::new(String::from("team-7"), Some(String::from("Team 7")));
/// assert_eq!(dynamic.value(), "team-7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct EnumOption {
    value: Cow<'static, str>,
    title: Option<Cow<'static, str>>,
    /// A peer's `description` of a titled option, kept as read.
    description: Option<Cow<'static, str>>,
}

impl EnumOption {
    /// An option without a title: a member of `enum` in an untitled schema.
    pub const fn untitled(value: &'static str) -> Self {
        EnumOption {
            value: Cow::Borrowed(value),
            title: None,
            description: None,
        }
    }

    /// An option with a title: `{"const": value, "title": title}`.
    pub const fn titled(value: &'static str, title: &'static str) -> Self {
        EnumOption {
            value: Cow::Borrowed(value),
            title: Some(Cow::Borrowed(title)),
            description: None,
        }
    }

    /// An option from strings known only at run time (options read from a
    /// database, or from a peer's schema).
    pub fn new(
        value: impl Into<Cow<'static, str>>,
        title: Option<impl Into<Cow<'static, str>>>,
    ) -> Self {
        EnumOption {
            value: value.into(),
            title: title.map(Into::into),
            description: None,
        }
    }

    /// The wire value: what goes in `enum` or `const`, and what a client sends back.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The display title, if the option has one.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The `description` of a titled option, as a peer's schema gave it
    /// (`{"const":"a","title":"A","description":".."}`, which the MCP
    /// 2026-07-28 `schema.json` allows and agent clients show as help text):
    /// read by [`RequestedSchema::from_json`](crate::schema::RequestedSchema::from_json)
    /// and written back where it was. Options this crate builds (derived
    /// enums, the run-time builders) have none.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// The title, or the wire value when the option has none: what a titled
    /// shape puts in `title` and the legacy shape in `enumNames`.
    pub fn label(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.value)
    }
}

impl EnumOption {
    pub(crate) const fn value_cow(&self) -> &Cow<'static, str> {
        &self.value
    }

    /// The same option with a peer's `description`.
    pub(crate) fn with_description(mut self, description: Option<String>) -> Self {
        self.description = description.map(Cow::Owned);
        self
    }
}

/// Whether some option has a title: what makes a select's shape titled.
pub(crate) fn is_titled(options: &[EnumOption]) -> bool {
    options.iter().any(|option| option.title().is_some())
}

/// An untitled option from a wire value known when the server compiles.
impl From<&'static str> for EnumOption {
    fn from(value: &'static str) -> Self {
        EnumOption::untitled(value)
    }
}

/// An untitled option from a wire value known only at run time.
impl From<String> for EnumOption {
    fn from(value: String) -> Self {
        EnumOption::new(value, None::<String>)
    }
}

/// An untitled option from a borrowed wire value known only at run time
/// (copied: options are owned), so that `SingleSelectSchema::new(&names)`
/// works on a `Vec<String>` the server keeps.
impl From<&String> for EnumOption {
    fn from(value: &String) -> Self {
        EnumOption::new(value.clone(), None::<String>)
    }
}

/// A titled option from a `(value, title)` pair.
impl<V: Into<Cow<'static, str>>, T: Into<Cow<'static, str>>> From<(V, T)> for EnumOption {
    fn from((value, title): (V, T)) -> Self {
        EnumOption::new(value, Some(title))
    }
}
