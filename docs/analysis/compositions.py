"""Composition analysis of `card_losses` per-game lines (CARD_LOSSES_GAMES=path).

For each role: normal's and random's win rates and their difference D; the
team win rate per line-up (who plays what); and the ceiling of D if every team
with at least one `normal` member always won (random-only teams as measured;
for the Renegade: a normal Renegade always wins).

    python3 docs/analysis/compositions.py games5.txt
"""
import sys
from collections import Counter, defaultdict

TEAM = {"Sher": "law", "Dep": "law", "Out": "outlaws", "Ren": "renegade"}
ROLES = ["Sher", "Dep", "Out", "Ren"]


def lineup(seats):
    by = defaultdict(str)
    for s in seats:
        pol, role = s.split("-")
        by[role] += pol
    return " ".join(f"{r}:{''.join(sorted(by[r]))}" for r in ROLES if by[r])


games = []
for line in open(sys.argv[1]):
    seats, won = line.split()
    games.append((seats.split(","), won))

for role in ROLES:
    team = TEAM[role]
    seats = Counter()
    wins = Counter()
    comp_games = Counter()
    comp_wins = Counter()
    comp_n = defaultdict(Counter)
    for seats_, won in games:
        c = lineup(seats_)
        here = [s.split("-")[0] for s in seats_ if s.split("-")[1] == role]
        if not here:
            continue
        comp_games[c] += 1
        comp_wins[c] += won == team
        for pol in here:
            seats[pol] += 1
            wins[pol] += won == team
            comp_n[c][pol] += 1
    if not seats:
        continue
    rn, rr = wins["N"] / seats["N"], wins["R"] / max(seats["R"], 1)
    print(f"\n## {role}: normal {rn:.3f} random {rr:.3f} D = {100*(rn-rr):+.1f}")
    # The line-ups' team win rates and their weight in D.
    ceil_n = ceil_r = 0.0
    print(f"  {'line-up':38} {'games':>6} {'team win':>8} {'weight in D':>11}")
    for c in sorted(comp_games):
        w = comp_wins[c] / comp_games[c]
        coef = comp_n[c]["N"] / seats["N"] - comp_n[c]["R"] / max(seats["R"], 1)
        # Ceiling: a team with a normal member (for the Renegade role: a normal Renegade) wins.
        members = c.split()
        mine = [m for m in members if m.startswith(role + ":")][0]
        if role == "Ren":
            w_ceil = 1.0 if "N" in mine else w
        else:
            team_pols = "".join(m.split(":")[1] for m in members if TEAM[m.split(":")[0]] == team)
            w_ceil = 1.0 if "N" in team_pols else w
        ceil_n += comp_n[c]["N"] / seats["N"] * w_ceil
        ceil_r += comp_n[c]["R"] / max(seats["R"], 1) * w_ceil
        print(f"  {c:38} {comp_games[c]:6} {w:8.3f} {coef:+11.3f}")
    print(f"  ceiling (every team with a normal member wins): normal {ceil_n:.3f} random {ceil_r:.3f} D = {100*(ceil_n-ceil_r):+.1f}")
