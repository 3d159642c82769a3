//! Rules tests: one per acceptance case of rules/bang.md §20.
