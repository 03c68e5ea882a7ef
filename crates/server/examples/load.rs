//! The load benchmark's client (bench/load/run.sh starts the server and
//! runs it): N concurrent clients, spread over T campaigns, each with an
//! HTTP keep-alive connection sending encounter commands and a live
//! WebSocket receiving the table's updates. It reports the commands the
//! server acknowledged per second, their latency (p50, p99, max), and
//! checks that every acknowledged command is in the campaigns' streams.
//!
//! Loopback only, bounded in clients and time:
//!
//! ```sh
//! load --url http://127.0.0.1:8080 [--url http://127.0.0.1:8081 ...] --token GM_TOKEN [--clients 200] [--tables 50] [--seconds 10] [--rate 12]
//! ```
//!
//! With several `--url`s (several servers on one PostgreSQL database) the
//! clients are spread over the servers: the clients of every other table
//! are split across servers, the rest sit all on one server. It then also
//! reports the cross-server live latency: from a command acknowledged by
//! one server to its entry received on a live socket of another. Every
//! command carries an idempotency key, and a client whose server goes away
//! sends it again through the next server (and reopens its live socket
//! there), so a server killed under load loses nothing acknowledged.
//!
//! With `--rate R` each client sends R commands a second on a fixed
//! schedule (people at a table, not a tight loop), and a command's latency
//! counts from when it was due, so a server that falls behind shows it in
//! the latency. `--rate 0` sends each command as soon as the last was
//! answered (then latency is clients / throughput).

#![expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line benchmark reports on its terminal"
)]

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

const RAIDER: &str = include_str!("../../../examples/compound-x/raider.toml");
const SCAV: &str = include_str!("../../../examples/compound-x/scav.toml");

const MAX_CLIENTS: usize = 4000;
const MAX_SECONDS: u64 = 120;

struct Options {
    hosts: Vec<String>,
    token: String,
    clients: usize,
    tables: usize,
    seconds: u64,
    rate: f64,
}

fn options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut urls = Vec::new();
    let mut token = None;
    let (mut clients, mut tables, mut seconds, mut rate) = (200, 50, 10, 12.0);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--url" => urls.push(value()?),
            "--token" => token = Some(value()?),
            "--clients" => clients = value()?.parse().map_err(|e| format!("--clients: {e}"))?,
            "--tables" => tables = value()?.parse().map_err(|e| format!("--tables: {e}"))?,
            "--seconds" => seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--rate" => rate = value()?.parse().map_err(|e| format!("--rate: {e}"))?,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if urls.is_empty() {
        return Err("--url http://127.0.0.1:PORT is required".into());
    }
    let mut hosts = Vec::new();
    for url in urls {
        let host = url
            .strip_prefix("http://")
            .ok_or("--url must be http://127.0.0.1:PORT")?
            .trim_end_matches('/')
            .to_string();
        if !(host.starts_with("127.0.0.1:") || host.starts_with("localhost:")) {
            return Err(
                "the load benchmark runs on loopback only (--url http://127.0.0.1:PORT)".into(),
            );
        }
        hosts.push(host);
    }
    if clients == 0 || clients > MAX_CLIENTS || tables == 0 || tables > clients {
        return Err(format!(
            "--clients is 1 to {MAX_CLIENTS}, --tables 1 to the number of clients"
        ));
    }
    if !(0.0..=1000.0).contains(&rate) {
        return Err("--rate is 0 (as fast as answered) to 1000 commands a second a client".into());
    }
    if seconds == 0 || seconds > MAX_SECONDS {
        return Err(format!("--seconds is 1 to {MAX_SECONDS}"));
    }
    Ok(Options {
        hosts,
        token: token.ok_or("--token GM_TOKEN is required")?,
        clients,
        tables,
        seconds,
        rate,
    })
}

/// One keep-alive HTTP/1.1 connection.
struct Http {
    host: String,
    stream: BufReader<TcpStream>,
}

impl Http {
    async fn connect(host: &str) -> Result<Http, String> {
        let stream = TcpStream::connect(host)
            .await
            .map_err(|e| format!("connect {host}: {e}"))?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        Ok(Http {
            host: host.to_string(),
            stream: BufReader::new(stream),
        })
    }

