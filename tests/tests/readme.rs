//! The README is tested: every `sh` block is run, in order, against a server
//! this test starts, or skipped by name; each answer is checked against
//! what the README shows.
//!
//! **Blocks.** Each `sh` block follows an HTML comment that names it and
//! says how to run it: `<!-- readme-test: NAME [skip] [seed=N] [until=…]
//! [url=URL] -->`. A `skip` block is one that cannot run unattended (it
//! starts servers, builds, or waits for a database); the README says so
//! beside it and [`SKIPPED`] lists it, and the two must agree.
//!
//! **Commands** are run for real, with `bash` and `curl`: what a reader
//! types is what is tested, quoting included (a `-d` without
//! `content-type: application/json` gets the 415 a reader would get). A
//! `curl` function in front of each command records every answer's head
//! and body, and sends it from the block's own client address (127.0.0.N:
//! each block is a reader of its own, so the server's default limits hold).
//!
//! **Placeholders.** `$B` is the server. `$G` and `$ANN` are the game the
//! last `POST /v1/games` made and its first token, `$ANN_KEY` the key of
//! the last `POST /v1/players`, as the README says. An example value shown
//! in an answer (an id, a key, an invite) stands for the value the server
//! gave in its place, in every later command and answer. `url=URL` stands a
//! local receiver in for a webhook URL no test can reach; `seed=N` adds
//! `"seed": N` to each game the block makes, so that the game shown is the
//! one played (this server's seed secret is fixed).
//!
//! **Answers.** `# -> …` after a command is its answer: an optional status
//! (else any 2xx), then JSON in which `...`/`…` stand for what is left out
//! (an object shows some of its fields; a list with `...` some of its
//! items, in order), a string ending in `…` a prefix, and an example id the
//! server's id; or `"key": value` fields found in some object of the answer;
//! or `events type {fields}, …`, the answer's events in order (some
//! shown); or, for a text answer, its lines in order. A comment line that
//! goes on with two spaces or more continues it.
//!
//! **Moments.** Bots move between commands: the test waits until the game
//! waits for a person (or is over) before each one. `until=…` plays the
//! people's seats first (their first legal action; a reaction is passed)
//! until `over`, `asked:KIND` (Ann is asked a decision of that kind),
//! `legal:T1+T2` (Ann's legal actions include those types), `shadow` (Ann
//! plays a shadow turn) or `kept` (a bot keeps Ann's seat).
//!
//! For writing the README: `README_TEST_SHOW=1` prints every answer,
//! `README_TEST_FROM=NAME` starts at block NAME (earlier blocks are not
//! run), `README_TEST_SEED=N` plays block FROM with seed N instead of its own.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tests::{Client, TestServer};

/// The blocks that cannot run unattended, and why.
const SKIPPED: &[(&str, &str)] = &[
    ("start", "starts the server this test starts itself"),
    ("test", "is the test command this test is part of"),
    (
        "verify-record",
        "builds the verifier in release (tests/tests/record.rs checks records the same way)",
    ),
    (
        "ratings-rebuild",
        "builds the release tool and reads a stopped server's store",
    ),
    (
        "postgres",
        "needs a PostgreSQL database and starts two servers",
    ),
    ("store-copy", "needs a PostgreSQL database"),
    ("backup", "stops and copies the server's store"),
    (
        "bot-workers",
        "starts a server and a bot worker as processes",
    ),
    (
        "regenerate",
        "rewrites openapi/openapi.json (checked by api's tests)",
    ),
    ("benchmarks", "runs for minutes to hours, in release builds"),
];

fn readme_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md")
}

// ----- reading the README ------------------------------------------------------

#[derive(Debug, Default, Clone)]
struct Marker {
    name: String,
    skip: bool,
    seed: Option<u64>,
    until: Option<String>,
    url: Option<String>,
}

#[derive(Debug)]
struct Block {
    marker: Marker,
    line: usize,
    commands: Vec<Step>,
}

#[derive(Debug)]
struct Step {
    line: usize,
    shell: String,
    expects: Vec<String>,
}

