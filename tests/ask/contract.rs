//! The contract suite of answer stores (`enum_schema::ask::contract`,
//! feature `store-contract`) itself: what it reports when a store breaks
//! it. The stores run it in `stored` (in memory, and a store of one's own)
//! and `redis`.

use std::collections::HashMap;
use std::task::Wake;

use enum_schema::ask::{contract, AnswerStore, MemoryStore, StoreFuture};

use super::*;

/// What the contract reports when a store breaks it: the property, and
/// what the store did.
#[test]
fn the_store_contract_names_the_broken_property() {
    /// Gives the answers back on every take, and overwrites.
    #[derive(Default)]
    struct Forgetful(Mutex<HashMap<String, Vec<u8>>>);
    impl AnswerStore for Forgetful {
        fn put<'a>(
            &'a self,
            handle: &'a str,
            answers: Vec<u8>,
            _: Duration,
        ) -> StoreFuture<'a, ()> {
            self.0.lock().unwrap().insert(handle.to_owned(), answers);
            Box::pin(std::future::ready(Ok(())))
        }
        fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
            let answers = self.0.lock().unwrap().get(handle).cloned();
            Box::pin(std::future::ready(Ok(answers)))
        }
    }
    let panic = |check: &dyn Fn()| {
        let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).unwrap_err();
        payload.downcast::<String>().map(|text| *text).unwrap()
    };
    let store = Forgetful::default();
    block_on(contract::put_then_take(&store));
    block_on(contract::unknown_handle_is_none(&store));
    assert_eq!(
        panic(&|| block_on(contract::take_is_single_use(&store))),
        "store contract, take_is_single_use: the second take of a handle gave Some(300 bytes), \
         expected None"
    );
    assert_eq!(
        panic(&|| block_on(contract::concurrent_takes_give_the_answers_once(&store, 4))),
        "store contract, concurrent_takes_give_the_answers_once: 4 of 4 takes in flight \
         together gave the answers, expected exactly 1: a take removes what it returns in one \
         atomic step"
    );
    assert_eq!(
        panic(&|| block_on(contract::put_never_overwrites(&store))),
        "store contract, put_never_overwrites: a second put under a handle the store holds \
         succeeded, expected an error"
    );
    assert_eq!(
        panic(&|| block_on(contract::refuses_answers_over(&store, 10))),
        "store contract, refuses_answers_over: a put of 11 bytes (the limit is 10) \
         succeeded, expected a refusal whose is_full() is true"
    );
    assert_eq!(
        panic(&|| block_on(contract::fails_when_unreachable(
            &store,
            Duration::from_secs(1)
        ))),
        "store contract, fails_when_unreachable: put gave Ok(()) with the store's backend \
         down, expected an error"
    );
    // A store that gives other bytes back.
    struct Flipped(MemoryStore);
    impl AnswerStore for Flipped {
        fn put<'a>(
            &'a self,
            handle: &'a str,
            mut answers: Vec<u8>,
            ttl: Duration,
        ) -> StoreFuture<'a, ()> {
            answers[7] ^= 1;
            self.0.put(handle, answers, ttl)
        }
        fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
            self.0.take(handle)
        }
    }
    assert_eq!(
        panic(&|| block_on(contract::put_then_take(&Flipped(MemoryStore::new())))),
        "store contract, put_then_take: take of the first handle gave Some(300 bytes, not the \
         bytes put: byte 7 is 0x07, not 0x06), expected Some(300 bytes)"
    );
    // A store that never answers fails the test instead of hanging it.
    struct Hanging;
    impl AnswerStore for Hanging {
        fn put<'a>(&'a self, _: &'a str, _: Vec<u8>, _: Duration) -> StoreFuture<'a, ()> {
            Box::pin(std::future::pending())
        }
        fn take<'a>(&'a self, _: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
            Box::pin(std::future::pending())
        }
    }
    let message = panic(&|| {
        block_on_waiting(contract::fails_when_unreachable(
            &Hanging,
            Duration::from_millis(100),
        ))
    });
    assert!(
        message.starts_with("store contract, fails_when_unreachable: put was still pending after "),
        "{message}"
    );
    assert!(
        message.ends_with(
            ", expected an error within 100ms: a store whose backend is down fails within its \
             own time limit"
        ),
        "{message}"
    );
}

/// `block_on` for a future that waits to be woken: parks the thread until
/// its waker is called.
fn block_on_waiting<F: Future>(future: F) -> F::Output {
    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut context = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
        std::thread::park();
    }
}
