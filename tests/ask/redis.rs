//! The Redis store (`RedisStore`, feature `redis`) against a real
//! `redis-server`, started here on a free loopback port in a temporary
//! folder (no persistence) and killed when the test ends: two server
//! processes sharing only Redis and the key serve one call, a replayed
//! final round is refused, a megabyte answer works, and a Redis restart in
//! the middle of a call fails the round and refuses the lost handle.
//! The store contract (`enum_schema::ask::contract`) runs on it too, with
//! its outages: Redis killed, and Redis stopped.
//!
//! Without `redis-server` (Debian: `apt-get install redis-server`) the tests
//! print a note and pass, unless `ENUM_SCHEMA_REQUIRE_REDIS=1` (as in
//! `.ci/run`), which makes them fail.

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use enum_schema::ask::{contract, StoreFuture};
use enum_schema::ask::{AnswerStore, RedisStore};
use tokio::runtime::Runtime;

use super::stored::{
    asked, assert_completed, assert_consumed, assert_only_a_handle, notes, report, reported,
    triage, STORE_DOWN, TYPED,
};
use super::*;
use crate::redis_server::RedisServer;

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// One "server process": its own Redis connection, its own codec built
/// from the shared key.
fn server(runtime: &Runtime, redis: &RedisServer) -> (RequestStateSeal, RedisStore) {
    let store = runtime.block_on(RedisStore::connect(&redis.url())).unwrap();
    let seal = RequestStateSeal::new(codec(KEY)).with_store(store.clone());
    (seal, store)
}

/// One round of `report` on 2026-07-28, served with `seal`.
fn round(
    runtime: &Runtime,
    seal: &RequestStateSeal,
    responses: Map<String, Value>,
    state: Option<&str>,
    done: &Arc<AtomicUsize>,
) -> Outcome<ToolResult> {
    let client = Client::new(V0728, vec![]).sealed_with(seal.clone());
    let ask = Ask::open(
        Arc::clone(&client.script),
        client.seal.clone(),
        client.request(responses, state),
    )?;
    runtime.block_on(ask.tool(|ask| report(ask, Arc::clone(done))))
}

/// The state of `report`'s third round (the notes answered with `text`,
/// stored by `seal`).
fn third_round_state(
    runtime: &Runtime,
    seal: &RequestStateSeal,
    text: &str,
    done: &Arc<AtomicUsize>,
) -> String {
    let first = asked(round(runtime, seal, Map::new(), None, done));
    let first = first.request_state().unwrap();
    asked(round(runtime, seal, notes(text), Some(first), done))
        .request_state()
        .unwrap()
        .to_owned()
}

fn handle(state: &str) -> String {
    peek(state)["handle"].as_str().unwrap().to_owned()
}

/// What the environment variable [`ROUND`] asks of a child process.
const ROUND: &str = "ENUM_SCHEMA_REDIS_ROUND";

/// The second server process: this test binary, run again for the one test
/// [`serve_one_round_when_asked`], which serves one round of `report` as
/// the variable [`ROUND`] describes (`{"url":..,"responses":{..},"state":..}`)
/// and prints its outcome on a line `ROUND {..}`.
fn in_another_process(
    redis: &RedisServer,
    responses: Map<String, Value>,
    state: Option<&str>,
) -> Value {
    let order = json!({"url": redis.url(), "responses": responses, "state": state});
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "redis::serve_one_round_when_asked",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(ROUND, order.to_string())
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let line = stdout
        .lines()
        .find_map(|line| line.split_once("ROUND ").map(|(_, outcome)| outcome))
        .unwrap_or_else(|| panic!("no outcome in {stdout}"));
    serde_json::from_str(line).unwrap()
}

