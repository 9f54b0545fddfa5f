#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# csv_sums.py FILE: checks that each player's column of a `show --csv`
# table adds up to its total row, summed as a spreadsheet's SUM over the
# rows above total does (every number; a name, as in a sub row, and an
# empty field count nothing).  The players are the header's fields after
# the hand word up to the first side or hand line: those the total row
# gives a value.  Fails (exit 1, naming the player and both sums) when a
# column does not add up or there is no total row.
import csv
import sys


def number(field):
    try:
        return int(field)
    except ValueError:
        return None


def main():
    with open(sys.argv[1], newline="", encoding="utf-8") as f:
        records = list(csv.reader(f))
    head = records[0]
    labels = [r[0] for r in records]
    if "total" not in labels:
        sys.exit("no total row")
    t = labels.index("total")
    total = records[t]
    bad = 0
    for col in range(1, len(head)):
        want = number(total[col])
        if want is None:
            continue
        got = sum(number(r[col]) or 0 for r in records[1:t])
        if got != want:
            print("%s: the column adds up to %d, the total row says %d" % (head[col], got, want))
            bad = 1
    sys.exit(bad)


main()
