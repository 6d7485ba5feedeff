//! The resource graph as a tree: a virtualized list of the outline's
//! visible rows (only those in view are in the DOM), each a button that
//! opens or closes its vertex. Arrow keys move between rows; Enter, Space,
//! Left and Right open and close.

use crate::outline::{Origin, Outline};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// Row height in pixels; `.tree-row` in the style sheet uses the same.
const ROW: f64 = 24.0;
/// Height of the tree viewport.
const VIEW: f64 = 360.0;

/// Properties of [`TreeView`].
#[derive(Properties, Clone)]
pub struct TreeProps {
    /// The outline; shared so toggling does not copy the graph.
    pub outline: Rc<RefCell<Outline>>,
}

impl PartialEq for TreeProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.outline, &other.outline)
    }
}

/// The containment tree of the document's resource graph.
#[function_component(TreeView)]
pub fn tree_view(props: &TreeProps) -> Html {
    let version = use_state(|| 0u32);
    let top = use_state(|| 0.0f64);
    let focus = use_state(|| 0usize);
    let scroller = use_node_ref();
    let outline = props.outline.borrow();
    let len = outline.len();
    let first = ((*top / ROW) as usize).min(len);
    let last = (first + (VIEW / ROW) as usize + 2).min(len);

    let toggle = {
        let (outline, version) = (props.outline.clone(), version.clone());
        Callback::from(move |i: usize| {
            outline.borrow_mut().toggle(i);
            version.set(*version + 1);
        })
    };
    let onscroll = {
        let top = top.clone();
        Callback::from(move |e: Event| {
            let el: HtmlElement = e.target_unchecked_into();
            top.set(f64::from(el.scroll_top()));
        })
    };
    let onkeydown = {
        let (focus, toggle, scroller, outline) = (
            focus.clone(),
            toggle.clone(),
            scroller.clone(),
            props.outline.clone(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let i = *focus;
            let row = outline.borrow().row(i);
            let next = match (e.key().as_str(), row) {
                ("ArrowDown", _) => (i + 1).min(len.saturating_sub(1)),
                ("ArrowUp", _) => i.saturating_sub(1),
                ("Home", _) => 0,
                ("End", _) => len.saturating_sub(1),
                ("Enter" | " ", Some(_)) => {
                    toggle.emit(i);
                    i
                }
                ("ArrowRight", Some(r)) if r.children > 0 && !r.open => {
                    toggle.emit(i);
                    i
                }
                ("ArrowLeft", Some(r)) if r.open => {
                    toggle.emit(i);
                    i
                }
                _ => return,
            };
            e.prevent_default();
            focus.set(next);
            if let Some(el) = scroller.cast::<HtmlElement>() {
                let y = next as f64 * ROW;
                let t = f64::from(el.scroll_top());
                if y < t {
                    el.set_scroll_top(y as i32);
                } else if y + ROW > t + VIEW {
                    el.set_scroll_top((y + ROW - VIEW) as i32);
                }
            }
        })
    };
    let origin = match outline.origin() {
        Origin::Scheduling => "the document's scheduling graph",
        Origin::Generated => "generated from R_lite (the document has no graph)",
    };
    html! {
        <section class="panel tree" aria-label="Resource graph">
            <h2>{ "Graph" }</h2>
            <p class="hint">{ format!("{} vertices, {origin}. Use the arrow keys to move, Enter to open or close.", outline.vertices()) }</p>
            <div class="tree-scroll" ref={scroller} {onscroll} {onkeydown} tabindex="0" role="tree"
                aria-label="Containment tree" aria-activedescendant={format!("tree-row-{}", *focus)}
                style={format!("height:{}px", VIEW.min(len as f64 * ROW + 4.0))} data-testid="tree">
                <div style={format!("height:{}px;position:relative", len as f64 * ROW)}>
                    { for (first..last).filter_map(|i| outline.row(i).map(|r| (i, r))).map(|(i, r)| {
                        let click = toggle.reform(move |_: MouseEvent| i);
                        let mark = if r.children == 0 { "·" } else if r.open { "▾" } else { "▸" };
                        let rank = r.rank.map(|n| format!(" rank {n}")).unwrap_or_default();
                        html! {
                            <div class="tree-row" role="treeitem" id={format!("tree-row-{i}")}
                                aria-level={(r.depth + 1).to_string()}
                                aria-expanded={(r.children > 0).then(|| r.open.to_string())}
                                aria-selected={(i == *focus).to_string()}
                                style={format!("top:{}px;padding-left:{}rem", i as f64 * ROW, 0.3 + r.depth as f64 * 1.1)}
                                onclick={click} data-testid="tree-row">
                                <span class="mark">{ mark }</span>
                                <span class="name">{ r.name.clone() }</span>
                                <span class="kind">{ format!(" {}{rank}", r.kind) }</span>
                                if !r.holds.is_empty() { <span class="holds">{ format!(" — {}", r.holds) }</span> }
                            </div>
                        }
                    }) }
                </div>
            </div>
        </section>
    }
}
