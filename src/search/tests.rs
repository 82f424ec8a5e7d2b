//! Tests of the search as a whole: events, sinks, outcomes.
use std::convert::Infallible;

use super::engine::Rule;
use super::*;

#[test]
fn each_algorithm_names_the_view_its_rule_uses() {
    assert_eq!(Algorithm::MINIMAX.view(), <minimax::Minimax as Rule>::VIEW);
    assert_eq!(Algorithm::NEGAMAX.view(), <negamax::Negamax as Rule>::VIEW);
    assert_eq!(Algorithm::ALPHABETA.view(), <alphabeta::AlphaBeta as Rule>::VIEW);
    assert_eq!(
        Algorithm::NEGAMAX_ALPHABETA.view(),
        <negamax_alphabeta::NegamaxAlphaBeta as Rule>::VIEW
    );
    assert_eq!(Algorithm::SHALLOW.view(), <shallow::Shallow as Rule>::VIEW);
    assert_eq!(Algorithm::EXPECTIMAX.view(), <expectimax::Expectimax as Rule>::VIEW);
    assert_eq!(Algorithm::PVS.view(), <pvs::Pvs as Rule>::VIEW);
}

#[test]
fn the_mover_sees_a_childs_value_negated_only_across_a_change_of_player() {
    assert_eq!(View::Mover.seen_by(3.0, Player::Min, Player::Max), -3.0);
    assert_eq!(View::Mover.seen_by(3.0, Player::Max, Player::Max), 3.0);
    assert_eq!(View::Max.seen_by(3.0, Player::Min, Player::Max), 3.0);
}

/// Keeps the events it is given, as their debug text, taking steps or not.
struct Kept {
    events: Vec<String>,
    takes_steps: bool,
}

impl Sink for Kept {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        self.events.push(format!("{event:?}"));
        Ok(Flow::Continue)
    }

    fn takes_steps(&self) -> bool {
        self.takes_steps
    }
}

#[test]
fn a_sink_that_takes_no_steps_gets_every_other_event_and_the_same_outcome() {
    for text in crate::tree::example_files() {
        let tree = crate::tree::parse(text, Default::default(), Default::default()).unwrap();
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
            let conventions = [
                (false, Returns::FailSoft),
                (true, Returns::FailHard),
                (true, Returns::StartAtBound),
            ];
            for (strict, returns) in conventions {
                let options = Options { strict, returns, ..Options::default() };
                let kept = |takes_steps| {
                    let mut sink = Kept { events: Vec::new(), takes_steps };
                    let outcome = run(&tree, algorithm, &options, &mut sink).unwrap();
                    (outcome, sink.events)
                };
                let (outcome, mut every) = kept(true);
                every.retain(|event| !event.starts_with("Enter") && !event.starts_with("Update"));
                assert_eq!(kept(false), (outcome, every), "{algorithm:?} {options:?}");
            }
        }
    }
}

#[test]
fn the_deepest_node_visited_is_counted() {
    // The leaves 3 and 4 are four levels below the root; alpha-beta
    // never gets there (at [2, [3, 4]], 2 >= beta = 1 cuts [3, 4] off).
    let text = &b"[[1, [2, [3, 4]]], 5]"[..];
    let tree = crate::tree::parse(text, Default::default(), Default::default()).unwrap();
    for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
        let outcome = run(&tree, algorithm, &Options::default(), &mut Discard).unwrap();
        // F1 cuts there too: a shallow cutoff, one level below the bound's
        // owner. SSS* proves b <= 1 from d alone and never enters [2, [3, 4]].
        let deepest = match algorithm {
            _ if algorithm == Algorithm::SSS => 2,
            _ if algorithm.has_window() => 3,
            _ => 4,
        };
        assert_eq!(outcome.stats.deepest, deepest, "{algorithm:?}");
    }
}

/// Takes `left` events, then fails as a closed pipe does.
struct ClosesAfter {
    left: u32,
}

impl Sink for ClosesAfter {
    type Error = std::io::ErrorKind;

    fn event(&mut self, _: &Event<'_>) -> Result<Flow, std::io::ErrorKind> {
        self.left = self.left.checked_sub(1).ok_or(std::io::ErrorKind::BrokenPipe)?;
        Ok(Flow::Continue)
    }
}

/// Takes `left` events, then says it has what it wanted.
struct StopsAfter {
    left: u32,
    finished: bool,
}

impl Sink for StopsAfter {
    type Error = Infallible;

    fn event(&mut self, _: &Event<'_>) -> Result<Flow, Infallible> {
        self.left -= 1;
        Ok(if self.left == 0 { Flow::Stop } else { Flow::Continue })
    }

