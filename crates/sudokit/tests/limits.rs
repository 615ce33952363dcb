//! Every long use case stops when its limits expire: inside the technique
//! finders, the generator and the renderer, not only between their steps.
//! The limits here are already expired (a raised cancel flag), so each
//! assertion is about what the call returns, never about how long it took.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use sudokit::generate::{self, GenerateError, GenerateOptions};
use sudokit::logic::{self, Candidates};
use sudokit::{BoxShape, Error, Geometry, Grid, Limits, Options, Picture, Puzzle};

fn cancelled() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(true))
}

fn empty(r: usize, c: usize) -> Grid {
    Grid::empty(Arc::new(
        Geometry::square(BoxShape::new(r, c), &[]).unwrap(),
    ))
}

#[test]
fn technique_finders_give_up_once_the_limits_expire() {
    // An empty 25×25 has no easy step: without the checks inside the
    // finders, the chain and forcing searches run for tens of seconds and
    // trial and error then finds a step.
    let mut c = Candidates::from_grid(&empty(5, 5)).unwrap();
    c.set_limits(Limits::none().with_cancel(cancelled()));
    assert!(logic::next_step(&c).is_none());
    assert!(c.out_of_time());
    // With no limits the same position does have a step on a small board.
    let c = Candidates::from_grid(&empty(2, 2)).unwrap();
    assert!(logic::next_step(&c).is_some());
}

#[test]
fn hint_and_explain_report_the_stop_instead_of_a_partial_answer() {
    let p: Puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let opts = Options::default().with_cancel(cancelled());
    assert!(matches!(p.hint(&opts), Err(Error::Cancelled)));
    assert!(matches!(p.explain(&opts), Err(Error::Cancelled)));
    assert!(matches!(p.rate(&opts), Err(Error::Cancelled)));
}

#[test]
fn generation_stops_between_clues() {
    let geo = Arc::new(Geometry::square(BoxShape::new(5, 5), &[]).unwrap());
    let opts = GenerateOptions {
        minimal: true,
        limits: Limits::none().with_cancel(cancelled()),
        ..Default::default()
    };
    assert!(matches!(
        generate::generate(&geo, &opts, 1, 0),
        Err(GenerateError::Stopped)
    ));
    let found = generate::first_match(&geo, &opts, 1, &opts.limits).unwrap();
    assert!(found.is_none());
}

#[test]
fn pictures_are_bounded_before_they_are_built() {
    let p = Puzzle::new(empty(6, 6));
    let marks = Picture {
        candidates: true,
        ..Picture::default()
    };
    let err = p.to_svg(&marks, &Options::default()).unwrap_err();
    assert!(matches!(err, Error::TooLarge(_)), "{err}");
    assert!(err.to_string().contains("36×36"), "{err}");
    // The same board without marks draws.
    let plain = p.to_svg(&Picture::default(), &Options::default()).unwrap();
    assert!(plain.starts_with("<svg"));
    // Marks on a 25×25 are drawn.
    let giant = Puzzle::new(empty(5, 5));
    assert!(giant.to_svg(&marks, &Options::default()).is_ok());
}
