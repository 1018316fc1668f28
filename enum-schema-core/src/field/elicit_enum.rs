//! [`ElicitEnum`], the trait of a derived enum, what the derive writes
//! into it, and the two select fields its constants are
//! ([`SingleSelectField`], [`MultiSelectField`]; their builders are in
//! `select.rs`).

use std::borrow::Cow;
use std::marker::PhantomData;

use crate::error::{Error, InvalidValue};
use crate::schema::check;
use crate::schema::option::EnumOption;

/// Everything `#[derive(ElicitEnum)]` knows about an enum, in the one
/// constant `ElicitEnum::__ELICIT_ENUM_DERIVE_ONLY`; the trait's provided items read it.
/// One constant rather than one per trait item: each item in an impl is a
/// body for the user's compiler to check, on every build.
pub struct Derived<T: 'static> {
    /// The generated `__elicit_index`: the variant's position in
    /// `options`, or a skipped variant's wire value.
    pub index: fn(&T) -> Result<usize, &'static str>,
    /// `OPTIONS`.
    pub options: &'static [EnumOption],
    /// The canonical JSON of the single- and multi-select schemas, or
    /// `None` when the description comes from a macro.
    pub json: Option<[&'static str; 2]>,
    /// `title`, on both schemas.
    pub title: Option<&'static str>,
    /// `description` (or the doc comment), on both schemas.
    pub description: Option<&'static str>,
    /// The single-select `default`, a wire value.
    pub default: Option<&'static str>,
    /// The legacy `enumNames` form.
    pub legacy: bool,
    /// The multi-select `minItems`.
    pub min_items: Option<usize>,
    /// The multi-select `maxItems`.
    pub max_items: Option<usize>,
    /// The multi-select `default`, wire values.
    pub default_items: Option<&'static [&'static str]>,
    /// Every alias (`#[elicit(alias)]`, serde's) with its option's
    /// position in `options`: what a form field's `default = "alias"`
    /// names.
    pub aliases: &'static [(&'static str, usize)],
}

impl<T> Derived<T> {
    /// No options and no attributes: the base the derive updates (it
    /// always sets `index`, `options` and `json`), and the stub impl of a
    /// derive that failed.
    pub const NONE: Self = Derived {
        index: |_| Err(""),
        options: &[],
        json: None,
        title: None,
        description: None,
        default: None,
        legacy: false,
        min_items: None,
        max_items: None,
        default_items: None,
        aliases: &[],
    };
}

