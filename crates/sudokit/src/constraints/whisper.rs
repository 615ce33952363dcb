//! German whispers: neighbours on the line differ by at least
//! [`super::whisper_gap`]. Each step of the line compiles to a pair
//! relation; arc consistency removes the middle digit (5 on 9×9) at once,
//! since no digit is far enough from it.
