//! A form made of enum fields, built at run time: the `requestedSchema` it
//! sends and the typed parsing of the `ElicitResult` that answers it.

use std::borrow::Cow;
use std::collections::HashSet;

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind};
use crate::field::FormField;
use crate::schema::{ElicitRequestFormParams, PrimitiveSchema, RequestedSchema};

mod action;
mod text;

pub(crate) use self::action::parse_action;
pub use self::action::ElicitAction;
pub(crate) use self::text::read_answer_text;

/// A field the user may leave empty: the same property, not in `required`,
/// answered by `None` when the client sends no value.
///
/// A `null` is no value: the field left out, answered by `None`. The
/// spec's content values are never null, but the official Python SDK's
/// `ElicitResult` allows them and form libraries send `null` for a blank
/// optional field.
#[derive(Clone, Copy, Debug)]
pub struct Optional<F> {
    field: F,
}

impl<F> Optional<F> {
    /// Makes `field` optional: answered by `None` when the client sends no
    /// value.
    pub const fn new(field: F) -> Self {
        Optional { field }
    }

    /// The wrapped field.
    pub fn field(&self) -> &F {
        &self.field
    }
}

impl<F: FormField> FormField for Optional<F> {
    type Output = Option<F::Output>;

    fn property(&self) -> PrimitiveSchema {
        self.field.property()
    }

    fn is_required(&self) -> bool {
        false
    }

    fn parse_field(&self, name: &'static str, value: Option<Value>) -> Result<Self::Output, Error> {
        match value {
            None | Some(Value::Null) => Ok(None),
            Some(value) => self.field.parse_field(name, Some(value)).map(Some),
        }
    }
}

/// A field the client may leave out, answered then by the field's
/// `default` (serde's `#[serde(default)]` habit, opt-in): the same
/// property, with its `default`, not in `required`. What
/// `#[elicit(fill_default)]` does on a derived form's field.
///
/// A value the client sends is parsed as the field's own; only a field
/// left out is filled, and the default goes through the same parsing, so
/// the answer is the same as if the client had sent it. A `null` is the
/// field left out, and filled the same way (see [`Optional`]). Without this
/// wrapper a field stays required and is never filled silently.
///
/// Properties the form does not name are ignored (as every parser of a
/// form does), so a client that misspells this field's name (`"Region"`
/// for `"region"`) gets the default, where a required field would have
/// been refused as missing: use it for fields whose default is a safe
/// answer. Wrap the field itself, not an [`Optional`] (the derive refuses
/// `fill_default` on an `Option` field for the same reason): an optional
/// field already has an answer for "left out", `None`.
///
/// A peer of 2025-06-18 is not sent the `default` of anything but a
/// boolean (that revision has none), so it cannot show the user what an
/// empty field means; say it in the field's description.
///
/// ```
/// use enum_schema::schema::SingleSelectSchema;
/// use enum_schema::{ElicitAction, FillDefault, Form, NumberField};
/// use serde_json::json;
///
/// let regions = SingleSelectSchema::new(["eu", "us"]).unwrap().with_default_value("eu").unwrap();
/// let form = Form::new((
///     ("region", FillDefault::new(&regions)),
///     ("replicas", FillDefault::new(NumberField::<u8>::new().with_default_value(3))),
/// ));
/// assert_eq!(
///     serde_json::to_value(form.requested_schema()).unwrap(),
///     json!({
///         "type": "object",
///         "properties": {
///             "region": {"type": "string", "enum": ["eu", "us"], "default": "eu"},
///             "replicas": {"type": "integer", "minimum": 0, "maximum": 255, "default": 3},
///         },
///     }),
/// );
/// let answer = json!({"action": "accept", "content": {"replicas": 5}});
/// let ElicitAction::Accept((region, replicas)) = form.parse_result(answer).unwrap() else {
///     unreachable!()
/// };
/// assert_eq!((region.value(), replicas), ("eu", 5));
/// ```
///
/// On a derived form, the field attribute `fill_default`; an enum field may
/// fill its enum's own default:
///
/// ```
/// use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
/// use serde_json::json;
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase", default = Eu)]
/// enum Region { Eu, Us }
///
/// #[derive(ElicitForm, Debug, PartialEq)]
/// struct Deploy {
///     #[elicit(fill_default)]
///     region: Region,
///     #[elicit(default = 3, fill_default)]
///     replicas: u8,
///     name: String,
/// }
///
/// assert_eq!(
///     serde_json::to_value(Deploy::requested_schema()).unwrap()["required"],
///     json!(["name"]),
/// );
/// assert_eq!(
///     Deploy::parse_result(json!({"action": "accept", "content": {"name": "web"}})),
///     Ok(ElicitAction::Accept(Deploy { region: Region::Eu, replicas: 3, name: "web".into() })),
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FillDefault<F> {
    field: F,
}

