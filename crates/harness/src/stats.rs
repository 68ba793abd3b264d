//! The statistics every report uses.

use std::time::Duration;

/// The value at quantile `q` (0 the least, 0.5 the median, 1 the largest) of `values`, by
/// the nearest rank; `None` when there are none.
pub fn quantile(values: &[f64], q: f64) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let last = sorted.len().checked_sub(1)?;
    sorted.get(((last as f64) * q.clamp(0.0, 1.0)).round() as usize).copied()
}

/// The median (the upper one of an even count); `None` when there are no values.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied()
}

/// The largest value; `None` when there are none.
pub fn max(values: &[f64]) -> Option<f64> {
    values.iter().copied().max_by(f64::total_cmp)
}

/// Durations as seconds.
pub fn seconds(durations: &[Duration]) -> Vec<f64> {
    durations.iter().map(Duration::as_secs_f64).collect()
}

/// `v` with `digits` decimals, or `–` for none.
pub fn fixed(v: Option<f64>, digits: usize) -> String {
    v.map_or("–".into(), |v| format!("{v:.digits$}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_by_nearest_rank() {
        let v = [5.0, 1.0, 4.0, 2.0, 3.0];
        assert_eq!(
            (median(&v), quantile(&v, 0.0), quantile(&v, 0.9), max(&v)),
            (Some(3.0), Some(1.0), Some(5.0), Some(5.0))
        );
        assert_eq!(median(&[2.0, 1.0]), Some(2.0));
        assert_eq!((median(&[]), max(&[])), (None, None));
        assert_eq!(fixed(Some(0.12345), 3), "0.123");
    }
}
