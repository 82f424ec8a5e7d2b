//! The other conventions courses use, for telling a student whose answer
//! is wrong what it does differently ("your values are clamped into the
//! window (fail-hard); this exercise uses fail-soft") and the teacher
//! under which settings it would be right ("right with --fail-hard").
//! Each setting is tried alone, then two different ones together.

use crate::lang::Lang;
use crate::search::{Algorithm, NegamaxView, Returns, View};
use crate::settings::{Requested, Settings};
use crate::tree::{Overrides, Perspective, Player, Tree};

/// Another convention under which a whole answer is right, in words for
/// the student (about the exercise, in the answer's language) and for the
/// teacher (the command line's flags).
#[derive(Clone, Debug, PartialEq)]
pub struct Convention {
    pub student: String,
    pub teacher: String,
}

/// A convention other than the one graded against.
pub struct Other {
    pub requested: Requested,
    /// The tree read again with these, when the convention is about the tree.
    pub overrides: Option<Overrides>,
    pub convention: Convention,
}

/// One setting changed from the exercise's.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Change {
    Strict(bool),
    Returns(Returns),
    NegamaxView(NegamaxView),
    Player(Player),
    Perspective(Perspective),
    /// Another algorithm: plain minimax for any exercise that asks for
    /// another, alpha-beta for a minimax exercise (an answer that prunes).
    Algorithm(Algorithm),
}

/// What the exercise is, to say what an answer does differently.
struct Exercise<'a> {
    tree: &'a Tree,
    settings: &'a Settings,
    lang: Lang,
}

/// The conventions to try: each setting of the exercise changed alone
/// (strict cutoffs and what nodes return for the alpha-beta algorithms,
/// whose side negamax values are shown from, the root player, the
/// perspective of the values, plain minimax for any other algorithm and
/// alpha-beta for minimax), then
/// each two different settings changed together. `settings` are
/// `requested` resolved for `tree`; `given` is what the command line says
/// of the tree.
pub fn others(
    tree: &Tree,
    settings: &Settings,
    requested: &Requested,
    given: Overrides,
    lang: Lang,
) -> Vec<Other> {
    let algorithm = settings.algorithm;
    // A CS188 test's agent prunes strictly without --strict being given:
    // the other conventions start from how the exercise searches.
    let strict = settings.options.strict;
    let requested = Requested { algorithm: Some(algorithm), strict, ..*requested };
    let mut changes = Vec::new();
    if algorithm.prunes() {
        changes.push(Change::Strict(!requested.strict));
        let returns = requested.returns.unwrap_or_default();
        let all = [Returns::FailSoft, Returns::FailHard, Returns::StartAtBound];
        changes.extend(all.into_iter().filter(|&r| r != returns).map(Change::Returns));
    }
    if algorithm.view() == View::Mover {
        let view = match requested.negamax_view.unwrap_or_default() {
            NegamaxView::ToMove => NegamaxView::Moved,
            NegamaxView::Moved => NegamaxView::ToMove,
        };
        changes.push(Change::NegamaxView(view));
    }
    changes.push(Change::Player(tree.player(tree.root()).opponent()));
    changes.push(Change::Perspective(match tree.perspective() {
        Perspective::Max => Perspective::Mover,
        Perspective::Mover => Perspective::Max,
    }));
    let minimax = algorithm == Algorithm::MINIMAX;
    changes.push(Change::Algorithm(if minimax {
        Algorithm::ALPHABETA
    } else {
        Algorithm::MINIMAX
    }));
    let singles = changes.iter().map(|&change| vec![change]);
    let pairs = changes.iter().enumerate().flat_map(|(at, &first)| {
        let later = changes[at + 1..].iter().copied();
        later
            .filter(move |&second| !first.same_setting(second))
            .map(move |second| vec![first, second])
    });
    let exercise = Exercise { tree, settings, lang };
    singles.chain(pairs).map(|changes| exercise.other(&changes, requested, given)).collect()
}