fn parse_marker(text: &str, line: usize) -> Marker {
    let mut marker = Marker::default();
    for word in text.split_whitespace() {
        if word == "skip" {
            marker.skip = true;
        } else if let Some(seed) = word.strip_prefix("seed=") {
            marker.seed = Some(seed.parse().expect("seed=N"));
        } else if let Some(until) = word.strip_prefix("until=") {
            marker.until = Some(until.to_string());
        } else if let Some(url) = word.strip_prefix("url=") {
            marker.url = Some(url.to_string());
        } else if marker.name.is_empty() {
            marker.name = word.to_string();
        } else {
            panic!("README line {line}: unknown readme-test word `{word}`");
        }
    }
    assert!(
        !marker.name.is_empty(),
        "README line {line}: a readme-test marker names its block"
    );
    marker
}

/// The `sh` blocks of the README, each with its marker and its commands.
fn blocks(readme: &str) -> Vec<Block> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```sh" {
            i += 1;
            continue;
        }
        let marker = (0..i)
            .rev()
            .map(|j| lines[j].trim())
            .find(|l| !l.is_empty())
            .and_then(|l| l.strip_prefix("<!-- readme-test:"))
            .and_then(|l| l.strip_suffix("-->"))
            .map(|m| parse_marker(m, i + 1))
            .unwrap_or_else(|| {
                panic!(
                    "README line {}: an `sh` block without a `<!-- readme-test: NAME -->` \
                     marker before it",
                    i + 1
                )
            });
        let start = i + 1;
        let mut end = start;
        while lines[end].trim_end() != "```" {
            end += 1;
        }
        blocks.push(Block {
            commands: steps(&lines[start..end], start + 1),
            marker,
            line: start,
        });
        i = end + 1;
    }
    blocks
}

/// Whether a line only sets shell variables (`G=9f86…; ANN=...   # from
/// the answer`).
fn assigns(line: &str) -> bool {
    let code = line.split(" #").next().unwrap_or(line);
    code.split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .all(|part| {
            part.split_once('=').is_some_and(|(name, value)| {
                !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                    && !value.trim().contains(' ')
            })
        })
}

/// The commands of a block's lines (`first` is the first one's number).
fn steps(lines: &[&str], first: usize) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut open_expect = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        i += 1;
        if trimmed.is_empty() {
            open_expect = false;
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix('#') {
            if let Some(shown) = comment.strip_prefix(" ->") {
                let step = steps.last_mut().unwrap_or_else(|| {
                    panic!(
                        "README line {}: an answer before any command",
                        first + i - 1
                    )
                });
                step.expects.push(shown.trim().to_string());
                open_expect = true;
            } else if open_expect && comment.starts_with("  ") {
                let step = steps.last_mut().unwrap();
                let last = step.expects.last_mut().unwrap();
                last.push('\n');
                last.push_str(comment.trim());
            } else {
                open_expect = false;
            }
            continue;
        }
        open_expect = false;
        // An assignment of the placeholders the README names (B, G, ANN…):
        // the test keeps their values itself.
        if assigns(trimmed) {
            continue;
        }
        let line_number = first + i - 1;
        let mut shell = line.to_string();
        if trimmed.starts_with("for ") {
            while !lines[i - 1].trim().starts_with("done") {
                shell.push('\n');
                shell.push_str(lines[i]);
                i += 1;
            }
        } else {
            while shell.trim_end().ends_with('\\') {
                shell.push('\n');
                shell.push_str(lines[i]);
                i += 1;
            }
        }
        steps.push(Step {
            line: line_number,
            shell,
            expects: Vec::new(),
        });
    }
    steps
}

// ----- answers as the README shows them ------------------------------------------

#[derive(Debug, Clone)]
enum Pattern {
    Any,
    Object(Vec<(String, Pattern)>),
    Array { items: Vec<Pattern>, open: bool },
    Text(String),
    Exact(Value),
}

