//! Two halves of one job on two threads: one makes items, the other takes
//! them as they come, so that on a machine with two cores the halves
//! overlap. Reading a large flat tree (scanning beside resolving names) and
//! streaming a trace (searching beside writing) both work this way.

use std::sync::{Mutex, mpsc};

/// Items handed over at a time: one by one would cost more than most items
/// take to make.
const BATCH: usize = 4096;

/// Batches made but not yet taken before the maker waits; this bounds the
/// memory in between.
const IN_FLIGHT: usize = 16;

/// Runs `produce` on a second thread and `take` on this one, on each item
/// that `produce` emits, in order. Once `take` gives up (returns `None`),
/// emitting returns `None` too, and `produce` should stop.
///
/// Returns what `produce` returned, and whether `take` took every item.
/// Should the system refuse a second thread, both run on this one.
pub fn beside<T: Send, R: Send>(
    produce: impl FnOnce(&mut dyn FnMut(T) -> Option<()>) -> R + Send,
    mut take: impl FnMut(T) -> Option<()>,
) -> (R, Option<()>) {
    // Where the spawned thread finds `produce`, and where this thread finds
    // it again if no thread was spawned.
    let waiting = Mutex::new(Some(produce));
    let waiting = &waiting;
    let spawned = std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel::<Vec<T>>(IN_FLIGHT);
        let producing = std::thread::Builder::new()
            .name("producer".into())
            .spawn_scoped(scope, move || {
                let produce = waiting.lock().ok()?.take()?;
                let mut batch = Vec::with_capacity(BATCH);
                let mut emit = |item| {
                    batch.push(item);
                    if batch.len() < BATCH {
                        return Some(());
                    }
                    sender.send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH))).ok()
                };
                let produced = produce(&mut emit);
                // The last items; if `take` has given up, it knows already.
                let _ = sender.send(batch);
                Some(produced)
            })
            .ok()?;
        let taken = receiver.iter().flatten().try_for_each(&mut take);
        drop(receiver); // Stops the producer if `take` gave up.
        let produced = producing.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        Some((produced?, taken))
    });
    spawned.unwrap_or_else(|| {
        let produce = waiting.lock().ok().and_then(|mut waiting| waiting.take());
        on_one_thread(produce.expect("no thread ran the producer"), take)
    })
}

/// [`beside`] without a second thread: each item is taken as it is emitted.
fn on_one_thread<T, R>(
    produce: impl FnOnce(&mut dyn FnMut(T) -> Option<()>) -> R,
    mut take: impl FnMut(T) -> Option<()>,
) -> (R, Option<()>) {
    let mut taken = Some(());
    let produced = produce(&mut |item| {
        taken = taken.and_then(|()| take(item));
        taken
    });
    (produced, taken)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `beside`, or what it falls back on without a second thread.
    type Runner = fn(
        Box<dyn FnOnce(&mut dyn FnMut(u32) -> Option<()>) -> usize + Send>,
        &mut dyn FnMut(u32) -> Option<()>,
    ) -> (usize, Option<()>);

    const RUNNERS: [Runner; 2] =
        [|produce, take| beside(produce, take), |produce, take| on_one_thread(produce, take)];

    #[test]
    fn every_item_is_taken_in_order() {
        for run in RUNNERS {
            let mut taken = Vec::new();
            let (emitted, all) = run(
                Box::new(|emit| (0..5_000).take_while(|&item| emit(item).is_some()).count()),
                &mut |item| {
                    taken.push(item);
                    Some(())
                },
            );
            assert_eq!((emitted, all), (5_000, Some(())));
            assert_eq!(taken, (0..5_000).collect::<Vec<_>>());
        }
    }

    #[test]
    fn giving_up_stops_the_producer() {
        for run in RUNNERS {
            let (emitted, all) = run(
                Box::new(|emit| (0..1_000_000).take_while(|&item| emit(item).is_some()).count()),
                &mut |item| (item < 10).then_some(()),
            );
            assert_eq!(all, None);
            assert!(emitted < 1_000_000, "{emitted}");
        }
    }
}
