//! One exercise of a sheet, made in memory: its random tree, its answer
//! key with bounds marked as the trace marks them, and its pictures as
//! handed out and as solved, from `trace` like `trace --exercise`.

use std::path::Path;

use super::{SheetArgs, write};
use crate::cli::Failure;
use crate::cli::args::cannot_write;
use crate::generate::random::{self, ChanceSpec};
use crate::graphviz::{self, GraphvizError, ImageFormat};
use crate::lang::Lang;
use crate::render::picture::Look;
use crate::render::sheet::{self, Task};
use crate::search;
use crate::settings::Settings;
use crate::trace::{self, Format, Request};
use crate::tree::{self, Naming, Overrides, Player, Tree};

/// An exercise, all of it in memory until the sheet is written.
pub struct Exercise {
    number: u32,
    /// The tree file's text.
    json: Vec<u8>,
    /// The answer key: each classroom line's key and items.
    key: Vec<(String, String)>,
    /// The pictures as handed out and as solved, as TikZ and as DOT.
    tikz: [String; 2],
    dot: [Vec<u8>; 2],
}

/// What a generated tree is called in messages.
const GENERATED: &str = "a generated tree";

impl Exercise {
    /// Makes exercise `number` of the sheet `args` asks for; fails, before
    /// anything is written, where its tree cannot be searched or drawn.
    pub fn make(args: &SheetArgs, settings: &Settings, number: u32) -> Result<Exercise, Failure> {
        let seed = args.seed + u64::from(number - 1); // Checked by `sheet::run`.
        let chance = ChanceSpec {
            chance: args.chance.unwrap_or(if settings.algorithm.about().chance {
                0.5
            } else {
                0.0
            }),
            random_probabilities: args.probabilities == super::Probabilities::Random,
        };
        let generated = random::generate(&args.spec.spec(seed)?).with_chance(seed, chance);
        let mut json = Vec::new();
        let written = match generated.has_chance_nodes() {
            true => generated.write_flat(&mut json, Player::Max),
            false => generated.write_nested(&mut json),
        };
        written.map_err(Failure::Output)?;
        let tree = tree::parse(json.clone(), Naming::Letters, Overrides::default())
            .map_err(|error| Failure::Input { file: GENERATED.into(), error })?;
        search::check(&tree, settings.algorithm, &settings.options)
            .map_err(Failure::of_search(GENERATED))?;
        let exercise = Look { exercise: true, ..Look::default() };
        let looks = [exercise, Look::default()];
        drawable(&tree, settings, looks)?;
        Ok(Exercise {
            number,
            key: key(&tree, settings, args.lang)?,
            tikz: looks.map(|look| {
                // TikZ is ASCII and escaped UTF-8: text from text.
                String::from_utf8_lossy(&traced(&tree, settings, Format::Tikz, look)).into_owned()
            }),
            dot: looks.map(|look| traced(&tree, settings, Format::Dot, look)),
            json,
        })
    }

    /// The tree's file name in the sheet's folder.
    pub fn tree_file(&self) -> String {
        format!("exercise-{}.json", self.number)
    }

    /// Writes the tree and its key (`exercise-1.json`,
    /// `exercise-1-key.txt`) into `dir`.
    pub fn write(&self, dir: &Path) -> Result<(), Failure> {
        write(dir, &self.tree_file(), &self.json)?;
        let key: String = self.key.iter().map(|(key, items)| format!("{key}: {items}\n")).collect();
        write(dir, &format!("exercise-{}-key.txt", self.number), key.as_bytes())
    }

    /// The exercise as the documents show it, its pictures drawn as SVG
    /// by Graphviz in `scratch` while `graphviz` says it is installed.
    pub fn task(&self, scratch: &Path, graphviz: &mut bool) -> Result<Task, Failure> {
        let [exercise_svg, solved_svg] = [0, 1].map(|index| {
            let name = format!("exercise-{}-{index}", self.number);
            svg(scratch, &name, &self.dot[index], graphviz)
        });
        Ok(Task {
            tree_file: self.tree_file(),
            exercise_tikz: self.tikz[0].clone(),
            solved_tikz: self.tikz[1].clone(),
            exercise_svg: exercise_svg?,
            solved_svg: solved_svg?,
            key: self.key.clone(),
        })
    }
}

/// Refuses a tree whose pictures pdflatex could not typeset, under
/// either look.
fn drawable(tree: &Tree, settings: &Settings, looks: [Look; 2]) -> Result<(), Failure> {
    let too_large = |look| {
        let request = Request { look, ..Request::new(*settings, Format::Tikz) };
        trace::tikz_too_large(tree, &request).map_err(Failure::of_search(GENERATED))
    };
    let reason = match crate::render::tikz::cannot_draw(tree) {
        Some(reason) => Some(reason),
        None => looks.into_iter().map(too_large).find_map(Result::transpose).transpose()?,
    };
    reason.map_or(Ok(()), |reason| Err(Failure::Usage(format!("{GENERATED}: {reason}"))))
}

/// The picture `trace` draws of `tree` in `format` under `look`.
fn traced(tree: &Tree, settings: &Settings, format: Format, look: Look) -> Vec<u8> {
    let request = Request { look, ..Request::new(*settings, format) };
    let mut drawn = Vec::new();
    // Checked to search and to draw before: writing to memory cannot fail.
    trace::write(tree, &request, &mut drawn).expect("a checked picture is drawn into memory");
    drawn
}

/// Draws DOT text as SVG with Graphviz in `scratch`; `None` where Graphviz
/// is not installed, which `graphviz` then remembers.
fn svg(
    scratch: &Path,
    name: &str,
    diagram: &[u8],
    graphviz: &mut bool,
) -> Result<Option<String>, Failure> {
    if !*graphviz {
        return Ok(None);
    }
    let path = scratch.join(format!("{name}.svg"));
    let timeout = std::time::Duration::from_secs(60);
    match graphviz::draw(diagram, ImageFormat::Svg, &path, timeout) {
        Ok(_) => {
            let drawn =
                std::fs::read_to_string(&path).map_err(|error| cannot_write(&path, &error))?;
            Ok(Some(drawn))
        }
        Err(GraphvizError::Missing(_)) => {
            *graphviz = false;
            Ok(None)
        }
        Err(error) => Err(Failure::Graphviz(error)),
    }
}

/// The answer key of the search of `tree`: its classroom lines in
/// `lang`, as `trace` makes them for a key, without `pruned` where the
/// sheet does not ask for it (the key holds the lines the student writes).
fn key(tree: &Tree, settings: &Settings, lang: Lang) -> Result<Vec<(String, String)>, Failure> {
    let lines = trace::key(tree, settings, lang.words()).map_err(Failure::of_search(GENERATED))?;
    let cuts = sheet::cuts(settings.algorithm);
    Ok(lines
        .into_iter()
        .enumerate()
        .filter(|&(index, _)| cuts || index != 2)
        .map(|(_, (key, items))| (key.to_string(), items))
        .collect())
}