    async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<&Value>,
    ) -> Result<(u16, Value), String> {
        self.call_keyed(method, path, token, body, None).await
    }

    async fn call_keyed(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<&Value>,
        key: Option<&str>,
    ) -> Result<(u16, Value), String> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n",
            self.host
        );
        if let Some(key) = key {
            request.push_str(&format!("Idempotency-Key: {key}\r\n"));
        }
        if !body.is_empty() {
            request.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        request.push_str("\r\n");
        request.push_str(&body);
        let io = |e: std::io::Error| e.to_string();
        self.stream
            .get_mut()
            .write_all(request.as_bytes())
            .await
            .map_err(io)?;
        let mut line = String::new();
        if self.stream.read_line(&mut line).await.map_err(io)? == 0 {
            return Err("the server closed the connection".into());
        }
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or(format!("bad status line {line:?}"))?;
        let mut length = 0usize;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await.map_err(io)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().map_err(|_| "bad content-length")?;
                }
            }
        }
        let mut bytes = vec![0u8; length];
        self.stream.read_exact(&mut bytes).await.map_err(io)?;
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Ok((status, json))
    }
}

async fn expect(
    http: &mut Http,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
    status: u16,
) -> Result<Value, String> {
    let (got, json) = http.call(method, path, token, body).await?;
    if got != status {
        return Err(format!("{method} {path}: {got} {json}"));
    }
    Ok(json)
}

/// A campaign of the benchmark: its id, GM token and encounter.
struct Campaign {
    id: String,
    token: String,
    encounter: String,
}

async fn setup(options: &Options, n: usize) -> Result<Campaign, String> {
    let mut http = Http::connect(&options.hosts[0]).await?;
    let made = expect(
        &mut http,
        "POST",
        "/api/campaigns",
        &options.token,
        Some(&json!({ "name": format!("Load table {n}") })),
        201,
    )
    .await?;
    let id = made["campaign"]["id"]
        .as_str()
        .ok_or("no campaign id")?
        .to_string();
    let token = made["gm_token"].as_str().ok_or("no gm token")?.to_string();
    let base = format!("/api/campaigns/{id}");
    let opened = expect(
        &mut http,
        "POST",
        &format!("{base}/encounters"),
        &token,
        Some(&json!({ "name": "The yard" })),
        201,
    )
    .await?;
    let encounter = opened["entry"]["encounter"]
        .as_str()
        .ok_or("no encounter id")?
        .to_string();
    for (who, npc) in [("raider", RAIDER), ("scav", SCAV)] {
        expect(
            &mut http,
            "POST",
            &format!("{base}/encounters/{encounter}/combatants"),
            &token,
            Some(&json!({ "id": who, "npc": npc, "side": who })),
            201,
        )
        .await?;
    }
    Ok(Campaign {
        id,
        token,
        encounter,
    })
}

#[derive(Default)]
struct Totals {
    acknowledged: AtomicU64,
    failed: AtomicU64,
    live: AtomicU64,
    /// Times a client went to another server (its own had gone away).
    failovers: AtomicU64,
}

/// What one client saw: its commands' latencies, and (for the cross-server
/// latency) when each of its commands was acknowledged and each live entry
/// received, with the version and the server.
#[derive(Default)]
struct Seen {
    latencies: Vec<Duration>,
    acked: Vec<(i64, usize, Instant)>,
    received: Vec<(i64, usize, Instant)>,
}

/// The server a client starts on: the clients of every other table are
/// split over the servers (by their round, client n being the (n / tables)th
/// of table n % tables), the other tables' clients all sit on one server.
fn server_of(n: usize, tables: usize, servers: usize) -> usize {
    let (table, round) = (n % tables, n / tables);
    if table % 2 == 0 {
        (table / 2 + round) % servers
    } else {
        (table / 2) % servers
    }
}

