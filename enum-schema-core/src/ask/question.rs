//! The questions [`Ask`](super::Ask) asks: a form ([`Question`]), a
//! sampled message ([`CreateMessage`]), the roots ([`ListRoots`]), and the
//! tuples and `Vec`s of them that share a round ([`Questions`]); each with
//! its answer type erased for the decision ([`erased`]).

use std::any::TypeId;
use std::borrow::Cow;
use std::fmt;

use serde_json::{Map, Value};

use super::round::Digest;
use crate::error::{Error, ErrorKind};
use crate::field::elicit_enum::ElicitEnum;
use crate::field::FormField;
use crate::form::{parse_action, ElicitAction, ElicitForm, ElicitFormWith, Form, FormFields};
use crate::input::{CreateMessageParams, CreateMessageResult, InputRequest, ListRootsResult};
use crate::schema::{ElicitRequestFormParams, PrimitiveSchema, RequestedSchema};

/// One question of a round: a key, the form's params, and how its answer
/// parses. Build it with [`Question::form`] (a derived form),
/// [`Question::choice`] (one derived enum, or a `Vec` of one),
/// [`Question::form_with`] (a derived form with run-time choices) or
/// [`Question::fields`] (a run-time [`Form`]), or [`Question::new`] for any
/// other, and ask it with [`Ask::all`](super::Ask::all) beside others.
pub struct Question<'a, T> {
    key: Cow<'a, str>,
    params: ElicitRequestFormParams,
    parse: Box<dyn Fn(Value) -> Result<ElicitAction<T>, Error> + Send + Sync + 'a>,
    max_attempts: Option<u32>,
    argument: bool,
    /// Whether the argument is the value of the form's one field, named by
    /// the key ([`Question::choice`]), rather than an object of its fields.
    argument_is_value: bool,
    person_only: bool,
    early: bool,
    answer: Option<ElicitAction<T>>,
    /// A derived form's type, whose schema is the same every time: its
    /// digest is computed once per process with a `'static` message, and
    /// its schema's text written once otherwise.
    form: Option<TypeId>,
}

impl<T> fmt::Debug for Question<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Question")
            .field("key", &self.key)
            .field("params", &self.params)
            .field("max_attempts", &self.max_attempts)
            .field("argument", &self.argument)
            .field("argument_is_value", &self.argument_is_value)
            .field("person_only", &self.person_only)
            .field("early", &self.early)
            .finish_non_exhaustive()
    }
}

