//! Palindromes: the line reads the same both ways, so cell `i` and cell
//! `len - 1 - i` compile to "equal" pairs, whose arc consistency
//! intersects their candidates.