/// A live socket on `hosts[server]`, reopened on the next server when it
/// closes, until `until`; records each entry received.
async fn follow(
    hosts: Arc<Vec<String>>,
    mut server: usize,
    campaign: Arc<Campaign>,
    totals: Arc<Totals>,
    until: Instant,
) -> Result<Vec<(i64, usize, Instant)>, String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut received = Vec::new();
    let mut after = 0;
    let mut first = true;
    // Thousands of sockets opening at once can overflow the server's accept
    // queue: the first connection is tried a few times, backing off.
    let mut tries = 0;
    while Instant::now() < until {
        let mut request = format!(
            "ws://{}/api/campaigns/{}/live?after={after}",
            hosts[server], campaign.id
        )
        .into_client_request()
        .map_err(|e| e.to_string())?;
        request.headers_mut().insert(
            "authorization",
            format!("Bearer {}", campaign.token)
                .parse()
                .map_err(|_| "bad token")?,
        );
        let mut socket = match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => socket,
            Err(e) if first && tries >= 6 => return Err(format!("live socket: {e}")),
            Err(_) if first => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(100 << tries)).await;
                continue;
            }
            Err(_) => {
                server = (server + 1) % hosts.len();
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        first = false;
        loop {
            let message = tokio::select! {
                m = socket.next() => m,
                _ = tokio::time::sleep_until(until.into()) => return Ok(received),
            };
            let Some(Ok(message)) = message else { break };
            let Ok(text) = message.to_text() else {
                continue;
            };
            if !message.is_text() {
                continue;
            }
            let at = Instant::now();
            totals.live.fetch_add(1, Ordering::Relaxed);
            let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            if let Some(version) = value["version"].as_i64() {
                after = after.max(version);
                if value["type"] != "caught_up" {
                    received.push((version, server, at));
                }
            }
        }
        // The server went away: follow the table on the next one.
        server = (server + 1) % hosts.len();
    }
    Ok(received)
}

