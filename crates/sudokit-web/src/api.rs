//! JSON API handlers. Requests name a puzzle as text in any format the
//! library reads (line, `R C` header, grid, with directives), plus options.

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use sudokit::format::{parse_all, GridJson, ParseOptions};
use sudokit::generate::{self, Difficulty, GenerateOptions, Symmetry};
use sudokit::logic::{self, Level, Step};
use sudokit::render::pdf::{self, BookletOptions};
use sudokit::{
    BoxShape, CountMode, Error, Geometry, Options, Picture, PlayerHint, Puzzle, Variant, Verdict,
};

use crate::AppState;

/// An error answer: status and a message for people.
pub(crate) struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

fn bad_request(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

type ApiResult = Result<Response, ApiError>;

/// The JSON body, or a 400/413 that says what is wrong with it.
fn body<T>(payload: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    payload.map(|Json(v)| v).map_err(|e| {
        let status = e.status();
        let msg = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "request body too large".to_string()
        } else {
            format!("bad request body: {}", e.body_text())
        };
        ApiError(status, msg)
    })
}

#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct PuzzleRequest {
    /// The puzzle, in any supported text format.
    puzzle: String,
    /// Box shape `RxC` when the text does not imply it.
    #[serde(rename = "box")]
    box_shape: Option<String>,
    /// Extra units: `x`, `disjoint`, `hypercube`, `windoku`.
    variants: Vec<String>,
    /// `render`: fill in the solution.
    solution: bool,
    /// `render`: show candidates.
    candidates: bool,
    /// `render`: `svg` (default) or `pdf`.
    format: Option<String>,
    /// `hint`: the player's entries, one per cell (0 = empty), beside the
    /// givens in `puzzle`; a wrong entry is pointed out before any step.
    entries: Vec<u16>,
    /// `hint`: the player's pencil marks, one list per cell; an empty list
    /// (or no array) means "every digit the placed ones allow". Hints then
    /// start from the player's own candidates, as in a mid-solve position.
    pencil: Vec<Vec<u16>>,
}

impl PuzzleRequest {
    fn puzzle(&self) -> Result<Puzzle, ApiError> {
        let mut opts = ParseOptions::default();
        if let Some(b) = &self.box_shape {
            opts.box_shape = Some(b.parse().map_err(bad_request)?);
        }
        opts.variants = Variant::parse_list(&self.variants).map_err(bad_request)?;
        let mut records = parse_all(&self.puzzle, &opts).into_iter();
        let rec = records
            .next()
            .ok_or_else(|| bad_request("no puzzle in the request"))?;
        if records.next().is_some() {
            return Err(bad_request("one puzzle per request"));
        }
        rec.checked()
            .cloned()
            .map_err(|e| ApiError(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))
    }
}

/// Runs solver work off the async runtime, under the concurrency limit and
/// the time budget. The work gets [`Options`] whose limits expire with the budget and
/// are cancelled when the request gives up, so an over-budget request never
/// leaves a worker spinning.
async fn heavy<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(Options) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state.heavy.clone().try_acquire_owned().map_err(|_| {
        ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            "server busy: too many solver requests at once, try again".into(),
        )
    })?;
    let cancel = Arc::new(AtomicBool::new(false));
    let opts = Options::default()
        .with_timeout(state.config.budget)
        .with_cancel(cancel.clone())
        .with_threads(1);
    let task = tokio::task::spawn_blocking(move || {
        let out = work(opts);
        drop(permit);
        out
    });
    // A little grace beyond the budget for work that stops at it by itself.
    let limit = state.config.budget + Duration::from_millis(500);
    match tokio::time::timeout(limit, task).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(_)) => Err(ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error while solving".into(),
        )),
        Err(_) => {
            cancel.store(true, Ordering::Relaxed);
            Err(over_budget(state))
        }
    }
}

fn over_budget(state: &AppState) -> ApiError {
    ApiError(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "over budget: the work did not finish within {:.1} s",
            state.config.budget.as_secs_f64()
        ),
    )
}

fn unprocessable(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::UNPROCESSABLE_ENTITY, msg.into())
}

/// A use case's error as an answer: over budget is 503, the rest 422.
fn use_case_error(state: &AppState, e: Error) -> ApiError {
    match e {
        Error::TimedOut(_) | Error::Cancelled => over_budget(state),
        e => unprocessable(e.to_string()),
    }
}