impl Question<'static, ()> {
    /// `F`'s form under `key` with `message`; the answer is an
    /// [`ElicitAction<F>`]. A form whose [`ElicitForm::PERSON_ONLY`] is
    /// `true` ([`Confirm`](crate::Confirm)) is never answered from an
    /// argument.
    pub fn form<F: ElicitForm + 'static>(
        key: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Question<'static, F> {
        let mut question = Question::new(key, F::request(message), F::parse_result);
        question.person_only = F::PERSON_ONLY;
        question.form = Some(TypeId::of::<F>());
        question
    }

    /// One derived enum, asked on its own under `key` with `message`: `C`
    /// is the enum (a single-select, its
    /// [`SINGLE_SELECT`](ElicitEnum::SINGLE_SELECT)) or a `Vec` of it (a
    /// multi-select, its [`MULTI_SELECT`](ElicitEnum::MULTI_SELECT)), and
    /// the answer an [`ElicitAction<C>`]. The form has one required field,
    /// named by the key, so that the person sees the enum's options under
    /// the message, and re-asking, the arguments and the fallbacks are a
    /// form's.
    ///
    /// With [`with_argument`](Self::with_argument), the call's argument
    /// named by the key is the value itself (`{"reason":"late"}`, and
    /// `{"reasons":["late","damaged"]}` for a `Vec`), as the form's content
    /// holds it, not an object of fields.
    ///
    /// ```
    /// use enum_schema::ask::Question;
    /// use enum_schema::ElicitEnum;
    ///
    /// /// Why is the order refunded?
    /// #[derive(ElicitEnum, Debug)]
    /// #[elicit(rename_all = "snake_case")]
    /// enum Reason {
    ///     #[elicit(title = "Arrived late")]
    ///     Late,
    ///     #[elicit(title = "Arrived damaged")]
    ///     Damaged,
    /// }
    ///
    /// let question = Question::choice::<Reason>("reason", "Why the refund?").with_argument();
    /// assert_eq!(
    ///     serde_json::to_value(question.params()).unwrap(),
    ///     serde_json::json!({
    ///         "message": "Why the refund?",
    ///         "requestedSchema": {
    ///             "type": "object",
    ///             "properties": {"reason": {
    ///                 "type": "string",
    ///                 "description": "Why is the order refunded?",
    ///                 "oneOf": [
    ///                     {"const": "late", "title": "Arrived late"},
    ///                     {"const": "damaged", "title": "Arrived damaged"},
    ///                 ],
    ///             }},
    ///             "required": ["reason"],
    ///         },
    ///     }),
    /// );
    /// // The argument that may answer it is the value.
    /// assert_eq!(question.argument_schema()["oneOf"][0]["const"], "late");
    /// let several = Question::choice::<Vec<Reason>>("reasons", "Which apply?");
    /// assert_eq!(
    ///     serde_json::to_value(several.params()).unwrap()["requestedSchema"]["properties"]["reasons"]["type"],
    ///     "array",
    /// );
    /// ```
    pub fn choice<C: ElicitChoice>(
        key: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Question<'static, C> {
        let key = key.into();
        let params = ElicitRequestFormParams {
            message: message.into(),
            requested_schema: RequestedSchema {
                properties: vec![(key.clone(), C::property())],
                required: vec![key.clone()],
            },
        };
        let name = key.clone();
        let mut question = Question::new(key, params, move |answer| {
            let mut content = match parse_action(answer)? {
                ElicitAction::Accept(content) => content,
                ElicitAction::Decline => return Ok(ElicitAction::Decline),
                ElicitAction::Cancel => return Ok(ElicitAction::Cancel),
            };
            let missing = || Error::from(ErrorKind::MissingField).in_field(name.clone());
            let value = content.remove(&*name).ok_or_else(missing)?;
            C::parse_choice(value)
                .map(ElicitAction::Accept)
                .map_err(|error| error.in_field(name.clone()))
        });
        question.argument_is_value = true;
        question
    }

    /// A derived form with run-time choices (see [`ElicitFormWith`]) under
    /// `key` with `message`, its selects built from `options`; the answer is
    /// an [`ElicitAction<F>`], every field re-validated against `options`.
    /// On 2026-07-28 the retry may reach another server process: build the
    /// options there from the same source.
    pub fn form_with<'a, F>(
        key: impl Into<Cow<'a, str>>,
        message: impl Into<Cow<'static, str>>,
        options: &'a F::Options,
    ) -> Question<'a, F>
    where
        F: ElicitFormWith,
        F::Options: Sync,
    {
        let mut question = Question::new(key, F::request_with(message, options), move |answer| {
            F::parse_result_with(answer, options)
        });
        question.person_only = F::PERSON_ONLY;
        question
    }

    /// A run-time [`Form`] under `key` with `message`; the answer is an
    /// [`ElicitAction`] of the tuple of its typed answers.
    pub fn fields<'a, F>(
        key: impl Into<Cow<'a, str>>,
        form: &'a Form<F>,
        message: impl Into<Cow<'static, str>>,
    ) -> Question<'a, F::Output>
    where
        F: FormFields + Sync,
    {
        Question::new(key, form.request(message), move |answer| {
            form.parse_result(answer)
        })
    }
}