/// One client: a live socket recording updates, and commands sent one
/// after another until `until`, each with its idempotency key; when its
/// server goes away, it sends the command again (same key) to the next.
async fn client(
    hosts: Arc<Vec<String>>,
    campaign: Arc<Campaign>,
    n: usize,
    server: usize,
    totals: Arc<Totals>,
    until: Instant,
    rate: f64,
) -> Result<Seen, String> {
    // The socket stays open a little past the last command, for its entry.
    let live = tokio::spawn(follow(
        hosts.clone(),
        server,
        campaign.clone(),
        totals.clone(),
        until + Duration::from_secs(2),
    ));
    let mut server = server;
    let mut http = Some(Http::connect(&hosts[server]).await?);
    let path = format!(
        "/api/campaigns/{}/encounters/{}/commands",
        campaign.id, campaign.encounter
    );
    let mut seen = Seen::default();
    let mut i = 0u64;
    // Clients start spread over one period, not all at once.
    let period = (rate > 0.0).then(|| Duration::from_secs_f64(1.0 / rate));
    let mut due =
        Instant::now() + period.map_or(Duration::ZERO, |p| p.mul_f64((n % 97) as f64 / 97.0));
    let give_up = until + Duration::from_secs(10);
    while due < until {
        i += 1;
        let command = json!({"command": "distance", "a": "raider", "b": "scav",
            "metres": 5 + (i + n as u64) % 40});
        let key = format!("load-{n}-{i}");
        let sent = match period {
            Some(p) => {
                tokio::time::sleep_until(due.into()).await;
                let at = due;
                due += p;
                at
            }
            None => {
                due = Instant::now();
                due
            }
        };
        let answer = loop {
            let called = match http.as_mut() {
                Some(h) => {
                    h.call_keyed("POST", &path, &campaign.token, Some(&command), Some(&key))
                        .await
                }
                None => Err("not connected".into()),
            };
            match called {
                Ok(answer) => break Some(answer),
                Err(_) if Instant::now() < give_up => {
                    // The server went away: the next one, same key.
                    totals.failovers.fetch_add(1, Ordering::Relaxed);
                    server = (server + 1) % hosts.len();
                    http = Http::connect(&hosts[server]).await.ok();
                    if http.is_none() {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                }
                Err(e) => {
                    eprintln!("load: client {n} gave up: {e}");
                    break None;
                }
            }
        };
        match answer {
            // 200: a repeated key, acknowledged before its server went away.
            Some((201 | 200, answer)) => {
                let at = Instant::now();
                seen.latencies.push(at - sent);
                if let Some(version) = answer["version"].as_i64() {
                    seen.acked.push((version, server, at));
                }
                totals.acknowledged.fetch_add(1, Ordering::Relaxed);
            }
            Some((status, answer)) => {
                if totals.failed.fetch_add(1, Ordering::Relaxed) < 5 {
                    eprintln!("load: a command got {status}: {answer}");
                }
            }
            None => {
                totals.failed.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    seen.received = live.await.map_err(|e| e.to_string())??;
    Ok(seen)
}

/// From each command acknowledged by one server to its entry received on
/// each live socket of another server: the latencies, sorted.
fn cross_server(tables: &[Vec<Seen>]) -> Vec<Duration> {
    let mut out = Vec::new();
    for clients in tables {
        let acked: std::collections::HashMap<i64, (usize, Instant)> = clients
            .iter()
            .flat_map(|c| c.acked.iter().map(|&(v, s, at)| (v, (s, at))))
            .collect();
        for c in clients {
            for (version, server, at) in &c.received {
                if let Some((by, acked_at)) = acked.get(version) {
                    if by != server {
                        out.push(at.saturating_duration_since(*acked_at));
                    }
                }
            }
        }
    }
    out.sort();
    out
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at].as_secs_f64() * 1000.0
}

/// The versions of `campaigns` added up, as `host` reads them: what the
/// run persisted is the difference between before and after.
async fn versions(host: &str, campaigns: &[Arc<Campaign>]) -> Result<i64, String> {
    let mut http = Http::connect(host).await?;
    let mut sum = 0;
    for c in campaigns {
        let shown = expect(
            &mut http,
            "GET",
            &format!("/api/campaigns/{}", c.id),
            &c.token,
            None,
            200,
        )
        .await?;
        sum += shown["version"].as_i64().unwrap_or(0);
    }
    Ok(sum)
}

async fn run(options: Options) -> Result<(), String> {
    let mut campaigns = Vec::new();
    for n in 0..options.tables {
        campaigns.push(Arc::new(setup(&options, n).await?));
    }
    let versions_before = versions(&options.hosts[0], &campaigns).await?;
    let totals = Arc::new(Totals::default());
    let hosts = Arc::new(options.hosts.clone());
    let started = Instant::now();
    let until = started + Duration::from_secs(options.seconds);
    let mut tasks = Vec::new();
    for n in 0..options.clients {
        let campaign = campaigns[n % campaigns.len()].clone();
        tasks.push(tokio::spawn(client(
            hosts.clone(),
            campaign,
            n,
            server_of(n, options.tables, hosts.len()),
            totals.clone(),
            until,
            options.rate,
        )));
    }
    let mut latencies = Vec::new();
    let mut by_table: Vec<Vec<Seen>> = (0..options.tables).map(|_| Vec::new()).collect();
    for (n, task) in tasks.into_iter().enumerate() {
        match task.await {
            Ok(Ok(mut seen)) => {
                latencies.append(&mut seen.latencies);
                by_table[n % options.tables].push(seen);
            }
            Ok(Err(e)) => return Err(e),
            Err(e) => return Err(e.to_string()),
        }
    }
    // The time until the last answer (the live sockets stay open longer).
    let elapsed = by_table
        .iter()
        .flatten()
        .flat_map(|s| s.acked.iter().map(|a| a.2))
        .max()
        .map_or(started.elapsed(), |last| last - started)
        .as_secs_f64();
    let cross = cross_server(&by_table);
    // Every acknowledged command must be in the streams (read through the
    // last server: the first may have been killed).
    let versions_after = versions(&options.hosts[options.hosts.len() - 1], &campaigns).await?;
    latencies.sort();
    let acknowledged = totals.acknowledged.load(Ordering::Relaxed);
    let persisted = versions_after - versions_before;
    let report = json!({
        "clients": options.clients,
        "tables": options.tables,
        "rate_per_client": options.rate,
        "seconds": elapsed,
        "acknowledged": acknowledged,
        "persisted": persisted,
        "failed": totals.failed.load(Ordering::Relaxed),
        "live_updates": totals.live.load(Ordering::Relaxed),
        "per_second": acknowledged as f64 / elapsed,
        "p50_ms": percentile(&latencies, 0.50),
        "p99_ms": percentile(&latencies, 0.99),
        "max_ms": percentile(&latencies, 1.0),
        "servers": options.hosts.len(),
        "failovers": totals.failovers.load(Ordering::Relaxed),
        "cross_server_live": cross.len(),
        "cross_server_p50_ms": percentile(&cross, 0.50),
        "cross_server_p99_ms": percentile(&cross, 0.99),
        "cross_server_max_ms": percentile(&cross, 1.0),
    });
    println!("{report}");
    if persisted != acknowledged as i64 {
        return Err(format!(
            "{acknowledged} commands were acknowledged but the streams grew by {persisted}"
        ));
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("load: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("load: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    match runtime.block_on(run(options)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
