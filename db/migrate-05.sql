-- SPDX-License-Identifier: ISC
-- Schema version 5: finding a night by its name and start (import) without
-- reading every night.
CREATE INDEX night_name ON night(name, started);
