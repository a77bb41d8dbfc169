//! SVG plots of report data, drawn with plotters.
//!
//! Text is written as SVG `<text>` elements and laid out with plotters'
//! built-in size estimate, so no font file is needed to draw; the viewer's
//! renderer supplies the font.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::heatmap::{HeatMap, draw_heat};
use crate::{Error, Result};

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesStyle {
    /// A line through the points.
    Line,
    /// A dashed line: theory, bounds, approximations.
    Dashed,
    /// Markers only: published points.
    Markers,
    /// A line with markers: measurements.
    LineMarkers,
}

/// One named series of `(x, y)` points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
    /// How it is drawn.
    pub style: SeriesStyle,
}

impl Series {
    /// A series named `name`.
    pub fn new(name: &str, points: Vec<(f64, f64)>, style: SeriesStyle) -> Series {
        Series { name: name.to_owned(), points, style }
    }
}

/// A line plot with a linear x axis and a linear or logarithmic y axis.
#[derive(Clone, Debug, PartialEq)]
pub struct LinePlot {
    /// A stable identifier: the file is `<id>.svg`.
    pub id: String,
    /// The title.
    pub title: String,
    /// The x axis label, with its unit.
    pub x_label: String,
    /// The y axis label, with its unit.
    pub y_label: String,
    /// Whether the y axis is logarithmic (then every y must be positive).
    pub log_y: bool,
    /// The series.
    pub series: Vec<Series>,
}

/// Grouped bars: for each group (a position, say), one bar per series (a
/// representation).
#[derive(Clone, Debug, PartialEq)]
pub struct BarPlot {
    /// A stable identifier: the file is `<id>.svg`.
    pub id: String,
    /// The title.
    pub title: String,
    /// The label under the groups.
    pub x_label: String,
    /// The value axis label, with its unit.
    pub y_label: String,
    /// Whether the value axis is logarithmic.
    pub log_y: bool,
    /// The group names, along the x axis.
    pub groups: Vec<String>,
    /// Each series: a name and one value per group (`None`: not measured).
    pub series: Vec<(String, Vec<Option<f64>>)>,
}

/// A plot of either kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Plot {
    /// Lines.
    Line(LinePlot),
    /// Bars.
    Bar(BarPlot),
    /// A heat map.
    Heat(HeatMap),
}

impl Plot {
    /// The plot's identifier.
    pub fn id(&self) -> &str {
        match self {
            Plot::Line(p) => &p.id,
            Plot::Bar(p) => &p.id,
            Plot::Heat(p) => &p.id,
        }
    }

    /// The plot's title.
    pub fn title(&self) -> &str {
        match self {
            Plot::Line(p) => &p.title,
            Plot::Bar(p) => &p.title,
            Plot::Heat(p) => &p.title,
        }
    }

    /// The plot as an SVG document.
    pub fn to_svg(&self) -> Result<String> {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
            let drawn = match self {
                Plot::Line(p) => draw_lines(&root, p),
                Plot::Bar(p) => draw_bars(&root, p),
                Plot::Heat(p) => draw_heat(&root, p),
            };
            drawn
                .and_then(|()| root.present().map_err(|e| e.to_string()))
                .map_err(|why| Error::Dataset { name: "plot", why: format!("cannot draw {}: {why}", self.id()) })?;
        }
        Ok(svg)
    }
}

const COLORS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(23, 190, 207),
    RGBColor(127, 127, 127),
];

fn bounds(values: impl Iterator<Item = f64>, log: bool) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite() && (!log || *v > 0.0)) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return if log { (1.0, 10.0) } else { (0.0, 1.0) };
    }
    if log {
        (lo / 2.0, hi * 2.0)
    } else {
        let pad = ((hi - lo) * 0.05).max(1e-9);
        ((lo - pad).min(0.0_f64.max(lo - pad)), hi + pad)
    }
}

fn log_label(log: bool, label: &str) -> String {
    if log { format!("{label} (log scale)") } else { label.to_owned() }
}

fn draw_lines(root: &DrawingArea<SVGBackend<'_>, Shift>, plot: &LinePlot) -> std::result::Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (x0, x1) = bounds(plot.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)), false);
    let (y0, y1) = bounds(plot.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)), plot.log_y);
    let mut builder = ChartBuilder::on(root);
    builder.caption(&plot.title, ("sans-serif", 22)).margin(16).x_label_area_size(48).y_label_area_size(90);
    macro_rules! draw {
        ($chart:expr) => {{
            let mut chart = $chart;
            chart
                .configure_mesh()
                .x_desc(plot.x_label.as_str())
                .x_label_formatter(&|v| format_number(*v))
                .y_desc(log_label(plot.log_y, &plot.y_label))
                .y_label_formatter(&|v| format_number(*v))
                .draw()
                .map_err(|e| e.to_string())?;
            for (i, s) in plot.series.iter().enumerate() {
                let color = COLORS[i % COLORS.len()];
                let points: Vec<(f64, f64)> = s.points.iter().copied().filter(|p| !plot.log_y || p.1 > 0.0).collect();
                let annotation = match s.style {
                    SeriesStyle::Line | SeriesStyle::LineMarkers => chart
                        .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                        .map_err(|e| e.to_string())?,
                    SeriesStyle::Dashed => chart
                        .draw_series(DashedLineSeries::new(points.clone(), 8, 5, color.stroke_width(2)))
                        .map_err(|e| e.to_string())?,
                    SeriesStyle::Markers => chart
                        .draw_series(points.iter().map(|&p| Cross::new(p, 7, color.stroke_width(2))))
                        .map_err(|e| e.to_string())?,
                };
                annotation
                    .label(s.name.as_str())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
                if s.style == SeriesStyle::LineMarkers {
                    chart
                        .draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))
                        .map_err(|e| e.to_string())?;
                }
            }
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .draw()
                .map_err(|e| e.to_string())?;
        }};
    }
    if plot.log_y {
        draw!(builder.build_cartesian_2d(x0..x1, (y0..y1).log_scale()).map_err(|e| e.to_string())?);
    } else {
        draw!(builder.build_cartesian_2d(x0..x1, y0..y1).map_err(|e| e.to_string())?);
    }
    Ok(())
}

