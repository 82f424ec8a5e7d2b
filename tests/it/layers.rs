//! The layers of `src/`, kept: every `crate::` path in a module's code
//! names a top-level module below it in [`LAYERS`] (docs/design.md draws
//! them). An upward or circular edge fails with the file that makes it.

use std::path::Path;

/// The top-level modules in layers from the bottom up: a module may use
/// only the modules of the layers below its own, none of its own layer.
const LAYERS: [&[&str]; 13] = [
    // Shared vocabulary: numbers, windows and bounds, languages, spelling
    // suggestions, terminal-safe text, running `dot`; how values, bounds
    // and cutoffs are written.
    &["num", "bounds", "lang", "spelling", "terminal", "graphviz"],
    &["notation"],
    // The validated tree, and what makes trees from other formats or games.
    &["tree"],
    &["import", "generate"],
    // The algorithms.
    &["search"],
    // What a search gives and how it is run: the classroom answer, move
    // ordering, a run's settings, the JSON trace's types, the comparison
    // table, games played, the schemas.
    &["answer"],
    &["order"],
    &["settings"],
    &["contract", "compare", "play"],
    &["schema"],
    // Renderers, and grading.
    &["render", "check"],
    // The use case that joins a search to a renderer.
    &["trace"],
    // The command line.
    &["cli"],
];

/// The top-level module a source file belongs to: `src/check/explain.rs`
/// is `check`'s.
fn module_of(path: &Path) -> String {
    let relative = path.strip_prefix("src").expect("a file under src/");
    let first = relative.components().next().expect("a path").as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_string()
}

/// The module code of a file: without comments, and without unit tests
/// (which may use anything to build their cases).
fn code_of(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The top-level modules `code` names as `crate::NAME`, and in `use
/// crate::{a, b::c}` groups.
fn uses(code: &str) -> Vec<String> {
    let mut used = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let group = rest.strip_prefix('{').map(|inner| &inner[..inner.find('}').unwrap_or(0)]);
        let names: Vec<&str> = match group {
            Some(inner) => inner.split(',').collect(),
            None => vec![rest],
        };
        for name in names {
            let name: String =
                name.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                used.push(name);
            }
        }
    }
    used.sort();
    used.dedup();
    used
}

fn source_files(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            source_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// Every edge from a module to one not below it, as `file: a -> b`.
fn upward_edges() -> Vec<String> {
    let rank = |module: &str| LAYERS.iter().position(|layer| layer.contains(&module));
    let mut files = Vec::new();
    source_files(Path::new("src"), &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in files {
        let module = module_of(&file);
        if matches!(module.as_str(), "lib" | "main") {
            continue;
        }
        let own = rank(&module).unwrap_or_else(|| panic!("{module} is in no layer"));
        if file.file_name().is_some_and(|name| name == "tests.rs") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).expect("a source file"));
        for used in uses(&code) {
            if used == module {
                continue;
            }
            match rank(&used) {
                Some(below) if below < own => {}
                _ => wrong.push(format!("{}: {module} -> {used}", file.display())),
            }
        }
    }
    wrong
}

#[test]
fn every_module_uses_only_modules_below_it() {
    let wrong = upward_edges();
    assert!(wrong.is_empty(), "upward or circular edges:\n{}", wrong.join("\n"));
}

#[test]
fn every_top_level_module_has_a_layer() {
    let lib = std::fs::read_to_string("src/lib.rs").expect("src/lib.rs");
    for line in lib.lines().filter_map(|line| line.strip_prefix("pub mod ")) {
        let module = line.trim_end_matches(';');
        assert!(LAYERS.iter().any(|layer| layer.contains(&module)), "{module} is in no layer");
    }
}

#[test]
fn an_upward_edge_is_found() {
    let code = code_of(
        "use crate::cli::run;\n// crate::check in a comment\nuse crate::{num, tree::Tree};\n#[cfg(test)]\nuse crate::render;",
    );
    assert_eq!(uses(&code), ["cli", "num", "tree"]);
}
