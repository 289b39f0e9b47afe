//! Examples that cannot rot: every request the README and `docs/*.md` show (an indented
//! `$ curl …` line) is sent to the real binary, and the answer shown under it is compared
//! with the real one; every `draughts-api …` (or `cargo run --release -- …`) command line in
//! them names a command and options the binary has.
//!
//! How a shown answer is read (docs/api-tour.md says so to its readers): it is JSON in which
//! `...` (or `…`) stands for members or elements left out, and for a value left out; a
//! number written `~52547` varies from run to run (nodes, timings) and only has to be a
//! number. An object shown without `...` must have exactly the keys shown.

use clap::CommandFactory;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const DOCS: &[&str] = &[
    "README.md",
    "docs/api-tour.md",
    "docs/operations.md",
    "docs/performance.md",
    "docs/rules.md",
    "docs/architecture.md",
    "docs/strength.md",
    "docs/journal/2026-12.md",
    "docs/journal/to-2026-11.md",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A command shown in a document, with the answer shown under it (if any).
#[derive(Debug)]
struct Example {
    place: String,
    command: String,
    shown: Option<String>,
}

/// The indented `$ ` lines of a document, each with the indented lines after it.
fn shown_commands(file: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(root().join(file)).expect("a document");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(command) = lines[i].strip_prefix("    $ ") else {
            i += 1;
            continue;
        };
        let place = format!("{file}:{}", i + 1);
        let mut command = command.to_string();
        while command.ends_with('\\') && i + 1 < lines.len() {
            command.pop();
            i += 1;
            command.push_str(lines[i].trim_start());
        }
        i += 1;
        let mut shown = Vec::new();
        while i < lines.len() && lines[i].starts_with("    ") && !lines[i].starts_with("    $ ") {
            shown.push(lines[i].trim());
            i += 1;
        }
        out.push(Example {
            place,
            command,
            shown: (!shown.is_empty()).then(|| shown.join(" ")),
        });
    }
    out
}

/// Words as a POSIX shell splits them (quotes and backslashes; no expansions).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    w.push(c);
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => {
                            if let Some(next) = chars.next() {
                                if !matches!(next, '"' | '\\' | '$' | '`') {
                                    w.push('\\');
                                }
                                w.push(next);
                            }
                        }
                        c => w.push(c),
                    }
                }
            }
            '\\' => {
                if let Some(next) = chars.next() {
                    word.get_or_insert_with(String::new).push(next);
                }
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// A `curl` command line as an HTTP request.
#[derive(Debug, Default)]
struct Request {
    method: Option<String>,
    target: String,
    headers: Vec<(String, String)>,
    body: Option<Vec<u8>>,
    to_file: bool,
}

/// `@file` data is read from the repository's root (`docs_dir`), where the README's
/// commands are run.
fn curl_request(words: &[String], docs_dir: &Path) -> Result<Request, String> {
    let mut request = Request::default();
    let mut args = words.iter().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().cloned().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "-s" | "--silent" | "-i" => {}
            "-X" => request.method = Some(value()?),
            "-o" => {
                value()?;
                request.to_file = true;
            }
            "-H" => {
                let header = value()?;
                let (name, v) = header.split_once(':').ok_or("a header without ':'")?;
                request.headers.push((name.trim().into(), v.trim().into()));
            }
            "-d" | "--data" | "--data-binary" => {
                let data = value()?;
                request.body = Some(match data.strip_prefix('@') {
                    Some(file) => std::fs::read(docs_dir.join(file))
                        .map_err(|e| format!("{file} (from the repository's root): {e}"))?,
                    None => data.into_bytes(),
                });
            }
            url if !url.starts_with('-') => {
                let path = url
                    .strip_prefix("http://")
                    .unwrap_or(url)
                    .strip_prefix("localhost:8080")
                    .ok_or(format!("{url}: examples call localhost:8080"))?;
                request.target = path.to_string();
            }
            other => return Err(format!("curl option {other} is not understood here")),
        }
    }
    Ok(request)
}

/// A shown answer: JSON with `...` for what is left out and `~n` for a varying number.
#[derive(Debug)]
enum Pattern {
    Any,
    Varies,
    Exact(Value),
    Object(Vec<(String, Pattern)>, bool),
    Array(Vec<Element>),
}

