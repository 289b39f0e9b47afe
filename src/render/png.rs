//! SVG to PNG with resvg: pure Rust, no system libraries, and no fonts needed (labels are
//! strokes), so every machine draws the same pixels.

use resvg::{tiny_skia, usvg};

/// Rasterise an SVG document (as written by [`super::to_svg`]) at its own pixel size.
pub fn to_png(svg: &str) -> Result<Vec<u8>, String> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| format!("the picture could not be read back: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the picture has no area")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("PNG encoding failed: {e}"))
}
