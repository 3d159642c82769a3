//! Bot policies and the in-process simulator.