impl<F: FormField> FillDefault<F> {
    /// Fills `field`'s `default` when the client leaves it out.
    ///
    /// # Panics
    ///
    /// If `field` has no `default` to fill: a server bug, found the first
    /// time the form is built (the derive makes it a compile error).
    pub fn new(field: F) -> Self {
        assert!(
            field.default_answer().is_some(),
            "FillDefault needs a field with a `default` to fill"
        );
        FillDefault { field }
    }

    /// The wrapped field.
    pub fn field(&self) -> &F {
        &self.field
    }
}

impl<F: FormField> FormField for FillDefault<F> {
    type Output = F::Output;

    fn property(&self) -> PrimitiveSchema {
        self.field.property()
    }

    fn is_required(&self) -> bool {
        false
    }

    fn default_answer(&self) -> Option<Value> {
        self.field.default_answer()
    }

    fn parse_field(&self, name: &'static str, value: Option<Value>) -> Result<F::Output, Error> {
        let value = sent(value).or_else(|| self.field.default_answer());
        self.field.parse_field(name, value)
    }
}

/// The value sent for an optional field: a `null` is none, the field left
/// out.
fn sent(value: Option<Value>) -> Option<Value> {
    value.filter(|value| !value.is_null())
}

/// A list of named fields: a tuple `((name, field), ..)` of one to twelve
/// pairs, whose answer is the tuple of the fields' answers.
///
/// No other type has it, `()` included: a form with no property gives the
/// person nothing to submit, and some clients cancel it; a yes or no is a
/// [`Confirm`](crate::Confirm).
// Stable rustc has no `on(Self = ..)` filter, so these words must hold for
// whatever is passed: `()`, a lone field, a pair without its trailing comma,
// thirteen pairs, a `String` name.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list of form fields",
    label = "expected a tuple of 1 to 12 `(&'static str, field)` pairs, with a comma after a lone pair: `Form::new(((\"name\", StringField::new()),))`",
    note = "a form needs at least one field: a form with no property gives the user nothing to submit, and some clients cancel it; to ask yes or no, use `enum_schema::Confirm`, a form of its own (`Confirm::request(message)`); for more than twelve fields, derive `ElicitForm` on a struct"
)]
pub trait FormFields {
    /// The typed content: a tuple with one element per field.
    type Output;

    /// The field names, in order.
    fn names(&self) -> Vec<&'static str>;

    /// The `requestedSchema`.
    fn requested_schema(&self) -> RequestedSchema;

    /// Parses an accepted `content`; every field is checked, and all their
    /// errors are reported together.
    ///
    /// # Errors
    ///
    /// The field's error when one field fails, [`ErrorKind::Multiple`] when
    /// several do.
    fn parse_content(&self, content: Map<String, Value>) -> Result<Self::Output, Error>;
}

