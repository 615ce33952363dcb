//! JSON API handlers. Requests name a puzzle as text in any format the
//! library reads (line, `R C` header, grid, with directives), plus options.
//! The use cases and the shape of their answers live in
//! [`sudokit::service`], shared with the WebAssembly binding; this module
//! adds only HTTP: status codes, the lane each request runs in (see
//! [`crate::lanes`]) and its time budget.

use std::any::Any;

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use sudokit::service::{self, Failure, GenerateRequest, PuzzleRequest};
use sudokit::{Options, Puzzle};

use crate::http::JsonBody;
use crate::lanes::{Lane, Refused};
use crate::AppState;

/// An error answer: status and a JSON body (`error`, and where known the
/// line, column or cell).
pub(crate) struct ApiError(StatusCode, Value, Option<u64>);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (self.0, Json(self.1)).into_response();
        if let Some(secs) = self.2 {
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        res
    }
}

impl From<Failure> for ApiError {
    fn from(f: Failure) -> Self {
        let status = match f {
            Failure::BadRequest(_) => StatusCode::BAD_REQUEST,
            Failure::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Failure::OverBudget(_) => StatusCode::SERVICE_UNAVAILABLE,
        };
        ApiError(status, f.to_json(), None)
    }
}

fn message(status: StatusCode, msg: impl Into<String>) -> ApiError {
    ApiError(status, json!({ "error": msg.into() }), None)
}

type ApiResult = Result<Response, ApiError>;

/// Bodies up to this size hold at most a 9×9 with its marks: their puzzle is
/// read on the spot to pick the lane. Bigger ones go to the heavy lane and
/// are read there.
const SMALL_BODY: usize = 4096;

/// What a request asks for, which with the board size picks its lane.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Case {
    /// Solve, hint, rate, explain, render: milliseconds on a 9×9.
    Quick,
    /// Counting may enumerate for the whole budget: on a small board it
    /// runs in the cheap lane under a short budget, answering "at least N".
    Count,
}

/// Small boards are cheap whatever is asked; the rest is heavy.
fn lane_for(p: &Puzzle) -> Lane {
    if p.geometry().n() <= 9 {
        Lane::Cheap
    } else {
        Lane::Heavy
    }
}

/// Runs solver work in its lane under its budget. The work gets
/// [`Options`] whose limits expire with the budget and are cancelled when
/// the request gives up, so an over-budget request never leaves a worker
/// spinning.
async fn run<T: Send + 'static>(
    state: &AppState,
    lane: Lane,
    count: bool,
    work: impl FnOnce(Options) -> T + Send + 'static,
) -> Result<T, ApiError> {
    state
        .lanes
        .run(lane, count, work)
        .await
        .map_err(|r| match r {
            Refused::Busy => ApiError(
                StatusCode::SERVICE_UNAVAILABLE,
                json!({ "error": "server busy: too many solver requests at once, try again shortly" }),
                Some(state.lanes.retry_after()),
            ),
            Refused::OverBudget => over_budget(state),
            Refused::Crashed => message(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal error while solving",
            ),
        })
}

fn over_budget(state: &AppState) -> ApiError {
    ApiError(
        StatusCode::SERVICE_UNAVAILABLE,
        json!({ "error": format!(
            "over budget: the work did not finish within {:.1} s",
            state.config.budget.as_secs_f64()
        ) }),
        Some(state.lanes.retry_after()),
    )
}

/// A use case's answer as a response; running out of time says which budget.
fn answer(state: &AppState, result: Result<Value, Failure>) -> ApiResult {
    match result {
        Ok(v) => Ok(Json(v).into_response()),
        Err(Failure::OverBudget(_)) => Err(over_budget(state)),
        Err(f) => Err(f.into()),
    }
}

/// Runs one use case on the request's puzzle in its lane. A small body's
/// puzzle is read here (microseconds) to see the board size; a big one is
/// read inside the heavy lane.
async fn puzzle_case(
    state: &AppState,
    body: JsonBody<PuzzleRequest>,
    case: Case,
    work: impl FnOnce(&PuzzleRequest, &Puzzle, &Options) -> Result<Value, Failure> + Send + 'static,
) -> ApiResult {
    let req = body.value;
    let result = if body.len <= SMALL_BODY {
        let p = req.puzzle()?;
        let lane = lane_for(&p);
        run(state, lane, case == Case::Count, move |opts| {
            work(&req, &p, &opts)
        })
        .await?
    } else {
        run(state, Lane::Heavy, false, move |opts| {
            work(&req, &req.puzzle()?, &opts)
        })
        .await?
    };
    answer(state, result)
}

