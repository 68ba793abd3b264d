//! Plots of a comparison, as SVG: the cactus plot, the performance profile (Dolan and Moré,
//! 2002) with the virtual best, and the scatter plot of two runners instance by instance.

use std::collections::{BTreeMap, BTreeSet};

use plotters::coord::CoordTranslate;
use plotters::prelude::*;

use crate::row::Row;
use crate::stats::performance_ratios;

/// Why a plot could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlotError {
    /// A runner asked for is not in the comparison.
    #[error("no runner {name} (runners: {runners})")]
    NoRunner {
        /// The runner asked for.
        name: String,
        /// The comparison's runners, comma-separated.
        runners: String,
    },
    /// The drawing library failed: what it said.
    #[error("cannot draw the plot: {0}")]
    Draw(String),
}

fn failed(e: &dyn std::fmt::Display) -> PlotError {
    PlotError::Draw(e.to_string())
}

/// A chart's frame: the title, margins and label areas every plot here shares.
fn frame<'a, 'b, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    title: &'b str,
) -> ChartBuilder<'a, 'b, DB> {
    let mut builder = ChartBuilder::on(root);
    builder.caption(title, ("sans-serif", 20)).margin(15).x_label_area_size(40).y_label_area_size(60);
    builder
}

/// Draws the legend of `chart` at `position`, then the whole picture.
fn finish<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), PlotError> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| failed(&e))?;
    root.present().map_err(|e| failed(&e))
}

/// Whether a row counts as solved in a plot: finished, its answers checked.
fn solved(r: &Row) -> bool {
    r.finished() && r.checked != Some(false)
}

/// A cactus plot as SVG: for each runner, its finished instances sorted by wall time; the
/// x axis counts instances solved, the y axis (logarithmic) is seconds.
pub fn cactus_plot(rows: &[Row], title: &str) -> Result<String, PlotError> {
    let mut series: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for r in rows {
        let times = series.entry(r.label()).or_default();
        if solved(r) {
            times.push(r.wall_s.max(1e-6));
        }
    }
    let max_n = series.values().map(Vec::len).max().unwrap_or(0).max(1);
    let (lo, hi) = series.values().flatten().fold((f64::MAX, f64::MIN), |(lo, hi), &t| (lo.min(t), hi.max(t)));
    let (lo, hi) = if lo > hi { (1e-4, 1.0) } else { (lo / 2.0, hi * 2.0) };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        let mut chart =
            frame(&root, title).build_cartesian_2d(0..max_n, (lo..hi).log_scale()).map_err(|e| failed(&e))?;
        chart
            .configure_mesh()
            .x_desc("instances solved")
            .y_desc("seconds per instance (log)")
            .draw()
            .map_err(|e| failed(&e))?;
        for (i, (label, times)) in series.iter_mut().enumerate() {
            times.sort_by(f64::total_cmp);
            let color = Palette99::pick(i).to_rgba();
            let points: Vec<(usize, f64)> = times.iter().enumerate().map(|(k, &t)| (k + 1, t)).collect();
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(|e| failed(&e))?
                .label(label.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 2, color.filled()))).map_err(|e| failed(&e))?;
        }
        finish(&root, &mut chart, SeriesLabelPosition::UpperLeft)?;
    }
    Ok(svg)
}

/// The performance profile: for each runner, the share of instances it solved within τ times
/// the best runner's time on that instance, τ on a log axis; every runner's curve ends at the
/// share it solved. The virtual best is the line at 1 from τ = 1 up to the share anyone
/// solved.
pub fn profile_plot(rows: &[Row], title: &str) -> Result<String, PlotError> {
    let (labels, times) = matrix(rows);
    let instances = times.first().map_or(0, Vec::len);
    let ratios = performance_ratios(&times);
    let tau_max = ratios.iter().flatten().flatten().copied().fold(2.0f64, f64::max) * 1.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        let mut chart =
            frame(&root, title).build_cartesian_2d((1.0..tau_max).log_scale(), 0.0..1.05).map_err(|e| failed(&e))?;
        chart
            .configure_mesh()
            .x_desc("τ: time within τ × the best runner's (log)")
            .y_desc("share of instances")
            .draw()
            .map_err(|e| failed(&e))?;
        let n = instances.max(1) as f64;
        let anyone = (0..instances).filter(|&i| times.iter().any(|r| r[i].is_some())).count() as f64 / n;
        let best = BLACK.mix(0.6);
        chart
            .draw_series(LineSeries::new(vec![(1.0, anyone), (tau_max, anyone)], best.stroke_width(1)))
            .map_err(|e| failed(&e))?
            .label("virtual best")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], best.stroke_width(1)));
        for (k, (label, ratios)) in labels.iter().zip(&ratios).enumerate() {
            let mut finite: Vec<f64> = ratios.iter().flatten().copied().collect();
            finite.sort_by(f64::total_cmp);
            // A step function: the share rises by 1/n at each ratio.
            let mut points = vec![(1.0, 0.0)];
            for (j, &tau) in finite.iter().enumerate() {
                points.push((tau, j as f64 / n));
                points.push((tau, (j + 1) as f64 / n));
            }
            points.push((tau_max, finite.len() as f64 / n));
            let color = Palette99::pick(k).to_rgba();
            chart
                .draw_series(LineSeries::new(points, color.stroke_width(2)))
                .map_err(|e| failed(&e))?
                .label(label.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
        }
        finish(&root, &mut chart, SeriesLabelPosition::LowerRight)?;
    }
    Ok(svg)
}