/// Not a test of its own: the second server process of
/// [`two_processes_serve_one_call_through_redis`]; does nothing unless the
/// variable [`ROUND`] is set.
#[test]
fn serve_one_round_when_asked() {
    let Ok(order) = std::env::var(ROUND) else {
        return;
    };
    let order: Value = serde_json::from_str(&order).unwrap();
    let runtime = runtime();
    let store = runtime
        .block_on(RedisStore::connect(order["url"].as_str().unwrap()))
        .unwrap();
    let seal = RequestStateSeal::new(codec(KEY)).with_store(store);
    let responses = order["responses"].as_object().unwrap().clone();
    let done = Arc::new(AtomicUsize::new(0));
    let outcome = match round(&runtime, &seal, responses, order["state"].as_str(), &done) {
        Ok(Done::InputRequired(result)) => json!({
            "asks": result.input_requests().map(|(key, _)| key).collect::<Vec<_>>(),
            "state": result.request_state(),
        }),
        Ok(Done::Complete(ToolResult::Text(text))) => json!({"text": text}),
        Ok(other) => panic!("{other:?}"),
        Err(error) => json!({"error": wire(error)}),
    };
    // On a line of its own: libtest has written the test's name.
    println!("\nROUND {outcome}");
}

#[test]
fn two_processes_serve_one_call_through_redis() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let runtime = runtime();
    let (seal, _) = server(&runtime, &redis);
    let done = Arc::new(AtomicUsize::new(0));
    // Round 1 here, round 2 in another process, round 3 here.
    let first = asked(round(&runtime, &seal, Map::new(), None, &done));
    let second = in_another_process(&redis, notes(TYPED), first.request_state());
    assert_eq!(second["asks"], json!(["triage"]), "{second}");
    let state = second["state"].as_str().unwrap().to_owned();
    assert_only_a_handle(&state, TYPED);
    // The answers wait in Redis, under the prefix, for the time to live.
    let key = format!("{}{}", RedisStore::DEFAULT_PREFIX, handle(&state));
    assert_eq!(
        redis.command(&format!("EXISTS {key}")).as_deref(),
        Some(":1")
    );
    let ttl: u64 = redis.command(&format!("PTTL {key}")).unwrap()[1..]
        .parse()
        .unwrap();
    assert!(ttl > 0 && ttl <= 600_000, "{ttl}");
    assert_eq!(
        text(round(&runtime, &seal, triage(), Some(&state), &done)),
        reported(TYPED)
    );
    assert_eq!(done.load(Ordering::SeqCst), 1);
    // Taken: Redis holds nothing more but the mark that this round
    // completed its call (issue 45).
    assert_eq!(redis.command("DBSIZE").as_deref(), Some(":1"));
    // The other process refuses the same final round, as completed.
    assert_eq!(
        in_another_process(&redis, triage(), Some(&state)),
        json!({"error": {"code": -32602, "message": super::once::COMPLETED,
                         "data": {"requestState": "completed"}}})
    );
}

#[test]
fn two_servers_alternate_and_a_replayed_final_round_is_refused() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let runtime = runtime();
    let (first, _) = server(&runtime, &redis);
    let (second, _) = server(&runtime, &redis);
    let done = Arc::new(AtomicUsize::new(0));
    let started = asked(round(&runtime, &first, Map::new(), None, &done));
    let state = asked(round(
        &runtime,
        &second,
        notes(TYPED),
        started.request_state(),
        &done,
    ))
    .request_state()
    .unwrap()
    .to_owned();
    assert_only_a_handle(&state, TYPED);
    assert_eq!(
        text(round(&runtime, &first, triage(), Some(&state), &done)),
        reported(TYPED)
    );
    assert_eq!(done.load(Ordering::SeqCst), 1);
    for seal in [&second, &first] {
        assert_completed(round(&runtime, seal, triage(), Some(&state), &done));
    }
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

#[test]
fn a_megabyte_answer_works_through_redis() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let runtime = runtime();
    let (first, _) = server(&runtime, &redis);
    let (second, _) = server(&runtime, &redis);
    let megabyte = "M".repeat(1 << 20);
    let done = Arc::new(AtomicUsize::new(0));
    let state = third_round_state(&runtime, &first, &megabyte, &done);
    assert_only_a_handle(&state, &megabyte[..64]);
    assert_eq!(
        text(round(&runtime, &second, triage(), Some(&state), &done)),
        reported(&megabyte)
    );
    // The mark that the round completed its call, alone.
    assert_eq!(redis.command("DBSIZE").as_deref(), Some(":1"));
}

