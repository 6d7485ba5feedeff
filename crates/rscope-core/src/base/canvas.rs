//! A canvas's size: the one rule the grid, its axis and the graph picture
//! size their canvases by, so they stay sharp on a high-density screen
//! and agree with each other.

/// A canvas's backing store for a box of CSS pixels on a screen of some
/// device pixel ratio.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Backing {
    /// Device pixels across (the canvas's `width` attribute).
    pub width: u32,
    /// Device pixels down (its `height` attribute).
    pub height: u32,
    /// Device pixels per CSS pixel: the scale to draw in CSS pixels with.
    pub ratio: f64,
}

/// The backing store for `css_width` × `css_height` CSS pixels at the
/// device pixel ratio `device_ratio`: never below one device pixel per CSS
/// pixel (a zoomed-out page reports less, and a canvas drawn at less than
/// its size blurs), rounded up so the last CSS pixel is covered.
pub fn backing(css_width: f64, css_height: f64, device_ratio: f64) -> Backing {
    let ratio = if device_ratio.is_finite() {
        device_ratio.max(1.0)
    } else {
        1.0
    };
    let side = |css: f64| (css.max(0.0) * ratio).ceil().min(f64::from(u32::MAX)) as u32;
    Backing {
        width: side(css_width),
        height: side(css_height),
        ratio,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dense_screen_gets_a_larger_store() {
        assert_eq!(
            backing(300.0, 28.0, 2.0),
            Backing {
                width: 600,
                height: 56,
                ratio: 2.0
            }
        );
        assert_eq!(
            backing(100.5, 10.2, 1.5),
            Backing {
                width: 151,
                height: 16,
                ratio: 1.5
            }
        );
    }

    #[test]
    fn a_ratio_below_one_or_none_draws_one_to_one() {
        assert_eq!(
            backing(10.0, 20.0, 0.5),
            Backing {
                width: 10,
                height: 20,
                ratio: 1.0
            }
        );
        assert_eq!(backing(10.0, 20.0, f64::NAN).ratio, 1.0);
        assert_eq!(
            backing(-3.0, 1e12, 2.0),
            Backing {
                width: 0,
                height: u32::MAX,
                ratio: 2.0
            }
        );
    }
}
