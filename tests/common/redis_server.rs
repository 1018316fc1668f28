//! A real `redis-server` for a test, started on a free loopback port in a
//! temporary folder, nothing saved, killed when dropped; shared by the
//! test binaries that need one (`tests/ask/redis.rs`, `tests/replays.rs`).
//! Without `redis-server` installed (Debian: `apt-get install
//! redis-server`), [`RedisServer::start`] says so and returns `None`, unless
//! `ENUM_SCHEMA_REQUIRE_REDIS=1` (as in `.ci/run`).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A `redis-server` of this test: its port, its folder, its process.
pub struct RedisServer {
    port: u16,
    dir: PathBuf,
    /// The process, while it runs.
    pub child: Option<Child>,
}

impl RedisServer {
    /// Starts one; `None`, with a note, when none is installed and
    /// `ENUM_SCHEMA_REQUIRE_REDIS` is not `1`.
    pub fn start() -> Option<RedisServer> {
        let required = std::env::var("ENUM_SCHEMA_REQUIRE_REDIS").is_ok_and(|value| value == "1");
        if Command::new("redis-server")
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_err()
        {
            assert!(
                !required,
                "ENUM_SCHEMA_REQUIRE_REDIS=1, but redis-server is not installed (Debian: apt-get install redis-server)"
            );
            eprintln!(
                "note: redis-server is not installed: the Redis store test is skipped (set ENUM_SCHEMA_REQUIRE_REDIS=1 to require it)"
            );
            return None;
        }
        let port = TcpListener::bind(("127.0.0.1", 0))
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir =
            std::env::temp_dir().join(format!("enum-schema-redis-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut server = RedisServer {
            port,
            dir,
            child: None,
        };
        server.spawn();
        Some(server)
    }

    /// Runs `redis-server` on the port, nothing saved, and waits for its
    /// `PONG`.
    pub fn spawn(&mut self) {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .arg("--dir")
            .arg(&self.dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        self.child = Some(child);
        for _ in 0..400 {
            if self.command("PING").as_deref() == Some("+PONG") {
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        panic!("redis-server did not answer on port {}", self.port);
    }

    /// Kills it: everything it held is lost.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    /// One inline command, and the first line of the reply (`:1`,
    /// `+PONG`).
    pub fn command(&self, command: &str) -> Option<String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
        stream.write_all(format!("{command}\r\n").as_bytes()).ok()?;
        let mut line = String::new();
        BufReader::new(stream).read_line(&mut line).ok()?;
        Some(line.trim_end().to_owned())
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
