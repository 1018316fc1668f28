//! The terminal frontend (`enum_schema::host::terminal`) as a person meets
//! it: examples/rmcp_client.rs on a real pseudo-terminal, against an rmcp
//! server of this process over streamable HTTP. The test types keys and
//! reads the screen as a terminal shows it (the pseudo-terminal's bytes
//! through vt100, escapes and all), and what reaches the server is what
//! the tool's result says it parsed.
//!
//! The client is a process of its own on the pseudo-terminal: this test
//! binary again, running only [`client_process`], which runs the
//! example's own `run` (compiled in from its file) on the arguments in
//! `ENUM_SCHEMA_PTY_CLIENT` and exits with its status; without that
//! variable it does nothing. Waits are bounded and generous; nothing is
//! timed.

use std::num::NonZeroU16;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use rexpect::process::WaitStatus;
use rexpect::session::PtySession;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities,
    ServerConfig,
};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};
use tokio::runtime::Runtime;

use super::connection::{seal, KEY};

/// The example client itself, its `run` called by [`client_process`].
#[allow(dead_code)]
#[path = "../../examples/rmcp_client.rs"]
mod rmcp_client;

/// The client's arguments, as a JSON array, for [`client_process`].
const CLIENT: &str = "ENUM_SCHEMA_PTY_CLIENT";

/// The longest wait for anything on the screen: far more than a run
/// takes, even on a loaded machine.
const PATIENCE: Duration = Duration::from_secs(90);

/// The terminal's size, set in the child before the client starts.
const ROWS: u16 = 50;
const COLUMNS: u16 = 120;

/// Where to sit.
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase")]
enum Seating {
    #[elicit(title = "Inside")]
    Inside,
    #[elicit(title = "On the terrace")]
    Terrace,
}

/// What to put on the table.
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase", max_items = 2)]
enum Extra {
    #[elicit(title = "Candles")]
    Candles,
    #[elicit(title = "Flowers")]
    Flowers,
    #[elicit(title = "Cake")]
    Cake,
}

#[derive(ElicitForm)]
struct Booking {
    /// How many people are coming
    #[elicit(title = "Guests", minimum = 1, maximum = 8)]
    guests: i64,
    /// Where to sit
    #[elicit(title = "Seating")]
    seating: Seating,
    /// At most two
    #[elicit(title = "Extras")]
    extras: Vec<Extra>,
}

