//! One job on two threads, so that on a machine with two cores the work
//! overlaps. Three ways:
//!
//! - [`both`]: two halves of a job, one on each thread. Reading a large
//!   file and checking a large tree's names for uniqueness work this way.
//! - [`beside`]: one thread makes items, the other takes them as they come.
//!   Reading a large flat tree (scanning beside resolving names) and the
//!   classroom answer (searching beside writing) work this way.
//! - [`in_turns`]: both threads go through the same long stream of items
//!   and take turns formatting them, and one writes the turns in order. The
//!   JSON trace, a hundred megabytes on a large tree, is written this way.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

/// Items handed over at a time: one by one would cost more than most items
/// take to make.
const BATCH: usize = 4096;

/// Batches made but not yet taken before the maker waits; this bounds the
/// memory in between.
const IN_FLIGHT: usize = 16;

/// Where the producer of [`beside`] puts its items. They are handed over a
/// batch at a time; putting one in a batch is cheap enough to be done in
/// line, without a call through a pointer per item.
pub struct Emitter<'h, T> {
    batch: Vec<T>,
    /// Items in a full batch.
    size: usize,
    /// Hands a batch over; `None` once the taker has given up.
    hand_over: &'h mut dyn FnMut(Vec<T>) -> Option<()>,
}

impl<'h, T> Emitter<'h, T> {
    fn new(size: usize, hand_over: &'h mut dyn FnMut(Vec<T>) -> Option<()>) -> Self {
        Emitter { batch: Vec::with_capacity(size), size, hand_over }
    }

    /// Puts out `item`; `None` once the taker has given up, and the
    /// producer should stop.
    #[inline]
    pub fn emit(&mut self, item: T) -> Option<()> {
        self.batch.push(item);
        if self.batch.len() < self.size {
            return Some(());
        }
        (self.hand_over)(std::mem::replace(&mut self.batch, Vec::with_capacity(self.size)))
    }

    /// Hands over the last items.
    fn finish(self) -> Option<()> {
        (self.hand_over)(self.batch)
    }
}

/// Runs `produce` on a second thread and `take` on this one, on each item
/// that `produce` emits, in order. Once `take` gives up (returns `None`),
/// emitting returns `None` too, and `produce` should stop.
///
/// Returns what `produce` returned, and whether `take` took every item.
/// Should the system refuse a second thread, both run on this one.
pub fn beside<T: Send, R: Send>(
    produce: impl FnOnce(&mut Emitter<'_, T>) -> R + Send,
    take: impl FnMut(T) -> Option<()>,
) -> (R, Option<()>) {
    beside_in_batches(BATCH, produce, take)
}

/// [`beside`] for items that are large enough to be handed over one by
/// one, such as a stretch of a file with what was found in it.
pub fn beside_one_by_one<T: Send, R: Send>(
    produce: impl FnOnce(&mut Emitter<'_, T>) -> R + Send,
    take: impl FnMut(T) -> Option<()>,
) -> (R, Option<()>) {
    beside_in_batches(1, produce, take)
}

/// [`beside`] with items handed over `size` at a time.
fn beside_in_batches<T: Send, R: Send>(
    size: usize,
    produce: impl FnOnce(&mut Emitter<'_, T>) -> R + Send,
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
                let mut hand_over = |batch| send_patiently(&sender, batch);
                let mut emitter = Emitter::new(size, &mut hand_over);
                let produced = produce(&mut emitter);
                // If `take` has given up, it knows already.
                let _ = emitter.finish();
                Some(produced)
            })
            .ok()?;
        let batches = std::iter::from_fn(|| receive_patiently(&receiver));
        let taken = batches.flatten().try_for_each(&mut take);
        drop(receiver); // Stops the producer if `take` gave up.
        let produced = producing.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        Some((produced?, taken))
    });
    spawned.unwrap_or_else(|| on_one_thread(size, left_over(waiting), take))
}

/// How long a thread that finds the channel to the other full (or empty)
/// keeps trying before it sleeps, in [`beside`] and [`in_turns`]. The other
/// thread takes (or makes) a batch or a turn in about a tenth of a
/// millisecond, so the wait is usually over before this; and waking a
/// sleeping thread costs the waker a system call and, on a virtual machine,
/// an interrupt to the other core, at every batch. A thread held up for
/// longer (by a pager, say) sleeps rather than keep a core busy.
const PATIENCE: Duration = Duration::from_millis(1);

