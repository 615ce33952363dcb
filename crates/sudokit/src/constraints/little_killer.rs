//! Little killers: a clue outside the grid gives the sum of the diagonal
//! it points along. Digits may repeat (where no unit forbids it), so the
//! diagonal compiles to a sum without the distinct rule and is narrowed
//! by bounds ([`super::killer::bounds`]); the cells come from
//! [`super::Direction::cells_from`].
