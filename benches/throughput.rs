//! Load on an MCP server over HTTP: completed calls per second of one
//! multi-round tool, and the latency of each round, for a number of
//! concurrent clients. A call is a whole call: its rounds in turn, from
//! the first (no state) to the one that completes it, each with the state
//! the one before sealed; no round is sent twice (a round of a call that
//! completed is refused: a call completes once). Raw JSON-RPC on MCP 2026-07-28 (as
//! `.ci/clients/stateless.py` sends it), each client on two keep-alive
//! connections, one to each of two server processes that share only the
//! `requestState` key: the rounds alternate between them (round 1 on one
//! process, round 2, where the first sealed answer is made, on the other,
//! and so on), so every round opens a state another process sealed. Given
//! the same URL twice, every round goes to that one process (what
//! `throughput.sh` does with `STORE=memory`, the answers kept in a process's
//! memory).
//!
//! ```text
//! throughput URL_A URL_B [--tool two_questions|deploy] [--clients N] [--seconds S]
//!            [--warmup S] [--calls N] [--pid PID]..
//! ```
//!
//! `--calls N` makes N calls in all, shared among the clients, and stops
//! (no warm-up; `--seconds` is then only the bound): a fixed amount of
//! work, for counting what a server does per call (instructions under
//! callgrind, system calls under strace, `perf stat`'s software events)
//! rather than timing it.
//!
//! The tools (`--tool`, `two_questions` by default):
//!
//! - `two_questions`: `test_two_questions` in three rounds (the severity,
//!   then the services, then the result);
//! - `deploy`: `deploy` in four rounds (the environment, the rollout, the
//!   confirmation of the plan, then the result), as `benches/twin_server.rs`
//!   serves it.
//!
//! `benches/throughput.sh` builds the release servers, starts the
//! processes and runs this at 1, 8 and 64 clients; `BENCHMARKS.md` has the
//! figures. Without URLs (as `cargo bench` and `cargo test --benches` run
//! every bench) it says so and exits 0. Each run is bounded: at most 1,024
//! clients, at most 120 seconds (900 with `--calls`, whose loads run under
//! valgrind), on 127.0.0.1 only, and it stops at the 100th failed call.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

#[allow(dead_code)] // `params`, which failover.rs uses
#[path = "load/http.rs"]
mod http;

use http::{params_of, quantile_ms, Connection, Server};

const MAX_CLIENTS: usize = 1024;
const MAX_SECONDS: f64 = 120.0;
/// The bound with `--calls`, whose loads run under valgrind or strace.
const MAX_SECONDS_COUNTED: f64 = 900.0;
const MAX_FAILURES: usize = 100;

