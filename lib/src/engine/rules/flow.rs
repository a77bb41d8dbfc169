//! SKELETON (analysis helper): the flowchart of an algorithm, and the
//! conjugué of each transfer statement (Pitrat's two-step search, checked
//! against the immediate post-dominator).