#[test]
fn the_prefix_names_the_keys_and_separates_the_stores() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let runtime = runtime();
    let connect = |prefix: &str| {
        let store = runtime
            .block_on(RedisStore::connect(&redis.url()))
            .unwrap()
            .with_prefix(prefix);
        assert_eq!(store.prefix(), prefix);
        assert_eq!(
            format!("{store:?}"),
            format!("RedisStore {{ prefix: {prefix:?}, max_answer_bytes: 4194304, .. }}")
        );
        RequestStateSeal::new(codec(KEY)).with_store(store)
    };
    let tenant_a = connect("tenant-a:");
    let tenant_b = connect("tenant-b:");
    let done = Arc::new(AtomicUsize::new(0));
    let state = third_round_state(&runtime, &tenant_a, TYPED, &done);
    let handle = handle(&state);
    assert_eq!(
        redis
            .command(&format!("EXISTS tenant-a:{handle}"))
            .as_deref(),
        Some(":1")
    );
    assert_consumed(round(&runtime, &tenant_b, triage(), Some(&state), &done));
    assert_eq!(
        text(round(&runtime, &tenant_a, triage(), Some(&state), &done)),
        reported(TYPED)
    );
}

#[test]
fn a_redis_restart_mid_call_fails_the_round_and_refuses_the_lost_handle() {
    let Some(mut redis) = RedisServer::start() else {
        return;
    };
    let runtime = runtime();
    let (first, first_store) = server(&runtime, &redis);
    let (second, second_store) = server(&runtime, &redis);
    let done = Arc::new(AtomicUsize::new(0));
    let state = third_round_state(&runtime, &first, TYPED, &done);

    redis.kill();
    // The final round while Redis is down, on either process, and a round
    // that would store answers: each fails with the store error.
    for seal in [&second, &first] {
        let outcome = round(&runtime, seal, triage(), Some(&state), &done);
        assert_redis_down(outcome);
    }
    assert_redis_down(round(&runtime, &second, Map::new(), None, &done));
    assert_eq!(done.load(Ordering::SeqCst), 0);

    redis.spawn();
    // Wait until each connection is back (the manager reconnects on the
    // first command after the outage).
    for store in [&first_store, &second_store] {
        let back = (0..100).any(|_| {
            let probe = runtime.block_on(store.take("probe")).is_ok();
            if !probe {
                std::thread::sleep(Duration::from_millis(100));
            }
            probe
        });
        assert!(back, "Redis did not come back");
    }
    // The restarted Redis lost the answers: the handle is refused, and
    // nothing is accepted.
    for seal in [&first, &second] {
        assert_consumed(round(&runtime, seal, triage(), Some(&state), &done));
    }
    assert_eq!(done.load(Ordering::SeqCst), 0);
    // The call started again works.
    let state = third_round_state(&runtime, &second, TYPED, &done);
    assert_eq!(
        text(round(&runtime, &first, triage(), Some(&state), &done)),
        reported(TYPED)
    );
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

/// Asserts a round failed because Redis could not be reached: the store
/// error, with the Redis client's words for the logs, and the one message
/// a client receives.
fn assert_redis_down(outcome: Outcome<ToolResult>) {
    let error = failed(outcome);
    match &error {
        ElicitError::Store(store) => assert!(store.message().starts_with("Redis: "), "{store:?}"),
        other => panic!("expected a store error, got {other:?}"),
    }
    assert!(std::error::Error::source(&error).is_some());
    assert_eq!(
        wire(error),
        json!({"code": -32603, "message": STORE_DOWN, "data": null})
    );
}

#[test]
fn connecting_to_no_redis_is_a_store_error() {
    let runtime = runtime();
    let error = runtime
        .block_on(RedisStore::connect("http://not-redis"))
        .unwrap_err();
    assert!(error.message().starts_with("Redis: "), "{error:?}");
    // A port nobody listens on.
    let port = TcpListener::bind(("127.0.0.1", 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let error = runtime
        .block_on(RedisStore::connect(&format!("redis://127.0.0.1:{port}/")))
        .unwrap_err();
    assert!(error.message().starts_with("Redis: "), "{error:?}");
    assert!(std::error::Error::source(&error).is_some());
}

/// Several connections to one Redis, each take on the next one: the
/// contract's racing takes go over separate connections, as from separate
/// server processes. Counts the most takes in flight at once.
#[derive(Default)]
struct Connections {
    stores: Vec<RedisStore>,
    next: AtomicUsize,
    in_flight: AtomicUsize,
    most_in_flight: AtomicUsize,
}

impl AnswerStore for Connections {
    fn put<'a>(&'a self, handle: &'a str, answers: Vec<u8>, ttl: Duration) -> StoreFuture<'a, ()> {
        self.stores[0].put(handle, answers, ttl)
    }

    fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        let next = self.next.fetch_add(1, Ordering::SeqCst) % self.stores.len();
        let take = self.stores[next].take(handle);
        Box::pin(async move {
            let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            self.most_in_flight.fetch_max(now, Ordering::SeqCst);
            let taken = take.await;
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
            taken
        })
    }
}

/// The store contract (`enum_schema::ask::contract`) on Redis: the
/// properties of a working store on one connection and racing over
/// eight, expiry, the prefixes of one server, and the limit on the
/// answers of one request.
#[test]
fn the_redis_store_keeps_the_store_contract() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let runtime = runtime();
    runtime.block_on(async {
        let connect = || async { RedisStore::connect(&redis.url()).await.unwrap() };
        let store = connect().await;
        contract::check_store(&store).await;
        contract::concurrent_takes_give_the_answers_once(&store, 64).await;
        let mut stores = Vec::new();
        for _ in 0..8 {
            stores.push(connect().await);
        }
        let connections = Connections {
            stores,
            ..Connections::default()
        };
        contract::check_store(&connections).await;
        contract::concurrent_takes_give_the_answers_once(&connections, 64).await;
        // The takes raced: each GETDEL was sent before the replies were
        // read (nearly all 64 at once; one whose reply comes back while it
        // is first polled is done before the next starts).
        let most = connections.most_in_flight.load(Ordering::SeqCst);
        assert!(most > 1, "{most} takes in flight at once");
        contract::answers_expire(&store, Duration::from_millis(100), tokio::time::sleep).await;
        let tenant_a = store.clone().with_prefix("tenant-a:");
        let tenant_b = connect().await.with_prefix("tenant-b:");
        contract::isolated(&store, &tenant_a).await;
        contract::isolated(&tenant_a, &tenant_b).await;
        contract::refuses_answers_over(&store, RedisStore::DEFAULT_MAX_ANSWER_BYTES).await;
        contract::refuses_answers_over(&store.clone().with_max_answer_bytes(1000), 1000).await;
    });
    // The suite took everything it put, and the expired answers are gone.
    assert_eq!(redis.command("DBSIZE").as_deref(), Some(":0"));
}

/// The contract's outage on Redis: a store connected, then Redis killed;
/// each put and take fails within the store's time limit (its connection
/// and response timeouts, one retry), again and again.
#[test]
fn the_redis_store_fails_within_its_timeout_when_redis_is_down() {
    let Some(mut redis) = RedisServer::start() else {
        return;
    };
    let runtime = runtime();
    let store = runtime.block_on(RedisStore::connect(&redis.url())).unwrap();
    runtime.block_on(contract::put_then_take(&store));
    redis.kill();
    for _ in 0..3 {
        runtime.block_on(contract::fails_when_unreachable(
            &store,
            RedisStore::DEFAULT_TIMEOUT * 3,
        ));
    }
}

/// The contract's outage on a Redis that stops answering (the process
/// stopped, its connections open, as a server behind a dead link): each
/// put and take fails once the store's response timeout has passed (2 s
/// each, here), within the contract's limit.
#[test]
fn the_redis_store_fails_within_its_timeout_when_redis_stops_answering() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let runtime = runtime();
    let store = runtime.block_on(RedisStore::connect(&redis.url())).unwrap();
    runtime.block_on(contract::put_then_take(&store));
    let pid = redis.child.as_ref().unwrap().id().to_string();
    let signal = |name: &str| {
        let status = Command::new("kill").args([name, &pid]).status().unwrap();
        assert!(status.success(), "kill {name} {pid}: {status}");
    };
    signal("-STOP");
    runtime.block_on(contract::fails_when_unreachable(
        &store,
        RedisStore::DEFAULT_TIMEOUT * 3,
    ));
    signal("-CONT");
}
