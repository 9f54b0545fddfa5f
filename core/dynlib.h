/* SPDX-License-Identifier: ISC */
/*
 * dynlib.h: a shared library loaded when a command first needs it.
 *
 * libharu (with zlib and libpng) serves only the score sheets and libedit
 * (with libtinfo and libbsd) only table mode, yet a program linked against
 * them pays for loading all seven on every run, `tally hand` included.
 * So, as systemd does for its optional libraries, the sheet renderer and
 * the line editor bind the few functions they call with dlopen()/dlsym()
 * on first use, and every other command starts without them.
 */
#ifndef TALLY_DYNLIB_H
#define TALLY_DYNLIB_H

#include "diag.h"

/*
 * Load the library soname (as the dynamic linker finds it, e.g.
 * "libhpdf-2.3.0.so") and look up names[0..n-1] into slots[0..n-1] (each a
 * function or object address).  package is the Debian package that ships
 * it, named in the error.  Loading a library twice is harmless (dlopen
 * counts); slots are left unchanged on failure.
 * Errors: ST_NOINPUT, "SONAME is needed for WHAT and cannot be loaded
 * (REASON); install it with: apt-get install PACKAGE".
 */
enum status dynlib_bind(const char *soname, const char *package, const char *what,
    const char *const *names, void **slots, int n, struct diag *d);

#endif
