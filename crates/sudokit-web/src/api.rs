//! JSON API handlers. Requests name a puzzle as text in any format the
//! library reads (line, `R C` header, grid, with directives), plus options.

use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use sudokit::format::{parse_all, GridJson, ParseOptions};
use sudokit::generate::{self, GenerateOptions, Symmetry};
use sudokit::render::svg::{self, SvgOptions};
use sudokit::solve::{self, Uniqueness};
use sudokit::{count, BoxShape, Geometry, Grid, Variant};

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
}

impl PuzzleRequest {
    fn grid(&self) -> Result<Grid, ApiError> {
        let mut opts = ParseOptions::default();
        if let Some(b) = &self.box_shape {
            opts.box_shape = Some(b.parse().map_err(bad_request)?);
        }
        for v in &self.variants {
            opts.variants.push(
                Variant::from_name(v)
                    .ok_or_else(|| bad_request(format!("unknown variant {v:?}")))?,
            );
        }
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
/// the time budget.
async fn heavy<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state.heavy.clone().try_acquire_owned().map_err(|_| {
        ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            "server busy: too many solver requests at once, try again".into(),
        )
    })?;
    let task = tokio::task::spawn_blocking(move || {
        let out = work();
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
        Err(_) => Err(ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "over budget: the work did not finish within {:.1} s",
                limit.as_secs_f64()
            ),
        )),
    }
}

/// The puzzle as the server reads it (any format), its givens checked.
pub(crate) async fn parse(payload: Result<Json<PuzzleRequest>, JsonRejection>) -> ApiResult {
    let grid = body(payload)?.grid()?;
    Ok(Json(json!({"puzzle": GridJson::new(&grid), "givens": grid.givens()})).into_response())
}

pub(crate) async fn solve(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let grid = body(payload)?.grid()?;
    let found = heavy(&state, move || solve::uniqueness(&grid)).await?;
    match found {
        Err(c) => Err(ApiError(StatusCode::UNPROCESSABLE_ENTITY, c.to_string())),
        Ok(Uniqueness::None) => Err(ApiError(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the puzzle has no solution".into(),
        )),
        Ok(Uniqueness::Unique(s)) => {
            Ok(Json(json!({"solution": GridJson::new(&s), "unique": true})).into_response())
        }
        Ok(Uniqueness::Multiple(a, b)) => Ok(Json(json!({
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
    let grid = body(payload)?.grid()?;
    let budget = state.config.budget;
    let counted = heavy(&state, move || count::count_within(&grid, budget)).await?;
    match counted {
        Err(c) => Err(ApiError(StatusCode::UNPROCESSABLE_ENTITY, c.to_string())),
        Ok(count::Count::Exact(n)) => {
            Ok(Json(json!({"count": n.to_string(), "exact": true})).into_response())
        }
        Ok(count::Count::AtLeast(n)) => {
            Ok(Json(json!({"count": n.to_string(), "exact": false})).into_response())
        }
    }
}

pub(crate) async fn render(
    State(state): State<AppState>,
    payload: Result<Json<PuzzleRequest>, JsonRejection>,
) -> ApiResult {
    let req = body(payload)?;
    let grid = req.grid()?;
    let (with_solution, with_candidates) = (req.solution, req.candidates);
    let doc = heavy(&state, move || {
        let solution = if with_solution {
            solve::solve(&grid).ok().flatten()
        } else {
            None
        };
        let candidates = with_candidates.then(|| sudokit::render::given_candidates(&grid));
        svg::render(
            &grid,
            &SvgOptions {
                solution: solution.as_ref(),
                candidates: candidates.as_deref(),
                ..Default::default()
            },
        )
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], doc).into_response())
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
}

impl Default for GenerateRequest {
    fn default() -> Self {
        GenerateRequest {
            box_shape: "3x3".into(),
            variants: Vec::new(),
            symmetry: "rotational".into(),
            minimal: false,
            seed: None,
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
    let mut variants = Vec::new();
    for v in &req.variants {
        variants.push(
            Variant::from_name(v).ok_or_else(|| bad_request(format!("unknown variant {v:?}")))?,
        );
    }
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
    let made = heavy(&state, move || {
        generate::generate(&geometry, &opts, seed, 0)
    })
    .await?;
    match made {
        Ok(g) => Ok(Json(json!({
            "puzzle": GridJson::new(&g.puzzle),
            "solution": GridJson::new(&g.solution),
            "clues": g.puzzle.givens(),
            "seed": seed,
        }))
        .into_response()),
        Err(e) => Err(ApiError(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())),
    }
}

pub(crate) async fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no such page or API call".into())
}

/// A panic in a handler becomes a JSON 500.
pub(crate) fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response<Body> {
    ApiError(StatusCode::INTERNAL_SERVER_ERROR, "internal error".into()).into_response()
}