// No `#[diagnostic::do_not_recommend]` on these impls: it would hide the
// nested `FormField` error (`&str` is not a form field, write `&select`)
// behind the vaguer `FormFields` one; the price is rustc's list of them.
macro_rules! tuple_fields {
    ($($field:ident $index:tt),+) => {
        impl<$($field: FormField),+> FormFields for ($((&'static str, $field),)+) {
            type Output = ($($field::Output,)+);

            fn names(&self) -> Vec<&'static str> {
                vec![$(self.$index.0),+]
            }

            fn requested_schema(&self) -> RequestedSchema {
                let mut schema = RequestedSchema::default();
                $(
                    schema.properties.push((Cow::Borrowed(self.$index.0), self.$index.1.property()));
                    if self.$index.1.is_required() {
                        schema.required.push(Cow::Borrowed(self.$index.0));
                    }
                )+
                schema
            }

            #[allow(non_snake_case)]
            fn parse_content(&self, mut content: Map<String, Value>) -> Result<Self::Output, Error> {
                let mut errors = Vec::new();
                $(
                    let $field = self.$index.1
                        .parse_field(self.$index.0, content.remove(self.$index.0))
                        .map_err(|error| errors.push(error))
                        .ok();
                )+
                match Error::combine(errors) {
                    Some(error) => Err(error),
                    None => match ($($field,)+) {
                        ($(Some($field),)+) => Ok(($($field,)+)),
                        _ => unreachable!("every field parsed"),
                    },
                }
            }
        }
    };
}

for_each_tuple!(tuple_fields);

/// An elicitation form built at run time from a tuple of named
/// [`FormField`]s (derived enum fields, selects built from options known at
/// run time, strings, numbers, booleans, optional ones, ones that
/// [fill their default](FillDefault)):
/// it gives the `requestedSchema` to send and parses the `ElicitResult` that
/// comes back into a tuple of typed answers. For a fixed form, derive
/// [`ElicitForm`] on a struct instead.
///
/// ```
/// use enum_schema::{ElicitAction, ElicitEnum, Form, Optional};
/// use serde_json::json;
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Size { Small, Large }
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Topping { Cheese, Olives, Basil }
///
/// let form = Form::new((
///     ("size", Size::SINGLE_SELECT),
///     ("toppings", Topping::MULTI_SELECT.with_max_items(2)),
///     ("extra", Optional::new(Topping::SINGLE_SELECT)),
/// ));
///
/// assert_eq!(
///     serde_json::to_value(form.requested_schema()).unwrap(),
///     json!({
///         "type": "object",
///         "properties": {
///             "size": {"type": "string", "enum": ["small", "large"]},
///             "toppings": {
///                 "type": "array",
///                 "maxItems": 2,
///                 "items": {"type": "string", "enum": ["cheese", "olives", "basil"]},
///             },
///             "extra": {"type": "string", "enum": ["cheese", "olives", "basil"]},
///         },
///         "required": ["size", "toppings"],
///     }),
/// );
///
/// let answer = json!({"action": "accept", "content": {"size": "large", "toppings": ["basil"]}});
/// assert_eq!(
///     form.parse_result(answer),
///     Ok(ElicitAction::Accept((Size::Large, vec![Topping::Basil], None))),
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Form<F> {
    fields: F,
}

impl<F: FormFields> Form<F> {
    /// A form of these fields, in this order.
    ///
    /// # Panics
    ///
    /// If two fields have the same name.
    pub fn new(fields: F) -> Self {
        let names = fields.names();
        for (i, name) in names.iter().enumerate() {
            assert!(
                !names[..i].contains(name),
                "two form fields are named `{name}`"
            );
        }
        Form { fields }
    }

    /// The `requestedSchema`: `{"type":"object","properties":{..},"required":[..]}`.
    pub fn requested_schema(&self) -> RequestedSchema {
        self.fields.requested_schema()
    }

    /// The params of an `elicitation/create` request:
    /// `{"message": message, "requestedSchema": {..}}`.
    pub fn request(&self, message: impl Into<Cow<'static, str>>) -> ElicitRequestFormParams {
        ElicitRequestFormParams {
            message: message.into(),
            requested_schema: self.requested_schema(),
        }
    }

    /// Parses a whole `ElicitResult`: `{"action":"accept","content":{..}}`,
    /// `{"action":"decline"}` or `{"action":"cancel"}`.
    ///
    /// An `accept` without `content` counts as empty content. Properties not
    /// in the form are ignored. The content of a `decline` or `cancel` is
    /// not looked at.
    ///
    /// # Errors
    ///
    /// The errors of the `ElicitResult` itself ([`ErrorKind::MalformedResult`]
    /// for a result or `content` that is no object, [`ErrorKind::MissingAction`]
    /// and [`ErrorKind::UnknownAction`] for its `action`), then every field's error (see
    /// [`FormFields::parse_content`]).
    pub fn parse_result(&self, result: Value) -> Result<ElicitAction<F::Output>, Error> {
        match parse_action(result)? {
            ElicitAction::Accept(content) => {
                self.fields.parse_content(content).map(ElicitAction::Accept)
            }
            ElicitAction::Decline => Ok(ElicitAction::Decline),
            ElicitAction::Cancel => Ok(ElicitAction::Cancel),
        }
    }

    /// Parses an `ElicitResult` from JSON text.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::MalformedResult`] if `json` is not JSON, then as
    /// [`parse_result`](Self::parse_result).
    pub fn parse_result_str(&self, json: &str) -> Result<ElicitAction<F::Output>, Error> {
        read_answer_text(json)?.parse(
            |result| self.parse_result(result),
            || self.requested_schema(),
        )
    }
}

/// A struct whose fields are the questions of one elicitation form: derive
/// it with `#[derive(ElicitForm)]`.
///
/// Each named field becomes one property of the `requestedSchema`, in
/// declaration order:
///
/// | field type | property |
/// |---|---|
/// | `T: ElicitEnum` | single-select ([`ElicitEnum::SINGLE_SELECT`](crate::ElicitEnum::SINGLE_SELECT)) |
/// | `Vec<T>`, `T: ElicitEnum` | multi-select ([`ElicitEnum::MULTI_SELECT`](crate::ElicitEnum::MULTI_SELECT)) |
/// | `String` | `{"type":"string"}` with `minLength`, `maxLength`, `format` |
/// | `bool` | `{"type":"boolean"}` |
/// | `i8`..`i64`, `u8`..`u64`, `isize`, `usize` | `{"type":"integer"}`, `minimum`/`maximum` narrowed to the type's range unless given (at most `i64::MAX` is advertised, the largest bound SDK models such as rmcp's read; a `u64` or `usize` field accepts its whole range) |
/// | `f32`, `f64` | `{"type":"number"}` |
/// | [`OwnedChoice`](crate::OwnedChoice) | single-select whose options are given when the request is built |
/// | `Vec<OwnedChoice>` | multi-select whose options are given when the request is built |
/// | `Option<X>` | as `X`, but not in `required` |
///
/// A form with an `OwnedChoice` field takes its options when it is asked:
/// it implements [`ElicitFormWith`] (with a generated options struct)
/// instead of this trait, and is asked with `request_with(message,
/// &options)` and read with `parse_result_with(answer, &options)`. Every
/// `ElicitForm` is an `ElicitFormWith` with `()` options.
///
/// Field attributes (`#[elicit(...)]`): `title`, `description` (the doc
/// comment by default; `description = false` leaves the property without
/// one, also when its enum has one), `rename`,
/// `default = <constant expression>` (type-checked against the field; on an
/// enum field a bare name such as `default = High` is a variant, a string
/// is a wire value or an alias (the request carries the option's value),
/// and a constant is named by its path: `self::DEFAULT`, `crate::defaults::SIZE`,
/// or `Self::DEFAULT` for an associated constant of the form, since `Self`
/// in these expressions is the form struct), `min_length`, `max_length`,
/// `format = "email" | "uri" | "date" | "date-time"` (strings), `minimum`,
/// `maximum` (numbers, constant expressions of the field's type), `min_items`,
/// `max_items`, `default_items = [A, "b"]` (multi-selects: variant names,
/// wire values or aliases; they override the enum's own), `fill_default` (opt-in: the
/// field leaves `required`, and its default, the field's own or else its
/// enum's, is filled when the client leaves it out; see [`FillDefault`]; a
/// compile error when there is no default to fill, or on an `Option`
/// field). Defaults and bounds are
/// checked against each other, and against the options and formats, when
/// the server compiles. Field types are recognized by name (`String`, `bool`,
/// `u8`, .., `Option`, `Vec`, with any path before it, also when a
/// `macro_rules!` macro passes them as `$t:ty`): a type alias of `String` is
/// taken for an enum. On the struct: `rename_all` (serde's field rules),
/// `message` (the default request message, not empty; not on a form with
/// run-time options), `options = "Name"` (the name of the generated
/// options struct of [`ElicitFormWith`]), `crate = "path"`
/// (where to find this crate when it is not `::enum_schema`, as on
/// [`ElicitEnum`](crate::ElicitEnum): `crate = "es"` for a dependency
/// renamed to `es`, or `extern crate es as enum_schema;` once in the crate
/// root). serde's `rename_all`
/// on the struct and `rename` on fields are honoured, as for enums; an
/// empty property name, from either, is a compile error.
///
/// A doc comment on a field is its description, which end users read:
///
/// ```
/// use enum_schema::ElicitForm;
/// use serde_json::json;
///
/// #[derive(ElicitForm)]
/// struct Deploy {
///     /// Which build to ship.
///     tag: String,
///     /// Internal: validated again by `Deploy::run`.
///     #[elicit(description = false)]
///     replicas: u8,
/// }
///
/// assert_eq!(
///     serde_json::to_value(Deploy::requested_schema()).unwrap(),
///     json!({
///         "type": "object",
///         "properties": {
///             "tag": {"type": "string", "description": "Which build to ship."},
///             "replicas": {"type": "integer", "minimum": 0, "maximum": 255},
///         },
///         "required": ["tag", "replicas"],
///     }),
/// );
/// ```
///
/// Parsing (MCP 2025-11-25, `ElicitResult`): every required property must be
/// present; an optional one may be absent or `null` (`None`, or the default
/// with `fill_default`); every
/// value is re-validated (options, bounds, duplicates, lengths, formats,
/// integer-ness: `3.0` is an integer, as in JSON Schema, `3.5` is not);
/// properties not in the form are ignored, as the spec lets clients add
/// nothing there that the server asked for; and all failing fields are
/// reported together.
///
/// ```
/// use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
/// use serde_json::json;
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Size { Small, Large }
///
/// #[derive(ElicitForm, Debug, PartialEq)]
/// #[elicit(rename_all = "camelCase", message = "Your order")]
/// struct Order {
///     /// How big?
///     size: Size,
///     #[elicit(minimum = 1, maximum = 10, default = 1)]
///     item_count: u8,
///     gift_note: Option<String>,
/// }
///
/// assert_eq!(
///     serde_json::to_value(Order::requested_schema()).unwrap(),
///     json!({
///         "type": "object",
///         "properties": {
///             "size": {"type": "string", "description": "How big?", "enum": ["small", "large"]},
///             "itemCount": {"type": "integer", "minimum": 1, "maximum": 10, "default": 1},
///             "giftNote": {"type": "string"},
///         },
///         "required": ["size", "itemCount"],
///     }),
/// );
/// let answer = json!({"action": "accept", "content": {"size": "large", "itemCount": 2}});
/// assert_eq!(
///     Order::parse_result(answer),
///     Ok(ElicitAction::Accept(Order { size: Size::Large, item_count: 2, gift_note: None })),
/// );
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an `ElicitForm`",
    label = "not an ElicitForm",
    note = "a struct is a form: derive it with `#[derive(ElicitForm)]`; an enum is one question: derive `ElicitEnum` on it and ask it alone with `ask.choice::<{Self}>(key, message)` (`Vec<{Self}>` for several), or make it the field of a struct that derives `ElicitForm`",
    note = "a form with `OwnedChoice` fields (options given when the request is built) implements `ElicitFormWith` instead: ask it with `request_with(message, &options)` and `parse_result_with(answer, &options)`"
)]
pub trait ElicitForm: Sized {
    /// The message set with `#[elicit(message = "...")]`, if any.
    const MESSAGE: Option<&'static str>;

