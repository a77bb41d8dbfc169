//! Game records: replay, first illegal move, repair.