impl<'a, T> Question<'a, T> {
    /// A question under `key` asking `params`, whose answer (an
    /// `ElicitResult` as JSON) `parse` reads.
    pub fn new(
        key: impl Into<Cow<'a, str>>,
        params: ElicitRequestFormParams,
        parse: impl Fn(Value) -> Result<ElicitAction<T>, Error> + Send + Sync + 'a,
    ) -> Self {
        Question {
            key: key.into(),
            params,
            parse: Box::new(parse),
            max_attempts: None,
            argument: false,
            argument_is_value: false,
            person_only: false,
            early: false,
            answer: None,
            form: None,
        }
    }

    /// The same question, which the call's argument named by its key may
    /// answer: the model that calls the tool, when it knows the answer
    /// already, or after asking the person in the chat where the client
    /// shows no forms.
    ///
    /// The argument holds what an accepted form's `content` holds, an
    /// object of the form's fields (`{"environment":"staging"}` for the
    /// key `target`), or for a [`choice`](Question::choice) the value
    /// itself (`"late"` for the key `reason`); declare it in the tool's
    /// input schema as [`argument_schema`](Self::argument_schema) says
    /// ([`input_schema`](Self::input_schema) and
    /// [`input_schema_with`](Self::input_schema_with) write it). On every
    /// revision, before anything is asked:
    ///
    /// - a valid argument is the answer ([`ElicitAction::Accept`]), and no
    ///   round is spent on the question;
    /// - an argument the form's rules refuse is not the answer: the person
    ///   is asked, the form's message followed by the reason and the
    ///   argument's valid fields pre-filled (as after a rejected answer,
    ///   but not counted as an attempt: the person made no mistake);
    /// - no argument (or `null`): the person is asked.
    ///
    /// Where the client cannot show a form, [`Ask::tool`](super::Ask::tool) ends the call
    /// with a result for the model ([`Unasked`](super::Unasked)) that names
    /// the argument, its fields and options, and why a refused argument
    /// was refused. A question whose form only a person may answer
    /// ([`ElicitForm::PERSON_ONLY`], a [`Confirm`](crate::Confirm)) ignores
    /// this: its answer never comes from the model.
    #[must_use]
    pub fn with_argument(mut self) -> Self {
        self.argument = true;
        self
    }

    /// The input schema of a tool whose one argument is the one that
    /// answers this question:
    /// `{"type":"object","properties":{KEY: argument_schema}}` (the
    /// argument is optional). rmcp takes it as
    /// `#[tool(input_schema = question().input_schema())]`.
    pub fn input_schema(&self) -> Map<String, Value> {
        let mut schema = Map::new();
        schema.insert("type".to_owned(), Value::from("object"));
        self.input_schema_with(&schema)
    }

    /// The input schema `schema` (a tool's other arguments, an object
    /// schema) with the argument that answers this question added to its
    /// `properties`, optional: for a tool with ordinary arguments beside
    /// it. On rmcp, with the arguments' type deriving serde's `Deserialize`
    /// and schemars' `JsonSchema`:
    /// `#[tool(input_schema = question().input_schema_with(&schema_for_type::<Args>()))]`
    /// (`rmcp::handler::server::common::schema_for_type`), and the body
    /// reads them with [`Ask::arguments`](super::Ask::arguments). Call it
    /// once per question that an argument may answer.
    pub fn input_schema_with(&self, schema: &Map<String, Value>) -> Map<String, Value> {
        let mut schema = schema.clone();
        let properties = schema
            .entry("properties")
            .or_insert_with(|| Value::Object(Map::new()));
        if !properties.is_object() {
            *properties = Value::Object(Map::new());
        }
        if let Value::Object(properties) = properties {
            properties.insert(self.key.to_string(), self.argument_schema());
        }
        schema
    }