/// A derived variant's wire value, from its generated `__elicit_index`:
/// the value of its option in `T::OPTIONS`, or a skipped variant's own
/// (the `Err`). A `const fn`, so `ElicitForm` checks a default variant when
/// the server compiles.
pub const fn wire_value<T: ElicitEnum>(index: Result<usize, &'static str>) -> &'static str {
    match index {
        Ok(index) => match T::OPTIONS[index].value_cow() {
            Cow::Borrowed(value) => value,
            Cow::Owned(_) => panic!("a derived enum's options are borrowed"),
        },
        Err(value) => value,
    }
}

/// A fieldless enum offered as a choice in an MCP elicitation form.
///
/// Derive it; the attributes below set the wire values, the titles and the
/// field-level defaults, and the derive checks them when the server
/// compiles. The trait is implemented by the derive only: it has a hidden
/// required item. Choices known only at run time are
/// [`SingleSelectSchema`](crate::schema::SingleSelectSchema) and
/// [`MultiSelectSchema`](crate::schema::MultiSelectSchema).
///
/// ```compile_fail,E0046
/// use enum_schema::ElicitEnum;
///
/// enum Color {
///     Red,
/// }
///
/// // error[E0046]: not all trait items implemented, missing: `__ELICIT_ENUM_DERIVE_ONLY`
/// impl ElicitEnum for Color {
///     fn from_wire_value(value: &str) -> Option<Self> {
///         (value == "red").then_some(Color::Red)
///     }
/// }
/// ```
///
/// # Attributes on the enum
///
/// | attribute | effect |
/// |---|---|
/// | `title = "..."` | the field's `title` |
/// | `description = "..."` | the field's `description`; without it, the enum's doc comment (lines joined with spaces, paragraphs with a blank line; a `/** .. */` comment without its ` * ` decoration, as rustdoc shows it; a `#[doc = include_str!(..)]` or other macro line counts as one line, and the whole is trimmed) |
/// | `description = false` | no `description`: the doc comment stays for Rust readers |
/// | `rename_all = "..."` | serde's rule for wire values: `lowercase`, `UPPERCASE`, `PascalCase`, `camelCase`, `snake_case`, `SCREAMING_SNAKE_CASE`, `kebab-case`, `SCREAMING-KEBAB-CASE` |
/// | `default = Variant` or `default = "value"` | the single-select `default` |
/// | `legacy` | emit the deprecated `enum` + `enumNames` form for single-select |
/// | `min_items = N`, `max_items = N` | the multi-select `minItems`, `maxItems` |
/// | `default_items = [A, "b", ..]` | the multi-select `default` |
/// | `from_str` | `impl FromStr`: `"high".parse::<Priority>()` is [`parse`](Self::parse) (wire values and aliases, compared exactly), its error an owned [`Error`] of kind [`ErrorKind::InvalidValue`](crate::ErrorKind::InvalidValue) |
/// | `display` | `impl Display`: the wire value ([`value`](Self::value)), padded as a `str` is (`{:>8}`) |
/// | `as_ref` | `impl AsRef<str>`: the wire value |
/// | `crate = "path"` | where to find this crate when it is not `::enum_schema`: a dependency renamed in Cargo.toml (`es = { package = "enum-schema" }` takes `crate = "es"`), or a crate that re-exports it (`crate = "my_crate::schema"`). Without it, rustc says ``cannot find `enum_schema` in the crate root`` (``could not find `enum_schema` in the list of imported crates``), spanned on the derive; the other cure is one line in the crate root, `extern crate es as enum_schema;`, which serves every derive of the crate |
///
/// `from_str`, `display` and `as_ref` are opt-in, as strum makes each its
/// own derive: an enum may have a `Display` of its own (for people, where
/// the wire value is for machines), which a derived one would conflict
/// with, and an impl the enum does not use would still cost every build a
/// body to check.
///
/// ```
/// use enum_schema::{ElicitEnum, ErrorKind};
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase", from_str, display, as_ref)]
/// enum Severity {
///     #[elicit(alias = "s1")]
///     Sev1,
///     Sev2,
/// }
///
/// assert_eq!("sev2".parse::<Severity>(), Ok(Severity::Sev2));
/// assert_eq!("s1".parse::<Severity>(), Ok(Severity::Sev1));
/// let error = "sev3".parse::<Severity>().unwrap_err();
/// assert!(matches!(error.kind(), ErrorKind::InvalidValue { value, .. } if value == "sev3"));
/// assert_eq!(error.to_string(), r#"invalid value "sev3": expected one of "sev1", "sev2""#);
/// assert_eq!(Severity::Sev1.to_string(), "sev1");
/// assert_eq!(format!("[{:>6}]", Severity::Sev2), "[  sev2]");
/// assert_eq!(Severity::Sev2.as_ref(), "sev2");
/// ```
///
/// # Attributes on a variant
///
/// | attribute | effect |
/// |---|---|
/// | `title = "..."` | the option's title; any title makes the schema titled |
/// | `rename = "..."` | the wire value |
/// | `alias = "..."` | another value accepted when parsing, never offered (repeatable) |
/// | `skip` | never offered, never accepted |
/// | `default` | this variant is the single-select `default` |
///
/// The derive also reads the enum's `#[serde(rename_all = "...")]` and each
/// variant's `#[serde(rename = "...")]`, `#[serde(alias = "...")]` and
/// `#[serde(skip)]`/`#[serde(skip_deserializing)]`, so that serde and the
/// schema agree; where `#[elicit]` and `#[serde]` both name a variant and
/// would give it different wire values, that is a compile error. A derive
/// cannot see serde's own derive, only its attributes: on a type that also
/// derives serde, put the naming on `#[serde(...)]` (the schema follows it)
/// rather than on `#[elicit(...)]` alone. Raw identifiers lose their `r#`,
/// as in serde; `rename_all` changes ASCII letters only, as in serde.
/// serde's `#[serde(untagged)]`, `#[serde(tag = "..")]` and
/// `#[serde(tag = "..", content = "..")]` on the enum, and `untagged` on an
/// offered variant, are compile errors: serde writes such a unit variant
/// as `null` or as an object, and reads no wire value back.
///
/// In a titled schema every offered variant needs a title: a variant
/// without one is a compile error that names it (a forgotten title would
/// otherwise show the raw value to the user). Two offered variants with the
/// same title (compared exactly, as wire values are; the legacy
/// `enumNames` too) are a compile error on the second title: a person
/// could not tell the two options apart. A skipped variant's title does not
/// count. Doc comments on variants are
/// for Rust readers and never change the schema. An empty wire value or
/// alias (`rename = ""`, also through `#[serde]`) is a compile error:
/// form renderers send `""` for "nothing selected", so such an option could
/// never be told apart from no answer. So are an empty `title` and an
/// empty `description`.
///
/// The enum's doc comment is what end users read under the field. When it
/// is written for developers, keep it out with `description = false`, or
/// replace it with `description = "..."`:
///
/// ```
/// use enum_schema::ElicitEnum;
/// use serde_json::json;
///
/// /// Maps to the `region` column; see `Deployment::apply`.
/// #[derive(ElicitEnum)]
/// #[elicit(rename_all = "kebab-case", description = false)]
/// enum Region {
///     UsEast,
///     EuWest,
/// }
///
/// assert_eq!(
///     serde_json::to_value(Region::SINGLE_SELECT).unwrap(),
///     json!({"type": "string", "enum": ["us-east", "eu-west"]}),
/// );
/// ```
///
/// ```
/// use enum_schema::ElicitEnum;
/// use serde_json::json;
///
/// /// Where the data lives.
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "kebab-case", default = OnPremises, min_items = 1)]
/// enum Hosting {
///     #[elicit(title = "On premises", alias = "onprem")]
///     OnPremises,
///     #[elicit(title = "Public cloud")]
///     PublicCloud,
///     #[elicit(skip)]
///     Retired,
/// }
///
/// assert_eq!(
///     serde_json::to_value(Hosting::SINGLE_SELECT).unwrap(),
///     json!({
///         "type": "string",
///         "description": "Where the data lives.",
///         "oneOf": [
///             {"const": "on-premises", "title": "On premises"},
///             {"const": "public-cloud", "title": "Public cloud"},
///         ],
///         "default": "on-premises",
///     }),
/// );
/// assert_eq!(
///     serde_json::to_value(Hosting::MULTI_SELECT).unwrap(),
///     json!({
///         "type": "array",
///         "description": "Where the data lives.",
///         "minItems": 1,
///         "items": {"anyOf": [
///             {"const": "on-premises", "title": "On premises"},
///             {"const": "public-cloud", "title": "Public cloud"},
///         ]},
///     }),
/// );
/// assert_eq!(Hosting::from_wire_value("onprem"), Some(Hosting::OnPremises));
/// assert_eq!(Hosting::from_wire_value("retired"), None);
/// assert_eq!(Hosting::PublicCloud.value(), "public-cloud");
/// ```
///
/// # Your own items of the same name
///
/// The trait's items have short names (`value`, `title`, `label`, `parse`, `variants`,
/// `OPTIONS`, ..). An inherent item of your enum with the same name wins
/// where you write `Level::parse(..)` or `level.value()`, as Rust resolves
/// inherent items first; reach the trait's with `<Level as
/// ElicitEnum>::parse(..)` or `ElicitEnum::value(&level)`. The code the
/// derives generate always names the trait's, so your items never change
/// what a form sends or accepts.
///
/// ```
/// use enum_schema::ElicitEnum;
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Level { Low, High }
///
/// impl Level {
///     /// A value of the server's own: not the wire value.
///     fn value(&self) -> u8 {
///         match self { Level::Low => 1, Level::High => 9 }
///     }
/// }
///
/// assert_eq!(Level::High.value(), 9);
/// assert_eq!(ElicitEnum::value(&Level::High), "high");
/// assert_eq!(<Level as ElicitEnum>::parse("high"), Ok(Level::High));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an ElicitEnum, so it cannot be offered as a choice",
    label = "not an ElicitEnum",
    note = "derive it on a fieldless enum with `#[derive(ElicitEnum)]`",
    note = "a form field can also be a String, bool, integer up to 64 bits, f32, f64, a Vec of an ElicitEnum, or an Option of these"
)]
pub trait ElicitEnum: Sized + 'static {
    /// What the derive knows about the enum; the provided items read it.
    /// Not public API: its name is what the compiler shows someone who
    /// implements the trait by hand.
    #[doc(hidden)]
    const __ELICIT_ENUM_DERIVE_ONLY: Derived<Self>;

    /// The offered options (skipped variants left out), in declaration order.
    const OPTIONS: &'static [EnumOption] = Self::__ELICIT_ENUM_DERIVE_ONLY.options;

    /// The single-select schema, with the enum-level attributes.
    const SINGLE_SELECT: SingleSelectField<Self> =
        SingleSelectField::from_derived(&Self::__ELICIT_ENUM_DERIVE_ONLY);

    /// The multi-select schema, with the enum-level attributes.
    const MULTI_SELECT: MultiSelectField<Self> =
        MultiSelectField::from_derived(&Self::__ELICIT_ENUM_DERIVE_ONLY);

    /// The variant's wire value (also for a skipped variant: the value serde
    /// would use).
    #[inline]
    fn value(&self) -> &'static str {
        wire_value::<Self>((Self::__ELICIT_ENUM_DERIVE_ONLY.index)(self))
    }

    /// The variant's title (`#[elicit(title = "..")]`), what a person is
    /// shown for it: `None` for a variant without one (an untitled enum)
    /// and for a skipped variant.
    ///
    /// ```
    /// use enum_schema::ElicitEnum;
    ///
    /// #[derive(ElicitEnum)]
    /// #[elicit(rename_all = "snake_case")]
    /// enum Reason {
    ///     #[elicit(title = "Arrived late")]
    ///     Late,
    ///     #[elicit(title = "Arrived damaged")]
    ///     Damaged,
    /// }
    ///
    /// let reason = Reason::Late;
    /// assert_eq!(reason.title(), Some("Arrived late"));
    /// assert_eq!(format!("Refund €42.50 ({})?", reason.label()), "Refund €42.50 (Arrived late)?");
    /// assert_eq!(reason.value(), "late");
    /// ```
    #[inline]
    fn title(&self) -> Option<&'static str> {
        Self::OPTIONS.get(self.option_index()?)?.title()
    }

    /// What a person is shown for the variant: its [`title`](Self::title),
    /// or its wire [`value`](Self::value) where it has none, as
    /// [`EnumOption::label`] says of an option.
    #[inline]
    fn label(&self) -> &'static str {
        self.title().unwrap_or_else(|| self.value())
    }

    /// The variant's position in [`OPTIONS`](Self::OPTIONS); `None` for a
    /// skipped variant.
    #[inline]
    fn option_index(&self) -> Option<usize> {
        (Self::__ELICIT_ENUM_DERIVE_ONLY.index)(self).ok()
    }

    /// The offered variant at `index` in [`OPTIONS`](Self::OPTIONS); `None`
    /// past its end: the variant whose wire value is that option's.
    fn from_option_index(index: usize) -> Option<Self> {
        Self::from_wire_value(Self::OPTIONS.get(index)?.value())
    }

    /// The offered variant whose wire value or alias is `value` (a `&str`,
    /// as strum's `from_str`), compared exactly (no case folding, no
    /// titles); `None` otherwise. [`parse`](Self::parse) is the same lookup
    /// with an error.
    fn from_wire_value(value: &str) -> Option<Self>;

    /// The offered variants with their options, in declaration order.
    fn variants() -> impl Iterator<Item = (Self, &'static EnumOption)> {
        Self::OPTIONS
            .iter()
            .enumerate()
            .filter_map(|(index, option)| Some((Self::from_option_index(index)?, option)))
    }

    /// Parses one wire value.
    ///
    /// # Errors
    ///
    /// [`InvalidValue`] if `value` is not an offered variant's value or
    /// alias: it borrows `value` and allocates nothing; `?` turns it into
    /// an [`Error`] of kind [`ErrorKind::InvalidValue`](crate::ErrorKind::InvalidValue) naming no field.
    #[inline]
    fn parse(value: &str) -> Result<Self, InvalidValue<'_>> {
        Self::from_wire_value(value).ok_or(InvalidValue::new(value, Self::OPTIONS))
    }

    /// Parses one JSON answer, a `serde_json::Value` (as serde_json's
    /// `from_value` takes one): [`SingleSelectField::parse_value`] on
    /// [`SINGLE_SELECT`](Self::SINGLE_SELECT).
    ///
    /// # Errors
    ///
    /// As [`SingleSelectField::parse_value`].
    #[inline]
    fn parse_value(value: serde_json::Value) -> Result<Self, Error> {
        check::single(
            value,
            || Cow::Borrowed(Self::OPTIONS),
            Self::from_wire_value,
        )
    }
}