struct Parser<'a> {
    text: &'a [char],
    at: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn ellipsis(&mut self) -> bool {
        self.ws();
        if self.peek() == Some('…') {
            self.at += 1;
            return true;
        }
        if self.text[self.at..].starts_with(&['.', '.', '.']) {
            self.at += 3;
            return true;
        }
        false
    }

    fn string(&mut self) -> Result<String, String> {
        self.ws();
        if !self.eat('"') {
            return Err(format!("a string at {}", self.at));
        }
        let mut out = String::new();
        while let Some(c) = self.peek() {
            self.at += 1;
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let escaped = self.peek().ok_or("an escape")?;
                    self.at += 1;
                    out.push(match escaped {
                        'n' => '\n',
                        't' => '\t',
                        other => other,
                    });
                }
                c => out.push(c),
            }
        }
        Err("an unterminated string".into())
    }

    fn value(&mut self) -> Result<Pattern, String> {
        if self.ellipsis() {
            return Ok(Pattern::Any);
        }
        self.ws();
        match self.peek() {
            Some('{') => {
                self.at += 1;
                let mut fields = Vec::new();
                if self.eat('}') {
                    return Ok(Pattern::Object(fields));
                }
                loop {
                    if !self.ellipsis() {
                        let key = self.string()?;
                        if !self.eat(':') {
                            return Err(format!("`:` after \"{key}\""));
                        }
                        fields.push((key, self.value()?));
                    }
                    if self.eat(',') {
                        continue;
                    }
                    if self.eat('}') {
                        return Ok(Pattern::Object(fields));
                    }
                    return Err(format!("`,` or `}}` at {}", self.at));
                }
            }
            Some('[') => {
                self.at += 1;
                let (mut items, mut open) = (Vec::new(), false);
                if self.eat(']') {
                    return Ok(Pattern::Array { items, open });
                }
                loop {
                    match self.value()? {
                        Pattern::Any => open = true,
                        item => items.push(item),
                    }
                    if self.eat(',') {
                        continue;
                    }
                    if self.eat(']') {
                        return Ok(Pattern::Array { items, open });
                    }
                    return Err(format!("`,` or `]` at {}", self.at));
                }
            }
            Some('"') => {
                let s = self.string()?;
                Ok(if s == "..." || s == "…" {
                    Pattern::Any
                } else {
                    Pattern::Text(s)
                })
            }
            Some(_) => {
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                {
                    if self.text[self.at..].starts_with(&['.', '.', '.']) {
                        break;
                    }
                    self.at += 1;
                }
                let word: String = self.text[start..self.at].iter().collect();
                serde_json::from_str(&word)
                    .map(Pattern::Exact)
                    .map_err(|_| format!("a value, not `{word}`"))
            }
            None => Err("a value, not the end".into()),
        }
    }
}

/// An example value that stands for one the server makes: no spaces, a
/// digit, long enough to be an id, a key or an invite.
fn opaque(s: &str) -> bool {
    s.chars().count() >= 8
        && !s.contains(' ')
        && s.chars().any(|c| c.is_ascii_digit())
        && s.chars().any(|c| c.is_ascii_alphabetic())
}

/// A character of a token, key or id: a letter, a digit, or base64's `+`
/// and `/`.
fn token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '+' || c == '/'
}

/// Whether two texts have the same shape: token characters anywhere,
/// everything else in the same places.
fn same_shape(example: &str, actual: &str) -> bool {
    example.chars().count() == actual.chars().count()
        && example
            .chars()
            .zip(actual.chars())
            .all(|(a, b)| a == b || (token_char(a) && token_char(b)))
}

/// Whether `actual` is what `pattern` shows; example values found for
/// opaque ones are added to `found`.
fn matches(pattern: &Pattern, actual: &Value, found: &mut Vec<(String, String)>) -> bool {
    match pattern {
        Pattern::Any => true,
        Pattern::Exact(v) => v == actual,
        Pattern::Text(example) => {
            let Some(actual) = actual.as_str() else {
                return false;
            };
            if let Some(prefix) = example
                .strip_suffix('…')
                .or_else(|| example.strip_suffix("..."))
            {
                let head: String = actual.chars().take(prefix.chars().count()).collect();
                let example_like = prefix.chars().any(|c| c.is_ascii_digit());
                return actual.starts_with(prefix) || (example_like && same_shape(prefix, &head));
            }
            if example == actual {
                return true;
            }
            if opaque(example) && same_shape(example, actual) {
                found.push((example.clone(), actual.to_string()));
                return true;
            }
            false
        }
        Pattern::Object(fields) => {
            let Some(object) = actual.as_object() else {
                return false;
            };
            fields
                .iter()
                .all(|(key, p)| object.get(key).is_some_and(|v| matches(p, v, found)))
        }
        Pattern::Array { items, open } => {
            let Some(list) = actual.as_array() else {
                return false;
            };
            if !open {
                return list.len() == items.len()
                    && items.iter().zip(list).all(|(p, v)| matches(p, v, found));
            }
            let mut at = 0;
            items.iter().all(|p| {
                while at < list.len() {
                    at += 1;
                    let mut tried = Vec::new();
                    if matches(p, &list[at - 1], &mut tried) {
                        found.extend(tried);
                        return true;
                    }
                }
                false
            })
        }
    }
}

