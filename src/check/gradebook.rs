//! What an exercise asks for and what each key is worth: the keys graded
//! (`--keys`), their points (`--points`), and an answer's score, the same
//! in every output format. A key the exercise asks for and the answer
//! leaves out scores nothing.

use super::Verdict;
use super::classroom::Key;
use crate::lang;

/// The most points one key can be worth: totals stay ordinary numbers.
const MOST_POINTS: f64 = 1000.0;

/// The keys an exercise asks for, each with its points; by default all
/// five, a point each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Points([Option<f64>; 5]);

impl Default for Points {
    fn default() -> Points {
        Points([Some(1.0); 5])
    }
}

/// A key named in `--keys` or `--points`.
fn key(text: &str) -> Result<Key, String> {
    lang::key_index(text.trim()).map(|index| Key::ALL[index]).ok_or_else(|| {
        format!(
            "unknown key {:?}; the keys are order, leaves, pruned, best-move and value",
            text.trim()
        )
    })
}

impl Points {
    /// Parses `--points KEY=N,...`: each key once, N from 0 to 1000.
    pub fn parse(text: &str) -> Result<Points, String> {
        let mut points = Points([None; 5]);
        for part in text.split(',') {
            let (name, number) =
                part.split_once('=').ok_or_else(|| format!("expected KEY=N, got {part:?}"))?;
            let key = key(name)?;
            let number: f64 = number
                .trim()
                .parse()
                .ok()
                .filter(|n: &f64| (0.0..=MOST_POINTS).contains(n))
                .ok_or_else(|| {
                    format!("expected a number of points from 0 to 1000, got {number:?}")
                })?;
            let slot = &mut points.0[key.index()];
            if slot.replace(number).is_some() {
                return Err(format!("{:?} is given points twice", key.name()));
            }
        }
        Ok(points)
    }

    /// Parses `--keys KEY,...`: the keys asked for, a point each.
    pub fn parse_keys(text: &str) -> Result<Points, String> {
        let mut points = Points([None; 5]);
        for name in text.split(',') {
            let key = key(name)?;
            if points.0[key.index()].replace(1.0).is_some() {
                return Err(format!("{:?} is named twice", key.name()));
            }
        }
        Ok(points)
    }

    /// The keys asked for (`--keys`, all five by default) with the points
    /// given (`--points`; a point each for a key it does not name).
    /// Points for a key not asked for are an error; `--points` alone asks
    /// for the keys it names.
    pub fn choose(keys: Option<Points>, points: Option<Points>) -> Result<Points, String> {
        let (keys, points) = match (keys, points) {
            (None, Some(points)) => return Ok(points),
            (keys, points) => (keys.unwrap_or_default(), points.unwrap_or(Points([None; 5]))),
        };
        let mut chosen = keys;
        for key in Key::ALL {
            match (keys.0[key.index()], points.0[key.index()]) {
                (None, Some(_)) => {
                    return Err(format!(
                        "--points gives {:?} points, but --keys does not ask for it",
                        key.name()
                    ));
                }
                (Some(_), Some(given)) => chosen.0[key.index()] = Some(given),
                _ => {}
            }
        }
        Ok(chosen)
    }

    /// Whether the exercise asks for `key`.
    pub fn asks(self, key: Key) -> bool {
        self.0[key.index()].is_some()
    }

    /// The keys asked for, with their points.
    pub fn keys(self) -> impl Iterator<Item = (Key, f64)> {
        Key::ALL.into_iter().filter_map(move |key| Some((key, self.0[key.index()]?)))
    }

    /// The points of every key asked for.
    pub fn total(self) -> f64 {
        self.keys().map(|(_, points)| points).sum()
    }
}

/// How an answer did on one key the exercise asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Ok,
    Wrong,
    Missing,
}

impl Mark {
    /// `ok`, `wrong` or `missing`, as the gradebook writes it.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Ok => "ok",
            Mark::Wrong => "wrong",
            Mark::Missing => "missing",
        }
    }
}

impl Verdict {
    /// How the answer did on `key`: missing where no verdict is about it.
    pub fn mark(&self, key: Key) -> Mark {
        match self.keys.iter().find(|verdict| verdict.about == Some(key)) {
            Some(verdict) if verdict.missing => Mark::Missing,
            Some(verdict) if verdict.wrong.is_none() => Mark::Ok,
            Some(_) => Mark::Wrong,
            None => Mark::Missing,
        }
    }

    /// The points the answer scores, of the points the exercise gives.
    pub fn score(&self) -> (f64, f64) {
        let scored = self.points.keys().filter(|&(key, _)| self.mark(key) == Mark::Ok);
        (scored.map(|(_, points)| points).sum(), self.points.total())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_name_each_key_once_within_bounds() {
        let points = Points::parse("order=2, best-move=0.5").unwrap();
        assert_eq!(points.keys().collect::<Vec<_>>(), [(Key::Order, 2.0), (Key::BestMove, 0.5)]);
        assert_eq!(points.total(), 2.5);
        assert_eq!(
            Points::parse("order=1,order=2").unwrap_err(),
            "\"order\" is given points twice"
        );
        for bad in ["order=1e308", "order=-1", "order=NaN", "order=1001"] {
            assert!(Points::parse(bad).unwrap_err().starts_with("expected a number"), "{bad}");
        }
        assert!(Points::parse("order=1000").is_ok());
        assert!(Points::parse("score=1").unwrap_err().starts_with("unknown key \"score\""));
        assert!(Points::parse("order").unwrap_err().starts_with("expected KEY=N"));
    }

    #[test]
    fn keys_and_points_choose_together() {
        let keys = Points::parse_keys("order,leaves,best-move").ok();
        let points = Points::parse("order=3").ok();
        let chosen = Points::choose(keys, points).unwrap();
        let expected = [(Key::Order, 3.0), (Key::Leaves, 1.0), (Key::BestMove, 1.0)];
        assert_eq!(chosen.keys().collect::<Vec<_>>(), expected);
        assert_eq!(Points::choose(None, points).unwrap(), points.unwrap());
        assert_eq!(Points::choose(keys, None).unwrap(), keys.unwrap());
        assert_eq!(Points::choose(None, None).unwrap(), Points::default());
        let error = Points::choose(keys, Points::parse("value=2").ok()).unwrap_err();
        assert_eq!(error, "--points gives \"value\" points, but --keys does not ask for it");
        assert_eq!(Points::parse_keys("order,order").unwrap_err(), "\"order\" is named twice");
        assert!(Points::default().asks(Key::Value) && !keys.unwrap().asks(Key::Value));
    }
}
