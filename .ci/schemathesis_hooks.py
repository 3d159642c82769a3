"""Schemathesis hooks for .ci/schemathesis.sh.

A long-poll (`wait`, up to 60 s) on a game where nothing happens holds the
request for all of its `wait`: a fuzzer that picks `wait` at random would spend
its time budget waiting. A valid `wait` is shortened to at most 1 s; invalid
ones (out of range, not a number) are left as generated, so that their refusal
is still checked. The long-poll itself is tested in tests/tests/*.rs.
"""

import schemathesis
from hypothesis.internal import lambda_sources

# CPython 3.11 before 3.11.8 can raise "SystemError: AST constructor recursion
# depth mismatch" from ast.parse deep in a stack (python/cpython#106905).
# Hypothesis parses source files only to describe a filter's lambda in a
# strategy's repr; when that fails, a plain description does as well.
_describe_lambda = lambda_sources.lambda_description


def _lambda_description(f):
    try:
        return _describe_lambda(f)
    except SystemError:
        return "lambda: <source unavailable>"


lambda_sources.lambda_description = _lambda_description


@schemathesis.hook
def map_case(context, case):
    query = case.query
    if isinstance(query, dict):
        wait = query.get("wait")
        if isinstance(wait, str) and wait.isdigit():
            if 1 < int(wait) <= 60:
                query["wait"] = "1"
        elif isinstance(wait, int) and not isinstance(wait, bool) and 1 < wait <= 60:
            query["wait"] = 1
    return case