/// Whether some object inside `actual` (or `actual`) matches `pattern`.
fn matches_somewhere(pattern: &Pattern, actual: &Value, found: &mut Vec<(String, String)>) -> bool {
    let mut tried = Vec::new();
    if matches(pattern, actual, &mut tried) {
        found.extend(tried);
        return true;
    }
    match actual {
        Value::Object(o) => o.values().any(|v| matches_somewhere(pattern, v, found)),
        Value::Array(a) => a.iter().any(|v| matches_somewhere(pattern, v, found)),
        _ => false,
    }
}

/// An answer as shown: its status (if given) and what its body must match.
struct Shown {
    status: Option<u16>,
    json: Option<(Pattern, bool)>,
    events: Vec<(String, Option<Pattern>)>,
    lines: Vec<String>,
}

fn parse_shown(text: &str, json_body: bool) -> Result<Shown, String> {
    let mut text = text.trim();
    let mut status = None;
    if let Some((code, rest)) = text.split_once(' ')
        && code.len() == 3
        && code.bytes().all(|b| b.is_ascii_digit())
    {
        status = code.parse().ok();
        text = rest.trim();
    } else if text.len() == 3 && text.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Shown {
            status: text.parse().ok(),
            json: None,
            events: Vec::new(),
            lines: Vec::new(),
        });
    }
    let mut shown = Shown {
        status,
        json: None,
        events: Vec::new(),
        lines: Vec::new(),
    };
    if !json_body {
        shown.lines = text.lines().map(|l| l.trim().to_string()).collect();
        return Ok(shown);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut rest = text.to_string();
    if text.starts_with('{') || text.starts_with('[') {
        let mut parser = Parser {
            text: &chars,
            at: 0,
        };
        shown.json = Some((parser.value()?, false));
        rest = chars[parser.at..].iter().collect();
    } else if text.starts_with('"') || text.starts_with("...\"") || text.starts_with("…\"") {
        // Fields of some object: up to the end of the last one.
        let fields: String = text
            .trim_start_matches("...")
            .trim_start_matches('…')
            .to_string();
        let wrapped: Vec<char> = format!("{{{fields}}}").chars().collect();
        let mut parser = Parser {
            text: &wrapped,
            at: 0,
        };
        shown.json = Some((parser.value()?, true));
        rest = String::new();
    }
    let rest = rest.trim();
    if let Some(list) = rest.strip_prefix("events") {
        let list = list.split(" (").next().unwrap_or(list);
        let chars: Vec<char> = list.chars().collect();
        let mut parser = Parser {
            text: &chars,
            at: 0,
        };
        loop {
            parser.ws();
            let start = parser.at;
            while parser
                .peek()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                parser.at += 1;
            }
            let name: String = chars[start..parser.at].iter().collect();
            if name.is_empty() {
                break;
            }
            parser.ws();
            let fields = if parser.peek() == Some('{') {
                Some(parser.value()?)
            } else {
                None
            };
            shown.events.push((name, fields));
            if !parser.eat(',') {
                break;
            }
        }
    }
    Ok(shown)
}