/// One tool's call: its name, each question's key with the answer sent to
/// it (in the order they are asked, one a round), and the text of the
/// result after the last answer.
struct Script {
    tool: &'static str,
    answers: Vec<(&'static str, Value)>,
    result: &'static str,
}

fn script(name: &str) -> Result<Script, String> {
    Ok(match name {
        "two_questions" => Script {
            tool: "test_two_questions",
            answers: vec![
                ("triage", json!({"severity": "high"})),
                ("impact", json!({"services": ["login"]})),
            ],
            result: "Elicitation completed: action=accept, content={\"severity\":\"high\"}; \
                     Elicitation completed: action=accept, content={\"services\":[\"login\"]}",
        },
        "deploy" => Script {
            tool: "deploy",
            answers: vec![
                ("target", json!({"environment": "prod-eu"})),
                (
                    "rollout",
                    json!({
                        "replicas": 3,
                        "regions": ["eu-central-1", "us-east-1"],
                        "canaryFirst": true,
                        "notes": "after the freeze",
                    }),
                ),
                ("confirm", json!({"confirm": "yes"})),
            ],
            result: "deploying checkout-api v2.14.0 to Production (EU) (prod-eu): 3 replicas \
                     in eu-central-1, us-east-1, canary first; notes: after the freeze",
        },
        other => return Err(format!("--tool {other}: two_questions or deploy")),
    })
}

/// One call's rounds, alternating between the two connections (`a` takes
/// the first). Returns each round's latency.
async fn call(
    script: &Script,
    a: &mut Connection,
    b: &mut Connection,
) -> Result<Vec<Duration>, String> {
    let mut latencies = Vec::with_capacity(script.answers.len() + 1);
    let mut extra = json!({});
    for round in 0..=script.answers.len() {
        let connection = if round % 2 == 0 { &mut *a } else { &mut *b };
        let start = Instant::now();
        let response = connection.call(&params_of(script.tool, extra)).await?;
        latencies.push(start.elapsed());
        let result = &response["result"];
        let Some((key, content)) = script.answers.get(round) else {
            if result["content"][0]["text"] != script.result {
                return Err(format!("round {}: {response}", round + 1));
            }
            break;
        };
        // Every round that asks seals a state, the first included: the
        // answer counts only with it.
        let state = &result["requestState"];
        if result["inputRequests"].get(key).is_none() || !state.is_string() {
            return Err(format!("round {}: {response}", round + 1));
        }
        extra = json!({
            "inputResponses": {*key: {"action": "accept", "content": content}},
            "requestState": state,
        });
    }
    Ok(latencies)
}

#[derive(Default)]
struct Tally {
    completed: usize,
    failed: usize,
    first_failure: Option<String>,
    /// The latencies of each round, in order.
    rounds: Vec<Vec<Duration>>,
}

/// One client until `end` (or its `calls`, if given), recording from
/// `record_from` on.
async fn client(
    script: &Script,
    servers: [Server; 2],
    record_from: Instant,
    end: Instant,
    calls: Option<usize>,
) -> Tally {
    let [a, b] = servers;
    let mut a = Connection::new(a);
    let mut b = Connection::new(b);
    let mut tally = Tally {
        rounds: vec![Vec::new(); script.answers.len() + 1],
        ..Tally::default()
    };
    let mut made = 0;
    while Instant::now() < end && tally.failed < MAX_FAILURES && calls.is_none_or(|n| made < n) {
        made += 1;
        let started = Instant::now();
        match call(script, &mut a, &mut b).await {
            Ok(rounds) if started >= record_from && Instant::now() <= end => {
                tally.completed += 1;
                for (all, round) in tally.rounds.iter_mut().zip(rounds) {
                    all.push(round);
                }
            }
            Ok(_) => {}
            Err(error) => {
                tally.failed += 1;
                tally.first_failure.get_or_insert(error);
            }
        }
    }
    tally
}

/// `VmRSS` and `VmHWM` of a process, in MiB.
fn rss_mib(pid: u32) -> Option<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<f64> {
        let line = status.lines().find(|line| line.starts_with(name))?;
        let kib: f64 = line[name.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kib / 1024.0)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

struct Options {
    script: Script,
    servers: Vec<Server>,
    clients: usize,
    seconds: f64,
    warmup: f64,
    calls: Option<usize>,
    pids: Vec<u32>,
}

fn options() -> Result<Option<Options>, String> {
    let mut options = Options {
        script: script("two_questions")?,
        servers: Vec::new(),
        clients: 1,
        seconds: 10.0,
        warmup: 1.0,
        calls: None,
        pids: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--tool" => options.script = script(&value("--tool")?)?,
            "--clients" => {
                options.clients = value("--clients")?.parse().map_err(|_| "--clients N")?;
            }
            "--seconds" => {
                options.seconds = value("--seconds")?.parse().map_err(|_| "--seconds S")?;
            }
            "--warmup" => options.warmup = value("--warmup")?.parse().map_err(|_| "--warmup S")?,
            "--calls" => {
                options.calls = Some(value("--calls")?.parse().map_err(|_| "--calls N")?);
            }
            "--pid" => options
                .pids
                .push(value("--pid")?.parse().map_err(|_| "--pid PID")?),
            // What `cargo bench` and `cargo test --benches` pass.
            "--bench" | "--test" => {}
            url => options.servers.push(Server::parse(url)?),
        }
    }
    if options.servers.is_empty() {
        return Ok(None);
    }
    if options.servers.len() != 2 {
        return Err("give two server URLs (the same one twice for one process)".to_owned());
    }
    if !(1..=MAX_CLIENTS).contains(&options.clients) {
        return Err(format!("--clients: 1 to {MAX_CLIENTS}"));
    }
    // With `--calls` there is no warm-up.
    let (max, warmup) = match options.calls {
        Some(_) => (MAX_SECONDS_COUNTED, 0.0),
        None => (MAX_SECONDS, options.warmup),
    };
    if !(options.seconds > 0.0 && options.seconds + warmup <= max) || options.warmup < 0.0 {
        return Err(format!("--seconds plus --warmup: at most {max}"));
    }
    Ok(Some(options))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let options = match options() {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("throughput: no server URLs given; run benches/throughput.sh");
            return std::process::ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("throughput: {error}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let warmup = if options.calls.is_some() {
        0.0
    } else {
        options.warmup
    };
    let record_from = start + Duration::from_secs_f64(warmup);
    let end = record_from + Duration::from_secs_f64(options.seconds);
    let calls = options.calls;
    let script = Arc::new(options.script);
    let tasks: Vec<_> = (0..options.clients)
        .map(|index| {
            // Half the clients start on each process.
            let mut servers = [options.servers[0].clone(), options.servers[1].clone()];
            servers.rotate_left(index % 2);
            let script = Arc::clone(&script);
            // `--calls`: this client's share of them.
            let calls = calls.map(|calls| {
                calls / options.clients + usize::from(index < calls % options.clients)
            });
            tokio::spawn(async move { client(&script, servers, record_from, end, calls).await })
        })
        .collect();
    let mut total = Tally {
        rounds: vec![Vec::new(); script.answers.len() + 1],
        ..Tally::default()
    };
    for task in tasks {
        let tally = task.await.expect("a client task does not panic");
        total.completed += tally.completed;
        total.failed += tally.failed;
        for (all, rounds) in total.rounds.iter_mut().zip(tally.rounds) {
            all.extend(rounds);
        }
        if total.first_failure.is_none() {
            total.first_failure = tally.first_failure;
        }
    }
    // With `--calls`, the time the calls took.
    let seconds = match calls {
        Some(_) => start.elapsed().as_secs_f64(),
        None => options.seconds,
    };
    let mut every_round: Vec<Duration> = total.rounds.concat();
    every_round.sort_unstable();
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
    let rss: Vec<String> = options
        .pids
        .iter()
        .map(|&pid| match rss_mib(pid) {
            Some((rss, peak)) => format!("{rss:.1} MiB (peak {peak:.1})"),
            None => format!("pid {pid}: gone"),
        })
        .collect();
    println!(
        "{} clients {:>4}: {:>7.1} calls/s ({} completed in {:.1} s, {} failed); \
         per round p50 {:.2} ms, p99 {:.2} ms (p50/p99 of each round: {} ms); server RSS {}",
        script.tool,
        options.clients,
        total.completed as f64 / seconds,
        total.completed,
        seconds,
        total.failed,
        quantile_ms(&every_round, 0.50),
        quantile_ms(&every_round, 0.99),
        by_round.join(", "),
        if rss.is_empty() {
            "not asked".to_owned()
        } else {
            rss.join(", ")
        },
    );
    if let Some(failure) = total.first_failure {
        eprintln!("first failure: {failure}");
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}
