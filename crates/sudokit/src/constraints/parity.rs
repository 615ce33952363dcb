//! Odd and even cells. Their rule is a fixed mask per cell, applied once to
//! the root candidates by [`super::Model`]; nothing to propagate later.