/// The puzzle as the server reads it (any format), its givens checked.
pub(crate) async fn parse(payload: Result<Json<PuzzleRequest>, JsonRejection>) -> ApiResult {
    let p = body(payload)?.puzzle()?;
    let grid = p.grid();
    Ok(Json(json!({"grid": GridJson::new(grid), "givens": grid.givens()})).into_response())
}

pub(crate) async fn solve(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let p = body(payload)?.puzzle()?;
    let found = heavy(&state, move |opts| p.check(&opts)).await?;
    match found.map_err(|e| use_case_error(&state, e))? {
        Verdict::Unique(s) => {
            Ok(Json(json!({"solution": GridJson::new(&s), "unique": true})).into_response())
        }
        Verdict::Multiple(a, b) => Ok(Json(json!({
            "solution": GridJson::new(&a),
            "unique": false,
            "other": GridJson::new(&b),
        }))
        .into_response()),
    }
}

pub(crate) async fn count(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let p = body(payload)?.puzzle()?;
    let counted = heavy(&state, move |opts| p.count(CountMode::Exact, &opts)).await?;
    let c = counted.map_err(|e| use_case_error(&state, e))?;
    Ok(Json(json!({"count": c.value().to_string(), "exact": c.is_exact()})).into_response())
}

pub(crate) async fn render(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let req = body(payload)?;
    let p = req.puzzle()?;
    let pdf_wanted = match req.format.as_deref() {
        None | Some("svg") => false,
        Some("pdf") => true,
        Some(other) => return Err(bad_request(format!("unknown format {other:?}: svg or pdf"))),
    };
    let pic = Picture {
        solution: req.solution,
        candidates: req.candidates,
        ..Picture::default()
    };
    let doc = heavy(&state, move |opts| {
        if pdf_wanted {
            // A printable page: the puzzle with its difficulty, and its
            // solution on the next page.
            let entry = p.print_entry(String::new(), true, &opts)?;
            let layout = BookletOptions {
                per_page: 1,
                ..Default::default()
            };
            return pdf::booklet(&[entry], &layout)
                .map_err(|e| sudokit::Error::Unsupported(e.to_string()));
        }
        p.to_svg(&pic, &opts).map(String::into_bytes)
    })
    .await?
    .map_err(|e| use_case_error(&state, e))?;
    let kind = if pdf_wanted {
        "application/pdf"
    } else {
        "image/svg+xml"
    };
    Ok(([(header::CONTENT_TYPE, kind)], doc).into_response())
}

/// A step as the page shows it: the library's step plus the technique's
/// name and the cells of every unit it names (for highlighting).
fn step_json(geometry: &Geometry, step: &Step) -> Value {
    let mut v = serde_json::to_value(step).unwrap_or(Value::Null);
    let units: Vec<&[u32]> = step
        .units
        .iter()
        .filter_map(|&u| geometry.units().get(u as usize))
        .map(|u| u.cells.as_slice())
        .collect();
    v["name"] = json!(step.technique.name());
    v["unit_cells"] = json!(units);
    v
}

fn grade_json(grade: &logic::Grade) -> Value {
    json!(grade.summary())
}

/// The whole path, step by step, with the grade.
pub(crate) async fn explain(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let p = body(payload)?.puzzle()?;
    let geometry = p.geometry().clone();
    let path = heavy(&state, move |opts| p.explain(&opts))
        .await?
        .map_err(|e| use_case_error(&state, e))?;
    let steps: Vec<Value> = path.steps.iter().map(|s| step_json(&geometry, s)).collect();
    Ok(Json(json!({
        "steps": steps,
        "solved": path.solved,
        "grade": grade_json(&logic::grade(&path)),
    }))
    .into_response())
}

/// Level, score and hardest technique.
pub(crate) async fn rate(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let p = body(payload)?.puzzle()?;
    let rating = heavy(&state, move |opts| p.rate(&opts))
        .await?
        .map_err(|e| use_case_error(&state, e))?;
    let mut answer = grade_json(&rating.grade);
    answer["solved"] = json!(true);
    answer["steps"] = json!(rating.steps);
    Ok(Json(answer).into_response())
}