/// The server: one tool that asks for a [`Booking`] and says what it
/// parsed, typed.
#[derive(Clone)]
struct Tables {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Tables {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Tables {
    fn new() -> Tables {
        Tables {
            seal: seal(KEY),
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Books a table")]
    async fn book(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let text = match ask.form::<Booking>("booking", "Book a table").await? {
                ElicitAction::Accept(Booking {
                    guests,
                    seating,
                    extras,
                }) => format!(
                    "booked: guests: i64 = {guests}, seating: {seating:?}, extras: {extras:?}"
                ),
                ElicitAction::Decline => "declined".to_owned(),
                ElicitAction::Cancel => "cancelled".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Tables {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("tables", "1.0.0"))
    }
}

/// [`Tables`] over streamable HTTP on a free port of 127.0.0.1, served
/// by the runtime returned (dropping it stops the server); its URL.
fn serve() -> (Runtime, String) {
    let runtime = Runtime::new().unwrap();
    let url = runtime.block_on(async {
        let service = StreamableHttpService::new(
            || Ok(Tables::new()),
            Arc::new(LocalSessionManager::default()),
            StreamableHttpServerConfig::default(),
        );
        let router = Router::new().nest_service("/mcp", service);
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .unwrap();
        let url = format!("http://{}/mcp", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await });
        url
    });
    (runtime, url)
}

/// Not a test of its own: the client process of the tests below, on their
/// pseudo-terminal. Without `ENUM_SCHEMA_PTY_CLIENT`, it does nothing.
#[test]
fn client_process() {
    let Some(args) = std::env::var_os(CLIENT) else {
        return;
    };
    let args: Vec<String> = serde_json::from_str(args.to_str().unwrap()).unwrap();
    let status = match Runtime::new()
        .unwrap()
        .block_on(rmcp_client::run(args.into_iter()))
    {
        Ok(status) => status,
        Err(error) => {
            eprintln!("Error: {error:?}");
            1
        }
    };
    std::process::exit(status.into());
}

/// The client on a pseudo-terminal, and the screen a person sees on it.
struct Screen {
    session: PtySession,
    terminal: vt100::Parser,
}

impl Screen {
    /// Starts the client with `args` on a pseudo-terminal of [`ROWS`] by
    /// [`COLUMNS`].
    fn client(args: &[&str]) -> Screen {
        let exe = std::env::current_exe().unwrap();
        // The terminal's size first, as a terminal window sets it; then
        // this binary, running only the client.
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!(
                "stty rows {ROWS} cols {COLUMNS} && exec \"$0\" \"$@\""
            ))
            .arg(exe)
            .args([
                "terminal::client_process",
                "--exact",
                "--nocapture",
                "--test-threads=1",
                "-q",
            ])
            .env(CLIENT, serde_json::to_string(args).unwrap());
        let timeout = u64::try_from(PATIENCE.as_millis()).unwrap();
        Screen {
            session: rexpect::session::spawn_command(command, Some(timeout)).unwrap(),
            terminal: vt100::Parser::new(
                NonZeroU16::new(ROWS).unwrap(),
                NonZeroU16::new(COLUMNS).unwrap(),
                0,
            ),
        }
    }

    /// Reads what the client wrote so far onto the screen.
    fn read(&mut self) {
        let mut bytes = Vec::new();
        // rexpect hands over each byte as the char of that code point.
        while let Some(byte) = self.session.try_read() {
            bytes.push(u8::try_from(u32::from(byte)).unwrap());
        }
        self.terminal.process(&bytes);
    }

    /// The screen as a person sees it, once it shows `text`.
    fn wait_for(&mut self, text: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            self.read();
            let contents = self.terminal.screen().contents();
            if contents.contains(text) {
                return contents;
            }
            assert!(
                Instant::now() < deadline,
                "the screen never showed {text:?}; it shows:\n{contents}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The row the cursor is on, as a person sees it.
    fn cursor_row(&self) -> String {
        let screen = self.terminal.screen();
        let (row, _) = screen.cursor_position();
        screen.rows(0, COLUMNS).nth(usize::from(row)).unwrap()
    }

    /// The row the cursor is on, once it starts with `prefix`: a prompt
    /// draws its lines, then moves the cursor back to where the person
    /// types, and the screen may be read in between (a run caught it on
    /// the line of the reason).
    fn cursor_row_once(&mut self, prefix: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            self.read();
            let row = self.cursor_row();
            if row.starts_with(prefix) {
                return row;
            }
            assert!(
                Instant::now() < deadline,
                "the cursor never came to a row starting {prefix:?}; it is on {row:?} of:\n{}",
                self.terminal.screen().contents()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `keys`.
    fn press(&mut self, keys: &str) {
        self.session.send(keys).unwrap();
        self.session.flush().unwrap();
    }

    /// The client's exit status, once it exits.
    fn exit_status(&mut self) -> i32 {
        let deadline = Instant::now() + PATIENCE;
        loop {
            self.read();
            match self.session.process().status() {
                Some(WaitStatus::Exited(_, status)) => return status,
                Some(WaitStatus::StillAlive) | None => {}
                Some(other) => panic!("the client ended with {other:?}"),
            }
            assert!(
                Instant::now() < deadline,
                "the client never exited; the screen shows:\n{}",
                self.terminal.screen().contents()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

const DOWN: &str = "\x1b[B";
const UP: &str = "\x1b[A";
const BACKSPACE: &str = "\x7f";
const ESC: &str = "\x1b";

/// A person books on MCP 2026-07-28 (the form inside an `input_required`
/// result): a number out of range is refused with the reason on screen
/// and the same field asked again; a checklist with one pick too many
/// likewise; the answers reach the server as typed values.
#[test]
fn a_person_books_a_table_on_the_terminal() {
    let (_server, url) = serve();
    let mut screen = Screen::client(&[&url, "book"]);

    screen.wait_for("Book a table");
    // The label, and the description with the hint as the help line.
    screen.wait_for("? Guests");
    screen.wait_for("[How many people are coming (a whole number from 1 to 8)]");
    screen.press("12\r");
    screen.wait_for("Guests: enter a number from 1 to 8; you entered “12”.");
    // The same field, asked again: the cursor is on its line, and the next
    // field is not shown.
    screen.cursor_row_once("? Guests 12");
    let shown = screen.wait_for("? Guests 12");
    assert!(!shown.contains("Seating"), "{shown}");

    screen.press(BACKSPACE);
    screen.press(BACKSPACE);
    screen.press("3\r");
    screen.wait_for("Seating");
    screen.wait_for("On the terrace");
    screen.press(DOWN);
    screen.press("\r");

    screen.wait_for("Candles");
    for key in [" ", DOWN, " ", DOWN, " ", "\r"] {
        screen.press(key);
    }
    screen.wait_for("Extras: pick at most 2; you picked 3.");
    screen.cursor_row_once("? Extras");
    let shown = screen.wait_for("? Extras");
    assert!(!shown.contains("Send the answer?"), "{shown}");
    // Flowers off again (the cursor is on Cake).
    screen.press(UP);
    screen.press(" ");
    screen.press("\r");

    screen.wait_for("Send the answer?");
    screen.press("\r");
    // What the person sees of the whole form, and what the server parsed.
    let shown =
        screen.wait_for("booked: guests: i64 = 3, seating: Terrace, extras: [Candles, Cake]");
    for answered in [
        "> Guests 3",
        "> Seating On the terrace",
        "> Extras Candles, Cake",
        "> Send the answer? Send",
    ] {
        assert!(shown.contains(answered), "{answered:?} in\n{shown}");
    }
    assert_eq!(screen.exit_status(), 0);
}

/// Esc at a prompt cancels the form (MCP 2025-11-25, `elicitation/create`):
/// the server gets `cancel`, whatever was answered before.
#[test]
fn esc_cancels_the_form() {
    let (_server, url) = serve();
    let mut screen = Screen::client(&[&url, "book", "--protocol", "2025-11-25"]);

    screen.wait_for("Guests");
    screen.press("4\r");
    screen.wait_for("On the terrace");
    screen.press(ESC);
    let shown = screen.wait_for("cancelled");
    assert!(!shown.contains("booked"), "{shown}");
    assert_eq!(screen.exit_status(), 0);
}
