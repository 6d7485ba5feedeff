//! The read-only viewer for documents too large for a textarea: only the
//! lines in view are in the DOM, and of a long line only the columns in
//! view, so a 3 MB one-line R costs what one screen of it costs.

use crate::components::code::{
    char_width, line_pieces, on_leave, pointed, reveal_in, Point, Reveal, Tip, Viewport,
    LINE_HEIGHT,
};
use rscope_core::tabs::Text;
use rscope_core::textview::{Lines, Squiggles};
use std::rc::Rc;
use yew::prelude::*;

/// Width of the line-number column, in pixels (the style sheet agrees).
const NUMBER_WIDTH: f64 = 64.0;

/// The widest the scrolled content may be: browsers stop laying out
/// elements a little above 33 million pixels.
const MAX_WIDTH: f64 = 30_000_000.0;

/// Properties of [`LargeView`].
#[derive(Properties, PartialEq)]
pub struct LargeProps {
    /// The whole text.
    pub text: Text,
    /// Its lines.
    pub lines: Rc<Lines>,
    /// A 1-based line to scroll to and mark (a located finding).
    pub highlight: Option<usize>,
    /// Squiggles for this text.
    pub squiggles: Rc<Squiggles>,
    /// Bytes linked to the grid's hovered cell.
    pub linked: Option<(usize, usize)>,
    /// Scroll this place into view.
    pub reveal: Option<Reveal>,
    /// Where the pointer is, as a byte offset.
    pub on_point: Callback<Option<Point>>,
}

/// Only the lines (and columns) in view, with their numbers.
#[function_component(LargeView)]
pub fn large_view(props: &LargeProps) -> Html {
    let view = use_state_eq(Viewport::default);
    let char_w = use_state_eq(|| 8.0f64);
    let tip = use_state_eq(|| Tip::None);
    let scroller = use_node_ref();
    {
        let (scroller, view, char_w) = (scroller.clone(), view.clone(), char_w.clone());
        use_effect_with((), move |_| {
            if let Some(el) = scroller.cast::<web_sys::Element>() {
                view.set(Viewport::of(&el));
                if let Some(w) = char_width(&el) {
                    char_w.set(w);
                }
            }
        });
    }
    {
        let scroller = scroller.clone();
        use_effect_with(props.highlight, move |line| {
            if let (Some(line), Some(el)) = (line, scroller.cast::<web_sys::HtmlElement>()) {
                el.set_scroll_top(((*line as f64 - 4.0).max(0.0) * LINE_HEIGHT) as i32);
            }
        });
    }
    {
        let (scroller, char_w) = (scroller.clone(), *char_w);
        use_effect_with(props.reveal, move |reveal| {
            if let (Some(reveal), Some(el)) = (reveal, scroller.cast::<web_sys::Element>()) {
                reveal_in(&el, reveal, char_w, 0.0, NUMBER_WIDTH);
            }
        });
    }
    let onscroll = {
        let view = view.clone();
        Callback::from(move |e: Event| {
            let el: web_sys::Element = e.target_unchecked_into();
            view.set(Viewport::of(&el));
        })
    };
    let onmousemove = {
        let (text, lines, on_point, tip, squiggles, char_w, scroller) = (
            props.text.clone(),
            props.lines.clone(),
            props.on_point.clone(),
            tip.clone(),
            props.squiggles.clone(),
            *char_w,
            scroller.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            let Some(el) = scroller.cast::<web_sys::Element>() else {
                return;
            };
            let rect = el.get_bounding_client_rect();
            let (px, py) = (
                f64::from(e.client_x()) - rect.left(),
                f64::from(e.client_y()) - rect.top(),
            );
            let x = px + f64::from(el.scroll_left()) - NUMBER_WIDTH;
            let y = py + f64::from(el.scroll_top());
            let (point, shown) = pointed(&text, &lines, &squiggles, char_w, (px, py), (x, y));
            on_point.emit(point);
            tip.set(shown);
        })
    };
    let onmouseleave = on_leave(&props.on_point, &tip);
    let n = props.lines.count();
    let shown = view.lines(n, 0.0);
    let marks = props.squiggles.with_linked(&props.text, props.linked);
    let width = (NUMBER_WIDTH + props.lines.longest() as f64 * *char_w + 16.0).min(MAX_WIDTH);
    html! {
        <div class="viewer-wrap">
            <div class="viewer" ref={scroller} {onscroll} {onmousemove} {onmouseleave} tabindex="0">
                <div style={format!("height:{}px;width:{width}px;position:relative", n as f64 * LINE_HEIGHT)}>
                    { for shown.map(|i| {
                        let (pieces, offset) = line_pieces(&props.text, &props.lines, i, &marks, &view, *char_w);
                        html! {
                            <div class={classes!("vline", (props.highlight == Some(i + 1)).then_some("hit"))}
                                style={format!("top:{}px", i as f64 * LINE_HEIGHT)}>
                                <span class="num">{ i + 1 }</span>
                                <span class="txt" style={format!("left:{}px", NUMBER_WIDTH + offset)}>{ pieces }</span>
                            </div>
                        }
                    }) }
                </div>
            </div>
            if let Some((x, y, text)) = &*tip {
                <div class="sq-tip" role="tooltip" data-testid="squiggle-tip"
                    style={format!("left:{x}px;top:{y}px")}>{ text.clone() }</div>
            }
        </div>
    }
}
