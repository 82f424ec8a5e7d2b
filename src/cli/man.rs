//! `gametree man`: the manual pages, one per command, made from the same
//! clap definitions as `--help`, so that they list every option.

use std::io::Write;
use std::path::PathBuf;

use clap::CommandFactory;

use super::args::cannot_write;
use super::{Cli, Failure};

#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// The command whose page to print (`trace`, `gen random`, ...); the
    /// page of gametree itself when none is given.
    #[arg(value_name = "COMMAND", conflicts_with = "dir")]
    command: Vec<String>,

    /// Write every page (gametree.1, gametree-trace.1, ...) into DIR, for
    /// `man -M` or a package.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Runs `gametree man`.
pub fn run(args: &ManArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    if let Some(dir) = &args.dir {
        let cannot = |error: std::io::Error| cannot_write(dir, &error);
        std::fs::create_dir_all(dir).map_err(cannot)?;
        return clap_mangen::generate_to(command, dir).map_err(cannot);
    }
    for word in &args.command {
        let Some(sub) = command.find_subcommand(word).cloned() else {
            let known: Vec<&str> = command.get_subcommands().map(|sub| sub.get_name()).collect();
            return Err(Failure::Usage(format!(
                "gametree man: there is no command {word:?} here; the commands are {}",
                known.join(", ")
            )));
        };
        command = sub;
    }
    // Rendered whole before writing: a failed write then writes nothing.
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page).map_err(Failure::Output)?;
    out.write_all(&page).map_err(Failure::Output)
}
