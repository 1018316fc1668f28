//! The encrypting codec behind `Ask`: the same rounds, a state nobody on
//! the way can read, refused when altered, replayed elsewhere, or sealed
//! with a key the server no longer holds.

use enum_schema::ask::adapter::StateCodec;
use enum_schema::ask::{EncryptedCodec, RequestStateError, RequestStateSeal};

use super::*;

fn encrypted(key: u8) -> RequestStateSeal {
    RequestStateSeal::new(EncryptedCodec::new([key; 32]))
}

/// Two questions over two rounds: the state of the second round carries
/// the first answer, and none of its text shows in the state.
#[test]
fn two_rounds_carry_an_answer_nobody_can_read() {
    let answers = vec![
        accept(json!({"severity": "high"})),
        accept(json!({"yes": true})),
    ];
    let client = Client::new(V0728, answers).sealed_with(encrypted(1));
    assert_eq!(
        text(client.tool(two)),
        "Accept(Triage { severity: High }) Accept(Answer { yes: true })"
    );
    let rounds = client.script.rounds();
    assert_eq!(rounds.len(), 2, "{rounds:?}");
    let state = rounds[1]["requestState"].as_str().unwrap();
    assert!(
        !state.contains("high") && !state.contains("severity"),
        "{state}"
    );
    // The signed codec's state shows its JSON in base64; this one is random
    // bytes: no base64 of `"answers"` in it either.
    assert!(!state.contains("ImFuc3dlcnMi"), "{state}");
}

#[test]
fn a_state_sealed_for_another_request_or_key_is_refused() {
    let codec = EncryptedCodec::new([1; 32]);
    let state = codec
        .seal(b"{\"v\":1}", b"tools/call deploy {\"service\":\"api\"}")
        .unwrap();
    assert_eq!(
        codec
            .open(&state, b"tools/call deploy {\"service\":\"api\"}")
            .unwrap(),
        b"{\"v\":1}"
    );
    let refused = RequestStateError::Unverified("altered, another key, or another request".into());
    assert_eq!(
        codec.open(&state, b"tools/call deploy {\"service\":\"billing\"}"),
        Err(refused.clone())
    );
    assert_eq!(
        EncryptedCodec::new([2; 32]).open(&state, b"tools/call deploy {\"service\":\"api\"}"),
        Err(refused.clone())
    );
    // Every byte of the text altered in turn is refused.
    for at in 0..state.len() {
        let mut altered = state.clone().into_bytes();
        altered[at] = if altered[at] == b'A' { b'B' } else { b'A' };
        let altered = String::from_utf8(altered).unwrap();
        assert!(
            codec
                .open(&altered, b"tools/call deploy {\"service\":\"api\"}")
                .is_err(),
            "byte {at} altered was opened"
        );
    }
    let not_a_state = RequestStateError::Unverified("not an encrypted state".into());
    assert_eq!(codec.open("", b"x"), Err(not_a_state.clone()));
    assert_eq!(codec.open("not base64!", b"x"), Err(not_a_state.clone()));
    assert_eq!(codec.open(&state[..20], b"x"), Err(not_a_state));
    // Longer than any state this crate seals: refused before decoding.
    assert_eq!(
        codec.open(&"A".repeat(65_537), b"x"),
        Err(RequestStateError::Malformed)
    );
}

#[test]
fn keys_rotate_as_a_keyring() {
    let old = EncryptedCodec::new([1; 32]);
    let state = old.seal(b"payload", b"binding").unwrap();
    let rotated = EncryptedCodec::new([2; 32]).with_previous_keys([[1; 32]]);
    assert_eq!(rotated.open(&state, b"binding").unwrap(), b"payload");
    // Sealed with the new key, which the old codec cannot open.
    let new_state = rotated.seal(b"payload", b"binding").unwrap();
    assert!(old.open(&new_state, b"binding").is_err());
    // Each state has its own nonce.
    assert_ne!(rotated.seal(b"payload", b"binding").unwrap(), new_state);
    assert_eq!(format!("{rotated:?}"), "EncryptedCodec { keys: 2, .. }");
}

/// Through `Ask`: a client that alters the state gets the protocol's error,
/// the same as with a signed state.
#[test]
fn an_altered_state_is_refused_through_ask() {
    let client = Client::new(V0728, vec![]).sealed_with(encrypted(1));
    let state = EncryptedCodec::new([1; 32])
        .seal(b"{}", b"elsewhere")
        .unwrap();
    let ask = Ask::<Fake>::open(
        Arc::clone(&client.script),
        client.seal.clone(),
        client.request(Map::new(), Some(&state)),
    );
    let Err(error) = ask else {
        panic!("the state is opened")
    };
    assert_eq!(wire(error)["message"], REFUSED_STATE);
}