/// The puzzle as the server reads it (any format), its givens checked, with
/// its units.
pub(crate) async fn parse(
    State(state): State<AppState>,
    body: JsonBody<PuzzleRequest>,
) -> ApiResult {
    puzzle_case(&state, body, Case::Quick, |_, p, _| Ok(service::parse(p))).await
}

pub(crate) async fn solve(
    State(state): State<AppState>,
    body: JsonBody<PuzzleRequest>,
) -> ApiResult {
    puzzle_case(&state, body, Case::Quick, |_, p, o| service::solve(p, o)).await
}

pub(crate) async fn count(
    State(state): State<AppState>,
    body: JsonBody<PuzzleRequest>,
) -> ApiResult {
    puzzle_case(&state, body, Case::Count, |_, p, o| service::count(p, o)).await
}

/// The whole path, step by step, with the grade.
pub(crate) async fn explain(
    State(state): State<AppState>,
    body: JsonBody<PuzzleRequest>,
) -> ApiResult {
    puzzle_case(&state, body, Case::Quick, |r, p, o| {
        service::explain(p, r, o)
    })
    .await
}

/// Level, score and hardest technique.
pub(crate) async fn rate(
    State(state): State<AppState>,
    body: JsonBody<PuzzleRequest>,
) -> ApiResult {
    puzzle_case(&state, body, Case::Quick, |r, p, o| service::rate(p, r, o)).await
}

/// The next step from the player's position: first any entry that is not
/// the solution's digit, then the easiest logical step.
pub(crate) async fn hint(
    State(state): State<AppState>,
    body: JsonBody<PuzzleRequest>,
) -> ApiResult {
    puzzle_case(&state, body, Case::Quick, |r, p, o| service::hint(p, r, o)).await
}

pub(crate) async fn render(
    State(state): State<AppState>,
    body: JsonBody<PuzzleRequest>,
) -> ApiResult {
    let pdf_wanted = match body.value.format.as_deref() {
        None | Some("svg") => false,
        Some("pdf") => true,
        Some(other) => {
            return Err(message(
                StatusCode::BAD_REQUEST,
                format!("unknown format {other:?}: svg or pdf"),
            ))
        }
    };
    let lane = if body.len <= SMALL_BODY {
        lane_for(&body.value.puzzle()?)
    } else {
        Lane::Heavy
    };
    let req = body.value;
    // The page with its title, difficulty and (when asked) the solution
    // page is the library's; here only the lane and the answer.
    let doc = run(&state, lane, false, move |opts| {
        if pdf_wanted {
            service::render_pdf(&req, &opts)
        } else {
            service::render_svg(&req, &opts).map(String::into_bytes)
        }
    })
    .await?;
    let doc = match doc {
        Ok(d) => d,
        Err(Failure::OverBudget(_)) => return Err(over_budget(&state)),
        Err(f) => return Err(f.into()),
    };
    let kind = if pdf_wanted {
        "application/pdf"
    } else {
        "image/svg+xml"
    };
    Ok(([(header::CONTENT_TYPE, kind)], doc).into_response())
}

/// Always heavy: drawing puzzles until one has the asked difficulty may
/// take the whole budget even on 9×9.
pub(crate) async fn generate(
    State(state): State<AppState>,
    body: JsonBody<GenerateRequest>,
) -> ApiResult {
    let req = body.value;
    let difficulty = req.difficulty.clone();
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let result = run(&state, Lane::Heavy, false, move |o| {
        service::generate(&req, seed, &o)
    })
    .await?;
    match result {
        Err(Failure::OverBudget(_)) => Err(ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            json!({ "error": format!(
                "over budget: generation ran out of time after {:.1} s before {}; \
                 try again or ask for less",
                state.config.budget.as_secs_f64(),
                match difficulty.as_deref().filter(|d| !d.is_empty()) {
                    Some(d) => format!("a puzzle graded {d} was found"),
                    None => "a puzzle was finished".into(),
                }
            ) }),
            Some(state.lanes.retry_after()),
        )),
        r => answer(&state, r),
    }
}

pub(crate) async fn not_found() -> ApiError {
    message(StatusCode::NOT_FOUND, "no such page or API call")
}

/// A panic in a handler becomes a JSON 500.
pub(crate) fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response<Body> {
    message(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}
