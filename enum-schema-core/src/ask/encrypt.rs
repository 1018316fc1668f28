//! A `requestState` codec that encrypts: XChaCha20-Poly1305 from RustCrypto's
//! `chacha20poly1305`, the binding as associated data.

use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chacha20poly1305::aead::{Aead, Generate, KeyInit, Payload};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};

use super::error::RequestStateError;
use super::state::StateCodec;
use crate::input::MAX_REQUEST_STATE_LENGTH;

/// The first byte of every state this codec seals: the format.
const VERSION: u8 = 1;
/// The random nonce of XChaCha20-Poly1305.
const NONCE: usize = 24;
/// The Poly1305 tag.
const TAG: usize = 16;

/// A [`StateCodec`] that encrypts the `requestState` (MCP 2026-07-28), so
/// that the answers it carries cannot be read by the client, proxies,
/// gateways or logs on the way: XChaCha20-Poly1305 (RustCrypto's
/// `chacha20poly1305`, a random 192-bit nonce per state) with the state's
/// binding to its request as associated data. Feature `encrypt`.
///
/// The text is `base64url(1 || nonce || ciphertext || tag)`, without
/// padding: about 4/3 × (the payload + 41 bytes) characters.
///
/// What each mode protects against:
///
/// | | signed (the SDKs' `RequestStateCodec`) | encrypted (this codec) |
/// |---|---|---|
/// | a state altered, truncated, or sealed with another key | refused | refused |
/// | a state replayed for another tool, prompt, resource or arguments | refused | refused |
/// | a state replayed for the same request within its time to live | accepted (see [`RequestStateSeal`](super::RequestStateSeal)) | accepted |
/// | the answers read on the way (the client's own, proxies, logs) | readable (base64 of JSON) | unreadable |
///
/// Keys rotate as a keyring: [`with_previous_keys`](Self::with_previous_keys)
/// keeps the old keys for opening while every state sealed with them may
/// still come back (their time to live); states are always sealed with the
/// current key.
///
/// ```
/// use enum_schema::ask::{EncryptedCodec, RequestStateError, RequestStateSeal};
/// use enum_schema::ask::adapter::StateCodec;
///
/// let codec = EncryptedCodec::new([7; 32]);
/// let state = codec.seal(br#"{"answers":{"name":"Ada"}}"#, b"tools/call deploy")?;
/// assert!(!state.contains("Ada"));
/// assert_eq!(codec.open(&state, b"tools/call deploy")?, br#"{"answers":{"name":"Ada"}}"#);
/// assert!(matches!(
///     codec.open(&state, b"tools/call rollback"),
///     Err(RequestStateError::Unverified(_)),
/// ));
///
/// // A new key; states sealed with the old one still open.
/// let rotated = EncryptedCodec::new([8; 32]).with_previous_keys([[7; 32]]);
/// assert!(rotated.open(&state, b"tools/call deploy").is_ok());
///
/// let seal = RequestStateSeal::new(rotated);
/// # let _ = seal;
/// # Ok::<(), RequestStateError>(())
/// ```
pub struct EncryptedCodec {
    /// The current key first, then the previous ones.
    ciphers: Vec<XChaCha20Poly1305>,
}

impl EncryptedCodec {
    /// A codec with one 32-byte key, the same on every server process (from
    /// a secret store; never a constant in the code).
    pub fn new(key: [u8; 32]) -> Self {
        EncryptedCodec {
            ciphers: vec![cipher(key)],
        }
    }

    /// The same codec, also opening states sealed with `keys` (the keys it
    /// replaces, newest first).
    #[must_use]
    pub fn with_previous_keys(mut self, keys: impl IntoIterator<Item = [u8; 32]>) -> Self {
        self.ciphers.extend(keys.into_iter().map(cipher));
        self
    }
}

fn cipher(key: [u8; 32]) -> XChaCha20Poly1305 {
    XChaCha20Poly1305::new(&Key::from(key))
}

/// The associated data: the format byte and the binding.
fn associated(binding: &[u8]) -> Vec<u8> {
    let mut aad = Vec::with_capacity(binding.len() + 1);
    aad.push(VERSION);
    aad.extend_from_slice(binding);
    aad
}

/// How many keys; never the keys.
impl fmt::Debug for EncryptedCodec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EncryptedCodec")
            .field("keys", &self.ciphers.len())
            .finish_non_exhaustive()
    }
}

impl StateCodec for EncryptedCodec {
    /// # Errors
    ///
    /// [`RequestStateError::Unverified`] if the system has no randomness for
    /// a nonce.
    fn seal(&self, payload: &[u8], binding: &[u8]) -> Result<String, RequestStateError> {
        let nonce = XNonce::try_generate().map_err(|error| {
            RequestStateError::Unverified(format!("no randomness for a nonce: {error}").into())
        })?;
        let aad = associated(binding);
        let sealed = self.ciphers[0]
            .encrypt(
                &nonce,
                Payload {
                    msg: payload,
                    aad: &aad,
                },
            )
            .map_err(|_| RequestStateError::Unverified("the payload is too long".into()))?;
        let mut bytes = Vec::with_capacity(1 + NONCE + sealed.len());
        bytes.push(VERSION);
        bytes.extend_from_slice(&nonce);
        bytes.extend_from_slice(&sealed);
        Ok(URL_SAFE_NO_PAD.encode(bytes))
    }

    /// # Errors
    ///
    /// [`RequestStateError::Malformed`] for a text longer than
    /// [`MAX_REQUEST_STATE_LENGTH`] (refused before it is decoded);
    /// [`RequestStateError::Unverified`] for a text that is not such a
    /// state, or that no key opens with this binding: altered, sealed with
    /// a key this codec does not hold, or sealed for another request (the
    /// binding is associated data, so these look the same).
    fn open(&self, state: &str, binding: &[u8]) -> Result<Vec<u8>, RequestStateError> {
        // No state this crate seals is longer: refused before any decoding.
        if state.len() > MAX_REQUEST_STATE_LENGTH {
            return Err(RequestStateError::Malformed);
        }
        let bytes = URL_SAFE_NO_PAD
            .decode(state)
            .ok()
            .filter(|bytes| bytes.len() >= 1 + NONCE + TAG && bytes[0] == VERSION)
            .ok_or(RequestStateError::Unverified(
                "not an encrypted state".into(),
            ))?;
        let (nonce, sealed) = bytes[1..].split_at(NONCE);
        let nonce = XNonce::try_from(nonce).expect("the length was checked");
        let aad = associated(binding);
        self.ciphers
            .iter()
            .find_map(|cipher| {
                cipher
                    .decrypt(
                        &nonce,
                        Payload {
                            msg: sealed,
                            aad: &aad,
                        },
                    )
                    .ok()
            })
            .ok_or(RequestStateError::Unverified(
                "altered, another key, or another request".into(),
            ))
    }
}
