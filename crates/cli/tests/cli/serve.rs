//! The real `nanite serve` process: started on a free port over a fresh
//! database, spoken to over plain HTTP/1.1, killed with SIGKILL, started
//! again. Shared by the durability, scale-out and export tests.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub(crate) use nanite_store::testing::unique;
use serde_json::Value;

pub(crate) const RAIDER: &str = include_str!("../../../../examples/compound-x/raider.toml");

/// A fresh SQLite file (as a `sqlite:` URL) and its path.
pub(crate) fn sqlite() -> (String, PathBuf) {
    let path = std::env::temp_dir().join(format!("{}.db", unique("nanite_cli")));
    (format!("sqlite:{}", path.display()), path)
}

/// A fresh PostgreSQL database on the server `NANITE_TEST_POSTGRES` names,
/// or `None` (and a note that the test was skipped).
pub(crate) fn postgres(test: &str) -> Option<String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let url = runtime.block_on(nanite_store::testing::fresh_postgres("nanite_cli"));
    if url.is_none() {
        let _ = writeln!(
            std::io::stderr(),
            "note: {test} skipped on PostgreSQL: set NANITE_TEST_POSTGRES=postgres://... to run it"
        );
    }
    url
}

/// A running `nanite serve`.
pub(crate) struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub(crate) addr: String,
    /// The GM token it printed.
    pub(crate) gm: String,
    log: PathBuf,
}

/// Two servers started one after the other over one database: the second
/// start replaced the first GM link, and the new one works on both.
pub(crate) struct Pair {
    pub(crate) one: Server,
    pub(crate) two: Server,
    /// The GM token the second printed.
    pub(crate) gm: String,
    /// The campaign's id.
    pub(crate) campaign: String,
    /// `/api/campaigns/{campaign}`.
    pub(crate) base: String,
}

impl Pair {
    /// Starts the two over `database`.
    pub(crate) fn start(database: &str) -> Pair {
        let one = Server::start(database);
        let two = Server::start(database);
        let gm = two.gm.clone();
        let campaign = campaign_of(&two);
        let base = format!("/api/campaigns/{campaign}");
        Pair {
            one,
            two,
            gm,
            campaign,
            base,
        }
    }
}

impl Server {
    /// Starts `nanite serve` on a free port over `database` and waits for
    /// its GM link.
    pub(crate) fn start(database: &str) -> Server {
        let log = std::env::temp_dir().join(format!("{}.log", unique("nanite_serve")));
        let mut child = Command::new(env!("CARGO_BIN_EXE_nanite"))
            .args(["serve", "--bind", "127.0.0.1:0", "--database", database])
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("a log file"))
            .spawn()
            .expect("nanite serve starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut addr = None;
        let mut gm = None;
        while gm.is_none() {
            let line = rx
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_else(|_| {
                    let _ = child.kill();
                    panic!(
                        "nanite serve printed no GM link: {}",
                        std::fs::read_to_string(&log).unwrap_or_default()
                    )
                });
            if let Some(rest) = line.split(" on http://").nth(1) {
                addr = rest.split_whitespace().next().map(str::to_string);
            }
            if let Some(link) = line.strip_prefix("GM link: ") {
                gm = link.rsplit('/').next().map(str::to_string);
            }
        }
        Server {
            child,
            addr: addr.expect("nanite serve printed its address"),
            gm: gm.expect("a GM token"),
            log,
        }
    }

    /// Kills the process with SIGKILL (no chance to clean up) and waits
    /// for it to be gone.
    pub(crate) fn kill(mut self) {
        self.child.kill().expect("the server is killed");
        let _ = self.child.wait();
    }

    /// What the server wrote to stderr.
    pub(crate) fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Sends a request with the GM's token.
    pub(crate) fn gm(&self, method: &str, path: &str, body: Option<&Value>) -> Reply {
        http(&self.addr, method, path, &self.gm, body, &[])
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // A failing test's server log is kept for reading; a passing one's
        // is not left behind.
        if !std::thread::panicking() {
            let _ = std::fs::remove_file(&self.log);
        }
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) json: Value,
    /// The session cookie it set (`nanite_session=TOKEN`), if any.
    pub(crate) cookie: Option<String>,
}

/// One HTTP/1.1 request on a fresh connection, with a bearer token. A
/// connection that fails (the server is gone) is status 0.
pub(crate) fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> Reply {
    let gone = Reply {
        status: 0,
        json: Value::Null,
        cookie: None,
    };
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return gone;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(60)));
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    // No token: the request goes without `Authorization` (a browser's,
    // with its cookie among `headers`).
    if !token.is_empty() {
        request.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    if stream.write_all(request.as_bytes()).is_err() {
        return gone;
    }
    let mut raw = Vec::new();
    if stream.read_to_end(&mut raw).is_err() {
        return gone;
    }
    let text = String::from_utf8_lossy(&raw);
    let Some((head, rest)) = text.split_once("\r\n\r\n") else {
        return gone;
    };
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    let cookie = head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("set-cookie").then(|| {
            value
                .trim()
                .split(';')
                .next()
                .unwrap_or_default()
                .to_string()
        })
    });
    Reply {
        status,
        json: serde_json::from_str(&body).unwrap_or(Value::Null),
        cookie,
    }
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || after.len() < size {
            break;
        }
        out.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    out
}

/// The GM's campaign id.
pub(crate) fn campaign_of(server: &Server) -> String {
    let me = server.gm("GET", "/api/me", None);
    assert_eq!(me.status, 200, "{:?}", me.json);
    me.json["campaign"]["id"]
        .as_str()
        .expect("a campaign id")
        .to_string()
}
