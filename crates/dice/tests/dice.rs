//! Integration tests of nanite-dice through its public API only: notation,
//! error messages, scripted dice and property tests, in one test binary.

mod dice {
    mod errors;
    mod notation;
    mod properties;
    mod scripted;
    mod sources;
    mod support;
}