// The two select fields are the trait's constants, so they are defined
// here, below `select.rs`, which gives them their builders, getters,
// parsing and serialization.

/// The single-select schema of an [`ElicitEnum`] type: the options of `T`
/// plus the field's `title`, `description`, `default`, and the choice of the
/// legacy form.
///
/// Serializes to the JSON of [`SingleSelectSchema`](crate::schema::SingleSelectSchema) (untitled
/// `{"type":"string","enum":[..]}`, titled `{"type":"string","oneOf":[..]}` or
/// legacy `{"type":"string","enum":[..],"enumNames":[..]}`; MCP 2025-11-25,
/// SEP-1330) without allocating. The builders are `const fn`, so a constant
/// built from them is checked when the server compiles:
///
/// ```
/// use enum_schema::{ElicitEnum, SingleSelectField};
///
/// #[derive(ElicitEnum)]
/// #[elicit(rename_all = "lowercase")]
/// enum Severity {
///     #[elicit(title = "Low")]
///     Low,
///     #[elicit(title = "High")]
///     High,
/// }
///
/// const SEVERITY: SingleSelectField<Severity> = Severity::SINGLE_SELECT
///     .with_title("Severity")
///     .with_default_value("high");
///
/// assert_eq!(
///     serde_json::to_value(SEVERITY).unwrap(),
///     serde_json::json!({
///         "type": "string",
///         "title": "Severity",
///         "oneOf": [{"const": "low", "title": "Low"}, {"const": "high", "title": "High"}],
///         "default": "high",
///     }),
/// );
/// ```
///
/// A default that is not an option fails to compile:
///
/// ```compile_fail
/// # use enum_schema::{ElicitEnum, SingleSelectField};
/// # #[derive(ElicitEnum)]
/// # enum Severity { Low, High }
/// const SEVERITY: SingleSelectField<Severity> = Severity::SINGLE_SELECT.with_default_value("huge");
/// # fn main() { let _ = SEVERITY; }
/// ```
pub struct SingleSelectField<T> {
    pub(super) title: Option<&'static str>,
    pub(super) description: Option<&'static str>,
    pub(super) default: Option<&'static str>,
    pub(super) legacy: bool,
    /// The canonical JSON, written by the derive, while no builder has
    /// changed the schema.
    pub(super) json: Option<&'static str>,
    pub(super) marker: PhantomData<fn() -> T>,
}

