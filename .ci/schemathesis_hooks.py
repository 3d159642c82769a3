"""Schemathesis hooks for .ci/schemathesis.sh.

Credentials. An operation is called with the credential it takes that opens
the most: the token of a seat of its game when the run has one (a fixture's,
or one from a game the run created, forked or joined; for its actions, the
seat the game waits for if the run has its token), else the player key
the fixtures made (`BANG_PLAYER_KEY`) where only a player's key is taken,
else the worker key where no other is (`GET /v1/bot/turns`). A webhook the
run made is read and deleted with the credential that made it (its owner's). Operations open to
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

Legal actions. A random action is almost never legal, so a quarter of the
positive posts of an action to a game whose waited-for seat the run holds
post one of that seat's legal actions, at its version (the credential is
that seat's token, as above).

Whole numbers. The server refuses `4.0` where a whole number goes (a 400
that says so, docs/decisions.md), which JSON Schema cannot express: for it
`4.0` is the integer 4, and schemathesis writes integers so on purpose. A
positive case's whole floats are written back as integers; negative cases
are left as generated.

Records. A random record never verifies, so a quarter of the positive
imports post the record of the fixtures' finished game (`GET
/v1/games/{id}/record`), which the server imports (201, then 200).

Webhook URLs. A webhook is made only for a URL whose host resolves to public
addresses, which a fuzzer's random hosts never do here. A positive case's
URL keeps its path and query but points at 127.0.0.1:9 (nothing listens;
the server runs with BANG_WEBHOOK_ALLOW_PRIVATE=1), so subscriptions are
made and their deliveries fail quickly.
"""

import json
import os
import random
import threading
import urllib.parse
import urllib.request

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
BASE = os.environ.get("BANG_BASE_URL", "")
PLAYER_KEY = os.environ.get("BANG_PLAYER_KEY", "")
FINISHED_GAME = os.environ.get("BANG_FINISHED_GAME", "")
# The finished fixture game's record, as bytes, once read (see _a_record).
_RECORD = None

# Game id -> the token of a seat of it: the fixtures' (BANG_SEATS, made by
# schemathesis_fixtures.py), then those learnt from the run's own answers.
_SEATS = dict(
    pair.split("=", 1) for pair in os.environ.get("BANG_SEATS", "").split(",") if "=" in pair
)
_SEATS_LOCK = threading.Lock()

# Webhook id -> the credential that made it (its owner's): a webhook is read
# and deleted by its owner only, whichever key made it (the fixtures', or a
# new player's that a link gave).
_OWNERS = {}

# Game id -> {seat: token} of the games the run made (every person's seat).
_TOKENS = {}


# Reproducible choices of the hooks' own (which posts play a legal action).
_CHOICES = random.Random(20261125)


def _legal(game, token):
    """The legal actions of `token`'s seat in `game`, and their version."""
    request = urllib.request.Request(
        f"{BASE}/v1/games/{game}/actions", headers={"authorization": f"Bearer {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            listed = json.loads(answer.read())
        return listed.get("actions") or [], listed.get("version")
    except (OSError, ValueError):
        return [], None


def _waited_for(game):
    """The seats game `game` waits for now (asked as a spectator)."""
    if not BASE:
        return []
    try:
        with urllib.request.urlopen(f"{BASE}/v1/games/{game}", timeout=5) as answer:
            state = json.loads(answer.read())
        return [p.get("seat") for p in state.get("pending") or []]
    except (OSError, ValueError):
        return []


def _a_record():
    """The record of the fixtures' finished game (BANG_FINISHED_GAME), read
    once: a body the import takes (a random one never verifies)."""
    global _RECORD
    if _RECORD is None and BASE and FINISHED_GAME:
        try:
            url = f"{BASE}/v1/games/{FINISHED_GAME}/record"
            with urllib.request.urlopen(url, timeout=10) as answer:
                _RECORD = answer.read()
        except OSError:
            return None
    return json.loads(_RECORD) if _RECORD else None


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
    if (
        case.operation.label == "POST /v1/games/{id}/actions"
        and _positive(case)
        and isinstance(case.body, dict)
        and _CHOICES.random() < 0.25
    ):
        _play_a_legal_action(case)
    if (
        case.operation.label == "POST /v1/games/import"
        and _positive(case)
        and _CHOICES.random() < 0.25
    ):
        record = _a_record()
        if record is not None:
            case.body = record
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


def _bearer(headers):
    for name, value in (headers or {}).items():
        if name.lower() == "authorization" and isinstance(value, str) and value.startswith("Bearer "):
            return value[len("Bearer ") :]
    return None


def _play_a_legal_action(case):
    """Makes `case` post a legal action of the seat its game waits for, at
    its version, when the run holds that seat's token."""
    game = (case.path_parameters or {}).get("id")
    with _SEATS_LOCK:
        seats = dict(_TOKENS.get(game) or {})
    for seat in _waited_for(game) if seats else []:
        token = seats.get(seat)
        if not token:
            continue
        actions, version = _legal(game, token)
        if actions and version is not None:
            case.body["action"] = _CHOICES.choice(actions)
            case.body["expected_version"] = version
            case.body.pop("action_id", None)
            case.query = {k: v for k, v in (case.query or {}).items() if k != "seat"}
        return


@schemathesis.hook
def after_call(context, case, response):
    """Keeps a seat token of every game the run made, forked or joined, and
    the credential of every webhook it made."""
    if response.status_code not in (200, 201):
        return
    label = case.operation.label
    if label in ("POST /v1/me/webhooks", "POST /v1/games/{id}/webhooks"):
        try:
            made = json.loads(response.content)
        except ValueError:
            return
        request = getattr(response, "request", None)
        owner = _bearer(dict(getattr(request, "headers", {}) or {}))
        if isinstance(made, dict) and isinstance(made.get("id"), str) and owner:
            with _SEATS_LOCK:
                _OWNERS[made["id"]] = owner
        return
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
        tokens = [t for t in body.get("tokens") or [] if isinstance(t, dict)]
        token = tokens[0].get("token") if tokens else None
        if isinstance(game, str):
            with _SEATS_LOCK:
                _TOKENS[game] = {t.get("seat"): t.get("token") for t in tokens}
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
        # A webhook the run made: its owner's credential, whatever key a link
        # or an earlier step carried (a CI run once deleted a webhook just
        # made with another player's key: a 404, rightly, that schemathesis
        # took for a lost resource).
        webhook = (case.path_parameters or {}).get("webhook_id")
        if isinstance(webhook, str):
            with _SEATS_LOCK:
                owner = _OWNERS.get(webhook)
            if owner:
                return owner
        # A key a link gave (a new player's): kept, as the run's own.
        given = _bearer(getattr(getattr(case, "_override", None), "headers", None))
        if given:
            return given
        requirements = _schemes(case.operation)
        takes = set().union(*requirements) if requirements else set()
        optional = any(not r for r in requirements)
        game = (case.path_parameters or {}).get("id")
        if "seat_token" in takes and isinstance(game, str):
            with _SEATS_LOCK:
                token = _SEATS.get(game)
                seats = dict(_TOKENS.get(game) or {})
            # Of a game with several people, the one it waits for (its
            # legal actions are the ones worth listing and posting).
            if len(seats) > 1 and case.operation.path.endswith("/actions"):
                for seat in _waited_for(game):
                    if seats.get(seat):
                        return seats[seat]
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
