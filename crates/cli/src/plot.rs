//! SVG bar charts of distributions, written by hand: one chart per
//! expression, stacked top to bottom, each with a title, axes, tick labels and
//! one `<rect class="bar">` per possible total.
//!
//! Bars stand side by side in order of total, whatever the gaps between
//! totals (`d6*10` has six bars, not fifty-one), so every bar stays visible;
//! the tick labels give the actual totals.

use std::fmt;

/// Most bars one chart may hold; wider distributions are refused by the caller.
pub(crate) const MAX_BARS: usize = 10_000;

/// Size of one chart, in SVG user units (pixels).
const WIDTH: f64 = 720.0;
const CHART_HEIGHT: f64 = 360.0;
/// The plotting area inside one chart.
const LEFT: f64 = 80.0;
const RIGHT: f64 = WIDTH - 24.0;
const TOP: f64 = 48.0;
const BOTTOM: f64 = CHART_HEIGHT - 64.0;
/// Roughly how many labels each axis gets.
const Y_TICKS: f64 = 5.0;
const MAX_X_LABELS: usize = 12;

const BAR_FILL: &str = "#4a78b0";
const GRID_STROKE: &str = "#dddddd";

/// One chart: a title and `(total, probability)` bars in increasing total.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Chart<'a> {
    /// The expression, as the user wrote it; escaped on output.
    pub(crate) title: &'a str,
    /// A line under the title (empty for none); escaped on output.
    pub(crate) note: &'a str,
    /// What the bars' totals are, under the horizontal axis.
    pub(crate) axis: &'a str,
    /// Every possible total with its probability.
    pub(crate) bars: &'a [(i64, f64)],
}

impl<'a> Chart<'a> {
    /// A chart of the totals of a roll, with no note.
    pub(crate) fn totals(title: &'a str, bars: &'a [(i64, f64)]) -> Self {
        Chart {
            title,
            note: "",
            axis: "total",
            bars,
        }
    }
}

/// The whole SVG document for `charts`, stacked vertically.
pub(crate) fn svg(charts: &[Chart<'_>]) -> String {
    Document(charts).to_string()
}

struct Document<'c, 'a>(&'c [Chart<'a>]);

impl fmt::Display for Document<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let height = CHART_HEIGHT * self.0.len().max(1) as f64;
        writeln!(
            f,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
        )?;
        let titles: Vec<String> = self.0.iter().map(|c| escape(c.title)).collect();
        writeln!(f, "<title>Distribution of {}</title>", titles.join("; "))?;
        writeln!(f, r#"<rect width="100%" height="100%" fill="white"/>"#)?;
        for (i, (chart, title)) in self.0.iter().zip(&titles).enumerate() {
            writeln!(
                f,
                r#"<g class="chart" transform="translate(0 {})">"#,
                CHART_HEIGHT * i as f64
            )?;
            write_chart(f, chart, title)?;
            writeln!(f, "</g>")?;
        }
        writeln!(f, "</svg>")
    }
}

fn write_chart(f: &mut fmt::Formatter<'_>, chart: &Chart<'_>, title: &str) -> fmt::Result {
    let mid = (LEFT + RIGHT) / 2.0;
    writeln!(
        f,
        r#"<text class="title" x="{mid}" y="22" text-anchor="middle" font-size="16" font-weight="bold">{title}</text>"#
    )?;
    if !chart.note.is_empty() {
        writeln!(
            f,
            r#"<text class="note" x="{mid}" y="40" text-anchor="middle">{}</text>"#,
            escape(chart.note)
        )?;
    }

    // Probability axis: gridlines and labels at round percentages.
    let likeliest = chart.bars.iter().map(|(_, p)| *p).fold(0.0, f64::max);
    let (step, ticks) = probability_ticks(likeliest);
    let top = step * ticks as f64;
    let y_of = |p: f64| BOTTOM - p / top * (BOTTOM - TOP);
    let decimals = percent_decimals(step);
    for k in 0..=ticks {
        let p = step * k as f64;
        let y = y_of(p);
        writeln!(
            f,
            r#"<line x1="{LEFT}" y1="{y:.2}" x2="{RIGHT}" y2="{y:.2}" stroke="{GRID_STROKE}"/>"#
        )?;
        writeln!(
            f,
            r#"<text x="{:.2}" y="{:.2}" text-anchor="end">{:.decimals$}%</text>"#,
            LEFT - 6.0,
            y + 4.0,
            p * 100.0
        )?;
    }

    // Bars, each with a tooltip giving its exact chance.
    let slot = (RIGHT - LEFT) / chart.bars.len().max(1) as f64;
    let bar_width = if slot > 3.0 { slot * 0.8 } else { slot };
    for (i, (total, p)) in chart.bars.iter().enumerate() {
        let x = LEFT + slot * i as f64 + (slot - bar_width) / 2.0;
        let y = y_of(*p);
        writeln!(
            f,
            r#"<rect class="bar" x="{x:.2}" y="{y:.2}" width="{bar_width:.2}" height="{:.2}" fill="{BAR_FILL}"><title>{total}: {}</title></rect>"#,
            BOTTOM - y,
            crate::odds::percent(*p)
        )?;
    }

    // Total axis: labels under a readable subset of the bars.
    let every = label_step(chart.bars.len());
    let contiguous = match (chart.bars.first(), chart.bars.last()) {
        (Some((lo, _)), Some((hi, _))) => {
            i128::from(*hi) - i128::from(*lo) + 1 == chart.bars.len() as i128
        }
        _ => true,
    };
    for (i, (total, _)) in chart.bars.iter().enumerate() {
        let labelled = if contiguous {
            total.rem_euclid(every as i64) == 0
        } else {
            i % every == 0
        };
        if labelled {
            let x = LEFT + slot * (i as f64 + 0.5);
            writeln!(
                f,
                r#"<line x1="{x:.2}" y1="{BOTTOM}" x2="{x:.2}" y2="{:.2}" stroke="black"/>"#,
                BOTTOM + 4.0
            )?;
            writeln!(
                f,
                r#"<text x="{x:.2}" y="{:.2}" text-anchor="middle">{total}</text>"#,
                BOTTOM + 18.0
            )?;
        }
    }

    // Axes and their names.
    writeln!(
        f,
        r#"<line x1="{LEFT}" y1="{BOTTOM}" x2="{RIGHT}" y2="{BOTTOM}" stroke="black"/>"#
    )?;
    writeln!(
        f,
        r#"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{BOTTOM}" stroke="black"/>"#
    )?;
    writeln!(
        f,
        r#"<text x="{mid}" y="{:.2}" text-anchor="middle">{}</text>"#,
        BOTTOM + 40.0,
        escape(chart.axis)
    )?;
    let y_mid = (TOP + BOTTOM) / 2.0;
    writeln!(
        f,
        r#"<text x="18" y="{y_mid}" text-anchor="middle" transform="rotate(-90 18 {y_mid})">probability</text>"#
    )
}

