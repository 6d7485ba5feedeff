use super::*;

const A: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "nodelist": ["n[0-3]"]}}"#;
const B: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "2-5", "children": {"core": "0-3"}}], "nodelist": ["n[2-5]"]}}"#;
const C: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}], "nodelist": ["n3"]}}"#;

fn run(expr: &str) -> Result<String, EvalError> {
    let out = evaluate(expr, &Inputs::tabs(&[('A', A), ('B', B), ('C', C)]))?;
    let short = crate::rset::load(&out).unwrap().short_form();
    Ok(short)
}

fn error(expr: &str) -> (String, Range<usize>) {
    match parse(expr) {
        Err(e) => (e.message, e.span),
        Ok(x) => panic!("{expr} parsed as {x:?}"),
    }
}

#[test]
fn operators_bind_as_python_sets_do() {
    assert_eq!(parse("A | B - C").unwrap().name(), "A ∪ B − C");
    assert_eq!(parse("(A|B)-C").unwrap().name(), "(A ∪ B) − C");
    assert_eq!(parse("A-(B-C)").unwrap().name(), "A − (B − C)");
    assert_eq!(parse("A-B-C").unwrap().name(), "A − B − C");
    assert_eq!(parse("A & B ^ C").unwrap().name(), "A ∩ B △ C");
    assert_eq!(parse("A ^ (B & C)").unwrap().name(), "A △ B ∩ C");
    assert_eq!(parse("A∪B∩C").unwrap().name(), "A ∪ B ∩ C");
    assert_eq!(parse("((A))").unwrap().name(), "A");
    assert_eq!(parse("A + B | C").unwrap().name(), "A + B ∪ C");
    assert_eq!(parse("B − A").unwrap().letters(), vec!['B', 'A']);
}

#[test]
fn evaluates_each_operator() {
    assert_eq!(run("A | B").unwrap(), "rank[0-5]/core[0-3]");
    assert_eq!(run("A & B").unwrap(), "rank[2-3]/core[0-3]");
    assert_eq!(run("A - B").unwrap(), "rank[0-1]/core[0-3]");
    assert_eq!(run("A ^ B").unwrap(), "rank[0-1,4-5]/core[0-3]");
    assert_eq!(
        run("(A | B) - C").unwrap(),
        "rank[0-2,4-5]/core[0-3] rank3/core[2-3]"
    );
    assert_eq!(
        run("A - B + C").unwrap(),
        "rank[0-1]/core[0-3] rank3/core[0-1]"
    );
    assert_eq!(run("C").unwrap(), "rank3/core[0-1]");
}

#[test]
fn a_letter_is_the_same_text_as_the_cli_prints() {
    let inputs = Inputs::tabs(&[('A', A), ('B', B)]);
    assert_eq!(
        evaluate("A-B", &inputs).unwrap(),
        crate::setops::diff(&inputs).unwrap()
    );
    assert_eq!(
        evaluate("A|B", &inputs).unwrap(),
        crate::setops::union(&inputs).unwrap()
    );
}

#[test]
fn syntax_errors_have_spans() {
    assert_eq!(
        error("(A|B)-"),
        ("operator '-' has no right operand".into(), 5..6)
    );
    assert_eq!(
        error("| A"),
        ("operator '|' has no left operand".into(), 0..1)
    );
    assert_eq!(
        error("(A|B"),
        ("unbalanced '(': no ')' closes it".into(), 0..1)
    );
    assert_eq!(
        error("A|B)"),
        ("unmatched ')': no '(' before it".into(), 3..4)
    );
    assert_eq!(error("A B"), ("missing operator before 'B'".into(), 2..3));
    assert_eq!(error("AB"), ("missing operator before 'B'".into(), 1..2));
    assert_eq!(error("A|()"), ("empty parentheses".into(), 3..4));
    assert_eq!(
        error("(A|)"),
        ("operator '|' has no right operand".into(), 2..3)
    );
    assert_eq!(
        error("a-B"),
        (
            "'a' is not a tab letter: tabs are named by capitals (did you mean 'A'?)".into(),
            0..1
        )
    );
    assert_eq!(
        error("A % B"),
        (
            "unexpected '%': use tab letters, ( ), | & - ^ or +".into(),
            2..3
        )
    );
    assert_eq!(
        error("  "),
        (
            "empty expression: write tab letters joined by | & - ^ or +".into(),
            0..2
        )
    );
    assert_eq!(
        error("A − é"),
        (
            "unexpected 'é': use tab letters, ( ), | & - ^ or +".into(),
            6..8
        )
    );
    assert_eq!(error(&"(".repeat(1001)).1, 1000..1001);
}

#[test]
fn unknown_letters_and_refusals_are_placed() {
    assert_eq!(
        run("A | D"),
        Err(EvalError::Expr(ExprError {
            message: "no tab D: the open tabs are A, B, C".into(),
            span: 4..5
        }))
    );
    let over = "(A | B) + A";
    match run(over) {
        Err(EvalError::Expr(e)) => {
            assert_eq!(e.span, 0..11);
            assert_eq!(e.message, "append of (A | B) + A refused: R objects 'rank[0-5]/core[0-3]' and 'rank[0-3]/core[0-3]' overlap on rank[0-3]/core[0-3]");
        }
        other => panic!("{other:?}"),
    }
    let bad = Inputs::tabs(&[('A', A), ('B', "{\"version\": 3}")]);
    match evaluate("A|B", &bad) {
        Err(EvalError::Refused(r)) => {
            assert_eq!(
                r.message,
                "Failed to decode R in B: unsupported version 3 (line 1, column 13)"
            );
            assert_eq!(r.input, Some(1));
        }
        other => panic!("{other:?}"),
    }
}