/// Whether each shown line is a line of `text`, in order (`…` stands for
/// any part of a line).
fn lines_match(shown: &[String], text: &str) -> Result<(), String> {
    let mut lines = text.lines();
    'shown: for want in shown {
        let pieces: Vec<&str> = want.split('…').collect();
        for line in lines.by_ref() {
            let mut rest = line.trim();
            let mut ok = rest.starts_with(pieces[0]);
            for piece in &pieces {
                match rest.find(piece) {
                    Some(at) if ok => rest = &rest[at + piece.len()..],
                    _ => ok = false,
                }
            }
            if ok && (pieces.len() > 1 || line.trim() == want) {
                continue 'shown;
            }
        }
        return Err(format!("no line `{want}` (in order) in:\n{text}"));
    }
    Ok(())
}

// ----- running ---------------------------------------------------------------

/// One answer a command got.
struct Answer {
    status: u16,
    content_type: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// The state the README's placeholders stand for.
#[derive(Default)]
struct Vars {
    game: String,
    ann: String,
    ann_key: String,
    /// The last game made's tokens, by seat (for the moments).
    tokens: HashMap<u64, String>,
    /// Example values and the values they stand for.
    examples: Vec<(String, String)>,
}

impl Vars {
    fn substitute(&self, text: &str) -> String {
        let mut out = text.to_string();
        let mut examples = self.examples.clone();
        examples.sort_by_key(|(e, _)| std::cmp::Reverse(e.len()));
        for (example, actual) in examples {
            out = out.replace(&example, &actual);
        }
        out
    }

