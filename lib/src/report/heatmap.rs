//! Heat maps: a grid of signed values, coloured by sign and size, with
//! optional discs on some cells (stones on a Go board) and the value
//! written in each cell.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A disc drawn on a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Disc {
    /// None.
    #[default]
    None,
    /// A dark disc (a black stone).
    Dark,
    /// A light disc (a white stone).
    Light,
}

/// A grid of values drawn as coloured cells: positive values in blue,
/// negative in red, the deeper the larger.
#[derive(Clone, Debug, PartialEq)]
pub struct HeatMap {
    /// A stable identifier: the file is `<id>.svg`.
    pub id: String,
    /// The title.
    pub title: String,
    /// The column labels, left to right.
    pub columns: Vec<String>,
    /// The row labels, top to bottom.
    pub rows: Vec<String>,
    /// The values, one row per row label, one value per column label.
    pub values: Vec<Vec<f64>>,
    /// A disc per cell (an empty list: none).
    pub discs: Vec<Vec<Disc>>,
    /// Values of this magnitude and more get the deepest colour.
    pub saturation: f64,
    /// What the colours mean, written under the grid.
    pub legend: String,
}

fn shade(value: f64, saturation: f64) -> RGBColor {
    let t = (value.abs() / saturation.max(f64::MIN_POSITIVE)).min(1.0);
    let mix = |full: u8| (255.0 - (255.0 - f64::from(full)) * (0.15 + 0.85 * t)) as u8;
    if value > 0.0 {
        RGBColor(mix(33), mix(102), mix(172))
    } else if value < 0.0 {
        RGBColor(mix(178), mix(24), mix(43))
    } else {
        RGBColor(255, 255, 255)
    }
}

/// Draws `map` on `root` (the caller presents it).
pub(crate) fn draw_heat(root: &DrawingArea<SVGBackend<'_>, Shift>, map: &HeatMap) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<_>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let (width, height) = root.dim_in_pixel();
    let (rows, cols) = (map.rows.len().max(1) as i32, map.columns.len().max(1) as i32);
    let top = 44;
    let left = 30;
    let bottom = 40;
    let cell = ((height as i32 - top - bottom) / rows).min((width as i32 - 2 * left) / cols).max(4);
    let x0 = (width as i32 - cell * cols) / 2;
    let centre = Pos::new(HPos::Center, VPos::Center);
    let title = ("sans-serif", 20).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Top));
    root.draw(&Text::new(map.title.clone(), (width as i32 / 2, 8), title)).map_err(e)?;
    let label = ("sans-serif", (cell * 2 / 3).clamp(6, 14)).into_font().color(&BLACK).pos(centre);
    for (c, name) in map.columns.iter().enumerate() {
        let x = x0 + c as i32 * cell + cell / 2;
        root.draw(&Text::new(name.clone(), (x, top - cell / 2), label.clone())).map_err(e)?;
    }
    for (r, name) in map.rows.iter().enumerate() {
        let y = top + r as i32 * cell + cell / 2;
        root.draw(&Text::new(name.clone(), (x0 - cell / 2 - 4, y), label.clone())).map_err(e)?;
    }
    let number = ("sans-serif", (cell * 2 / 5).clamp(5, 11)).into_font();
    for (r, row) in map.values.iter().enumerate() {
        for (c, &value) in row.iter().enumerate() {
            let (x, y) = (x0 + c as i32 * cell, top + r as i32 * cell);
            root.draw(&Rectangle::new([(x, y), (x + cell, y + cell)], shade(value, map.saturation).filled()))
                .map_err(e)?;
            root.draw(&Rectangle::new([(x, y), (x + cell, y + cell)], RGBColor(200, 200, 200).stroke_width(1)))
                .map_err(e)?;
            let disc = map.discs.get(r).and_then(|d| d.get(c)).copied().unwrap_or_default();
            let middle = (x + cell / 2, y + cell / 2);
            let ink = match disc {
                Disc::Dark => {
                    root.draw(&Circle::new(middle, cell * 9 / 20, BLACK.filled())).map_err(e)?;
                    WHITE
                }
                Disc::Light => {
                    root.draw(&Circle::new(middle, cell * 9 / 20, WHITE.filled())).map_err(e)?;
                    root.draw(&Circle::new(middle, cell * 9 / 20, BLACK.stroke_width(1))).map_err(e)?;
                    BLACK
                }
                Disc::None => BLACK,
            };
            if value != 0.0 || disc != Disc::None {
                let text = format!("{value}");
                root.draw(&Text::new(text, middle, number.clone().color(&ink).pos(centre))).map_err(e)?;
            }
        }
    }
    let legend = ("sans-serif", 13).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Top));
    let y = top + rows * cell + 10;
    root.draw(&Text::new(map.legend.clone(), (width as i32 / 2, y), legend)).map_err(e)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shades_deepen_with_size_and_follow_the_sign() {
        assert_eq!(shade(0.0, 10.0), RGBColor(255, 255, 255));
        let (weak, strong) = (shade(1.0, 10.0), shade(10.0, 10.0));
        assert!(strong.0 < weak.0 && strong.2 > 150);
        assert!(shade(-10.0, 10.0).0 > shade(-10.0, 10.0).2);
        assert_eq!(shade(50.0, 10.0), strong);
    }
}
