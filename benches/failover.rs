//! Load with a failover: N clients doing whole three-round
//! `test_two_questions` calls (MCP 2026-07-28, raw JSON-RPC) on two
//! example-server processes that share only the `requestState` key,
//! alternating between them (round 1 on one process, round 2 on the other,
//! round 3 back on the first), while `benches/failover.sh` kills one
//! process with `kill -9` and restarts it. A round that fails on the way
//! (connection refused or reset, no response) is sent again to the other
//! process, with the same `inputResponses` and `requestState`: the state is
//! sealed, so either process reads it.
//!
//! A call is its three rounds in turn; no round is sent twice to the same
//! process. Without a store a process refuses a round of a call it
//! completed (a call completes once), and knows nothing of the calls the
//! other completed: a final round retried on the other process after the
//! killed one completed it runs again there (what the idempotency key a
//! body hands the API it calls is for), and is not counted apart. Each
//! process remembers at most 100,000 completed calls (until their states
//! expire, 10 minutes); past that it forgets the thousand that expire
//! first, so no call is lost to the limit.
//!
//! ```text
//! failover URL_A URL_B [--clients N] [--seconds S] [--store]
//! ```
//!
//! `--store`: the servers keep the answers in a shared answer store
//! (`STORE=redis`), so a state is taken once. A round whose first try
//! reached the killed process may have had its answers taken there; sent
//! again, it is refused as already taken (`data` `{"requestState":"used"}`),
//! and the client starts the call again from round 1 (counted as
//! restarted, at most 3 times a call); or, if that try completed the call
//! before the process died, as completed (`{"requestState":"completed"}`):
//! the call is done and its result lost, counted as completed unseen, not
//! started again. Any other refusal is a lost call. Each completed call's
//! final round is then sent once more, to the other process, and must be
//! refused as completed (else the call counts as a wrong answer).
//!
//! Every completed call's final text is checked against the text its own
//! answers call for: the sealed first answer (the same in every call: only
//! a high severity leads to the second question) and the services, which
//! each call picks from its client and call number, so that a response
//! that reached another call shows. Prints the completed
//! calls, calls per second, wrong answers, lost calls (no process answered
//! a round in `MAX_ATTEMPTS` tries, or answered it with an error), retried
//! rounds, and p50/p99 latency per round (a retried round's latency
//! includes its retries), and per second of the run the calls completed and
//! the rounds retried (the outage and the recovery show there). Exits 1 on
//! a wrong answer or a lost call.
//!
//! Without URLs (as `cargo bench` and `cargo test --benches` run every
//! bench) it says so and exits 0. Bounded: at most 256 clients, at most 120
//! seconds, on 127.0.0.1 only, and it stops at the 100th lost call.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

#[path = "load/http.rs"]
mod http;

use http::{params, quantile_ms, Connection, Server};

const MAX_CLIENTS: usize = 256;
const MAX_SECONDS: f64 = 120.0;
const MAX_LOST: usize = 100;
/// Tries of one round, alternating between the processes.
const MAX_ATTEMPTS: u32 = 8;
/// The wait before the third and later tries, times the try's number: long
/// enough, in all, for a killed process to come back (about 2.7 s).
const BACKOFF: Duration = Duration::from_millis(100);
/// The reason in a refusal's `data` (`{"requestState":REASON}`): a state
/// whose answers were taken (`RequestStateError::Consumed`), a call that
/// completed (`Completed`).
const CONSUMED: &str = "used";
const COMPLETED: &str = "completed";

/// The reason a refused state gives in `response`'s error `data`.
fn refused_for(response: &Value) -> &str {
    response["error"]["data"]["requestState"]
        .as_str()
        .unwrap_or("")
}
/// Starts of one call, with an answer store.
const MAX_RESTARTS: usize = 3;