    /// Whether only a person may answer this form. `Ask` never takes the
    /// answer to such a form from the tool call's arguments (the model
    /// writes those), even when the question allows it
    /// (`Question::with_argument`, feature `ask`): `true` for
    /// [`Confirm`](crate::Confirm), `false` by default.
    const PERSON_ONLY: bool = false;

    /// The `requestedSchema`: `{"type":"object","properties":{..},"required":[..]}`.
    fn requested_schema() -> RequestedSchema;

    /// Parses the `content` of an `accept`.
    ///
    /// # Errors
    ///
    /// Each failing field's error ([`ErrorKind::MissingField`], or the errors of
    /// its type's parsing, naming the field); [`ErrorKind::Multiple`] when more
    /// than one field fails.
    fn from_content(content: Map<String, Value>) -> Result<Self, Error>;

    /// The params of an `elicitation/create` request with this message.
    fn request(message: impl Into<Cow<'static, str>>) -> ElicitRequestFormParams {
        ElicitRequestFormParams {
            message: message.into(),
            requested_schema: Self::requested_schema(),
        }
    }

    /// The params of an `elicitation/create` request with this message, as a
    /// peer of `version` must receive them (see
    /// [`ElicitRequestFormParams::for_version`]).
    ///
    /// # Errors
    ///
    /// [`VersionError`](crate::VersionError) if the form cannot be asked of
    /// such a peer (a multi-select for 2025-06-18, any form before it).
    fn request_for(
        version: crate::version::ProtocolVersion,
        message: impl Into<Cow<'static, str>>,
    ) -> Result<ElicitRequestFormParams, crate::version::VersionError> {
        Self::request(message).for_version(version)
    }