    /// What a tool's input schema declares for the argument that answers
    /// this question ([`with_argument`](Self::with_argument)), under the
    /// question's key: the `requestedSchema` with the message as its
    /// `description`,
    /// `{"type":"object","description":MESSAGE,"properties":{..},"required":[..]}`;
    /// for a [`choice`](Question::choice), the select itself with the
    /// message as its `description`
    /// (`{"type":"string","description":MESSAGE,"oneOf":[..]}`).
    pub fn argument_schema(&self) -> Value {
        let schema = match (
            self.argument_is_value,
            self.params.requested_schema().properties(),
        ) {
            (true, [(_, property)]) => serde_json::to_value(property),
            _ => serde_json::to_value(self.params.requested_schema()),
        };
        let mut schema = schema.unwrap_or(Value::Null);
        if let Value::Object(schema) = &mut schema {
            schema.insert("description".to_owned(), Value::from(self.params.message()));
        }
        schema
    }

    /// The same question, whose answer counts in `inputResponses` (MCP
    /// 2026-07-28) even when no round asked it: a client that answers
    /// before it is asked, or the flow of SEP-2322 in which the client
    /// retries with `inputResponses` and no `requestState`. Every other
    /// question counts an answer only in the round after the one that
    /// asked it (its `requestState`), and only while it is asked the same
    /// way (see [`Ask`](super::Ask)). Such an answer is re-validated like any other.
    ///
    /// For a question whose answer binds nothing a person must have seen
    /// first (a name, a search). A question whose form only a person may
    /// answer ([`ElicitForm::PERSON_ONLY`], a [`Confirm`](crate::Confirm))
    /// ignores this: its answer counts only after it was shown.
    #[must_use]
    pub fn with_early_answer(mut self) -> Self {
        self.early = true;
        self
    }

    /// The same question, which only a person may answer: never from an
    /// argument ([`with_argument`](Self::with_argument)) nor early
    /// ([`with_early_answer`](Self::with_early_answer)), whatever those
    /// say. What [`Question::form`] sets for a form whose
    /// [`ElicitForm::PERSON_ONLY`] is `true` ([`Confirm`](crate::Confirm));
    /// for a question built with [`Question::new`] from such a form's
    /// params (`Question::new("confirm", Confirm::request("Deploy?"),
    /// Confirm::parse_result)`), say it here.
    #[must_use]
    pub fn person_only(mut self) -> Self {
        self.person_only = true;
        self
    }

    /// The same question, asked at most `attempts` times (`1`: a rejected
    /// answer ends the call at once; `0` counts as `1`), whatever
    /// [`RequestStateSeal::max_attempts`](super::RequestStateSeal::max_attempts) says.
    #[must_use]
    pub fn with_max_attempts(mut self, attempts: u32) -> Self {
        self.max_attempts = Some(attempts.max(1));
        self
    }

    /// The key.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The params of the request that asks it.
    pub fn params(&self) -> &ElicitRequestFormParams {
        &self.params
    }
}

/// A `sampling/createMessage` question: its key and params; the answer is
/// the client's [`CreateMessageResult`], checked. Ask it with
/// [`Ask::create_message`](super::Ask::create_message), or beside other questions with [`Ask::all`](super::Ask::all).
///
/// On 2026-07-28 it is an entry of `inputRequests`, its answer read from
/// `inputResponses` and sealed in the `requestState` like a form's; before,
/// a `sampling/createMessage` request of the server's, inside the call. A
/// client that did not declare the `sampling` capability is not asked
/// ([`ElicitError::Unsupported`](super::ElicitError::Unsupported)). There is no decline: a client that will
/// not sample answers with an error ([`ElicitError::Service`](super::ElicitError::Service) before
/// 2026-07-28), or does not answer.
#[derive(Debug)]
pub struct CreateMessage<'a>(Input<'a, CreateMessageResult>);

impl<'a> CreateMessage<'a> {
    /// A question under `key` sending `params`.
    pub fn new(key: impl Into<Cow<'a, str>>, params: CreateMessageParams) -> Self {
        CreateMessage(Input::new(key, InputRequest::CreateMessage(params)))
    }

    /// The same question, answered early where it may be: see
    /// [`Question::with_early_answer`].
    #[must_use]
    pub fn with_early_answer(mut self) -> Self {
        self.0.early = true;
        self
    }
}