    fn learn(&mut self, answer: &Answer) {
        let body = answer.json();
        if answer.status == 201
            && body["game"]["id"].is_string()
            && body["tokens"].is_array()
            && body["game"].get("forked_from").is_none()
        {
            self.game = body["game"]["id"].as_str().unwrap().to_string();
            self.tokens = body["tokens"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| {
                    (
                        t["seat"].as_u64().unwrap(),
                        t["token"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            self.ann = self.tokens.get(&0).cloned().unwrap_or_default();
        }
        if answer.status == 201 && body["key"].as_str().is_some_and(|k| k.starts_with("pk_")) {
            self.ann_key = body["key"].as_str().unwrap().to_string();
        }
        if answer.status == 200
            && let (Some(seat), Some(token)) = (body["seat"].as_u64(), body["token"].as_str())
        {
            self.tokens.insert(seat, token.to_string());
        }
    }
}

/// What a `curl` function records, put before each command.
const PRELUDE: &str = r#"
n=0
curl() {
    n=$((n + 1))
    command curl --interface "$FROM" --max-time "$MAXT" -sS -D "$OUT/$n.head" -o "$OUT/$n.body" "$@"
}
"#;

/// Runs one command; its answers in order.
fn run(shell: &str, base: &str, vars: &Vars, from: &str) -> Result<Vec<Answer>, String> {
    let out = tempfile::tempdir().unwrap();
    let streaming = shell.contains("curl -N");
    let result = Process::new("bash")
        .arg("-c")
        .arg(format!("{PRELUDE}\n{shell}"))
        .env("OUT", out.path())
        .env("FROM", from)
        .env("MAXT", if streaming { "3" } else { "15" })
        .env("B", base)
        .env("G", &vars.game)
        .env("ANN", &vars.ann)
        .env("ANN_KEY", &vars.ann_key)
        .output()
        .map_err(|e| format!("bash: {e}"))?;
    // curl's 28 is its --max-time: how a stream that stays open ends.
    let timed_out = result.status.code() == Some(28);
    let ended_as_streams_do = streaming && timed_out;
    if !(result.status.success() || ended_as_streams_do) {
        return Err(format!(
            "the command failed ({}): {}",
            result.status,
            String::from_utf8_lossy(&result.stderr)
        ));
    }
    let mut answers = Vec::new();
    for n in 1.. {
        let Ok(head) = std::fs::read_to_string(out.path().join(format!("{n}.head"))) else {
            break;
        };
        let body =
            std::fs::read_to_string(out.path().join(format!("{n}.body"))).unwrap_or_default();
        let status = head
            .lines()
            .rfind(|l| l.starts_with("HTTP/"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let content_type = head
            .lines()
            .find_map(|l| {
                l.split_once(':')
                    .filter(|(k, _)| k.eq_ignore_ascii_case("content-type"))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_default();
        answers.push(Answer {
            status,
            content_type,
            body,
        });
    }
    if answers.is_empty() {
        return Err("no curl answered".into());
    }
    Ok(answers)
}

/// Checks `answer` against what the README shows of it.
fn check(shown: &str, answer: &Answer, vars: &mut Vars) -> Result<(), String> {
    let ct = &answer.content_type;
    let json_body = ct.starts_with("application/json") || ct.contains("+json");
    let shown_parsed = parse_shown(&vars.substitute(shown), json_body)?;
    match shown_parsed.status {
        Some(status) if status != answer.status => {
            return Err(format!("status {}, not {status}", answer.status));
        }
        None if !(200..300).contains(&answer.status) => {
            return Err(format!("status {}", answer.status));
        }
        _ => {}
    }
    let body = answer.json();
    let mut found = Vec::new();
    if let Some((pattern, somewhere)) = &shown_parsed.json {
        let ok = if *somewhere {
            matches_somewhere(pattern, &body, &mut found)
        } else {
            matches(pattern, &body, &mut found)
        };
        if !ok {
            return Err("the answer is not what the README shows".into());
        }
    }
    if !shown_parsed.events.is_empty() {
        let events = body["events"].as_array().cloned().unwrap_or_default();
        let mut at = 0;
        for (kind, fields) in &shown_parsed.events {
            let hit = events[at..].iter().position(|e| {
                e["event"]["type"] == kind.as_str()
                    && fields
                        .as_ref()
                        .is_none_or(|p| matches(p, &e["event"], &mut found))
            });
            match hit {
                Some(i) => at += i + 1,
                None => {
                    return Err(format!(
                        "no event `{kind}` (in order, with the fields shown)"
                    ));
                }
            }
        }
    }
    if !shown_parsed.lines.is_empty() {
        lines_match(&shown_parsed.lines, &answer.body)?;
    }
    for (example, actual) in found {
        if !vars.examples.iter().any(|(e, _)| *e == example) {
            vars.examples.push((example, actual));
        }
    }
    Ok(())
}

/// Adds `"seed": N` to each game the command makes.
fn seeded(shell: &str, seed: u64) -> String {
    if !shell.contains("/v1/games ") && !shell.contains("/v1/games -H") {
        return shell.to_string();
    }
    shell.replace(
        "-d '{\"ruleset\"",
        &format!("-d '{{\"seed\":{seed},\"ruleset\""),
    )
}

// ----- waiting and playing ------------------------------------------------------

/// Waits until game `id` waits for a person (or for nobody).
async fn settle(c: &Client, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, game) = call(
            c,
            reqwest::Method::GET,
            &format!("/v1/games/{id}"),
            None,
            None,
        )
        .await;
        let seats = &game["game"]["seats"];
        let bots_asked = game["pending"].as_array().is_some_and(|p| {
            p.iter().any(|p| {
                let seat = &seats[p["seat"].as_u64().unwrap_or(0) as usize];
                // A person's seat a bot keeps moves on a deadline's time,
                // not the bots': waiting for it would wait for the game's end.
                seat["kind"] == "bot"
            })
        });
        if game["game"]["status"] != "active" || !bots_asked {
            return game;
        }
        assert!(
            Instant::now() < deadline,
            "the bots did not move on: {game}"
        );
        let version = game["version"].as_u64().unwrap_or(0);
        call(
            c,
            reqwest::Method::GET,
            &format!("/v1/games/{id}/events?after={version}&wait=1&limit=1"),
            None,
            None,
        )
        .await;
    }
}

/// A request of the test's own (waiting, playing a moment), sent again after
/// a 429's `Retry-After`: it is no reader of the README, and plays faster.
async fn call(
    c: &Client,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (reqwest::StatusCode, Value) {
    loop {
        let (status, answer) = c.call(method.clone(), path, token, body.clone()).await;
        if status != reqwest::StatusCode::TOO_MANY_REQUESTS {
            return (status, answer);
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Plays the people's seats until `until` holds (see the module's description).
async fn reach(c: &Client, vars: &Vars, until: &str) -> Result<(), String> {
    let id = &vars.game;
    for _ in 0..3_000 {
        if until == "kept" {
            let (_, game) = call(
                c,
                reqwest::Method::GET,
                &format!("/v1/games/{id}"),
                None,
                None,
            )
            .await;
            if game["game"]["seats"][0]["kept_by_bot"].is_string() {
                return Ok(());
            }
            // Only Ann misses her deadline, as the README tells: the other
            // people move, or their seats would pass to bots too and the
            // bots could end the game before she takes hers back.
            let pending = game["pending"].as_array().cloned().unwrap_or_default();
            match pending.iter().find(|p| p["seat"] != 0) {
                Some(asked) => play(c, vars, asked).await?,
                None => tokio::time::sleep(Duration::from_millis(100)).await,
            }
            continue;
        }
        let game = settle(c, id).await;
        if until == "over" && game["game"]["status"] == "finished" {
            return Ok(());
        }
        if game["game"]["status"] != "active" {
            return Err(format!("the game ended before `{until}`"));
        }
        let pending = game["pending"].as_array().cloned().unwrap_or_default();
        let ann_asked = pending.iter().find(|p| p["seat"] == 0);
        if let Some(kind) = until.strip_prefix("asked:")
            && ann_asked.is_some_and(|p| p["decision"]["kind"] == kind)
        {
            return Ok(());
        }
        if let Some(types) = until.strip_prefix("legal:") {
            let (_, legal) = call(
                c,
                reqwest::Method::GET,
                &format!("/v1/games/{id}/actions"),
                Some(&vars.ann),
                None,
            )
            .await;
            let have: Vec<&str> = legal["actions"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| a["type"].as_str())
                .collect();
            if types.split('+').all(|t| have.contains(&t)) {
                return Ok(());
            }
        }
        if until == "shadow" {
            let (_, mine) = call(
                c,
                reqwest::Method::GET,
                &format!("/v1/games/{id}"),
                Some(&vars.ann),
                None,
            )
            .await;
            if mine["view"]["turn"]["shadow"] == true && mine["view"]["turn"]["seat"] == 0 {
                return Ok(());
            }
        }
        let Some(asked) = pending.first() else {
            return Err(format!("nobody is asked, before `{until}`"));
        };
        play(c, vars, asked).await?;
    }
    Err(format!("`{until}` was not reached"))
}

/// The seat `asked` (an entry of the game's `pending`) takes a legal action:
/// it passes a reaction it may pass, else takes its first action.
async fn play(c: &Client, vars: &Vars, asked: &Value) -> Result<(), String> {
    let id = &vars.game;
    let seat = asked["seat"].as_u64().unwrap();
    let token = vars
        .tokens
        .get(&seat)
        .ok_or_else(|| format!("seat {seat} is asked and has no token here"))?;
    let (_, legal) = call(
        c,
        reqwest::Method::GET,
        &format!("/v1/games/{id}/actions?seat={seat}"),
        Some(token),
        None,
    )
    .await;
    let actions = legal["actions"].as_array().cloned().unwrap_or_default();
    let pass = json!({"type": "pass"});
    let action = if asked["reaction"] == true && actions.contains(&pass) {
        pass
    } else {
        actions
            .first()
            .cloned()
            .ok_or_else(|| format!("seat {seat} has no legal action: {legal}"))?
    };
    let (status, body) = call(
        c,
        reqwest::Method::POST,
        &format!("/v1/games/{id}/actions?seat={seat}"),
        Some(token),
        Some(json!({"action": action, "expected_version": legal["version"]})),
    )
    .await;
    if !status.is_success() && status.as_u16() != 409 {
        return Err(format!("seat {seat}'s {action}: {status} {body}"));
    }
    Ok(())
}

// ----- the test ------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readmes_examples_work_as_shown() {
    let readme = std::fs::read_to_string(readme_path()).expect("README.md");
    let blocks = blocks(&readme);
    // Skipped by name, and said so in the README.
    let skipped: Vec<&str> = blocks
        .iter()
        .filter(|b| b.marker.skip)
        .map(|b| b.marker.name.as_str())
        .collect();
    let listed: Vec<&str> = SKIPPED.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        skipped, listed,
        "the README's skipped blocks, in order, and SKIPPED"
    );
    let mut names: Vec<&str> = blocks.iter().map(|b| b.marker.name.as_str()).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "each block has a name of its own");
    let runnable = blocks.iter().filter(|b| !b.marker.skip).count();
    assert!(runnable >= 15, "{runnable} blocks run");

    // The server as a reader runs it, limits and all, with bots; a fixed
    // seed secret makes `"seed": N` play the same game in every run.
    let server = TestServer::start_with(|c| {
        use clap::Parser as _;
        let defaults = api::config::Config::parse_from(["bang-server"]);
        *c = api::config::Config {
            addr: c.addr.clone(),
            data: c.data.clone(),
            store: c.store.clone(),
            worker_key: c.worker_key.clone(),
            seed_secret: c.seed_secret.clone(),
            bots: api::config::BotsMode::Embedded,
            webhook_allow_private: true,
            // The test plays whole games with a person's token between the
            // examples, far faster than a person: the README's commands
            // themselves keep every other default limit.
            rate_per_token: 1_000_000.0,
            burst_per_token: 1_000_000.0,
            ..defaults
        };
    })
    .await;
    let receiver = tests::receiver::Receiver::start().await;
    let c = server.client();
    let show = std::env::var_os("README_TEST_SHOW").is_some();
    let started = Instant::now();
    let mut vars = Vars::default();
    let from_block = std::env::var("README_TEST_FROM").ok();
    let seed_override: Option<u64> = std::env::var("README_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok());
    let mut started_at = from_block.is_none();
    for (index, block) in blocks.iter().enumerate() {
        if from_block.as_deref() == Some(block.marker.name.as_str()) {
            started_at = true;
        }
        if block.marker.skip || !started_at {
            continue;
        }
        let name = &block.marker.name;
        let from = format!("127.0.0.{}", 10 + index);
        if let Some(url) = &block.marker.url {
            let stand_in = receiver.url("/readme");
            if !vars.examples.iter().any(|(e, _)| e == url) {
                vars.examples.push((url.clone(), stand_in));
            }
        }
        if let Some(until) = &block.marker.until
            && let Err(e) = reach(&c, &vars, until).await
        {
            panic!("README block `{name}` (line {}): {e}", block.line);
        }
        for step in &block.commands {
            if !vars.game.is_empty() {
                settle(&c, &vars.game).await;
            }
            let mut shell = vars.substitute(&step.shell);
            let seed = match (&from_block, seed_override) {
                (Some(from), Some(seed)) if *from == block.marker.name => Some(seed),
                _ => block.marker.seed,
            };
            if let Some(seed) = seed {
                shell = seeded(&shell, seed);
            }
            let answers = run(&shell, &server.base, &vars, &from).unwrap_or_else(|e| {
                panic!("README block `{name}`, line {}: {e}\n{shell}", step.line)
            });
            if show {
                for a in &answers {
                    println!(
                        "== {name} line {}: {} {}\n{}\n",
                        step.line,
                        a.status,
                        a.content_type,
                        a.body.chars().take(3000).collect::<String>()
                    );
                }
            }
            for answer in &answers[..answers.len() - 1] {
                assert!(
                    (200..300).contains(&answer.status),
                    "README block `{name}`, line {}: status {}: {}",
                    step.line,
                    answer.status,
                    answer.body
                );
                vars.learn(answer);
            }
            let last = answers.last().unwrap();
            if step.expects.is_empty() {
                assert!(
                    (200..300).contains(&last.status),
                    "README block `{name}`, line {}: status {}: {}",
                    step.line,
                    last.status,
                    last.body
                );
            }
            for shown in &step.expects {
                if let Err(e) = check(shown, last, &mut vars) {
                    panic!(
                        "README block `{name}`, line {}: {e}\ncommand: {shell}\nshown: {shown}\nanswer: {} {}",
                        step.line, last.status, last.body
                    );
                }
            }
            vars.learn(last);
        }
    }
    println!(
        "README: {runnable} blocks run, {} skipped by name, in {:.1} s",
        SKIPPED.len(),
        started.elapsed().as_secs_f64()
    );
}