    /// The params of an `elicitation/create` request with the
    /// [`MESSAGE`](Self::MESSAGE) (empty if none was set).
    fn default_request() -> ElicitRequestFormParams {
        Self::request(Self::MESSAGE.unwrap_or(""))
    }

    /// Parses a whole `ElicitResult` into accept (this struct), decline or
    /// cancel. The content of a decline or cancel is not looked at.
    ///
    /// # Errors
    ///
    /// The errors of the `ElicitResult` itself ([`ErrorKind::MalformedResult`]
    /// for a result or `content` that is no object, [`ErrorKind::MissingAction`]
    /// and [`ErrorKind::UnknownAction`] for its `action`), then those of
    /// [`from_content`](Self::from_content).
    fn parse_result(result: Value) -> Result<ElicitAction<Self>, Error> {
        match parse_action(result)? {
            ElicitAction::Accept(content) => Self::from_content(content).map(ElicitAction::Accept),
            ElicitAction::Decline => Ok(ElicitAction::Decline),
            ElicitAction::Cancel => Ok(ElicitAction::Cancel),
        }
    }

    /// Parses an `ElicitResult` from JSON text.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::MalformedResult`] if `json` is not JSON, then as
    /// [`parse_result`](Self::parse_result).
    fn parse_result_str(json: &str) -> Result<ElicitAction<Self>, Error> {
        read_answer_text(json)?.parse(Self::parse_result, Self::requested_schema)
    }
}

