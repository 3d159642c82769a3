"""Which operations of the document a schemathesis run reached: for each, the
statuses it was answered (from the run's HAR file); an operation reached is
one answered 2xx at least once. Prints one line per operation never reached,
and a closing count.

Usage: python3 schemathesis_reached.py openapi.json run.har
"""

import collections
import json
import re
import sys


def main():
    document = json.load(open(sys.argv[1]))
    entries = json.load(open(sys.argv[2]))["log"]["entries"]
    operations = []
    for path, item in document["paths"].items():
        pattern = re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$")
        for method in item:
            operations.append((method.upper(), path, pattern))
    # The most literal path wins (`/v1/me/games` over `/v1/games/{id}`).
    operations.sort(key=lambda op: op[1].count("{"))
    statuses = collections.defaultdict(collections.Counter)
    for entry in entries:
        method = entry["request"]["method"]
        path = re.sub(r"^https?://[^/]+", "", entry["request"]["url"]).split("?")[0]
        for op_method, op_path, pattern in operations:
            if op_method == method and pattern.match(path):
                statuses[f"{method} {op_path}"][entry["response"]["status"]] += 1
                break
    reached = 0
    for method, path, _ in sorted(operations, key=lambda op: (op[1], op[0])):
        seen = statuses[f"{method} {path}"]
        if any(200 <= status < 300 for status in seen):
            reached += 1
        else:
            print(f"not reached: {method} {path} {dict(sorted(seen.items()))}")
    print(f"operations reached (answered 2xx): {reached} of {len(operations)}; requests: {len(entries)}")


if __name__ == "__main__":
    main()
