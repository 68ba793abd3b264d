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

/// A time for a person to read: three significant digits in the unit that fits (`41.2 µs`,
/// `5.90 ms`, `2.29 s`, `132 s`); `–` for none. CSV and JSON keep seconds as numbers.
pub fn readable(seconds: Option<f64>) -> String {
    let Some(s) = seconds else { return "–".into() };
    let (value, unit) = match s.abs() {
        0.0 => return "0 s".into(),
        a if a < 1e-3 => (s * 1e6, "µs"),
        a if a < 1.0 => (s * 1e3, "ms"),
        _ => (s, "s"),
    };
    // Three significant digits, from the rounded value (999.96 ms is 1000 ms, not 999.96).
    let digits = |v: f64| {
        if v.abs() >= 99.95 {
            0
        } else if v.abs() >= 9.995 {
            1
        } else {
            2
        }
    };
    format!("{value:.*} {unit}", digits(value))
}

/// The shift of [`shifted_geometric_mean`] unless one is asked for: 10 ms, about the time of a
/// small model's solve, so that the mean is not ruled by the ratios of sub-millisecond times.
pub const DEFAULT_SHIFT: f64 = 0.01;

/// The shifted geometric mean `exp(mean(ln(t + shift))) − shift` of `times` (seconds), the
/// measure of Mittelmann's benchmarks and MIPLIB papers; `None` when there are none.
pub fn shifted_geometric_mean(times: &[f64], shift: f64) -> Option<f64> {
    if times.is_empty() {
        return None;
    }
    let mean_log = times.iter().map(|t| (t + shift).ln()).sum::<f64>() / times.len() as f64;
    Some(mean_log.exp() - shift)
}

/// Performance ratios (Dolan and Moré, 2002): `times[r][i]` is runner `r`'s time on instance
/// `i`, `None` when it did not solve it; the ratio is that time over the best time on `i`
/// (1 for the best, ties included), `None` where `r` did not solve `i` (an infinite ratio,
/// also when no runner solved `i`).
pub fn performance_ratios(times: &[Vec<Option<f64>>]) -> Vec<Vec<Option<f64>>> {
    let instances = times.iter().map(Vec::len).max().unwrap_or(0);
    let best: Vec<Option<f64>> = (0..instances)
        .map(|i| times.iter().filter_map(|r| r.get(i).copied().flatten()).min_by(f64::total_cmp))
        .collect();
    times
        .iter()
        .map(|r| {
            (0..instances)
                .map(|i| match (r.get(i).copied().flatten(), best[i]) {
                    (Some(t), Some(b)) if b > 0.0 => Some(t / b),
                    (Some(_), Some(_)) => Some(1.0),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// A runner's profile at `tau`: the share of its instances whose ratio is at most `tau`.
pub fn profile_at(ratios: &[Option<f64>], tau: f64) -> f64 {
    if ratios.is_empty() {
        return 0.0;
    }
    ratios.iter().filter(|r| r.is_some_and(|r| r <= tau)).count() as f64 / ratios.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_with_three_significant_digits_in_their_unit() {
        let read = |s: f64| readable(Some(s));
        assert_eq!(read(0.0000412), "41.2 µs");
        assert_eq!(read(0.0000004), "0.40 µs");
        assert_eq!(read(0.0059), "5.90 ms");
        assert_eq!(read(0.183), "183 ms");
        assert_eq!(read(2.292), "2.29 s");
        assert_eq!(read(132.4), "132 s");
        assert_eq!(read(0.0), "0 s");
        assert_eq!(readable(None), "–");
    }

    #[test]
    fn shifted_geometric_mean_by_hand() {
        // Shift 1: (1+1)(3+1)(7+1) = 64, cube root 4, minus 1.
        let mean = shifted_geometric_mean(&[1.0, 3.0, 7.0], 1.0).unwrap();
        assert!((mean - 3.0).abs() < 1e-12, "{mean}");
        // Shift 0 is the plain geometric mean; one value is itself.
        assert!((shifted_geometric_mean(&[2.0, 8.0], 0.0).unwrap() - 4.0).abs() < 1e-12);
        assert!((shifted_geometric_mean(&[0.5], DEFAULT_SHIFT).unwrap() - 0.5).abs() < 1e-12);
        assert_eq!(shifted_geometric_mean(&[], 1.0), None);
    }

    #[test]
    fn performance_profile_by_its_definition() {
        // Three instances; runner b ties a on the first, b alone solves the third, nobody the
        // fourth.
        let times = vec![vec![Some(1.0), Some(2.0), None, None], vec![Some(1.0), Some(8.0), Some(3.0), None]];
        let ratios = performance_ratios(&times);
        assert_eq!(ratios[0], vec![Some(1.0), Some(1.0), None, None]);
        assert_eq!(ratios[1], vec![Some(1.0), Some(4.0), Some(1.0), None]);
        assert_eq!((profile_at(&ratios[0], 1.0), profile_at(&ratios[1], 1.0)), (0.5, 0.5));
        assert_eq!((profile_at(&ratios[0], 100.0), profile_at(&ratios[1], 4.0)), (0.5, 0.75));
        assert_eq!(profile_at(&ratios[1], 3.99), 0.5);
        // Zero times: every solver of the instance is best.
        assert_eq!(performance_ratios(&[vec![Some(0.0)], vec![Some(0.0)]]), vec![vec![Some(1.0)], vec![Some(1.0)]]);
    }

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