/// Any derived form, given what its request needs: the two calls that ask
/// a form and read its answer, whether or not some of its fields take
/// their options when the request is built.
///
/// - A form without such fields is an [`ElicitForm`], and is this trait
///   with `Options = ()`: `Triage::request_with(message, &())` is
///   `Triage::request(message)`.
/// - A form with fields of type [`OwnedChoice`](crate::OwnedChoice)
///   (single-select), `Vec<OwnedChoice>` (multi-select), or `Option` of
///   these, implements only this trait. The derive generates its `Options`:
///   a struct named after the form (`Deploy` → `DeployOptions`, or
///   `#[elicit(options = "Name")]`), with the form's visibility and one
///   field of the same name per such field: a
///   [`SingleSelectSchema`](crate::schema::SingleSelectSchema) for an `OwnedChoice`,
///   a [`MultiSelectSchema`](crate::schema::MultiSelectSchema) for a
///   `Vec<OwnedChoice>`. Both entry points take it, so a request cannot be
///   built, nor an answer read, without the options: leaving one out is a
///   compile error (a missing field of the struct), and calling
///   `Deploy::request(..)` is one too (`Deploy` is no `ElicitForm`).
///
/// The options are built, and checked, by the selects' own constructors
/// and builders (`SingleSelectSchema::new`, `with_default_value`,
/// `MultiSelectSchema::with_items`, ..., with their
/// [`SchemaError`](crate::schema::SchemaError)s), before the request: what depends
/// on them (a default, `minItems`, `maxItems`) is set there, where it is
/// checked against them, and not with a field attribute. The field's
/// `title`, `description` (or doc comment; `description = false`) and
/// `rename` attributes apply, over the select's own title and description.
/// The answer is checked against the same options (membership, bounds,
/// duplicates, with the errors of [`SingleSelectSchema::parse_value`](crate::schema::SingleSelectSchema::parse_value)
/// and [`MultiSelectSchema::parse_value`](crate::schema::MultiSelectSchema::parse_value)) and
/// comes back owned: the option's index, value and title.
///
/// Such a form has no `MESSAGE` (pass the message to
/// [`request_with`](Self::request_with)) and, with the `schemars` feature,
/// no `JsonSchema`: its schema exists only once its options are known.
///
/// ```
/// use enum_schema::{ElicitAction, ElicitEnum, ElicitForm, ElicitFormWith};
/// use enum_schema::schema::{MultiSelectSchema, SingleSelectSchema};
/// use enum_schema::OwnedChoice;
/// use serde_json::json;
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "kebab-case")]
/// enum Region { EuWest, UsEast }
///
/// #[derive(ElicitForm, Debug)]
/// struct Deploy {
///     /// Where to deploy.
///     environment: OwnedChoice,
///     regions: Vec<Region>,
///     #[elicit(maximum = 100, default = 10)]
///     canary_percent: u8,
///     reviewers: Option<Vec<OwnedChoice>>,
/// }
///
/// // Known only when the request is built:
/// let options = DeployOptions {
///     environment: SingleSelectSchema::new([("stg", "Staging"), ("prod", "Production")])?,
///     reviewers: MultiSelectSchema::new(["ada", "grace"])?.with_items(None, Some(1))?,
/// };
/// let request = serde_json::to_value(Deploy::request_with("Deploy v2?", &options)).unwrap();
/// assert_eq!(
///     request["requestedSchema"]["properties"]["environment"],
///     json!({
///         "type": "string",
///         "description": "Where to deploy.",
///         "oneOf": [{"const": "stg", "title": "Staging"}, {"const": "prod", "title": "Production"}],
///     }),
/// );
/// assert_eq!(request["requestedSchema"]["required"], json!(["environment", "regions", "canary_percent"]));
///
/// let answer = json!({"action": "accept", "content": {
///     "environment": "prod", "regions": ["eu-west"], "canary_percent": 5,
/// }});
/// let ElicitAction::Accept(deploy) = Deploy::parse_result_with(answer, &options).unwrap() else {
///     unreachable!()
/// };
/// assert_eq!((deploy.environment.index(), deploy.environment.title()), (1, Some("Production")));
/// assert_eq!((deploy.regions, deploy.canary_percent, deploy.reviewers), (vec![Region::EuWest], 5, None));
///
/// // Forms without such fields take `()`.
/// #[derive(ElicitForm)]
/// struct Confirm { sure: bool }
/// let _ = Confirm::request_with("Sure?", &());
/// # Ok::<(), enum_schema::schema::SchemaError>(())
/// ```
///
/// Leaving a select out of the options does not compile:
///
/// ```compile_fail,E0063
/// use enum_schema::schema::SingleSelectSchema;
/// use enum_schema::{ElicitForm, ElicitFormWith, OwnedChoice};
///
/// #[derive(ElicitForm)]
/// struct Pick { file: OwnedChoice, backup: OwnedChoice }
///
/// // error[E0063]: missing field `backup` in initializer of `PickOptions`
/// let options = PickOptions { file: SingleSelectSchema::new(["a.md"]).unwrap() };
/// let _ = Pick::request_with("Which file?", &options);
/// ```
///
/// Nor does asking such a form without its options:
///
/// ```compile_fail,E0599
/// use enum_schema::{ElicitForm, OwnedChoice};
///
/// #[derive(ElicitForm)]
/// struct Pick { file: OwnedChoice }
///
/// // error[E0599]: no function or associated item named `request` found for struct `Pick`
/// let _ = Pick::request("Which file?");
/// ```
pub trait ElicitFormWith: Sized {
    /// What the request and the parsing need: `()` for an [`ElicitForm`],
    /// the generated options struct for a form with fields whose options are
    /// given when the request is built.
    type Options;

