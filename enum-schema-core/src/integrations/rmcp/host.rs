//! The host form model ([`crate::host`]) on rmcp's client types (features
//! `rmcp` and `host`): rmcp's `ElicitRequestParams` and
//! `InputRequiredResult` read into a [`Request`] and an [`InputRequired`],
//! through their JSON text (which keeps rmcp's `property_order`), and a
//! [`Response`] into rmcp's `ElicitResult`. What rmcp's model loses before
//! these see it is in the `rmcp` module docs ("The host's side").

use ::rmcp::model::{self, ElicitationAction};
use serde::Serialize;
use serde_json::Value;

use crate::host::{InputRequired, ReadError, Request, Response};

/// The JSON text of one of rmcp's model values. rmcp's own `Serialize`
/// writes a form's properties in its `property_order`, the order they
/// arrived in.
fn text(value: &impl Serialize) -> Result<String, ReadError> {
    serde_json::to_string(value).map_err(|error| ReadError::InvalidJson {
        message: error.to_string(),
    })
}

/// The form rmcp hands to `ClientHandler::create_elicitation`, read
/// leniently into the host model, its fields in the server's order.
///
/// # Errors
///
/// [`ReadError::NotAForm`] for a URL-mode request (`mode: "url"`), and the
/// errors of [`Request::from_params_str`].
impl TryFrom<&model::ElicitRequestParams> for Request {
    type Error = ReadError;

    fn try_from(params: &model::ElicitRequestParams) -> Result<Request, ReadError> {
        Request::from_params_str(&text(params)?)
    }
}

/// As the conversion by reference.
impl TryFrom<model::ElicitRequestParams> for Request {
    type Error = ReadError;

    fn try_from(params: model::ElicitRequestParams) -> Result<Request, ReadError> {
        Request::try_from(&params)
    }
}

/// The `input_required` result of rmcp's `call_tool_once` (`get_prompt_once`,
/// `read_resource_once`), read as the host model reads the JSON: each
/// request under its key (in the order of rmcp's `BTreeMap`: sorted by
/// key), each elicitation a [`Request`], and the `requestState` to send
/// back.
///
/// # Errors
///
/// The errors of [`InputRequired::from_result_str`].
impl TryFrom<&model::InputRequiredResult> for InputRequired {
    type Error = ReadError;

    fn try_from(result: &model::InputRequiredResult) -> Result<InputRequired, ReadError> {
        InputRequired::from_result_str(&text(result)?)
    }
}

/// As the conversion by reference.
impl TryFrom<model::InputRequiredResult> for InputRequired {
    type Error = ReadError;

    fn try_from(result: model::InputRequiredResult) -> Result<InputRequired, ReadError> {
        InputRequired::try_from(&result)
    }
}

/// The answer as rmcp's `ElicitResult`, to the same JSON: an accept with its
/// content, a decline or a cancel without.
impl From<Response> for model::ElicitResult {
    fn from(response: Response) -> Self {
        match response {
            Response::Accept(content) => model::ElicitResult::new(ElicitationAction::Accept)
                .with_content(Value::Object(content)),
            Response::Decline => model::ElicitResult::new(ElicitationAction::Decline),
            Response::Cancel => model::ElicitResult::new(ElicitationAction::Cancel),
        }
    }
}

/// As the conversion by value.
impl From<&Response> for model::ElicitResult {
    fn from(response: &Response) -> Self {
        model::ElicitResult::from(response.clone())
    }
}
