//! JSON API handlers. Requests name a puzzle as text in any format the
//! library reads (line, `R C` header, grid, with directives), plus options.
//! The use cases and the shape of their answers live in
//! [`sudokit::service`], shared with the WebAssembly binding; this module
//! adds only HTTP: status codes, the concurrency limit and the time budget.

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
use serde_json::{json, Value};
use sudokit::render::pdf::{self, BookletOptions};
use sudokit::service::{self, Failure, GenerateRequest, PuzzleRequest};
use sudokit::{Options, Puzzle};

use crate::AppState;

/// An error answer: status and a JSON body (`error`, and where known the
/// line, column or cell).
pub(crate) struct ApiError(StatusCode, Value);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(self.1)).into_response()
    }
}

impl From<Failure> for ApiError {
    fn from(f: Failure) -> Self {
        let status = match f {
            Failure::BadRequest(_) => StatusCode::BAD_REQUEST,
            Failure::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Failure::OverBudget(_) => StatusCode::SERVICE_UNAVAILABLE,
        };
        ApiError(status, f.to_json())
    }
}

fn message(status: StatusCode, msg: impl Into<String>) -> ApiError {
    ApiError(status, json!({ "error": msg.into() }))
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
        message(status, msg)
    })
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
        message(
            StatusCode::SERVICE_UNAVAILABLE,
            "server busy: too many solver requests at once, try again",
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
        Ok(Err(_)) => Err(message(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error while solving",
        )),
        Err(_) => {
            cancel.store(true, Ordering::Relaxed);
            Err(over_budget(state))
        }
    }
}

fn over_budget(state: &AppState) -> ApiError {
    message(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "over budget: the work did not finish within {:.1} s",
            state.config.budget.as_secs_f64()
        ),
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

/// Runs one use case on the request's puzzle under the budget.
async fn puzzle_case(
    state: &AppState,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
    case: impl FnOnce(&PuzzleRequest, &Puzzle, &Options) -> Result<Value, Failure> + Send + 'static,
) -> ApiResult {
    let req = body(payload)?;
    let p = req.puzzle()?;
    let result = heavy(state, move |opts| case(&req, &p, &opts)).await?;
    answer(state, result)
}

/// The puzzle as the server reads it (any format), its givens checked, with
/// its units.
pub(crate) async fn parse(payload: Result<Json<PuzzleRequest>, JsonRejection>) -> ApiResult {
    let p = body(payload)?.puzzle()?;
    Ok(Json(service::parse(&p)).into_response())
}

pub(crate) async fn solve(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    puzzle_case(&state, payload, |_, p, o| service::solve(p, o)).await
}

pub(crate) async fn count(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    puzzle_case(&state, payload, |_, p, o| service::count(p, o)).await
}

/// The whole path, step by step, with the grade.
pub(crate) async fn explain(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    puzzle_case(&state, payload, |_, p, o| service::explain(p, o)).await
}

/// Level, score and hardest technique.
pub(crate) async fn rate(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    puzzle_case(&state, payload, |_, p, o| service::rate(p, o)).await
}

/// The next step from the player's position: first any entry that is not
/// the solution's digit, then the easiest logical step.
pub(crate) async fn hint(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    puzzle_case(&state, payload, |r, p, o| {
        service::hint(p, &r.entries, &r.pencil, o)
    })
    .await
}

pub(crate) async fn render(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let req = body(payload)?;
    let pdf_wanted = match req.format.as_deref() {
        None | Some("svg") => false,
        Some("pdf") => true,
        Some(other) => {
            return Err(message(
                StatusCode::BAD_REQUEST,
                format!("unknown format {other:?}: svg or pdf"),
            ))
        }
    };
    let doc = heavy(&state, move |opts| -> Result<Vec<u8>, Failure> {
        if !pdf_wanted {
            return service::render_svg(&req, &opts).map(String::into_bytes);
        }
        // A printable page: the puzzle with its difficulty, and its solution
        // on the next page.
        let entry = req
            .puzzle()?
            .print_entry(String::new(), true, &opts)
            .map_err(service::failure)?;
        let opts = BookletOptions {
            per_page: 1,
            ..Default::default()
        };
        pdf::booklet(&[entry], &opts).map_err(|e| Failure::Unprocessable {
            message: e.to_string(),
            line: None,
            column: None,
            cell: None,
        })
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

pub(crate) async fn generate(
    State(state): State<AppState>,
    payload: Result<Json<GenerateRequest>, JsonRejection>,
) -> ApiResult {
    let req = body(payload)?;
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let result = heavy(&state, move |o| service::generate(&req, seed, &o)).await?;
    match result {
        Err(Failure::OverBudget(_)) => Err(message(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "over budget: no puzzle of that difficulty found within {:.1} s, try again",
                state.config.budget.as_secs_f64()
            ),
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
