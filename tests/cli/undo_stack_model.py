#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Random sequences of changes, undos and redos of one game, checked
against a model of undo and redo as one stack of changes in time order
(README "Nothing is lost by one command"): the model keeps the game as
`tally --json show` gave it after each change still made (the live
stack) and after each change taken back (the redo list).  Undo must
give back the game as it was before the newest live change, redo the
game as it was after the change undone last, and a new change empties
the redo list; a command refused (a hand a rule refuses, an undo with
nothing to take back) changes nothing.

usage: undo_stack_model.py TALLY FIRST_SEED SEEDS STEPS [GAMES]
With GAMES > 1, that many games are played side by side (each command
names its game with -g), each with a stack of its own that the others'
changes leave alone.  Prints one line per seed; exits 1 on the first
sequence that breaks the model, printing its commands."""
import json
import os
import random
import subprocess
import sys

TALLY = sys.argv[1]
FIRST, SEEDS, STEPS = (int(a) for a in sys.argv[2:5])
GAMES = int(sys.argv[5]) if len(sys.argv) > 5 else 1
SUBS = ["Eve", "Fay", "Gus"]
NEWCOMERS = ["Dan", "Ida"]


def run(*args):
    p = subprocess.run([TALLY, *args], capture_output=True, text=True, env=os.environ)
    return p.returncode, p.stdout + p.stderr


def show(gid):
    rc, out = run("--json", "show", str(gid))
    assert rc == 0, out
    game = json.loads(out)
    game.pop("play_minutes", None)  # the clock, not the game
    return game


def seated(game, k):
    """The players at hand k (1-based; past the last: every seat now)."""
    names = []
    for p in game["players"]:
        pts = p.get("points") or []
        if k > game["hands"] or (k - 1 < len(pts) and pts[k - 1] is not None):
            names.append(p["name"])
    return names


def entry(rng, names):
    return ["%s=%d" % (n, rng.randint(0, 9)) for n in names]


def change(rng, game):
    """A new change: the command's words."""
    n = game["hands"]
    kind = rng.choices(["hand", "insert", "edit", "sub", "join", "end"], [30, 10, 12, 8, 5, 5])[0]
    if kind == "hand":
        return ["hand", *entry(rng, seated(game, n + 1))]
    if kind == "insert":
        k = rng.randint(1, n + 1)
        return ["insert", str(k), *entry(rng, seated(game, k))]
    if kind == "edit" and n > 0:
        k = rng.randint(1, n)
        return ["edit", str(k), *entry(rng, seated(game, k))]
    if kind == "sub":
        p = rng.choice(game["players"])
        return ["sub", p.get("sub") or p["name"], rng.choice(SUBS + [p["name"]])]
    if kind == "join":
        return ["join", rng.choice(NEWCOMERS), "--total", str(rng.randint(0, 20))]
    if kind == "end":
        return ["end", "--abandon"] if rng.random() < 0.3 else ["end"]
    return ["hand", *entry(rng, seated(game, n + 1))]


def sequence(seed, db):
    rng = random.Random(seed)
    os.environ["TALLY_DB"] = db
    if os.path.exists(db):
        os.remove(db)
    stacks = {}
    for gid in range(1, GAMES + 1):
        rc, out = run("new", "golf", "Ann", "Bob", "Cid", "-o", "holes=18")
        assert rc == 0, out
        stacks[gid] = ([show(gid)], [])
    said = []
    for _ in range(STEPS):
        gid = rng.randint(1, GAMES)
        live, redo = stacks[gid]
        before = live[-1]
        r = rng.random()
        words = ["undo"] if r < 0.22 else ["redo"] if r < 0.38 else change(rng, before)
        rc, out = run(words[0], "-g", str(gid), *words[1:])
        said.append("%s -g %d %s  -> %d" % (words[0], gid, " ".join(words[1:]), rc))
        now = show(gid)
        if words == ["undo"]:
            want = live[-2] if len(live) > 1 else before
            if len(live) > 1 and rc == 0:
                redo.append(live.pop())
            elif len(live) > 1:
                return said, "undo refused with a change to take back: " + out
        elif words == ["redo"]:
            want = redo[-1] if redo else before
            if redo and rc == 0:
                live.append(redo.pop())
            elif redo:
                return said, "redo refused with a change waiting: " + out
        elif rc == 0:
            live.append(now)
            redo.clear()
            want = now
        else:
            want = before
        if (words in (["undo"], ["redo"])) and rc != 0 and now != before:
            return said, "a refused %s changed the game" % words[0]
        if now != want:
            return said, "the game after '%s' is not the model's:\n got  %s\n want %s" % (
                " ".join(words), json.dumps(now, sort_keys=True), json.dumps(want, sort_keys=True))
        for other, (olive, _) in stacks.items():
            if other != gid and show(other) != olive[-1]:
                return said, "'%s' in game %d changed game %d" % (" ".join(words), gid, other)
    return said, None


def main():
    db = os.path.join(os.getcwd(), "model.db")
    for seed in range(FIRST, FIRST + SEEDS):
        said, broken = sequence(seed, db)
        if broken:
            print("seed %d: %s" % (seed, broken))
            for line in said:
                print("  tally " + line)
            sys.exit(1)
        print("seed %d: %d steps as the model says" % (seed, len(said)))


main()
