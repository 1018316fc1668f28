//! Load on the example server over HTTP: completed three-round
//! `test_two_questions` calls per second, and the latency of each round, for
//! a number of concurrent clients. Raw JSON-RPC on MCP 2026-07-28 (as
//! `.ci/clients/stateless.py` sends it), each client on two keep-alive
//! connections, one to each of two server processes that share only the
//! `requestState` key: round 1 on one process, round 2 (the sealed state
//! is made there) on the other, round 3 back on the first.
//!
//! ```text
//! throughput URL_A URL_B [--clients N] [--seconds S] [--warmup S] [--pid PID]..
//! ```
//!
//! `benches/throughput.sh` builds the release server, starts the two
//! processes and runs this at 1, 8 and 64 clients; `BENCHMARKS.md` has the
//! figures. Without URLs (as `cargo bench` and `cargo test --benches` run
//! every bench) it says so and exits 0. Each run is bounded: at most 1,024
//! clients, at most 120 seconds, on 127.0.0.1 only, and it stops at the
//! 100th failed call.

use std::time::{Duration, Instant};

use serde_json::json;

#[path = "load/http.rs"]
mod http;

use http::{params, quantile_ms, Connection, Server};

const EXPECTED: &str = "Elicitation completed: action=accept, content={\"severity\":\"high\"}; \
                        Elicitation completed: action=accept, content={\"services\":[\"login\"]}";
const MAX_CLIENTS: usize = 1024;
const MAX_SECONDS: f64 = 120.0;
const MAX_FAILURES: usize = 100;

/// One call's three rounds: `first` serves rounds 1 and 3, `second` round 2.
/// Returns each round's latency.
async fn three_rounds(
    first: &mut Connection,
    second: &mut Connection,
) -> Result<[Duration; 3], String> {
    let start = Instant::now();
    let one = first.call(&params(json!({}))).await?;
    let one_done = Instant::now();
    if one["result"]["inputRequests"].get("triage").is_none() {
        return Err(format!("round 1: {one}"));
    }
    // Every round that asks seals a state, the first included: the answer
    // counts only with it.
    let Some(state) = one["result"]
        .get("requestState")
        .filter(|state| state.is_string())
    else {
        return Err(format!("round 1 without a requestState: {one}"));
    };
    let triage = json!({
        "inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}},
        "requestState": state,
    });
    let two = second.call(&params(triage)).await?;
    let two_done = Instant::now();
    let state = &two["result"]["requestState"];
    if two["result"]["inputRequests"].get("impact").is_none() || !state.is_string() {
        return Err(format!("round 2: {two}"));
    }
    let impact = json!({
        "inputResponses": {"impact": {"action": "accept", "content": {"services": ["login"]}}},
        "requestState": state,
    });
    let three = first.call(&params(impact)).await?;
    let three_done = Instant::now();
    if three["result"]["content"][0]["text"] != EXPECTED {
        return Err(format!("round 3: {three}"));
    }
    Ok([one_done - start, two_done - one_done, three_done - two_done])
}

#[derive(Default)]
struct Tally {
    completed: usize,
    failed: usize,
    first_failure: Option<String>,
    /// The latencies of rounds 1, 2 and 3.
    rounds: [Vec<Duration>; 3],
}

/// One client until `end`, recording from `record_from` on.
async fn client(servers: [Server; 2], record_from: Instant, end: Instant) -> Tally {
    let [a, b] = servers;
    let mut first = Connection::new(a);
    let mut second = Connection::new(b);
    let mut tally = Tally::default();
    while Instant::now() < end && tally.failed < MAX_FAILURES {
        let started = Instant::now();
        match three_rounds(&mut first, &mut second).await {
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
    servers: Vec<Server>,
    clients: usize,
    seconds: f64,
    warmup: f64,
    pids: Vec<u32>,
}

fn options() -> Result<Option<Options>, String> {
    let mut options = Options {
        servers: Vec::new(),
        clients: 1,
        seconds: 10.0,
        warmup: 1.0,
        pids: Vec::new(),
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
            "--warmup" => options.warmup = value("--warmup")?.parse().map_err(|_| "--warmup S")?,
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
    if !(options.seconds > 0.0 && options.seconds + options.warmup <= MAX_SECONDS)
        || options.warmup < 0.0
    {
        return Err(format!("--seconds plus --warmup: at most {MAX_SECONDS}"));
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
    let record_from = start + Duration::from_secs_f64(options.warmup);
    let end = record_from + Duration::from_secs_f64(options.seconds);
    let tasks: Vec<_> = (0..options.clients)
        .map(|index| {
            // Half the clients start on each process.
            let mut servers = [options.servers[0].clone(), options.servers[1].clone()];
            servers.rotate_left(index % 2);
            tokio::spawn(client(servers, record_from, end))
        })
        .collect();
    let mut total = Tally::default();
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
        "clients {:>4}: {:>7.1} calls/s ({} completed in {:.1} s, {} failed); \
         per round p50 {:.2} ms, p99 {:.2} ms (rounds 1, 2, 3: {} ms); server RSS {}",
        options.clients,
        total.completed as f64 / options.seconds,
        total.completed,
        options.seconds,
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