#[derive(Debug)]
enum Element {
    More,
    One(Pattern),
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn skip_space(&mut self) {
        let trimmed = self.rest().trim_start();
        self.at = self.text.len() - trimmed.len();
    }

    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        if self.rest().starts_with(token) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    fn error(&self, what: &str) -> String {
        format!(
            "{what} at «{}»",
            self.rest().chars().take(30).collect::<String>()
        )
    }

    fn ellipsis(&mut self) -> bool {
        self.eat("...") || self.eat("…")
    }

    fn string(&mut self) -> Result<String, String> {
        self.skip_space();
        let mut stream = serde_json::Deserializer::from_str(self.rest()).into_iter::<Value>();
        match stream.next() {
            Some(Ok(Value::String(s))) => {
                self.at += stream.byte_offset();
                Ok(s)
            }
            _ => Err(self.error("a string expected")),
        }
    }

    fn pattern(&mut self) -> Result<Pattern, String> {
        if self.ellipsis() {
            return Ok(Pattern::Any);
        }
        if self.eat("~") {
            let number = self
                .rest()
                .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            self.at = self.text.len() - number.len();
            return Ok(Pattern::Varies);
        }
        if self.eat("{") {
            let (mut members, mut more) = (Vec::new(), false);
            if self.eat("}") {
                return Ok(Pattern::Object(members, more));
            }
            loop {
                if self.ellipsis() {
                    more = true;
                } else {
                    let key = self.string()?;
                    if !self.eat(":") {
                        return Err(self.error("':' expected"));
                    }
                    members.push((key, self.pattern()?));
                }
                if self.eat("}") {
                    return Ok(Pattern::Object(members, more));
                }
                if !self.eat(",") {
                    return Err(self.error("',' or '}' expected"));
                }
            }
        }
        if self.eat("[") {
            let mut elements = Vec::new();
            if self.eat("]") {
                return Ok(Pattern::Array(elements));
            }
            loop {
                if self.ellipsis() {
                    elements.push(Element::More);
                } else {
                    elements.push(Element::One(self.pattern()?));
                }
                if self.eat("]") {
                    return Ok(Pattern::Array(elements));
                }
                if !self.eat(",") {
                    return Err(self.error("',' or ']' expected"));
                }
            }
        }
        self.skip_space();
        let mut stream = serde_json::Deserializer::from_str(self.rest()).into_iter::<Value>();
        match stream.next() {
            Some(Ok(Value::String(s))) if s == "…" => {
                self.at += stream.byte_offset();
                Ok(Pattern::Any)
            }
            Some(Ok(value)) => {
                self.at += stream.byte_offset();
                Ok(Pattern::Exact(value))
            }
            _ => Err(self.error("a value expected")),
        }
    }
}

fn parse_shown(text: &str) -> Result<Pattern, String> {
    let mut reader = Reader { text, at: 0 };
    let pattern = reader.pattern()?;
    reader.skip_space();
    if reader.at != text.len() {
        return Err(reader.error("text after the answer"));
    }
    Ok(pattern)
}

fn same_number(a: &Value, b: &Value) -> bool {
    matches!((a.as_f64(), b.as_f64()), (Some(x), Some(y)) if x == y)
}

/// Where `actual` differs from `shown` (a JSON path and what differs), if it does.
fn differs(shown: &Pattern, actual: &Value, path: &str) -> Option<String> {
    match shown {
        Pattern::Any => None,
        Pattern::Varies => (!actual.is_number()).then(|| format!("{path}: not a number: {actual}")),
        Pattern::Exact(value) => {
            let same = value == actual || same_number(value, actual);
            (!same).then(|| format!("{path}: shown {value}, answered {actual}"))
        }
        Pattern::Object(members, more) => {
            let Some(object) = actual.as_object() else {
                return Some(format!("{path}: not an object: {actual}"));
            };
            for (key, pattern) in members {
                let Some(value) = object.get(key) else {
                    return Some(format!("{path}.{key}: shown, not answered"));
                };
                if let Some(d) = differs(pattern, value, &format!("{path}.{key}")) {
                    return Some(d);
                }
            }
            if !more {
                if let Some(key) = object
                    .keys()
                    .find(|k| !members.iter().any(|(m, _)| m == *k))
                {
                    return Some(format!("{path}.{key}: answered, not shown (nor `...`)"));
                }
            }
            None
        }
        Pattern::Array(elements) => {
            let Some(items) = actual.as_array() else {
                return Some(format!("{path}: not an array: {actual}"));
            };
            elements_differ(elements, items, path, 0)
        }
    }
}