/// A `roots/list` question: its key; the answer is the client's
/// [`ListRootsResult`], checked. Ask it with [`Ask::list_roots`](super::Ask::list_roots), or beside
/// other questions with [`Ask::all`](super::Ask::all), as [`CreateMessage`] is asked. A
/// client that did not declare the `roots` capability is not asked
/// ([`ElicitError::Unsupported`](super::ElicitError::Unsupported)).
#[derive(Debug)]
pub struct ListRoots<'a>(Input<'a, ListRootsResult>);

impl<'a> ListRoots<'a> {
    /// A question under `key`.
    pub fn new(key: impl Into<Cow<'a, str>>) -> Self {
        ListRoots(Input::new(key, InputRequest::ListRoots))
    }

    /// The same question, answered early where it may be: see
    /// [`Question::with_early_answer`].
    #[must_use]
    pub fn with_early_answer(mut self) -> Self {
        self.0.early = true;
        self
    }
}

/// A question of another kind than a form, whose answer is an `R` the
/// client sends: its key, its request, whether it takes an early answer,
/// and its answer once checked.
#[derive(Debug)]
struct Input<'a, R> {
    key: Cow<'a, str>,
    request: InputRequest,
    early: bool,
    answer: Option<R>,
}

impl<'a, R> Input<'a, R> {
    fn new(key: impl Into<Cow<'a, str>>, request: InputRequest) -> Self {
        Input {
            key: key.into(),
            request,
            early: false,
            answer: None,
        }
    }
}

/// A result the client sends for a request of another kind than a form,
/// read and checked, and written back as what is carried of it.
trait Checked: Sized {
    fn read(answer: Value) -> Result<Self, Error>;
    fn json(&self) -> Value;
}

macro_rules! checked {
    ($($result:ty),*) => {$(
        impl Checked for $result {
            fn read(answer: Value) -> Result<Self, Error> {
                <$result>::from_json(answer)
            }
            fn json(&self) -> Value {
                self.to_json()
            }
        }
    )*};
}

checked!(CreateMessageResult, ListRootsResult);

/// The questions with their answer types erased, as the decision reads
/// them: public inside a private module, so that [`AnyQuestion`] and
/// [`Questions`] stay closed to this crate's types.
pub(crate) mod erased {
    use serde_json::Value;

    use crate::ask::round::Digest;
    use crate::error::Error;
    use crate::input::InputRequest;
    use crate::schema::ElicitRequestFormParams;

    /// A form question.
    pub trait FormQuestion {
        fn key(&self) -> &str;
        fn params(&self) -> &ElicitRequestFormParams;
        /// How often it may be asked, if it says.
        fn max_attempts(&self) -> Option<u32>;
        /// Whether the call's argument under the key may answer it.
        fn argument(&self) -> bool;
        /// The field whose value the argument is, where it is not an
        /// object of the form's fields ([`Question::choice`](super::Question::choice)).
        fn argument_field(&self) -> Option<&str>;
        /// Whether an answer no round asked for counts.
        fn early(&self) -> bool;
        /// Whether only a person may answer it, and only to the question
        /// exactly as it was shown.
        fn person_only(&self) -> bool;
        /// The digest of the question as it is asked (its params).
        fn digest(&self) -> Digest;
        /// Parses `answer` and keeps the typed result.
        fn take(&mut self, answer: Value) -> Result<(), Error>;
    }

    /// A question of another kind (a sampled message, the roots).
    pub trait InputQuestion {
        fn key(&self) -> &str;
        fn request(&self) -> &InputRequest;
        /// Whether an answer no round asked for counts.
        fn early(&self) -> bool;
        /// Checks `answer`, keeps the typed result, and returns what is
        /// carried of it.
        fn take(&mut self, answer: Value) -> Result<Value, Error>;
    }

    /// A question of either kind.
    pub enum Erased<'a> {
        Form(&'a mut (dyn FormQuestion + Send)),
        Input(&'a mut (dyn InputQuestion + Send)),
    }

    impl Erased<'_> {
        pub fn key(&self) -> &str {
            match self {
                Erased::Form(question) => question.key(),
                Erased::Input(question) => question.key(),
            }
        }
    }

