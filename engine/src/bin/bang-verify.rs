//! `bang-verify FILE`: checks a finished game's record (`GET
//! /v1/games/{id}/record`, format `bang-record/1`) without any server: its
//! hash chain, every commitment, the seed's commitment and derivation, and
//! every event against what the rules derive from the seed and the recorded
//! decisions. Prints the game's history with the rule each event applied
//! (`--quiet`: only the verdict). Exit status 0 when the record holds, 1 when
//! it does not (the first bad event named), 2 when the file cannot be read.

use std::process::ExitCode;

const USAGE: &str = "usage: bang-verify [--quiet] FILE   (FILE `-`: standard input)";

fn main() -> ExitCode {
    let mut quiet = false;
    let mut file = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--quiet" | "-q" => quiet = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ if file.is_none() => file = Some(arg),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(file) = file else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let text = if file == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(&file)
    };
    match text {
        Ok(text) => ExitCode::from(engine::record::verify_and_tell(
            &text,
            quiet,
            &mut std::io::stdout().lock(),
        )),
        Err(e) => {
            eprintln!("bang-verify: {file}: {e}");
            ExitCode::from(2)
        }
    }
}