/// Sends `item`, waiting for room if need be; `None` once the receiver is
/// gone. Waits [patiently](PATIENCE).
fn send_patiently<T>(sender: &mpsc::SyncSender<T>, mut item: T) -> Option<()> {
    let mut since = None;
    loop {
        match sender.try_send(item) {
            Ok(()) => return Some(()),
            Err(mpsc::TrySendError::Full(back)) => item = back,
            Err(mpsc::TrySendError::Disconnected(_)) => return None,
        }
        if !keep_trying(&mut since) {
            return sender.send(item).ok();
        }
    }
}

/// The next item, waiting for one if need be; `None` once the sender is
/// gone and every item taken. Waits [patiently](PATIENCE).
fn receive_patiently<T>(receiver: &mpsc::Receiver<T>) -> Option<T> {
    let mut since = None;
    loop {
        match receiver.try_recv() {
            Ok(item) => return Some(item),
            Err(mpsc::TryRecvError::Disconnected) => return None,
            Err(mpsc::TryRecvError::Empty) => {
                if !keep_trying(&mut since) {
                    return receiver.recv().ok();
                }
            }
        }
    }
}

/// Lets another thread run, and tells whether a thread that began waiting
/// `since` (now, if not yet) should go on trying rather than sleep.
fn keep_trying(since: &mut Option<Instant>) -> bool {
    std::thread::yield_now();
    since.get_or_insert_with(Instant::now).elapsed() < PATIENCE
}