    /// Closes [`AnyQuestion`](super::AnyQuestion) and
    /// [`Questions`](super::Questions) to this crate's types.
    pub trait Sealed {}
}

use erased::{Erased, FormQuestion, InputQuestion};

impl<T: Send> FormQuestion for Question<'_, T> {
    fn key(&self) -> &str {
        &self.key
    }

    fn params(&self) -> &ElicitRequestFormParams {
        &self.params
    }

    fn max_attempts(&self) -> Option<u32> {
        self.max_attempts
    }

    fn argument(&self) -> bool {
        self.argument && !self.person_only
    }

    fn argument_field(&self) -> Option<&str> {
        self.argument_is_value.then_some(&*self.key)
    }

    fn early(&self) -> bool {
        self.early && !self.person_only
    }

    fn person_only(&self) -> bool {
        self.person_only
    }

    fn digest(&self) -> Digest {
        match self.form {
            Some(form) => Digest::of_form(form, &self.params),
            None => Digest::of_params(&self.params),
        }
    }

    fn take(&mut self, answer: Value) -> Result<(), Error> {
        self.answer = Some((self.parse)(answer)?);
        Ok(())
    }
}

impl<R: Checked + Send> InputQuestion for Input<'_, R> {
    fn key(&self) -> &str {
        &self.key
    }

    fn request(&self) -> &InputRequest {
        &self.request
    }

    fn early(&self) -> bool {
        self.early
    }

    fn take(&mut self, answer: Value) -> Result<Value, Error> {
        let result = R::read(answer)?;
        let carried = result.json();
        self.answer = Some(result);
        Ok(carried)
    }
}

/// One question of any kind, as [`Ask::all`](super::Ask::all) takes it in
/// a tuple or a `Vec`: a form [`Question`] (answer: an [`ElicitAction`]), a
/// [`CreateMessage`] (a [`CreateMessageResult`]) or a [`ListRoots`] (a
/// [`ListRootsResult`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a question `Ask::all` can ask",
    label = "expected a `Question`, a `CreateMessage` or a `ListRoots`",
    note = "build a form question with `Question::form::<F>(key, message)`, `Question::form_with`, `Question::fields` or `Question::new`"
)]
pub trait AnyQuestion: erased::Sealed + Send {
    /// The answer.
    type Answer;

    #[doc(hidden)]
    fn erased(&mut self) -> Erased<'_>;

    #[doc(hidden)]
    fn answer(self) -> Option<Self::Answer>;
}

impl<T: Send> erased::Sealed for Question<'_, T> {}

impl<T: Send> AnyQuestion for Question<'_, T> {
    type Answer = ElicitAction<T>;

    fn erased(&mut self) -> Erased<'_> {
        Erased::Form(self)
    }

    fn answer(self) -> Option<ElicitAction<T>> {
        self.answer
    }
}

/// The items of [`AnyQuestion`] for a question of another kind than a
/// form, answered with `$answer`. The impls themselves are written out:
/// rustc shows them in the error of a value that is no question
/// (`tests/ui/rmcp/all/not_a_question.rs`).
macro_rules! input_answer {
    ($answer:ty) => {
        type Answer = $answer;

        fn erased(&mut self) -> Erased<'_> {
            Erased::Input(&mut self.0)
        }

        fn answer(self) -> Option<$answer> {
            self.0.answer
        }
    };
}

impl erased::Sealed for CreateMessage<'_> {}

impl AnyQuestion for CreateMessage<'_> {
    input_answer!(CreateMessageResult);
}

impl erased::Sealed for ListRoots<'_> {}

impl AnyQuestion for ListRoots<'_> {
    input_answer!(ListRootsResult);
}