    fn finish(&mut self, _: &Outcome) -> Result<(), Infallible> {
        self.finished = true;
        Ok(())
    }
}

#[test]
fn a_sink_that_stops_ends_the_search_there_without_finishing_it() {
    let tree = crate::tree::parse(&b"[[1, 2], [3, 4]]"[..], Default::default(), Default::default())
        .unwrap();
    for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
        // From the first event on, whichever part of the search sends it
        // (a sink that got one more event after stopping would underflow).
        for left in 1..=3 {
            let mut sink = StopsAfter { left, finished: false };
            let outcome = run(&tree, algorithm, &Options::default(), &mut sink).unwrap();
            assert!(outcome.stopped && !sink.finished, "{algorithm:?}");
        }
        let mut whole = StopsAfter { left: 1_000, finished: false };
        let outcome = run(&tree, algorithm, &Options::default(), &mut whole).unwrap();
        assert!(!outcome.stopped && whole.finished, "{algorithm:?}");
    }
}

#[test]
fn a_search_that_cannot_run_fails_before_any_event() {
    let tree = crate::tree::parse(&b"[[1, 2], [3]]"[..], Default::default(), Default::default());
    let options = Options { depth_limit: Some(1), ..Options::default() };
    let mut sink = ClosesAfter { left: 0 };
    let result = run(&tree.unwrap(), Algorithm::MINIMAX, &options, &mut sink);
    let missing = matches!(result, Err(RunError::Search(SearchError::MissingStaticValue { .. })));
    assert!(missing, "{result:?}");
}

#[test]
fn a_sink_that_fails_stops_the_search_with_its_error() {
    let mut game = Vec::new();
    let position = crate::generate::tictactoe::Position::parse("x..|...|...").unwrap();
    crate::generate::tictactoe::write(&mut game, position, Default::default()).unwrap();
    let tree = crate::tree::parse(game, Default::default(), Default::default()).unwrap();
    for left in [0, 5, 5_000] {
        let mut sink = ClosesAfter { left };
        let result = run(&tree, Algorithm::MINIMAX, &Options::default(), &mut sink);
        let Err(RunError::Sink(error)) = result else { panic!("{result:?}") };
        assert_eq!(error, std::io::ErrorKind::BrokenPipe);
    }
}

#[test]
fn iterative_deepening_names_the_iteration_or_the_depth_limit_that_lacks_a_static_value() {
    let tree = crate::tree::parse(&b"[[1, [2, 3]], 4]"[..], Default::default(), Default::default())
        .unwrap();
    let error = |depth_limit| {
        let options = Options { depth_limit, ..Options::default() };
        check(&tree, Algorithm::ID_ALPHABETA, &options).unwrap_err().to_string()
    };
    assert!(error(None).starts_with("--algo id-alphabeta: iteration 1 stops at depth 1"));
    // The last iteration stops at the depth limit, as --depth does.
    assert!(error(Some(1)).starts_with("--depth 1: node b at depth 1"), "{}", error(Some(1)));
    assert!(error(Some(2)).starts_with("--algo id-alphabeta: iteration 1"), "{}", error(Some(2)));
}

#[test]
fn pvs_keeps_its_own_conventions_whatever_the_options_say() {
    // A null window needs fail-soft values and cutoffs on equality; the
    // command line refuses --strict and --fail-hard for pvs, and the
    // search does not take them from the options either.
    for text in crate::tree::example_files() {
        let tree = crate::tree::parse(text, Default::default(), Default::default()).unwrap();
        if !Algorithm::PVS.searches(&tree) {
            continue;
        }
        let kept = |options: &Options| {
            let mut sink = Kept { events: Vec::new(), takes_steps: true };
            let outcome = run(&tree, Algorithm::PVS, options, &mut sink).unwrap();
            (outcome, sink.events)
        };
        let plain = kept(&Options::default());
        for returns in [Returns::FailHard, Returns::StartAtBound] {
            let options = Options { strict: true, returns, ..Options::default() };
            assert_eq!(kept(&options), plain, "{returns:?}");
        }
    }
}

#[test]
fn the_list_and_names_of_algorithms_are_the_command_lines() {
    use clap::ValueEnum;
    assert_eq!(Algorithm::ALL.as_slice(), Algorithm::value_variants());
    for algorithm in Algorithm::ALL {
        let named = algorithm.to_possible_value().expect("every algorithm is named");
        assert_eq!(algorithm.name(), named.get_name());
    }
}