impl Change {
    fn same_setting(self, other: Change) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }

    /// The settings with this change made.
    fn apply(self, requested: &mut Requested, overrides: &mut Option<Overrides>, given: Overrides) {
        match self {
            Change::Strict(strict) => requested.strict = strict,
            Change::Returns(returns) => requested.returns = Some(returns),
            Change::NegamaxView(view) => requested.negamax_view = Some(view),
            Change::Player(player) => overrides.get_or_insert(given).player = Some(player),
            Change::Perspective(perspective) => {
                overrides.get_or_insert(given).perspective = Some(perspective);
            }
            Change::Algorithm(algorithm) => {
                let Requested { depth, order, value_range, transpositions, .. } = *requested;
                *requested = Requested {
                    algorithm: Some(algorithm),
                    depth,
                    order,
                    value_range,
                    transpositions,
                    ..Requested::default()
                };
            }
        }
    }

    /// The teacher's words: `with --fail-hard`.
    fn flag(self, requested: &Requested) -> String {
        let given = requested.returns.unwrap_or_default();
        match self {
            Change::Strict(true) => "with --strict".into(),
            Change::Strict(false) => "without --strict".into(),
            Change::Returns(Returns::FailHard) => "with --fail-hard".into(),
            Change::Returns(Returns::StartAtBound) => "with --start-at-bound".into(),
            Change::Returns(Returns::FailSoft) => format!("without --{}", returns_flag(given)),
            Change::NegamaxView(NegamaxView::Moved) => "with --negamax-view moved".into(),
            Change::NegamaxView(NegamaxView::ToMove) => "without --negamax-view moved".into(),
            Change::Player(player) => {
                format!("with --player {}", player.to_string().to_lowercase())
            }
            Change::Perspective(Perspective::Mover) => "with --perspective mover".into(),
            Change::Perspective(Perspective::Max) => "with --perspective max".into(),
            Change::Algorithm(algorithm) => format!("with --algo {}", algorithm.name()),
        }
    }
}

/// The flag of a way to return values other than fail-soft.
fn returns_flag(returns: Returns) -> &'static str {
    match returns {
        Returns::FailHard => "fail-hard",
        _ => "start-at-bound",
    }
}

impl Exercise<'_> {
    fn other(&self, changes: &[Change], requested: Requested, given: Overrides) -> Other {
        let (mut changed, mut overrides) = (requested, None);
        for change in changes {
            change.apply(&mut changed, &mut overrides, given);
        }
        let (student, teacher): (Vec<String>, Vec<String>) = changes
            .iter()
            .map(|&c| (self.student(c, &requested), self.teacher(c, &requested)))
            .unzip();
        let teacher = format!("this answer is right {}", teacher.join(" and "));
        let convention = Convention { student: student.join("; "), teacher };
        Other { requested: changed, overrides, convention }
    }

    /// The teacher's words: the flag that makes the change, or what it is
    /// where a CS188 test's agent fixes the setting and `check` takes no
    /// flag for it.
    fn teacher(&self, change: Change, requested: &Requested) -> String {
        match (self.tree.suggested(), change) {
            (Some(_), Change::Strict(false)) => {
                "pruning on equality too (which no flag gives: the CS188 test's agent prunes only on strict inequality)".into()
            }
            (Some(agent), Change::Algorithm(algorithm)) => format!(
                "with {} (which no flag gives: the CS188 test's agent searches with {})",
                algorithm.name(),
                agent.algorithm
            ),
            _ => change.flag(requested),
        }
    }

    /// The student's words: what the answer does, and what the exercise does.
    fn student(&self, change: Change, requested: &Requested) -> String {
        let de = self.lang == Lang::De;
        let pick = |en: &str, german: &str| if de { german.to_string() } else { en.to_string() };
        match change {
            Change::Strict(true) => pick(
                "you prune only when v > beta (v < alpha); in this exercise v = beta (v = alpha) prunes too",
                "Sie schneiden nur bei v > beta (v < alpha) ab; in dieser Aufgabe schneidet auch v = beta (v = alpha) ab",
            ),
            Change::Strict(false) => pick(
                "you prune on equality too, v = beta (v = alpha); in this exercise only v > beta (v < alpha) prunes",
                "Sie schneiden auch bei Gleichheit ab, v = beta (v = alpha); in dieser Aufgabe schneidet nur v > beta (v < alpha) ab",
            ),
            Change::Returns(returns) => self.returns_words(returns, requested),
            Change::NegamaxView(NegamaxView::Moved) => pick(
                "your values are from the side that moved into each node; this exercise gives them from the side to move",
                "Ihre Werte sind aus Sicht des Spielers, der in den Knoten gezogen hat; diese Aufgabe gibt sie aus Sicht des Spielers am Zug an",
            ),
            Change::NegamaxView(NegamaxView::ToMove) => pick(
                "your values are from the side to move; this exercise gives them from the side that moved into each node",
                "Ihre Werte sind aus Sicht des Spielers am Zug; diese Aufgabe gibt sie aus Sicht des Spielers an, der in den Knoten gezogen hat",
            ),
            Change::Player(player) => self.player_words(player),
            Change::Perspective(Perspective::Mover) => pick(
                "you read the leaves' values from the mover's point of view; this exercise's are MAX's",
                "Sie lesen die Blattwerte aus Sicht des Spielers am Zug; in dieser Aufgabe sind sie aus Sicht von MAX",
            ),
            Change::Perspective(Perspective::Max) => pick(
                "you read the leaves' values from MAX's point of view; this exercise's are the mover's",
                "Sie lesen die Blattwerte aus Sicht von MAX; in dieser Aufgabe sind sie aus Sicht des Spielers am Zug",
            ),
            Change::Algorithm(algorithm) => self.algorithm_words(algorithm),
        }
    }
}