/// The next step from the player's position: first any entry that is not
/// the solution's digit, then the easiest logical step.
pub(crate) async fn hint(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let req = body(payload)?;
    let p = req.puzzle()?;
    let geometry = p.geometry().clone();
    let (entries, pencil) = (req.entries, req.pencil);
    let hint = heavy(&state, move |opts| p.player_hint(&entries, &pencil, &opts))
        .await?
        .map_err(|e| match e {
            Error::Unsupported(m) => bad_request(m),
            e => use_case_error(&state, e),
        })?;
    let answer = match hint {
        PlayerHint::Mistake { cell, digit } => json!({
            "mistake": {"cell": cell, "digit": digit},
            "cells": [cell],
            "explanation": format!(
                "{} = {digit} is a mistake: the solution has another digit there. Remove it first.",
                geometry.cell_name(cell)
            ),
        }),
        PlayerHint::MissingCandidate { cell, digit } => json!({
            "mistake": {"cell": cell, "candidate": digit},
            "cells": [cell],
            "explanation": format!(
                "The pencil marks of {} leave out {digit}, which the solution needs there. Add it back.",
                geometry.cell_name(cell)
            ),
        }),
        PlayerHint::Done => json!({"done": true, "explanation": "The grid is full."}),
        PlayerHint::Step(step) => json!({"step": step_json(&geometry, &step)}),
        PlayerHint::Stuck => json!({"explanation": "No logical step found from here."}),
    };
    Ok(Json(answer).into_response())
}

#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct GenerateRequest {
    #[serde(rename = "box")]
    box_shape: String,
    variants: Vec<String>,
    symmetry: String,
    minimal: bool,
    seed: Option<u64>,
    /// A grader level (`easy` … `extreme`): puzzles are drawn until one
    /// grades at that level, within the time budget.
    difficulty: Option<String>,
}

impl Default for GenerateRequest {
    fn default() -> Self {
        GenerateRequest {
            box_shape: "3x3".into(),
            variants: Vec::new(),
            symmetry: "rotational".into(),
            minimal: false,
            seed: None,
            difficulty: None,
        }
    }
}

pub(crate) async fn generate(
    State(state): State<AppState>,
    payload: Result<Json<GenerateRequest>, JsonRejection>,
) -> ApiResult {
    let req = body(payload)?;
    let shape: BoxShape = req.box_shape.parse().map_err(bad_request)?;
    if shape.n() > 25 {
        return Err(bad_request("the web app generates boards up to 25×25"));
    }
    let variants = Variant::parse_list(&req.variants).map_err(bad_request)?;
    let geometry =
        Arc::new(Geometry::square(shape, &variants).map_err(|e| bad_request(e.to_string()))?);
    let symmetry: Symmetry = req.symmetry.parse().map_err(bad_request)?;
    let seed = req.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let opts = GenerateOptions {
        symmetry,
        minimal: req.minimal,
        ..Default::default()
    };
    let level = match req.difficulty.as_deref() {
        None | Some("") | Some("any") => None,
        Some(name) => Some(
            Level::ALL
                .into_iter()
                .find(|l| l.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    bad_request(format!(
                        "unknown difficulty {name:?}: easy, medium, hard, unfair or extreme"
                    ))
                })?,
        ),
    };
    let opts = GenerateOptions {
        difficulty: level.map(Difficulty::level),
        grade: true,
        // A few candidates per index, so the budget is checked often.
        max_attempts: level.map(|_| 20),
        ..opts
    };
    let made = heavy(&state, move |o| {
        generate::first_match(&geometry, &opts, seed, &o.limits()).map_err(|e| e.to_string())
    })
    .await?
    .map_err(unprocessable)?;
    let Some((g, index)) = made else {
        return Err(ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "over budget: no puzzle of that difficulty found within {:.1} s, try again",
                state.config.budget.as_secs_f64()
            ),
        ));
    };
    Ok(Json(json!({
        "grid": GridJson::new(&g.puzzle),
        "solution": GridJson::new(&g.solution),
        "clues": g.puzzle.givens(),
        "seed": seed,
        "index": index,
        "grade": g.grade.as_ref().map(grade_json),
    }))
    .into_response())
}

pub(crate) async fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no such page or API call".into())
}

/// A panic in a handler becomes a JSON 500.
pub(crate) fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response<Body> {
    ApiError(StatusCode::INTERNAL_SERVER_ERROR, "internal error".into()).into_response()
}
