//! The host form model ([`crate::host`]) on pmcp's client types (features
//! `pmcp` and `host`): the `ElicitRequestParams` a `HostElicitationHandler`
//! receives read into a [`Request`] through its JSON text, and a
//! [`Response`] into pmcp's `ElicitResult`. What pmcp's types lose first
//! is in the `pmcp` module docs ("A host's side").

use pmcp::types::elicitation::{ElicitAction, ElicitRequestParams, ElicitResult};

use crate::host::{ReadError, Request, Response};

/// The form pmcp hands to `HostElicitationHandler::handle_elicitation`,
/// read leniently into the host model, its fields in the server's order.
///
/// # Errors
///
/// [`ReadError::NotAForm`] for a URL-mode request, and the errors of
/// [`Request::from_params_str`].
impl TryFrom<&ElicitRequestParams> for Request {
    type Error = ReadError;

    fn try_from(params: &ElicitRequestParams) -> Result<Request, ReadError> {
        let text = serde_json::to_string(params).map_err(|error| ReadError::InvalidJson {
            message: error.to_string(),
        })?;
        Request::from_params_str(&text)
    }
}

/// As the conversion by reference.
impl TryFrom<ElicitRequestParams> for Request {
    type Error = ReadError;

    fn try_from(params: ElicitRequestParams) -> Result<Request, ReadError> {
        Request::try_from(&params)
    }
}

/// The answer as pmcp's `ElicitResult`, to the same JSON: an accept with its
/// content, a decline or a cancel without.
impl From<Response> for ElicitResult {
    fn from(response: Response) -> Self {
        let (action, content) = match response {
            Response::Accept(content) => {
                (ElicitAction::Accept, Some(content.into_iter().collect()))
            }
            Response::Decline => (ElicitAction::Decline, None),
            Response::Cancel => (ElicitAction::Cancel, None),
        };
        ElicitResult { action, content }
    }
}