/// Questions asked together in one round by [`Ask::all`](super::Ask::all):
/// a tuple of one to twelve questions of any kind ([`AnyQuestion`];
/// answer: the tuple of their answers), or a `Vec` of questions of one type
/// (answer: a `Vec` in the same order).
// The words hold for `()`, a lone question without its tuple, thirteen
// questions, or anything else passed to `all`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a set of questions `Ask::all` can ask",
    label = "expected a tuple of 1 to 12 questions, or a `Vec` of questions of one type",
    note = "a round asks at least one question: `Question::form::<F>(key, message)`, `CreateMessage::new(key, params)` or `ListRoots::new(key)`; one alone is `(question,)`, with its comma, or `Ask::question(question)`",
    note = "more than twelve: a `Vec` of questions of one type, or several calls of `all`"
)]
pub trait Questions: erased::Sealed + Send {
    /// The answers.
    type Output;

    #[doc(hidden)]
    fn erased(&mut self) -> Vec<Erased<'_>>;

    #[doc(hidden)]
    fn answers(self) -> Option<Self::Output>;
}

macro_rules! tuple_questions {
    ($($t:ident $index:tt),+) => {
        impl<$($t: AnyQuestion),+> erased::Sealed for ($($t,)+) {}

        impl<$($t: AnyQuestion),+> Questions for ($($t,)+) {
            type Output = ($($t::Answer,)+);

            fn erased(&mut self) -> Vec<Erased<'_>> {
                vec![$(self.$index.erased()),+]
            }

            fn answers(self) -> Option<Self::Output> {
                Some(($(self.$index.answer()?,)+))
            }
        }
    };
}

for_each_tuple!(tuple_questions);

impl<Q: AnyQuestion> erased::Sealed for Vec<Q> {}

impl<Q: AnyQuestion> Questions for Vec<Q> {
    type Output = Vec<Q::Answer>;

    fn erased(&mut self) -> Vec<Erased<'_>> {
        self.iter_mut().map(AnyQuestion::erased).collect()
    }

    fn answers(self) -> Option<Self::Output> {
        self.into_iter().map(AnyQuestion::answer).collect()
    }
}

/// What [`Question::choice`] and [`Ask::choice`](super::Ask::choice) ask
/// for: a derived [`ElicitEnum`] (one option, its
/// [`SINGLE_SELECT`](ElicitEnum::SINGLE_SELECT)) or a `Vec` of one (several,
/// its [`MULTI_SELECT`](ElicitEnum::MULTI_SELECT)). Implemented for those
/// two only.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a choice `Ask::choice` can ask",
    label = "expected an enum that derives `ElicitEnum`, or a `Vec` of one",
    note = "derive it on a fieldless enum with `#[derive(ElicitEnum)]`; `Vec<E>` asks for several options of `E`",
    note = "a question of several fields is a form: `ask.form::<F>(key, message)` on a struct that derives `ElicitForm`"
)]
pub trait ElicitChoice: choice::Sealed + Send + Sized + 'static {
    #[doc(hidden)]
    fn property() -> PrimitiveSchema;

    #[doc(hidden)]
    fn parse_choice(value: Value) -> Result<Self, Error>;
}

/// Closes [`ElicitChoice`] to a derived enum and a `Vec` of one.
mod choice {
    pub trait Sealed {}
}

impl<E: ElicitEnum + Send> choice::Sealed for E {}

impl<E: ElicitEnum + Send> ElicitChoice for E {
    fn property() -> PrimitiveSchema {
        E::SINGLE_SELECT.property()
    }

    fn parse_choice(value: Value) -> Result<Self, Error> {
        E::SINGLE_SELECT.parse_value(value)
    }
}

impl<E: ElicitEnum + Send> choice::Sealed for Vec<E> {}

impl<E: ElicitEnum + Send> ElicitChoice for Vec<E> {
    fn property() -> PrimitiveSchema {
        E::MULTI_SELECT.property()
    }

    fn parse_choice(value: Value) -> Result<Self, Error> {
        E::MULTI_SELECT.parse_value(value)
    }
}
