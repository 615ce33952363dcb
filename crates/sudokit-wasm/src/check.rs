//! The two use cases the web page does not call but the npm package offers
//! beside the others: `check` (exactly one solution?) and true candidates,
//! in the same forms as `sudokit check --json` and `sudokit candidates
//! --json`.

use sudokit::service;
use sudokit::view::{CandidatesView, VerdictView};
use wasm_bindgen::prelude::*;

use super::with_puzzle;

/// Whether the puzzle has exactly one solution: a `VerdictView` (`unique`,
/// `not-unique` with two solutions, or `no-solution`).
#[wasm_bindgen]
pub fn check(request: &str, budget_ms: f64) -> String {
    with_puzzle(request, budget_ms, |_, p, o| {
        let verdict = VerdictView::new(p, p.check(o)).map_err(service::failure)?;
        serde_json::to_value(verdict).map_err(|e| service::Failure::BadRequest(e.to_string()))
    })
}

/// True candidates: a `CandidatesView` (`{"candidates": [[digit, …], …]}`),
/// per cell every digit that some solution puts there (none for every cell
/// when there is no solution).
#[wasm_bindgen]
pub fn candidates(request: &str, budget_ms: f64) -> String {
    with_puzzle(request, budget_ms, |_, p, o| {
        let tc = p.true_candidates(o).map_err(service::failure)?;
        serde_json::to_value(CandidatesView::from(&tc))
            .map_err(|e| service::Failure::BadRequest(e.to_string()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn v(s: String) -> Value {
        serde_json::from_str(&s).unwrap()
    }

    #[test]
    fn check_tells_unique_from_not_unique_and_contradictions() {
        let unique = v(check(r#"{"puzzle":"..1..3....2.4..."}"#, 0.0));
        assert_eq!(unique["verdict"], "unique", "{unique}");
        assert_eq!(unique["solution"]["line"], "2413134231244231");
        let two = v(check(r#"{"puzzle":"................"}"#, 0.0));
        assert_eq!(two["verdict"], "not-unique");
        assert_ne!(two["solution"], two["other"]);
        // Givens that contradict each other are a failure that says why.
        let bad = v(check(r#"{"puzzle":"1....1.........."}"#, 0.0));
        assert_eq!(bad["status"], "unprocessable", "{bad}");
        assert!(bad["error"].as_str().unwrap().contains("digit 1"), "{bad}");
    }

    #[test]
    fn true_candidates_of_a_unique_puzzle_are_its_solution() {
        let a = v(candidates(r#"{"puzzle":"..1..3....2.4..."}"#, 0.0));
        let lists: Vec<Vec<u16>> = serde_json::from_value(a["candidates"].clone()).unwrap();
        let solution: Vec<Vec<u16>> = "2413134231244231"
            .bytes()
            .map(|b| vec![u16::from(b - b'0')])
            .collect();
        assert_eq!(lists, solution);
        // The empty 4×4: every digit everywhere.
        let all = v(candidates(r#"{"puzzle":"................"}"#, 0.0));
        assert_eq!(all["candidates"][5], json!([1, 2, 3, 4]));
    }
}
