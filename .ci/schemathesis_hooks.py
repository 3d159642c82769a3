"""Schemathesis hooks for .ci/schemathesis.sh.

Credentials. An operation is called with the credential it takes that opens
the most: the token of a seat of its game when the run has one (a fixture's,
or one from a game the run created, forked or joined), else the player key
the fixtures made (`BANG_PLAYER_KEY`) where only a player's key is taken,
else the worker key where no other is (`GET /v1/bot/turns`). Operations open to
spectators are called without a token when no seat of their game is known.
A credential a link already gave (`Authorization` from `POST /v1/players`) is
kept, and a request whose `Authorization` the fuzzer removed on purpose
(negative testing) stays without one.

Long-polls. A long-poll (`wait`, up to 60 s) on a game where nothing happens
holds the request for all of its `wait`: a fuzzer that picks `wait` at random
would spend its time budget waiting. A valid `wait` is shortened to at most
1 s; invalid ones (out of range, not a number) are left as generated, so that
their refusal is still checked. The long-poll itself is tested in
tests/tests/*.rs.

Event streams. A stream stays open while its game lives. Server-Sent Events
are read as events, up to the operation's `request-timeout` (see
schemathesis.toml); an NDJSON stream would be read as one endless body, so a
stream asked for as NDJSON is asked for as SSE (the NDJSON form is tested in
tests/tests/streams.rs).

Whole numbers. The server refuses `4.0` where a whole number goes (a 400
that says so, docs/decisions.md), which JSON Schema cannot express: for it
`4.0` is the integer 4, and schemathesis writes integers so on purpose. A
positive case's whole floats are written back as integers; negative cases
are left as generated.

Webhook URLs. A webhook is made only for a URL whose host resolves to public
addresses, which a fuzzer's random hosts never do here. A positive case's
URL keeps its path and query but points at 127.0.0.1:9 (nothing listens;
the server runs with BANG_WEBHOOK_ALLOW_PRIVATE=1), so subscriptions are
made and their deliveries fail quickly.
"""

import json
import os
import threading
import urllib.parse

import schemathesis
from hypothesis.internal import lambda_sources
from schemathesis import GenerationMode

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

WORKER_KEY = os.environ.get("BANG_WORKER_KEY", "")
PLAYER_KEY = os.environ.get("BANG_PLAYER_KEY", "")

# Game id -> the token of a seat of it: the fixtures' (BANG_SEATS, made by
# schemathesis_fixtures.py), then those learnt from the run's own answers.
_SEATS = dict(
    pair.split("=", 1) for pair in os.environ.get("BANG_SEATS", "").split(",") if "=" in pair
)
_SEATS_LOCK = threading.Lock()


def _positive(case):
    meta = getattr(case, "meta", None)
    generation = getattr(meta, "generation", None)
    return getattr(generation, "mode", None) == GenerationMode.POSITIVE


def _whole_numbers(value):
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    if isinstance(value, list):
        return [_whole_numbers(v) for v in value]
    if isinstance(value, dict):
        return {k: _whole_numbers(v) for k, v in value.items()}
    return value


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
        if case.operation.label == "GET /v1/games/{id}/stream" and query.get("format") == "ndjson":
            query["format"] = "sse"
    if _positive(case) and isinstance(case.body, (dict, list)):
        case.body = _whole_numbers(case.body)
        if case.operation.path.endswith("/webhooks") and isinstance(case.body, dict):
            url = case.body.get("url")
            if isinstance(url, str):
                parts = urllib.parse.urlsplit(url)
                case.body["url"] = urllib.parse.urlunsplit(
                    ("http", "127.0.0.1:9", parts.path, parts.query, "")
                )
    return case


@schemathesis.hook
def after_call(context, case, response):
    """Keeps a seat token of every game the run made, forked or joined."""
    if response.status_code not in (200, 201):
        return
    label = case.operation.label
    if label not in ("POST /v1/games", "POST /v1/games/{id}/fork", "POST /v1/games/{id}/join"):
        return
    try:
        body = json.loads(response.content)
    except ValueError:
        return
    if not isinstance(body, dict):
        return
    if label == "POST /v1/games/{id}/join":
        game, token = case.path_parameters.get("id"), body.get("token")
    else:
        game = (body.get("game") or {}).get("id")
        tokens = body.get("tokens") or []
        token = tokens[0].get("token") if tokens and isinstance(tokens[0], dict) else None
    if isinstance(game, str) and isinstance(token, str):
        with _SEATS_LOCK:
            if label == "POST /v1/games/{id}/join":
                # The seat just taken: the one a `leave` can give up.
                _SEATS[game] = token
            else:
                _SEATS.setdefault(game, token)


def _schemes(operation):
    """The security requirements an operation lists, as sets of scheme names."""
    raw = getattr(operation.definition, "raw", None) or {}
    return [set(requirement) for requirement in raw.get("security") or [] if isinstance(requirement, dict)]


@schemathesis.auth(refresh_interval=None)
class Credentials:
    """Picks, per case, the credential described in this module's description."""

    def get(self, case, context):
        # A key a link gave (a new player's): kept, as the run's own.
        override = getattr(getattr(case, "_override", None), "headers", None) or {}
        for name, value in override.items():
            if name.lower() == "authorization" and isinstance(value, str) and value.startswith("Bearer "):
                return value[len("Bearer ") :]
        requirements = _schemes(case.operation)
        takes = set().union(*requirements) if requirements else set()
        optional = any(not r for r in requirements)
        game = (case.path_parameters or {}).get("id")
        if "seat_token" in takes and isinstance(game, str):
            with _SEATS_LOCK:
                token = _SEATS.get(game)
            if token:
                return token
        if optional:
            return None
        if "player_key" in takes and PLAYER_KEY:
            return PLAYER_KEY
        if "worker_key" in takes and WORKER_KEY:
            return WORKER_KEY
        return None

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"
