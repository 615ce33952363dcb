//! Pictures of boards: SVG for any shape, variant and cube.

pub mod svg;