fn elements_differ(shown: &[Element], items: &[Value], path: &str, index: usize) -> Option<String> {
    match shown.split_first() {
        None => (!items.is_empty()).then(|| format!("{path}[{index}]: answered, not shown")),
        Some((Element::More, rest)) => {
            // `...` takes as many elements as lets the rest match. When none does, the
            // difference told is the one found past the first element after the `...`
            // (the element it lines up with), else the first.
            let mut told: Option<String> = None;
            for skip in 0..=items.len() {
                let d = elements_differ(rest, &items[skip..], path, index + skip)?;
                let at_first = d.starts_with(&format!("{path}[{}]", index + skip));
                if told.is_none() || !at_first {
                    told = Some(d);
                    if !at_first {
                        break;
                    }
                }
            }
            told
        }
        Some((Element::One(pattern), rest)) => {
            let Some((item, others)) = items.split_first() else {
                return Some(format!("{path}[{index}]: shown, not answered"));
            };
            differs(pattern, item, &format!("{path}[{index}]"))
                .or_else(|| elements_differ(rest, others, path, index + 1))
        }
    }
}

/// The real binary, serving on a free port with the 4-piece tables the examples show.
struct Service {
    child: Child,
    base: String,
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_service() -> Service {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(env!("CARGO_BIN_EXE_draughts-api"))
        .args(["--addr", &format!("127.0.0.1:{port}"), "--require-tables"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let service = Service {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    // Ready only once every preset's tables are in (the examples show their answers).
    let deadline = Instant::now() + Duration::from_secs(600);
    while Instant::now() < deadline {
        if ureq::get(&format!("{}/readyz", service.base))
            .call()
            .is_ok()
        {
            return service;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    panic!("the service was not ready with its tables in 600 s");
}

fn send(service: &Service, request: &Request) -> Result<(u16, String, Vec<u8>), String> {
    let url = format!("{}{}", service.base, request.target);
    let method = request.method.clone().unwrap_or(
        if request.body.is_some() {
            "POST"
        } else {
            "GET"
        }
        .into(),
    );
    let mut call = ureq::request(&method, &url);
    let mut typed = false;
    for (name, value) in &request.headers {
        typed |= name.eq_ignore_ascii_case("content-type");
        call = call.set(name, value);
    }
    if !typed && request.body.is_some() {
        // What curl's -d sends.
        call = call.set("Content-Type", "application/x-www-form-urlencoded");
    }
    let answer = match &request.body {
        Some(body) => call.send_bytes(body),
        None => call.call(),
    };
    let response = match answer {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => return Err(e.to_string()),
    };
    let status = response.status();
    let kind = response.content_type().to_string();
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut response.into_reader(), &mut bytes)
        .map_err(|e| e.to_string())?;
    Ok((status, kind, bytes))
}

/// The shown answer's mismatch with the real one, if any.
fn check_curl(service: &Service, example: &Example, docs_dir: &Path) -> Option<String> {
    let request = match curl_request(&shell_words(&example.command), docs_dir) {
        Ok(r) => r,
        Err(e) => return Some(e),
    };
    let (status, kind, bytes) = match send(service, &request) {
        Ok(answer) => answer,
        Err(e) => return Some(e),
    };
    if request.to_file {
        // A picture saved to a file: it must be one.
        return (status != 200 || !kind.starts_with("image/"))
            .then(|| format!("status {status}, {kind}"));
    }
    let Some(shown) = &example.shown else {
        return (status >= 400).then(|| format!("status {status}"));
    };
    let pattern = match parse_shown(shown) {
        Ok(p) => p,
        Err(e) => return Some(format!("the shown answer does not read: {e}")),
    };
    let actual: Value = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(_) => return Some(format!("not JSON: {}", String::from_utf8_lossy(&bytes))),
    };
    differs(&pattern, &actual, "$").map(|d| format!("{d}\n    answered: {actual}"))
}

#[test]
fn every_request_the_documents_show_answers_as_shown() {
    let examples: Vec<(Example, PathBuf)> = DOCS
        .iter()
        .flat_map(|file| shown_commands(file).into_iter().map(|e| (e, root())))
        .filter(|(e, _)| e.command.starts_with("curl "))
        .collect();
    assert!(examples.len() >= 15, "the tour's examples were not found");
    let service = start_service();
    let failures: Vec<String> = examples
        .iter()
        .filter_map(|(example, dir)| {
            check_curl(&service, example, dir)
                .map(|why| format!("{}: {}\n    {why}", example.place, example.command))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} examples differ from the service:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
}

/// The command lines in the documents: `draughts-api WORDS` or `cargo run --release -- WORDS`
/// in code (indented blocks and `code spans`), with their `\` continuations joined.
fn command_lines(file: &str) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(root().join(file)).expect("a document");
    let mut joined: Vec<(usize, String)> = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        match open.take() {
            Some((at, mut so_far)) => {
                so_far.push(' ');
                so_far.push_str(line.trim_end_matches('\\'));
                if line.ends_with('\\') {
                    open = Some((at, so_far));
                } else {
                    joined.push((at, so_far));
                }
            }
            None if line.ends_with('\\') => {
                open = Some((i + 1, line.trim_end_matches('\\').to_string()))
            }
            None => joined.push((i + 1, line.to_string())),
        }
    }
    let mut out = Vec::new();
    for (at, line) in joined {
        let line = line.strip_prefix("$ ").unwrap_or(&line).to_string();
        for start in ["draughts-api ", "cargo run --release -- "] {
            if let Some(rest) = line.strip_prefix(start) {
                // A trailing shell comment or redirection is not the command's.
                let rest = rest.split(" # ").next().unwrap_or(rest);
                let rest = rest.split(['<', '>', '|']).next().unwrap_or(rest);
                out.push((format!("{file}:{at}"), shell_words(rest)));
            }
        }
    }
    out
}

/// Every command line in the documents names a command the binary has, and options that
/// command takes (synopses such as `[--divide]` or `--variant ID|all` included).
#[test]
fn every_command_line_the_documents_show_names_real_options() {
    let cli = draughts_api::commands::Cli::command();
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in DOCS {
        for (place, words) in command_lines(file) {
            let mut command = &cli;
            let mut names = Vec::new();
            for word in &words {
                let word = word.trim_matches(|c| c == '[' || c == ']');
                if let Some(long) = word.strip_prefix("--") {
                    let long = long.split('=').next().unwrap_or(long);
                    let known = command
                        .get_arguments()
                        .chain(cli.get_arguments())
                        .any(|a| a.get_long() == Some(long));
                    if !known {
                        failures.push(format!(
                            "{place}: `{}` has no option --{long}",
                            names.join(" ")
                        ));
                    }
                } else if names.len() < 2 && !word.is_empty() {
                    if let Some(sub) = command.find_subcommand(word) {
                        command = sub;
                        names.push(word.to_string());
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} command lines found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The serve options are the top level's (`draughts-api --addr …` serves, as the README
/// writes it; the examples' service above is started so): its help names them.
#[test]
fn the_service_starts_without_naming_serve() {
    let output = Command::new(env!("CARGO_BIN_EXE_draughts-api"))
        .arg("--help")
        .output()
        .expect("the binary runs");
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(
        help.contains("--addr"),
        "the top-level help names --addr:\n{help}"
    );
}

#[test]
fn shown_answers_are_read_and_compared_as_documented() {
    let shown = parse_shown(r#"{"a":[1,...,4],"n":~12,"s":"…",...}"#).expect("reads");
    let answer: Value = serde_json::json!({"a": [1, 2, 3, 4], "n": 99, "s": "x", "extra": true});
    assert_eq!(differs(&shown, &answer, "$"), None);
    let exact = parse_shown(r#"{"a":[1,2]}"#).expect("reads");
    assert!(differs(&exact, &serde_json::json!({"a": [1, 2], "b": 0}), "$").is_some());
    assert!(differs(&exact, &serde_json::json!({"a": [1, 3]}), "$").is_some());
    assert!(differs(&exact, &serde_json::json!({"a": [1, 2, 3]}), "$").is_some());
    let varies = parse_shown(r#"{"n":~1}"#).expect("reads");
    assert!(differs(&varies, &serde_json::json!({"n": "one"}), "$").is_some());
    assert_eq!(
        shell_words(r#"curl -s localhost:8080/x -d '{"pdn":"[G \"21\"]"}' -H 'a: b'"#),
        [
            "curl",
            "-s",
            "localhost:8080/x",
            "-d",
            r#"{"pdn":"[G \"21\"]"}"#,
            "-H",
            "a: b"
        ]
    );
}
