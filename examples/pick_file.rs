//! Pick one of the files in a folder: options known only when the server
//! runs, sent as a single-select and read back as the chosen option.
//!
//! ```text
//! cargo run --example pick_file                                 # examples/data, a sample answer
//! cargo run --example pick_file -- enum-schema-core/src              # another folder
//! cargo run --example pick_file -- examples/data/pick_file \
//!     examples/data/pick_file/reject_missing.json               # any ElicitResult JSON file
//! ```
//!
//! It prints the `elicitation/create` params (`message` +
//! `requestedSchema`), the answer, then the chosen file (its index and
//! value). A rejected answer (a file not in the folder, a title sent
//! instead of a value, ..) prints the error and exits 1.

use std::path::Path;
use std::process::ExitCode;

use enum_schema::{
    schema::{EnumOption, SingleSelectSchema},
    ElicitAction, Form,
};

/// The folder's files, sorted by name: the name is the value the client
/// sends back, the title shows the size.
fn files(folder: &Path) -> std::io::Result<Vec<EnumOption>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let metadata = entry.metadata()?;
        // A name that is not UTF-8 cannot be a JSON string value.
        let (true, Ok(name)) = (metadata.is_file(), entry.file_name().into_string()) else {
            continue;
        };
        let title = format!("{name} ({} bytes)", metadata.len());
        files.push(EnumOption::new(name, Some(title)));
    }
    files.sort_by(|a, b| a.value().cmp(b.value()));
    Ok(files)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let folder = args
        .next()
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data").to_owned());
    let options = match files(Path::new(&folder)) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("cannot list {folder}: {error}");
            return ExitCode::FAILURE;
        }
    };

    // An empty folder (or a name listed twice) is an error here, not a
    // malformed request.
    let select = match SingleSelectSchema::new(options) {
        Ok(select) => select.with_title("File"),
        Err(error) => {
            eprintln!("cannot offer the files of {folder}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let form = Form::new((("file", &select),));

    println!("elicitation/create params:");
    let request = form.request(format!("Which file in {folder}?"));
    println!(
        "{}",
        serde_json::to_string_pretty(&request).expect("a schema always serializes")
    );

    let answer = match args.next() {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(answer) => answer,
            Err(error) => {
                eprintln!("cannot read {path}: {error}");
                return ExitCode::FAILURE;
            }
        },
        // A client that picked the last file.
        None => {
            let last = select.options().last().map_or("", EnumOption::value);
            serde_json::json!({"action": "accept", "content": {"file": last}}).to_string()
        }
    };
    println!();
    println!("ElicitResult:");
    println!("{}", answer.trim_end());
    println!();

    match form.parse_result_str(&answer) {
        Ok(ElicitAction::Accept((file,))) => {
            println!(
                "chosen: file {} of {} (index {}), {:?} ({})",
                file.index() + 1,
                select.options().len(),
                file.index(),
                file.value(),
                file.title().unwrap_or(""),
            );
            ExitCode::SUCCESS
        }
        Ok(ElicitAction::Decline) => {
            println!("declined: no file");
            ExitCode::SUCCESS
        }
        Ok(ElicitAction::Cancel) => {
            println!("cancelled: ask again later");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("rejected: {error}");
            ExitCode::FAILURE
        }
    }
}