/// The services a call answers, by its number: every non-empty choice of
/// at most two (the form's `maxItems`).
const CHOICES: [&[&str]; 6] = [
    &["checkout"],
    &["search"],
    &["login"],
    &["checkout", "search"],
    &["search", "login"],
    &["login", "checkout"],
];

fn expected(services: &[&str]) -> String {
    format!(
        "Elicitation completed: action=accept, content={{\"severity\":\"high\"}}; \
         Elicitation completed: action=accept, content={}",
        json!({ "services": services })
    )
}

#[derive(Default)]
struct Tally {
    completed: usize,
    wrong: usize,
    lost: usize,
    retries: usize,
    /// Calls started again (with an answer store) after a retried round was
    /// refused as already taken.
    restarted: usize,
    /// Calls whose final round, retried (with an answer store), was refused
    /// as completed: the killed process completed it and died before
    /// answering; done once, the result lost.
    unseen: usize,
    first_problem: Option<String>,
    /// The latencies of rounds 1, 2 and 3.
    rounds: [Vec<Duration>; 3],
    /// Calls completed and rounds retried in each second of the run.
    completed_per_second: Vec<usize>,
    retried_per_second: Vec<usize>,
}

/// Adds `count` to the `second`th entry of `counts`.
fn add(counts: &mut Vec<usize>, second: usize, count: usize) {
    if counts.len() <= second {
        counts.resize(second + 1, 0);
    }
    counts[second] += count;
}

/// How a round went: its response (and whether it took more than one
/// try), or why the call is lost.
enum Sent {
    Response(Value, bool),
    Lost(String),
}

/// Why a call did not complete.
enum Failure {
    /// No process answered a round, or one answered it with an error.
    Lost(String),
    /// With an answer store: the round was sent again after its first try
    /// failed on the way, and refused because that try had already taken
    /// the answers (the killed process took them and died before
    /// answering). A client starts the call again.
    Restart,
    /// With an answer store: the final round was sent again after its first
    /// try failed on the way, and refused because that try completed the
    /// call. Done once; the result is lost.
    Unseen,
}

/// Sends one round, to `connections[prefer]` first, then alternating, until
/// a process answers; counts the retries.
async fn round(
    connections: &mut [Connection; 2],
    prefer: usize,
    params: &Value,
    retries: &mut usize,
) -> Sent {
    let mut last = String::new();
    for attempt in 0..MAX_ATTEMPTS {
        if attempt > 0 {
            *retries += 1;
        }
        if attempt > 1 {
            tokio::time::sleep(BACKOFF * attempt).await;
        }
        let index = (prefer + attempt as usize) % 2;
        match connections[index].call(params).await {
            Ok(response) => return Sent::Response(response, attempt > 0),
            Err(error) => last = format!("process {index}: {error}"),
        }
    }
    Sent::Lost(format!(
        "no process answered in {MAX_ATTEMPTS} tries; last: {last}"
    ))
}