/// The scatter plot of runners `a` and `b` (`formulation/backend` or `backend/formulation`):
/// one point per instance at (a's time, b's time), log axes, the diagonal, and an instance one
/// of them did not solve at the timeout line (the longest time of the comparison, doubled).
pub fn scatter_plot(rows: &[Row], a: &str, b: &str, title: &str) -> Result<String, PlotError> {
    let (labels, times) = matrix(rows);
    let instances = times.first().map_or(0, Vec::len);
    // A runner is formulation/backend; backend/formulation names it too.
    let column = |name: &str| {
        let flipped = name.split_once('/').map(|(x, y)| format!("{y}/{x}"));
        labels
            .iter()
            .position(|l| l == name || flipped.as_ref() == Some(l))
            .ok_or_else(|| PlotError::NoRunner { name: name.to_string(), runners: labels.join(", ") })
    };
    let (ia, ib) = (column(a)?, column(b)?);
    let longest = rows.iter().map(|r| r.wall_s).fold(1e-6f64, f64::max);
    let timeout = longest * 2.0;
    let lo = rows.iter().map(|r| r.wall_s).filter(|&t| t > 0.0).fold(longest, f64::min) / 2.0;
    let hi = timeout * 1.5;
    let points: Vec<(f64, f64, bool)> = (0..instances)
        .filter(|&i| times[ia][i].is_some() || times[ib][i].is_some())
        .map(|i| {
            let (x, y) = (times[ia][i], times[ib][i]);
            (x.unwrap_or(timeout).max(lo), y.unwrap_or(timeout).max(lo), x.is_none() || y.is_none())
        })
        .collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (600, 600)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        let mut chart = frame(&root, title)
            .build_cartesian_2d((lo..hi).log_scale(), (lo..hi).log_scale())
            .map_err(|e| failed(&e))?;
        chart
            .configure_mesh()
            .x_desc(format!("{a}: seconds (log)"))
            .y_desc(format!("{b}: seconds (log)"))
            .draw()
            .map_err(|e| failed(&e))?;
        let grey = BLACK.mix(0.4);
        chart.draw_series(LineSeries::new(vec![(lo, lo), (hi, hi)], grey.stroke_width(1))).map_err(|e| failed(&e))?;
        for line in [vec![(timeout, lo), (timeout, hi)], vec![(lo, timeout), (hi, timeout)]] {
            chart.draw_series(LineSeries::new(line, RED.mix(0.5).stroke_width(1))).map_err(|e| failed(&e))?;
        }
        let blue = BLUE.mix(0.8);
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&(x, y, out)| Circle::new((x, y), 3, if out { RED.filled() } else { blue.filled() })),
            )
            .map_err(|e| failed(&e))?;
        root.present().map_err(|e| failed(&e))?;
    }
    Ok(svg)
}

/// Runner labels and `times[runner][instance]` (`None`: not solved), instances in name order.
type Matrix = (Vec<String>, Vec<Vec<Option<f64>>>);

fn matrix(rows: &[Row]) -> Matrix {
    let mut by_runner: BTreeMap<String, BTreeMap<&str, Option<f64>>> = BTreeMap::new();
    let mut instances: BTreeSet<&str> = BTreeSet::new();
    for r in rows {
        instances.insert(&r.instance);
        by_runner.entry(r.label()).or_default().insert(&r.instance, solved(r).then_some(r.wall_s));
    }
    let times =
        by_runner.values().map(|row| instances.iter().map(|i| row.get(i).copied().flatten()).collect()).collect();
    (by_runner.into_keys().collect(), times)
}
