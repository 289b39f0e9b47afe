//! Labels drawn as strokes, not text: a picture must look the same on every machine, and
//! the PNG renderer then needs no font. Digits and the files `a`–`l`, each a few polylines
//! on a 4 × 6 grid (y down; `g` and `j` reach 8).

/// Grid units a glyph advances, its width plus a gap.
const ADVANCE: f64 = 5.5;
/// Height of a digit in grid units (the cap height).
const HEIGHT: f64 = 6.0;

type Stroke = &'static [(f64, f64)];

fn glyph(c: char) -> &'static [Stroke] {
    match c {
        '0' => &[&[(0., 0.), (4., 0.), (4., 6.), (0., 6.), (0., 0.)]],
        '1' => &[&[(1., 1.), (2., 0.), (2., 6.)], &[(1., 6.), (3., 6.)]],
        '2' => &[&[(0., 0.), (4., 0.), (4., 3.), (0., 3.), (0., 6.), (4., 6.)]],
        '3' => &[
            &[(0., 0.), (4., 0.), (4., 6.), (0., 6.)],
            &[(1., 3.), (4., 3.)],
        ],
        '4' => &[&[(0., 0.), (0., 3.), (4., 3.)], &[(4., 0.), (4., 6.)]],
        '5' => &[&[(4., 0.), (0., 0.), (0., 3.), (4., 3.), (4., 6.), (0., 6.)]],
        '6' => &[&[(4., 0.), (0., 0.), (0., 6.), (4., 6.), (4., 3.), (0., 3.)]],
        '7' => &[&[(0., 0.), (4., 0.), (1.5, 6.)]],
        '8' => &[
            &[(0., 0.), (4., 0.), (4., 6.), (0., 6.), (0., 0.)],
            &[(0., 3.), (4., 3.)],
        ],
        '9' => &[&[(4., 3.), (0., 3.), (0., 0.), (4., 0.), (4., 6.), (0., 6.)]],
        'a' => &[&[(0., 2.), (4., 2.), (4., 6.), (0., 6.), (0., 4.), (4., 4.)]],
        'b' => &[&[(0., 0.), (0., 6.), (4., 6.), (4., 2.), (0., 2.)]],
        'c' => &[&[(4., 2.), (0., 2.), (0., 6.), (4., 6.)]],
        'd' => &[&[(4., 0.), (4., 6.), (0., 6.), (0., 2.), (4., 2.)]],
        'e' => &[&[(0., 4.), (4., 4.), (4., 2.), (0., 2.), (0., 6.), (4., 6.)]],
        'f' => &[&[(4., 0.), (2., 0.), (2., 6.)], &[(0.5, 2.5), (3.5, 2.5)]],
        'g' => &[&[(4., 6.), (0., 6.), (0., 2.), (4., 2.), (4., 8.), (0., 8.)]],
        'h' => &[&[(0., 0.), (0., 6.)], &[(0., 2.), (4., 2.), (4., 6.)]],
        'i' => &[&[(2., 2.), (2., 6.)], &[(2., 0.), (2., 0.4)]],
        'j' => &[&[(3., 2.), (3., 8.), (0., 8.)], &[(3., 0.), (3., 0.4)]],
        'k' => &[&[(0., 0.), (0., 6.)], &[(4., 2.), (0., 4.), (4., 6.)]],
        'l' => &[&[(2., 0.), (2., 6.)]],
        _ => &[],
    }
}

/// SVG path data for `text` with its top-left corner at (x, y), digits `height` units tall.
pub fn path_data(text: &str, x: f64, y: f64, height: f64) -> String {
    let scale = height / HEIGHT;
    let mut d = String::new();
    for (i, c) in text.chars().enumerate() {
        let left = x + i as f64 * ADVANCE * scale;
        for stroke in glyph(c) {
            for (j, &(gx, gy)) in stroke.iter().enumerate() {
                let command = if j == 0 { 'M' } else { 'L' };
                d.push_str(&format!(
                    "{command}{:.1} {:.1}",
                    left + gx * scale,
                    y + gy * scale
                ));
            }
        }
    }
    d
}

/// How wide `text` is when drawn `height` units tall (without the last gap).
pub fn width(text: &str, height: f64) -> f64 {
    let n = text.chars().count() as f64;
    if n == 0.0 {
        return 0.0;
    }
    (ADVANCE * (n - 1.0) + 4.0) * height / HEIGHT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_character_has_strokes() {
        for c in "0123456789abcdefghijkl".chars() {
            assert!(!glyph(c).is_empty(), "no glyph for {c}");
        }
        assert!(glyph('?').is_empty());
    }

    #[test]
    fn strokes_start_with_a_move() {
        let d = path_data("12", 10.0, 20.0, 12.0);
        assert!(d.starts_with("M12.0 22.0"), "{d}");
        assert_eq!(d.matches('M').count(), 3);
        assert!((width("12", 12.0) - 19.0).abs() < 1e-9);
    }
}