/// Runs `here` on this thread and `there` on a second one named `name`, at
/// once, and returns what each returned. Should the system refuse a second
/// thread, `there` runs on this one afterwards.
pub fn both<A, B: Send>(
    name: &str,
    here: impl FnOnce() -> A,
    there: impl FnOnce() -> B + Send,
) -> (A, B) {
    // As in `beside`: `there` waits here for whichever thread runs it.
    let waiting = Mutex::new(Some(there));
    let waiting = &waiting;
    std::thread::scope(|scope| {
        let spawned =
            std::thread::Builder::new().name(name.into()).spawn_scoped(scope, move || {
                let there = waiting.lock().ok()?.take()?;
                Some(there())
            });
        let here = here();
        let there = spawned
            .ok()
            .and_then(|thread| {
                thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .unwrap_or_else(|| left_over(waiting)());
        (here, there)
    })
}

/// The job left in `waiting` when no second thread could be started to
/// take it.
fn left_over<F>(waiting: &Mutex<Option<F>>) -> F {
    let job = waiting.lock().ok().and_then(|mut waiting| waiting.take());
    job.expect("no thread ran the job")
}

/// [`beside`] without a second thread: each batch is taken as it is handed
/// over.
fn on_one_thread<T, R>(
    size: usize,
    produce: impl FnOnce(&mut Emitter<'_, T>) -> R,
    mut take: impl FnMut(T) -> Option<()>,
) -> (R, Option<()>) {
    let mut taken = Some(());
    let mut hand_over = |batch: Vec<T>| {
        taken = taken.and_then(|()| batch.into_iter().try_for_each(&mut take));
        taken
    };
    let mut emitter = Emitter::new(size, &mut hand_over);
    let produced = produce(&mut emitter);
    emitter.finish();
    (produced, taken)
}

/// Items in a turn: enough that claiming and handing over a turn cost
/// little, few enough that a turn's bytes stay in the cache.
const TURN: u64 = 1024;

/// Turns one thread may format ahead of the writing, waiting for the
/// other's: this lets either thread run on while the other is held up for
/// a moment, and bounds the memory in between (16 turns of the
/// tic-tac-toe trace are about 1.5 MB, a few milliseconds of formatting).
const TURNS_AHEAD: usize = 16;

/// Writes a long stream of small items to `out` with two threads taking
/// turns: both run `produce`, which must go through the same items in the
/// same order (calling [`Turns::item`] for each). The items come in turns
/// of 1,024; whichever thread reaches a turn first formats it, the other
/// skips it, and this thread writes the turns in order. So the formatting,
/// where the time goes, is shared, and shared fairly even when one thread
/// is held up.
///
/// Returns the first error either thread met. Should the system refuse a
/// second thread, this one formats everything.
pub fn in_turns<E: From<io::Error> + Send>(
    out: &mut dyn Write,
    produce: impl Fn(&mut Turns<'_>) -> Result<(), E> + Sync,
) -> Result<(), E> {
    in_turns_of(TURN, out, &produce)
}

/// [`in_turns`] with this thread taking every turn: for a job whose second
/// run would cost too much memory.
pub fn on_this_thread<E: From<io::Error>>(
    out: &mut dyn Write,
    produce: impl Fn(&mut Turns<'_>) -> Result<(), E>,
) -> Result<(), E> {
    on_this_thread_of(TURN, out, &produce)
}

/// [`on_this_thread`] with turns of `turn` items.
fn on_this_thread_of<E: From<io::Error>>(
    turn: u64,
    out: &mut dyn Write,
    produce: &dyn Fn(&mut Turns<'_>) -> Result<(), E>,
) -> Result<(), E> {
    all_turns(&mut Turns::new(turn, Role::Alone(out)), produce)
}

/// [`in_turns`] with turns of `turn` items.
fn in_turns_of<E: From<io::Error> + Send>(
    turn: u64,
    out: &mut dyn Write,
    produce: &(dyn Fn(&mut Turns<'_>) -> Result<(), E> + Sync),
) -> Result<(), E> {
    let claimed = AtomicU64::new(0);
    let claimed = &claimed;
    std::thread::scope(|scope| {
        let (sender, formatted) = mpsc::sync_channel(TURNS_AHEAD);
        let (recycle, recycled) = mpsc::channel();
        let helping =
            std::thread::Builder::new().name("formatter".into()).spawn_scoped(scope, move || {
                let helper = Helper { formatted: sender, recycled, claimed };
                all_turns(&mut Turns::new(turn, Role::Helper(helper)), produce)
            });
        let role = match helping {
            Ok(_) => Role::Writer(Writer::new(out, formatted, recycle, claimed)),
            Err(_) => Role::Alone(out),
        };
        let mut turns = Turns::new(turn, role);
        let written = all_turns(&mut turns, produce);
        let helper_stopped_first = matches!(&turns.role, Role::Writer(w) if w.helper_stopped);
        drop(turns); // Stops the helper if this thread gave up.
        let Ok(helper) = helping else { return written };
        let helped = helper.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        // The error of whichever thread stopped first is the cause.
        if helper_stopped_first { helped.and(written) } else { written.and(helped) }
    })
}

/// Runs `produce` through `turns` and passes on the last turn.
fn all_turns<E: From<io::Error>>(
    turns: &mut Turns<'_>,
    produce: &dyn Fn(&mut Turns<'_>) -> Result<(), E>,
) -> Result<(), E> {
    produce(turns)?;
    Ok(turns.finish()?)
}

/// A thread's place in [`in_turns`]: which items it formats, and where
/// their bytes go.
pub struct Turns<'w> {
    /// Items in a turn.
    turn: u64,
    /// Turns begun so far.
    begun: u64,
    /// Items left in the current turn.
    left: u64,
    /// Whether this thread formats the current turn.
    mine: bool,
    /// The formatted items of the current turn, if it is this thread's.
    bytes: Vec<u8>,
    role: Role<'w>,
}

/// What a thread does with its turns.
enum Role<'w> {
    /// Formats and writes every turn.
    Alone(&'w mut dyn Write),
    /// Formats the turns it claims, and writes them with the helper's.
    Writer(Writer<'w>),
    /// Formats the turns it claims and hands them to the writer.
    Helper(Helper<'w>),
}

/// The helper's side: its formatted turns go to the writer, numbered,
/// and come back empty to be used again.
struct Helper<'w> {
    formatted: mpsc::SyncSender<(u64, Vec<u8>)>,
    recycled: mpsc::Receiver<Vec<u8>>,
    /// How many turns either thread has claimed.
    claimed: &'w AtomicU64,
}

/// The writer's side: its own formatted turns wait in `own` until the
/// helper's turns before them have been written.
struct Writer<'w> {
    out: &'w mut dyn Write,
    formatted: mpsc::Receiver<(u64, Vec<u8>)>,
    recycle: mpsc::Sender<Vec<u8>>,
    claimed: &'w AtomicU64,
    own: VecDeque<(u64, Vec<u8>)>,
    /// Emptied buffers of the writer's own turns, to be used again.
    spare: Vec<Vec<u8>>,
    /// The next turn to write.
    next: u64,
    /// Whether the helper was gone before it handed over every turn.
    helper_stopped: bool,
}

impl<'w> Turns<'w> {
    fn new(turn: u64, role: Role<'w>) -> Turns<'w> {
        Turns { turn, begun: 0, left: 0, mine: false, bytes: Vec::new(), role }
    }

    /// Goes through the next item: `format` appends it where the current
    /// turn is this thread's, and is not called otherwise.
    #[inline]
    pub fn item(&mut self, format: impl FnOnce(&mut Vec<u8>)) -> io::Result<()> {
        if self.left == 0 {
            self.begin_turn()?;
        }
        if self.mine {
            format(&mut self.bytes);
        }
        self.left -= 1;
        Ok(())
    }

    /// Passes on the turn before, if it was this thread's, and claims the
    /// next unless the other thread has.
    fn begin_turn(&mut self) -> io::Result<()> {
        let index = self.begun;
        self.pass_on(index)?;
        self.begun += 1;
        self.left = self.turn;
        let claim = |claimed: &AtomicU64| {
            claimed.compare_exchange(index, index + 1, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        };
        self.mine = match &self.role {
            Role::Alone(_) => true,
            Role::Writer(writer) => claim(writer.claimed),
            Role::Helper(helper) => claim(helper.claimed),
        };
        Ok(())
    }

    /// Passes on the turn just before turn `next`, if this thread formatted
    /// it, and (the writer) writes what can be written.
    fn pass_on(&mut self, next: u64) -> io::Result<()> {
        if !std::mem::take(&mut self.mine) {
            return match &mut self.role {
                Role::Writer(writer) => writer.write_ready(),
                _ => Ok(()),
            };
        }
        let index = next - 1;
        match &mut self.role {
            Role::Alone(out) => {
                out.write_all(&self.bytes)?;
                self.bytes.clear();
                Ok(())
            }
            Role::Writer(writer) => {
                let fresh = writer.spare.pop().unwrap_or_default();
                writer.own.push_back((index, std::mem::replace(&mut self.bytes, fresh)));
                writer.write_ready()
            }
            Role::Helper(helper) => {
                let mut fresh = helper.recycled.try_recv().unwrap_or_default();
                fresh.clear();
                let full = std::mem::replace(&mut self.bytes, fresh);
                send_patiently(&helper.formatted, (index, full)).ok_or_else(writer_stopped)
            }
        }
    }

    /// Passes on the last turn, and (the writer) writes every turn left.
    fn finish(&mut self) -> io::Result<()> {
        self.pass_on(self.begun)?;
        match &mut self.role {
            Role::Writer(writer) => writer.write_until(self.begun),
            _ => Ok(()),
        }
    }
}

impl<'w> Writer<'w> {
    fn new(
        out: &'w mut dyn Write,
        formatted: mpsc::Receiver<(u64, Vec<u8>)>,
        recycle: mpsc::Sender<Vec<u8>>,
        claimed: &'w AtomicU64,
    ) -> Writer<'w> {
        Writer {
            out,
            formatted,
            recycle,
            claimed,
            own: VecDeque::new(),
            spare: Vec::new(),
            next: 0,
            helper_stopped: false,
        }
    }

    /// Writes the turns that are ready, in order, up to the first the
    /// helper has not handed over; waits for it only where the writer's
    /// own turns have piled up.
    fn write_ready(&mut self) -> io::Result<()> {
        while self.next < self.claimed.load(Ordering::Relaxed) {
            if !self.write_next(self.own.len() >= TURNS_AHEAD)? {
                break;
            }
        }
        Ok(())
    }

    /// Writes every turn before `end`, waiting for the helper's.
    fn write_until(&mut self, end: u64) -> io::Result<()> {
        while self.next < end {
            self.write_next(true)?;
        }
        Ok(())
    }

    /// Writes turn `next`, which has been claimed: the writer's own, or
    /// the helper's once it arrives (waiting for it if `wait`). Returns
    /// whether it was written.
    fn write_next(&mut self, wait: bool) -> io::Result<bool> {
        if self.own.front().is_some_and(|&(index, _)| index == self.next) {
            let (_, mut bytes) = self.own.pop_front().expect("a turn in front");
            self.out.write_all(&bytes)?;
            bytes.clear();
            self.spare.push(bytes);
        } else {
            let received = if wait {
                receive_patiently(&self.formatted)
            } else {
                match self.formatted.try_recv() {
                    Ok(turn) => Some(turn),
                    Err(mpsc::TryRecvError::Empty) => return Ok(false),
                    Err(mpsc::TryRecvError::Disconnected) => None,
                }
            };
            let Some((index, bytes)) = received else {
                self.helper_stopped = true;
                return Err(io::Error::other("the formatting thread stopped"));
            };
            debug_assert_eq!(index, self.next, "the helper's turns come in order");
            self.out.write_all(&bytes)?;
            let _ = self.recycle.send(bytes);
        }
        self.next += 1;
        Ok(true)
    }
}

fn writer_stopped() -> io::Error {
    io::Error::other("the writing thread stopped")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `beside`, or what it falls back on without a second thread.
    type Runner = fn(
        Box<dyn FnOnce(&mut Emitter<'_, u32>) -> usize + Send>,
        &mut dyn FnMut(u32) -> Option<()>,
    ) -> (usize, Option<()>);

    const RUNNERS: [Runner; 4] = [
        |produce, take| beside(produce, take),
        |produce, take| beside_one_by_one(produce, take),
        |produce, take| on_one_thread(BATCH, produce, take),
        |produce, take| on_one_thread(1, produce, take),
    ];

    #[test]
    fn every_item_is_taken_in_order() {
        for run in RUNNERS {
            let mut taken = Vec::new();
            let (emitted, all) = run(
                Box::new(|out| (0..5_000).take_while(|&item| out.emit(item).is_some()).count()),
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
    fn both_halves_run_and_return_what_they_returned() {
        let on_named = || std::thread::current().name().map(String::from);
        let (here, there) = both("second half", || 1, on_named);
        assert_eq!((here, there.as_deref()), (1, Some("second half")));
    }

    #[test]
    fn a_patient_wait_outlasts_its_patience() {
        let (sender, receiver) = mpsc::sync_channel(1);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                for item in 0..3 {
                    std::thread::sleep(3 * PATIENCE);
                    assert_eq!(send_patiently(&sender, item), Some(()));
                }
            });
            // Waits for the first item, then lets the channel fill and the
            // sender wait for room.
            let first = receive_patiently(&receiver);
            std::thread::sleep(9 * PATIENCE);
            let rest = [receive_patiently(&receiver), receive_patiently(&receiver)];
            assert_eq!((first, rest), (Some(0), [Some(1), Some(2)]));
        });
    }

    #[test]
    fn a_patient_wait_ends_when_the_other_side_is_gone() {
        let (sender, receiver) = mpsc::sync_channel(1);
        assert_eq!(send_patiently(&sender, 1), Some(()));
        drop(sender);
        assert_eq!(receive_patiently(&receiver), Some(1));
        assert_eq!(receive_patiently(&receiver), None);
        let (sender, receiver) = mpsc::sync_channel(0);
        drop(receiver);
        assert_eq!(send_patiently(&sender, 1), None);
    }

    #[test]
    fn giving_up_stops_the_producer() {
        for run in RUNNERS {
            let (emitted, all) = run(
                Box::new(|out| (0..1_000_000).take_while(|&item| out.emit(item).is_some()).count()),
                &mut |item| (item < 10).then_some(()),
            );
            assert_eq!(all, None);
            assert!(emitted < 1_000_000, "{emitted}");
        }
    }
}

#[cfg(test)]
mod turn_tests {
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    use super::*;

    /// Whether this is the helper's thread.
    fn on_helper() -> bool {
        std::thread::current().name() == Some("formatter")
    }

    /// Waits until `ready` holds; gives up (failing the test) after a while.
    fn wait_for(ready: impl Fn() -> bool) {
        let start = Instant::now();
        while !ready() {
            assert!(start.elapsed() < Duration::from_secs(20), "waited too long");
            std::thread::yield_now();
        }
    }

    /// Items `0..count` written as `i,` through turns of `turn` items,
    /// two threads or `alone`; `pause(i)` runs before item `i` on both, and
    /// `helper_formatted` notes that the helper formatted an item. Returns
    /// the result, the output and how many items were formatted.
    fn numbers(
        turn: u64,
        count: u64,
        alone: bool,
        pause: &(dyn Fn(u64) + Sync),
        helper_formatted: &AtomicBool,
    ) -> (io::Result<()>, String, u64) {
        let formatted = AtomicU64::new(0);
        let produce = |turns: &mut Turns<'_>| {
            for i in 0..count {
                pause(i);
                turns.item(|bytes| {
                    formatted.fetch_add(1, Ordering::Relaxed);
                    if on_helper() {
                        helper_formatted.store(true, Ordering::Relaxed);
                    }
                    bytes.extend_from_slice(format!("{i},").as_bytes());
                })?;
            }
            Ok(())
        };
        let mut out = Vec::new();
        let result = if alone {
            on_this_thread_of(turn, &mut out, &produce)
        } else {
            in_turns_of(turn, &mut out, &produce)
        };
        (result, String::from_utf8(out).unwrap(), formatted.into_inner())
    }

    fn expected(count: u64) -> String {
        (0..count).map(|i| format!("{i},")).collect()
    }

    #[test]
    fn every_item_is_formatted_once_and_written_in_order() {
        for alone in [false, true] {
            for turn in 1..=4 {
                for count in [0, 1, 2, 3, 5, 8, 13, 100, 5_000] {
                    let helper_formatted = AtomicBool::new(false);
                    let (result, out, formatted) =
                        numbers(turn, count, alone, &|_| {}, &helper_formatted);
                    assert!(result.is_ok(), "{result:?}");
                    assert_eq!(out, expected(count), "turn {turn}, {count} items");
                    assert_eq!(formatted, count, "turn {turn}, {count} items");
                }
            }
        }
    }

    #[test]
    fn either_thread_runs_on_while_the_other_is_held_up() {
        // Either the helper waits before its first item until the writer
        // is at item 300, and the writer waits at item 400 until the helper
        // has formatted an item (the first turn it reaches that the writer
        // has not claimed); or the writer waits before its first item until
        // the helper has formatted one.
        for writer_first in [true, false] {
            let helper_formatted = AtomicBool::new(false);
            let writer_at = AtomicU64::new(0);
            let pause = |i: u64| {
                if on_helper() {
                    if writer_first && i == 0 {
                        wait_for(|| writer_at.load(Ordering::Relaxed) >= 300);
                    }
                } else {
                    writer_at.store(i, Ordering::Relaxed);
                    if i == if writer_first { 400 } else { 0 } {
                        wait_for(|| helper_formatted.load(Ordering::Relaxed));
                    }
                }
            };
            let (result, out, formatted) = numbers(2, 3_000, false, &pause, &helper_formatted);
            assert!(result.is_ok(), "{result:?}");
            assert_eq!(out, expected(3_000));
            assert_eq!(formatted, 3_000);
        }
    }

    /// Takes `room` bytes, then fails as a closed pipe does.
    struct ClosesAfter {
        room: usize,
    }

    impl Write for ClosesAfter {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let taken = bytes.len().min(self.room);
            self.room -= taken;
            Ok(taken)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failing_output_stops_both_threads_with_its_error() {
        let produce = |turns: &mut Turns<'_>| {
            (0..1_000_000).try_for_each(|_| turns.item(|bytes| bytes.extend_from_slice(b"item,")))
        };
        let error = in_turns_of(3, &mut ClosesAfter { room: 1_000 }, &produce).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
    }

    #[test]
    fn the_error_of_the_thread_that_failed_is_returned() {
        for helper_only in [true, false] {
            let produce = |turns: &mut Turns<'_>| {
                for i in 0..10_000 {
                    if i == 5_000 && (on_helper() || !helper_only) {
                        return Err(io::Error::other("the producer failed"));
                    }
                    turns.item(|bytes| bytes.extend_from_slice(b"item,"))?;
                }
                Ok(())
            };
            let error = in_turns_of(2, &mut Vec::new(), &produce).unwrap_err();
            assert_eq!(error.to_string(), "the producer failed");
        }
    }
}
