#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# csv_cell.py FILE ROW COLUMN [KEY]: the field of a CSV table tally
# printed, read back as a spreadsheet would (Python's csv module, RFC 4180
# quoting): the record whose field under KEY (a header field; the first
# when not given) is ROW, under the header field COLUMN.
# Fails (exit 1, saying why) unless every record ends in CRLF and has as
# many fields as the header, or when ROW or COLUMN is not there.
import csv
import sys


def main():
    path, row, column = sys.argv[1:4]
    key = sys.argv[4] if len(sys.argv) > 4 else None
    with open(path, "rb") as f:
        raw = f.read()
    lines = raw.split(b"\r\n")
    if lines[-1] != b"" or any(b"\n" in line for line in lines):
        sys.exit("%s: a record does not end in CRLF" % path)
    with open(path, newline="", encoding="utf-8") as f:
        records = list(csv.reader(f))
    head = records[0]
    for r in records:
        if len(r) != len(head):
            sys.exit("%s: %d fields, the header has %d: %r" % (path, len(r), len(head), r))
    for c in (column, key):
        if c is not None and c not in head:
            sys.exit("%s: no column %r in %r" % (path, c, head))
    k = head.index(key) if key is not None else 0
    found = [r for r in records[1:] if r[k] == row]
    if len(found) != 1:
        sys.exit("%s: %d records %r" % (path, len(found), row))
    print(found[0][head.index(column)])


main()