    /// Whether only a person may answer this form, as
    /// [`ElicitForm::PERSON_ONLY`] says for a form without run-time options
    /// (whose value it is here): `Ask` never takes its answer from the
    /// call's arguments, nor early, nor for a question that changed since
    /// it was shown. `false` by default.
    const PERSON_ONLY: bool = false;

    /// The `requestedSchema` for these options:
    /// `{"type":"object","properties":{..},"required":[..]}`, the properties
    /// in declaration order.
    fn requested_schema_with(options: &Self::Options) -> RequestedSchema;

    /// Parses the `content` of an `accept`, checking each field against its
    /// options.
    ///
    /// # Errors
    ///
    /// As [`ElicitForm::from_content`].
    fn from_content_with(
        content: Map<String, Value>,
        options: &Self::Options,
    ) -> Result<Self, Error>;

    /// The params of an `elicitation/create` request (form mode, MCP
    /// 2025-11-25): `{"message": message, "requestedSchema": {..}}`, the
    /// schema built from `options`. Shape it for an older peer with
    /// [`ElicitRequestFormParams::for_version`]; for MCP 2026-07-28 it goes
    /// in an `input_required` result's `inputRequests`.
    fn request_with(
        message: impl Into<Cow<'static, str>>,
        options: &Self::Options,
    ) -> ElicitRequestFormParams {
        ElicitRequestFormParams {
            message: message.into(),
            requested_schema: Self::requested_schema_with(options),
        }
    }

    /// Parses a whole `ElicitResult` (`{"action":"accept","content":{..}}`,
    /// `{"action":"decline"}` or `{"action":"cancel"}`) into accept (this
    /// struct, every field re-validated against `options`), decline or
    /// cancel. Pass the options the request was built with: on MCP
    /// 2026-07-28 the answer comes in a retried call, perhaps to another
    /// server process, which must rebuild them from the same source (an
    /// option gone since is refused; an [`OwnedChoice`](crate::OwnedChoice)'s
    /// index is its position in the options passed here).
    ///
    /// # Errors
    ///
    /// The errors of the `ElicitResult` itself ([`ErrorKind::MalformedResult`]
    /// for a result or `content` that is no object, [`ErrorKind::MissingAction`]
    /// and [`ErrorKind::UnknownAction`] for its `action`), then those of
    /// [`from_content_with`](Self::from_content_with), as
    /// [`ElicitForm::parse_result`].
    fn parse_result_with(
        result: Value,
        options: &Self::Options,
    ) -> Result<ElicitAction<Self>, Error> {
        match parse_action(result)? {
            ElicitAction::Accept(content) => {
                Self::from_content_with(content, options).map(ElicitAction::Accept)
            }
            ElicitAction::Decline => Ok(ElicitAction::Decline),
            ElicitAction::Cancel => Ok(ElicitAction::Cancel),
        }
    }

