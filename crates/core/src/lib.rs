//! nanite-core: the rules-agnostic spine.