/// One call's three rounds: round 1 and 3 on `connections[first]`, round 2
/// on the other. `Ok` with the final text and each round's latency, or
/// `Err` for a lost call.
async fn call(
    connections: &mut [Connection; 2],
    first: usize,
    services: &[&str],
    store: bool,
    retries: &mut usize,
) -> Result<(String, [Duration; 3]), Failure> {
    let second = 1 - first;
    let lost = |round: u8, why: String| Failure::Lost(format!("round {round}: {why}"));
    let start = Instant::now();
    let one = match round(connections, first, &params(json!({})), retries).await {
        Sent::Response(one, _) if one["result"]["inputRequests"].get("triage").is_some() => one,
        Sent::Response(one, _) => return Err(lost(1, one.to_string())),
        Sent::Lost(why) => return Err(lost(1, why)),
    };
    let one_done = Instant::now();
    // A client echoes the state of the round that asked: every round that
    // asks seals one, the first included (with a store, a handle).
    let Some(state) = one["result"]
        .get("requestState")
        .filter(|state| state.is_string())
    else {
        return Err(lost(1, format!("no requestState: {one}")));
    };
    let triage = json!({
        "inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}},
        "requestState": state,
    });
    let two = match round(connections, second, &params(triage), retries).await {
        Sent::Response(two, retried) => taken_or(two, retried && store)?,
        Sent::Lost(why) => return Err(lost(2, why)),
    };
    let two_done = Instant::now();
    let state = &two["result"]["requestState"];
    if two["result"]["inputRequests"].get("impact").is_none() || !state.is_string() {
        return Err(lost(2, two.to_string()));
    }
    let impact = json!({
        "inputResponses": {"impact": {"action": "accept", "content": {"services": services}}},
        "requestState": state,
    });
    let three = match round(connections, first, &params(impact.clone()), retries).await {
        Sent::Response(three, retried) => taken_or(three, retried && store)?,
        Sent::Lost(why) => return Err(lost(3, why)),
    };
    let three_done = Instant::now();
    let Some(text) = three["result"]["content"][0]["text"].as_str() else {
        return Err(lost(3, three.to_string()));
    };
    if store {
        // The same final round again, on the other process: the handle was
        // taken, so it is refused (`-32602`, already taken).
        match round(connections, second, &params(impact), retries).await {
            Sent::Response(again, _) if refused_for(&again) == COMPLETED => {}
            Sent::Response(again, _) => {
                return Ok((
                    format!("a replayed final round was answered: {again}"),
                    [Duration::ZERO; 3],
                ));
            }
            Sent::Lost(why) => return Err(lost(3, format!("the replay: {why}"))),
        }
    }
    Ok((
        text.to_owned(),
        [one_done - start, two_done - one_done, three_done - two_done],
    ))
}

/// `response`, unless it refuses a state as already used after a retry
/// (`retried`, with a store): the killed process had taken the handle, and
/// the call starts again.
fn taken_or(response: Value, retried: bool) -> Result<Value, Failure> {
    match refused_for(&response) {
        CONSUMED if retried => Err(Failure::Restart),
        COMPLETED if retried => Err(Failure::Unseen),
        _ => Ok(response),
    }
}

/// One client until `end`.
async fn client(
    index: usize,
    servers: [Server; 2],
    store: bool,
    start: Instant,
    end: Instant,
) -> Tally {
    let [a, b] = servers;
    let mut connections = [Connection::new(a), Connection::new(b)];
    let mut tally = Tally::default();
    let mut number = index;
    let mut restarts = 0;
    while Instant::now() < end && tally.lost < MAX_LOST {
        let services = CHOICES[number % CHOICES.len()];
        // Half the calls start on each process.
        let first = number % 2;
        let mut retries = 0;
        let outcome = call(&mut connections, first, services, store, &mut retries).await;
        let second = start.elapsed().as_secs() as usize;
        tally.retries += retries;
        add(&mut tally.retried_per_second, second, retries);
        if let Err(Failure::Restart) = outcome {
            tally.restarted += 1;
            restarts += 1;
            if restarts < MAX_RESTARTS {
                continue; // the same call again, from round 1
            }
        }
        number += 1;
        restarts = 0;
        match outcome {
            Ok((text, rounds)) => {
                tally.completed += 1;
                add(&mut tally.completed_per_second, second, 1);
                if text != expected(services) {
                    tally.wrong += 1;
                    tally
                        .first_problem
                        .get_or_insert(format!("wrong answer: {text:?} for {services:?}"));
                }
                for (all, round) in tally.rounds.iter_mut().zip(rounds) {
                    all.push(round);
                }
            }
            Err(Failure::Lost(why)) => {
                tally.lost += 1;
                tally
                    .first_problem
                    .get_or_insert(format!("lost call: {why}"));
            }
            Err(Failure::Restart) => {
                tally.lost += 1;
                tally
                    .first_problem
                    .get_or_insert(format!("lost call: refused {MAX_RESTARTS} times as taken"));
            }
            Err(Failure::Unseen) => tally.unseen += 1,
        }
    }
    tally
}