impl Exercise<'_> {
    fn returns_words(&self, returns: Returns, requested: &Requested) -> String {
        let given = returns_name(requested.returns.unwrap_or_default(), self.lang);
        match self.lang {
            Lang::En => format!("your values {}; this exercise uses {given}", returns_en(returns)),
            Lang::De => {
                format!("Ihre Werte {}; diese Aufgabe verwendet {given}", returns_de(returns))
            }
        }
    }

    fn player_words(&self, player: Player) -> String {
        let first = self.tree.player(self.tree.root());
        match self.lang {
            Lang::En => {
                format!("in your answer {player} moves first; in this exercise {first} moves first")
            }
            Lang::De => format!(
                "in Ihrer Antwort zieht {player} zuerst; in dieser Aufgabe zieht {first} zuerst"
            ),
        }
    }

    fn algorithm_words(&self, algorithm: Algorithm) -> String {
        let asked = self.settings.algorithm.name();
        match (self.lang, algorithm == Algorithm::MINIMAX) {
            (Lang::En, true) => {
                format!("this is the plain minimax answer; this exercise asks for {asked}")
            }
            (Lang::De, true) => {
                format!("das ist die Antwort von Minimax; diese Aufgabe fragt nach {asked}")
            }
            (Lang::En, false) => format!(
                "this is the {} answer, which prunes; this exercise asks for {asked}, which prunes nothing",
                algorithm.name()
            ),
            (Lang::De, false) => format!(
                "das ist die Antwort von {}, das abschneidet; diese Aufgabe fragt nach {asked}, das nichts abschneidet",
                algorithm.name()
            ),
        }
    }
}

/// What values do under `returns`, for the student.
fn returns_en(returns: Returns) -> &'static str {
    match returns {
        Returns::FailHard => "are clamped into the window (fail-hard)",
        Returns::FailSoft => "may fall outside the window (fail-soft)",
        Returns::StartAtBound => {
            "start at alpha (MAX) or beta (MIN), never outside the window on that side"
        }
    }
}

fn returns_de(returns: Returns) -> &'static str {
    match returns {
        Returns::FailHard => "werden ins Fenster geklemmt (fail-hard)",
        Returns::FailSoft => "d\u{fc}rfen au\u{df}erhalb des Fensters liegen (fail-soft)",
        Returns::StartAtBound => "beginnen bei alpha (MAX) oder beta (MIN)",
    }
}

/// A way to return values, by name in `lang`.
fn returns_name(returns: Returns, lang: Lang) -> &'static str {
    match (returns, lang) {
        (Returns::FailHard, _) => "fail-hard",
        (Returns::FailSoft, _) => "fail-soft",
        (Returns::StartAtBound, Lang::En) => "v starting at alpha or beta",
        (Returns::StartAtBound, Lang::De) => "v beginnend bei alpha oder beta",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::Naming;

    /// An alpha-beta exercise tries each of its six settings alone, then
    /// each two different ones together: never fail-hard with
    /// start-at-bound, two ways of returning values at once.
    #[test]
    fn conventions_pair_only_different_settings() {
        let tree = crate::tree::parse(b"[[3,12,8],[2,4,6]]", Naming::Letters, Overrides::default())
            .unwrap();
        let requested = Requested { algorithm: Some(Algorithm::ALPHABETA), ..Requested::default() };
        let settings = requested.resolve_for(&tree).unwrap();
        let others = others(&tree, &settings, &requested, Overrides::default(), Lang::En);
        let teacher: Vec<String> = others.into_iter().map(|o| o.convention.teacher).collect();
        assert_eq!(teacher.len(), 6 + 15 - 1, "{teacher:#?}");
        assert_eq!(teacher[1], "this answer is right with --fail-hard");
        assert_eq!(teacher[6], "this answer is right with --strict and with --fail-hard");
        let both = "with --fail-hard and with --start-at-bound";
        assert!(!teacher.iter().any(|t| t.contains(both)), "{teacher:#?}");
    }
}
