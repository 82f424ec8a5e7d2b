//! The `gametree` binary: everything happens in [`gametree::cli`].

fn main() -> std::process::ExitCode {
    gametree::cli::main()
}
