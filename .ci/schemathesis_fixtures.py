"""What the contract run needs that random requests never make: a player
account, a finished game (to fork), open tables (to join, leave and start),
a seat a bot keeps (to take back), and webhooks (to delete).

Run by .ci/schemathesis.sh against the fresh server before schemathesis;
prints `export NAME=value` lines, read by schemathesis.toml (`${NAME}`) and
the hooks (credentials of the seats made here).

Usage: python3 schemathesis_fixtures.py http://127.0.0.1:PORT
"""

import json
import sys
import time
import urllib.error
import urllib.request

BASE = sys.argv[1].rstrip("/")


def call(method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, method=method)
    if body is not None:
        request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def made(method, path, token=None, body=None):
    status, answer = call(method, path, token, body)
    if status not in (200, 201):
        sys.exit(f"fixtures: {method} {path} answered {status}: {answer}")
    return answer


def play_to_the_end(game, tokens):
    """Every seat posts its first legal action until the game is over."""
    for _ in range(5000):
        state = made("GET", f"/v1/games/{game}")
        if state["game"]["status"] == "finished":
            return
        seat = state["pending"][0]["seat"]
        legal = made("GET", f"/v1/games/{game}/actions", tokens[seat])
        made(
            "POST",
            f"/v1/games/{game}/actions",
            tokens[seat],
            {"action": legal["actions"][0], "expected_version": legal["version"]},
        )
    sys.exit(f"fixtures: game {game} did not end")


def main():
    player = made("POST", "/v1/players", body={"name": "Schemathesis"})
    key = player["key"]
    hook = made(
        "POST",
        "/v1/me/webhooks",
        key,
        {"url": "http://127.0.0.1:9/fixture", "events": ["your_turn"]},
    )

    # A finished 4-player dice game (forked at 11, the README's fork point).
    names = [{"name": f"P{i}"} for i in range(4)]
    created = made("POST", "/v1/games", body={"ruleset": "dice", "players": 4, "seats": names, "seed": 7})
    finished = created["game"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    play_to_the_end(finished, tokens)
    game_hook = made(
        "POST",
        f"/v1/games/{finished}/webhooks",
        tokens[0],
        {"url": "http://127.0.0.1:9/fixture-game"},
    )

    # Open tables: one to join and leave (public, seven open seats), one to start.
    open_seats = [{"name": "Host"}] + [{"open": True}] * 7
    joinable = made(
        "POST", "/v1/games", body={"ruleset": "dice", "players": 8, "seats": open_seats, "public": True}
    )
    startable = made(
        "POST", "/v1/games", body={"ruleset": "dice", "players": 4, "seats": open_seats[:4]}
    )

    # A seat a bot keeps: one missed second of a move deadline is enough.
    kept = made(
        "POST",
        "/v1/games",
        body={
            "ruleset": "dice",
            "players": 3,
            "seats": [{"name": "Late"}, {"name": "Later"}, {"name": "Latest"}],
            "move_deadline": "1s",
            "misses_before_bot": 1,
        },
    )
    time.sleep(1.5)

    seats = {
        joinable["game"]["id"]: joinable["tokens"][0]["token"],
        startable["game"]["id"]: startable["tokens"][0]["token"],
        kept["game"]["id"]: kept["tokens"][0]["token"],
        finished: tokens[0],
    }
    exports = {
        "BANG_PLAYER_KEY": key,
        "BANG_PLAYER_WEBHOOK": hook["id"],
        "BANG_FINISHED_GAME": finished,
        "BANG_GAME_WEBHOOK": game_hook["id"],
        "BANG_JOINABLE_TABLE": joinable["game"]["id"],
        "BANG_STARTABLE_TABLE": startable["game"]["id"],
        "BANG_KEPT_GAME": kept["game"]["id"],
        "BANG_SEATS": ",".join(f"{game}={token}" for game, token in seats.items()),
    }
    for name, value in exports.items():
        print(f"export {name}={value}")


if __name__ == "__main__":
    main()