impl<T: ElicitEnum> SingleSelectField<T> {
    /// `T::SINGLE_SELECT`: the derive's enum-level attributes.
    const fn from_derived(derived: &Derived<T>) -> Self {
        SingleSelectField {
            title: derived.title,
            description: derived.description,
            default: derived.default,
            legacy: derived.legacy,
            json: match derived.json {
                Some([single, _]) => Some(single),
                None => None,
            },
            marker: PhantomData,
        }
    }
}

/// The `default` of a [`MultiSelectField`]: wire values (what a constant
/// holds) or variants.
pub(super) enum Defaults<T: 'static> {
    None,
    Values(&'static [&'static str]),
    Variants(&'static [T]),
}

impl<T> Clone for Defaults<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Defaults<T> {}

/// The multi-select schema of an [`ElicitEnum`] type, answered by a
/// `Vec<T>`: the options of `T` plus the field's `title`, `description`,
/// `minItems`, `maxItems` and `default`.
///
/// Serializes to the JSON of [`MultiSelectSchema`](crate::schema::MultiSelectSchema) (untitled
/// `{"type":"array","items":{"type":"string","enum":[..]}}` or titled
/// `{"type":"array","items":{"anyOf":[..]}}`; MCP 2025-11-25, SEP-1330). The
/// builders are `const fn` and check the bounds and the default against each
/// other and against the options, so a constant that breaks a rule fails to
/// compile:
///
/// ```
/// use enum_schema::{ElicitEnum, MultiSelectField};
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Color { Red, Green, Blue }
///
/// const COLORS: MultiSelectField<Color> = Color::MULTI_SELECT
///     .with_min_items(1)
///     .with_max_items(2)
///     .with_default_values(&["red"]);
///
/// assert_eq!(
///     serde_json::to_value(COLORS).unwrap(),
///     serde_json::json!({
///         "type": "array",
///         "minItems": 1,
///         "maxItems": 2,
///         "items": {"type": "string", "enum": ["red", "green", "blue"]},
///         "default": ["red"],
///     }),
/// );
/// assert_eq!(COLORS.parse_value(serde_json::json!(["blue", "red"])), Ok(vec![Color::Blue, Color::Red]));
/// ```
///
/// ```compile_fail
/// # use enum_schema::{ElicitEnum, MultiSelectField};
/// # #[derive(ElicitEnum)]
/// # enum Color { Red, Green, Blue }
/// // two defaults cannot fit in at most one item
/// const COLORS: MultiSelectField<Color> = Color::MULTI_SELECT.with_default_values(&["Red", "Blue"]).with_max_items(1);
/// # fn main() { let _ = COLORS; }
/// ```
pub struct MultiSelectField<T: 'static> {
    pub(super) title: Option<&'static str>,
    pub(super) description: Option<&'static str>,
    pub(super) min_items: Option<usize>,
    pub(super) max_items: Option<usize>,
    pub(super) default: Defaults<T>,
    /// The canonical JSON, written by the derive, while no builder has
    /// changed the schema.
    pub(super) json: Option<&'static str>,
    pub(super) marker: PhantomData<fn() -> T>,
}

impl<T: ElicitEnum> MultiSelectField<T> {
    /// `T::MULTI_SELECT`: the derive's enum-level attributes.
    const fn from_derived(derived: &Derived<T>) -> Self {
        MultiSelectField {
            title: derived.title,
            description: derived.description,
            min_items: derived.min_items,
            max_items: derived.max_items,
            default: match derived.default_items {
                Some(values) => Defaults::Values(values),
                None => Defaults::None,
            },
            json: match derived.json {
                Some([_, multi]) => Some(multi),
                None => None,
            },
            marker: PhantomData,
        }
    }
}
