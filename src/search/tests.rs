//! Tests of the search as a whole: events, sinks, outcomes.
use super::engine::Rule;
use super::*;

#[test]
fn each_algorithm_names_the_view_its_rule_uses() {
    assert_eq!(Algorithm::Minimax.view(), <minimax::Minimax as Rule>::VIEW);
    assert_eq!(Algorithm::Negamax.view(), <negamax::Negamax as Rule>::VIEW);
    assert_eq!(Algorithm::Alphabeta.view(), <alphabeta::AlphaBeta as Rule>::VIEW);
    assert_eq!(
        Algorithm::NegamaxAlphabeta.view(),
        <negamax_alphabeta::NegamaxAlphaBeta as Rule>::VIEW
    );
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
    fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
        self.events.push(format!("{event:?}"));
        Ok(())
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
            Algorithm::Sss => 2,
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
    fn event(&mut self, _: &Event<'_>) -> io::Result<()> {
        self.left = self.left.checked_sub(1).ok_or(io::ErrorKind::BrokenPipe)?;
        Ok(())
    }
}

#[test]
fn a_search_that_cannot_run_fails_before_any_event() {
    let tree = crate::tree::parse(&b"[[1, 2], [3]]"[..], Default::default(), Default::default());
    let options = Options { depth_limit: Some(1), ..Options::default() };
    let mut sink = ClosesAfter { left: 0 };
    let result = run(&tree.unwrap(), Algorithm::Minimax, &options, &mut sink);
    assert!(matches!(result, Err(SearchError::MissingStaticValue { limit: 1, .. })), "{result:?}");
}

#[test]
fn a_sink_that_fails_stops_the_search_with_its_error() {
    let mut game = Vec::new();
    let position = crate::generate::tictactoe::Position::parse("x..|...|...").unwrap();
    crate::generate::tictactoe::write(&mut game, position, Default::default()).unwrap();
    let tree = crate::tree::parse(game, Default::default(), Default::default()).unwrap();
    for left in [0, 5, 5_000] {
        let mut sink = ClosesAfter { left };
        let result = run(&tree, Algorithm::Minimax, &Options::default(), &mut sink);
        let Err(SearchError::Io(error)) = result else { panic!("{result:?}") };
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
    }
}

#[test]
fn iterative_deepening_names_the_iteration_or_the_depth_limit_that_lacks_a_static_value() {
    let tree = crate::tree::parse(&b"[[1, [2, 3]], 4]"[..], Default::default(), Default::default())
        .unwrap();
    let error = |depth_limit| {
        let options = Options { depth_limit, ..Options::default() };
        check(&tree, Algorithm::IdAlphabeta, &options).unwrap_err().to_string()
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
        if !Algorithm::Pvs.searches(&tree) {
            continue;
        }
        let kept = |options: &Options| {
            let mut sink = Kept { events: Vec::new(), takes_steps: true };
            let outcome = run(&tree, Algorithm::Pvs, options, &mut sink).unwrap();
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