fn draw_bars(root: &DrawingArea<SVGBackend<'_>, Shift>, plot: &BarPlot) -> std::result::Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let groups = plot.groups.len().max(1) as f64;
    let (mut y0, mut y1) = bounds(plot.series.iter().flat_map(|s| s.1.iter().flatten().copied()), plot.log_y);
    // Head room for the legend above the tallest bar.
    if plot.log_y {
        y1 *= 8.0;
    } else {
        y0 = 0.0;
        y1 *= 1.3;
    }
    let mut builder = ChartBuilder::on(root);
    builder.caption(&plot.title, ("sans-serif", 22)).margin(16).x_label_area_size(48).y_label_area_size(90);
    let width = 0.8 / plot.series.len().max(1) as f64;
    let names = plot.groups.clone();
    macro_rules! draw {
        ($chart:expr, $base:expr) => {{
            let mut chart = $chart;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_labels(plot.groups.len().max(1))
                .x_label_formatter(&|x| {
                    let i = x.round();
                    if (x - i).abs() < 1e-6 && i >= 0.0 {
                        names.get(i as usize).cloned().unwrap_or_default()
                    } else {
                        String::new()
                    }
                })
                .x_desc(plot.x_label.as_str())
                .y_desc(log_label(plot.log_y, &plot.y_label))
                .y_label_formatter(&|v| format_number(*v))
                .draw()
                .map_err(|e| e.to_string())?;
            for (k, (name, values)) in plot.series.iter().enumerate() {
                let color = COLORS[k % COLORS.len()];
                let bars: Vec<Rectangle<(f64, f64)>> = values
                    .iter()
                    .enumerate()
                    .filter_map(|(g, v)| v.filter(|v| !plot.log_y || *v > 0.0).map(|v| (g, v)))
                    .map(|(g, v)| {
                        let left = g as f64 - 0.4 + k as f64 * width;
                        Rectangle::new([(left, $base), (left + width * 0.9, v)], color.filled())
                    })
                    .collect();
                chart
                    .draw_series(bars)
                    .map_err(|e| e.to_string())?
                    .label(name.as_str())
                    .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], color.filled()));
            }
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .draw()
                .map_err(|e| e.to_string())?;
        }};
    }
    if plot.log_y {
        draw!(builder.build_cartesian_2d(-0.6..groups - 0.4, (y0..y1).log_scale()).map_err(|e| e.to_string())?, y0);
    } else {
        draw!(builder.build_cartesian_2d(-0.6..groups - 0.4, y0..y1).map_err(|e| e.to_string())?, 0.0);
    }
    Ok(())
}

/// Axis numbers people can read: 1.2M, 350k, 0.5.
fn format_number(v: f64) -> String {
    let a = v.abs();
    if a >= 1e12 {
        format!("{:.3}T", v / 1e12).replace(".000", "")
    } else if a >= 1e9 {
        format!("{:.1}G", v / 1e9).replace(".0G", "G")
    } else if a >= 1e6 {
        format!("{:.1}M", v / 1e6).replace(".0M", "M")
    } else if a >= 1e3 {
        format!("{:.1}k", v / 1e3).replace(".0k", "k")
    } else if a >= 1.0 || a == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_log_plot_and_bars_as_svg() {
        let plot = Plot::Line(LinePlot {
            id: "demo".into(),
            title: "Demo".into(),
            x_label: "pits".into(),
            y_label: "terminal positions".into(),
            log_y: true,
            series: vec![
                Series::new("computed", vec![(1.0, 1.0), (2.0, 2.0), (3.0, 11.0)], SeriesStyle::LineMarkers),
                Series::new("published", vec![(3.0, 11.0)], SeriesStyle::Markers),
            ],
        });
        let svg = plot.to_svg().unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("(log scale)") && svg.contains("published"));
        let bars = Plot::Bar(BarPlot {
            id: "bars".into(),
            title: "Bars".into(),
            x_label: "position".into(),
            y_label: "nodes per second".into(),
            log_y: false,
            groups: vec!["startpos".into(), "kiwipete".into()],
            series: vec![("x88".into(), vec![Some(1e6), None]), ("bitboard".into(), vec![Some(3e8), Some(4e8)])],
        });
        let svg = bars.to_svg().unwrap();
        assert!(svg.contains("kiwipete") && svg.contains("bitboard"));
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(format_number(1_500_000.0), "1.5M");
        assert_eq!(format_number(2_000.0), "2k");
        assert_eq!(format_number(0.25), "0.25");
    }
}