struct Options {
    servers: Vec<Server>,
    clients: usize,
    seconds: f64,
    store: bool,
}

fn options() -> Result<Option<Options>, String> {
    let mut options = Options {
        servers: Vec::new(),
        clients: 8,
        seconds: 10.0,
        store: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--clients" => {
                options.clients = value("--clients")?.parse().map_err(|_| "--clients N")?;
            }
            "--seconds" => {
                options.seconds = value("--seconds")?.parse().map_err(|_| "--seconds S")?;
            }
            "--store" => options.store = true,
            // What `cargo bench` and `cargo test --benches` pass.
            "--bench" | "--test" => {}
            url => options.servers.push(Server::parse(url)?),
        }
    }
    if options.servers.is_empty() {
        return Ok(None);
    }
    if options.servers.len() != 2 {
        return Err("give two server URLs".to_owned());
    }
    if !(1..=MAX_CLIENTS).contains(&options.clients) {
        return Err(format!("--clients: 1 to {MAX_CLIENTS}"));
    }
    if !(options.seconds > 0.0 && options.seconds <= MAX_SECONDS) {
        return Err(format!("--seconds: more than 0, at most {MAX_SECONDS}"));
    }
    Ok(Some(options))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let options = match options() {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("failover: no server URLs given; run benches/failover.sh");
            return std::process::ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("failover: {error}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(options.seconds);
    let tasks: Vec<_> = (0..options.clients)
        .map(|index| {
            let servers = [options.servers[0].clone(), options.servers[1].clone()];
            tokio::spawn(client(index, servers, options.store, start, end))
        })
        .collect();
    let mut total = Tally::default();
    for task in tasks {
        let tally = task.await.expect("a client task does not panic");
        total.completed += tally.completed;
        total.wrong += tally.wrong;
        total.lost += tally.lost;
        total.retries += tally.retries;
        total.restarted += tally.restarted;
        total.unseen += tally.unseen;
        for (all, rounds) in total.rounds.iter_mut().zip(tally.rounds) {
            all.extend(rounds);
        }
        for (second, &count) in tally.completed_per_second.iter().enumerate() {
            add(&mut total.completed_per_second, second, count);
        }
        for (second, &count) in tally.retried_per_second.iter().enumerate() {
            add(&mut total.retried_per_second, second, count);
        }
        if total.first_problem.is_none() {
            total.first_problem = tally.first_problem;
        }
    }
    // The last calls end after `end`: the rate is over the whole run.
    let elapsed = start.elapsed().as_secs_f64();
    for rounds in &mut total.rounds {
        rounds.sort_unstable();
    }
    let by_round: Vec<String> = total
        .rounds
        .iter()
        .map(|rounds| {
            format!(
                "{:.2}/{:.2}",
                quantile_ms(rounds, 0.50),
                quantile_ms(rounds, 0.99)
            )
        })
        .collect();
    println!(
        "clients {}: {} calls completed in {elapsed:.1} s ({:.1} calls/s), {} wrong, {} lost, \
         {} rounds retried, {} calls restarted, {} completed unseen; per round p50/p99 \
         (rounds 1, 2, 3): {} ms",
        options.clients,
        total.completed,
        total.completed as f64 / elapsed,
        total.wrong,
        total.lost,
        total.retries,
        total.restarted,
        total.unseen,
        by_round.join(", "),
    );
    let line = |counts: &[usize]| {
        let counts: Vec<String> = counts.iter().map(usize::to_string).collect();
        counts.join(" ")
    };
    println!(
        "per second: calls completed {}; rounds retried {}",
        line(&total.completed_per_second),
        line(&total.retried_per_second)
    );
    if let Some(problem) = total.first_problem {
        eprintln!("first problem: {problem}");
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}