    /// Parses an `ElicitResult` from JSON text, refusing an object that
    /// names a key twice (as [`ElicitForm::parse_result_str`]).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::MalformedResult`] if `json` is not JSON, then as
    /// [`parse_result_with`](Self::parse_result_with).
    fn parse_result_str_with(
        json: &str,
        options: &Self::Options,
    ) -> Result<ElicitAction<Self>, Error> {
        read_answer_text(json)?.parse(
            |result| Self::parse_result_with(result, options),
            || Self::requested_schema_with(options),
        )
    }
}

/// A form whose fields all know their options needs none.
impl<F: ElicitForm> ElicitFormWith for F {
    type Options = ();

    const PERSON_ONLY: bool = <F as ElicitForm>::PERSON_ONLY;

    fn requested_schema_with(_: &()) -> RequestedSchema {
        F::requested_schema()
    }

    fn from_content_with(content: Map<String, Value>, _: &()) -> Result<Self, Error> {
        F::from_content(content)
    }
}

/// The answer to a `requestedSchema` read from a peer or built at run
/// time: the form-level check, over each property's check.
impl RequestedSchema {
    /// Checks the `content` of an `accept` against this schema, as a derived
    /// form would: required properties present, every value checked, all
    /// failing properties reported. Returns the checked properties;
    /// properties not in the schema are left out, and so is an optional
    /// property sent as `null` (a blank optional field, as form libraries
    /// send it); a `null` for a required property is a
    /// [`ErrorKind::TypeMismatch`].
    ///
    /// # Errors
    ///
    /// Each failing property's [`Error`], naming it; [`ErrorKind::Multiple`]
    /// when several fail.
    pub fn check_content(
        &self,
        mut content: Map<String, Value>,
    ) -> Result<Map<String, Value>, Error> {
        let required: HashSet<&str> = self.required.iter().map(|name| name.as_ref()).collect();
        let mut checked = Map::new();
        let mut errors = Vec::new();
        for (name, schema) in &self.properties {
            let required = required.contains(name.as_ref());
            let value = content.remove(name.as_ref());
            // A `null` for an optional property is the property left out.
            let value = if required { value } else { sent(value) };
            match value {
                Some(value) => match schema.check(value) {
                    Ok(value) => {
                        checked.insert(name.to_string(), value);
                    }
                    Err(error) => errors.push(error.in_field(name.clone())),
                },
                None if required => {
                    errors.push(Error::from(ErrorKind::MissingField).in_field(name.clone()))
                }
                None => {}
            }
        }
        match Error::combine(errors) {
            Some(error) => Err(error),
            None => Ok(checked),
        }
    }

    /// Parses a whole `ElicitResult` against this schema: accept (with the
    /// checked content), decline or cancel.
    ///
    /// # Errors
    ///
    /// The errors of the `ElicitResult` itself ([`ErrorKind::MalformedResult`]
    /// for a result or `content` that is no object, [`ErrorKind::MissingAction`]
    /// and [`ErrorKind::UnknownAction`] for its `action`), then those of
    /// [`check_content`](Self::check_content).
    pub fn parse_result(&self, result: Value) -> Result<ElicitAction<Map<String, Value>>, Error> {
        match parse_action(result)? {
            ElicitAction::Accept(content) => self.check_content(content).map(ElicitAction::Accept),
            ElicitAction::Decline => Ok(ElicitAction::Decline),
            ElicitAction::Cancel => Ok(ElicitAction::Cancel),
        }
    }
}

/// Never implemented: the bound of the `request` that the derive gives a
/// form whose selects take their options at run time, so that calling it
/// says, on the caller's line, what to call instead. Not public API.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` asks for options given at run time, so it has no `request(message)`",
    label = "`{Self}::request` needs the options",
    note = "call `{Self}::request_with(message, &options)` with the options struct the derive wrote (`{Self}Options`)"
)]
pub trait RequestWithoutOptions<M> {}