/// A round step (1, 2 or 5 times a power of ten) and how many steps reach
/// just above `likeliest`.
fn probability_ticks(likeliest: f64) -> (f64, u32) {
    if likeliest.is_nan() || likeliest <= 0.0 {
        return (0.2, 5);
    }
    let raw = likeliest / Y_TICKS;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    let ticks = (likeliest / step).ceil().max(1.0) as u32;
    (step, ticks)
}

/// Decimals needed to print multiples of `step` as percentages.
fn percent_decimals(step: f64) -> usize {
    let pct = step * 100.0;
    if pct >= 1.0 {
        0
    } else {
        (-pct.log10()).ceil().clamp(0.0, 17.0) as usize
    }
}

/// Label every n-th total (n = 1, 2, 5, 10, 20, ...) so at most
/// [`MAX_X_LABELS`] labels show.
fn label_step(bars: usize) -> usize {
    let mut base = 1usize;
    loop {
        for m in [1, 2, 5] {
            let step = base * m;
            if bars.div_ceil(step) <= MAX_X_LABELS {
                return step;
            }
        }
        base *= 10;
    }
}

/// `text` made safe for XML character data and attributes. Characters XML
/// cannot hold at all become U+FFFD.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).expect("the chart is well-formed XML")
    }

    fn count(doc: &roxmltree::Document<'_>, class: &str) -> usize {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    }

    #[test]
    fn one_bar_per_outcome_and_a_chart_per_expression() {
        let d6: Vec<(i64, f64)> = (1..=6).map(|v| (v, 1.0 / 6.0)).collect();
        let coin = [(0, 0.5), (10, 0.5)];
        let svg = svg(&[Chart::totals("d6", &d6), Chart::totals("d2*10-10", &coin)]);
        let doc = parsed(&svg);
        assert_eq!(count(&doc, "bar"), 8);
        assert_eq!(count(&doc, "chart"), 2);
        assert_eq!(doc.root_element().attribute("height"), Some("720"));
    }

    #[test]
    fn hostile_titles_stay_text() {
        let title = "d6 # <script>alert('&')</script> \"x\" \u{1}";
        let svg = svg(&[Chart {
            title,
            note: title,
            axis: title,
            bars: &[(1, 1.0)],
        }]);
        let doc = parsed(&svg);
        let shown = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("title"))
            .and_then(|n| n.text())
            .expect("a title");
        assert_eq!(shown, "d6 # <script>alert('&')</script> \"x\" \u{FFFD}");
        let note = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("note"))
            .and_then(|n| n.text())
            .expect("a note");
        assert_eq!(note, shown);
        assert!(!doc.descendants().any(|n| n.has_tag_name("script")));
    }

    #[test]
    fn ticks_are_round_and_cover_the_likeliest() {
        assert_eq!(probability_ticks(1.0 / 6.0), (0.05, 4));
        assert_eq!(probability_ticks(1.0), (0.2, 5));
        let (step, ticks) = probability_ticks(0.0123);
        assert!((step - 0.005).abs() < 1e-15 && ticks == 3, "{step} {ticks}");
        assert_eq!(percent_decimals(0.05), 0);
        assert_eq!(percent_decimals(0.005), 1);
    }

    #[test]
    fn labels_thin_out_on_wide_charts() {
        assert_eq!(label_step(11), 1);
        assert_eq!(label_step(16), 2);
        assert_eq!(label_step(5001), 500);
    }
}
