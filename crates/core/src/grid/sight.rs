//! Line of sight: whether a straight line between two squares' centres
//! passes only through squares that let sight through.

use super::square::{Coord, Square};

/// Whether `to` can be seen from `from`: the line from the centre of `from`
/// to the centre of `to` crosses no square for which `opaque` holds (the
/// two ends themselves may be opaque: a wall can be looked at).
///
/// The line is walked square by square: each step goes to the next square
/// the line enters, across the edge it crosses first. Where the line passes
/// exactly through a corner it is blocked only when both squares beside the
/// corner are opaque, so sight slips between two diagonal pillars' corners
/// but not through a wall's corner joint. Every choice is symmetric, so
/// `line_of_sight(a, b)` equals `line_of_sight(b, a)`: if one sees the
/// other, the other sees it.
///
/// The squares are a map's (up to a few million squares across): a ruleset
/// refuses squares off its map before asking.
pub fn line_of_sight<C: Coord>(
    from: Square<C>,
    to: Square<C>,
    opaque: impl Fn(Square<C>) -> bool,
) -> bool {
    let (nx, ny) = (from.x.gap(to.x).wide(), from.y.gap(to.y).wide());
    let (sx, sy) = (from.x.towards(to.x), from.y.towards(to.y));
    let (mut ix, mut iy) = (0, 0);
    let mut p = from;
    while ix < nx || iy < ny {
        // Which edge the line crosses next: negative, the vertical one (a
        // step across); positive, the horizontal one (a step down or up);
        // zero, the corner between them.
        let decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
        if decision == 0 {
            let across = Square::new(p.x.saturating_add(sx), p.y);
            let down = Square::new(p.x, p.y.saturating_add(sy));
            if opaque(across) && opaque(down) {
                return false;
            }
            p = Square::new(across.x, down.y);
            ix += 1;
            iy += 1;
        } else if decision < 0 {
            p.x = p.x.saturating_add(sx);
            ix += 1;
        } else {
            p.y = p.y.saturating_add(sy);
            iy += 1;
        }
        if p != to && opaque(p) {
            return false;
        }
    }
    true
}
