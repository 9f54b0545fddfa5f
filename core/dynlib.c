/* SPDX-License-Identifier: ISC */
/* dynlib.c: shared libraries loaded on first use (see dynlib.h). */
#include "dynlib.h"

#include <dlfcn.h>
#include <stdlib.h>

#include "util.h"

enum status
dynlib_bind(const char *soname, const char *package, const char *what,
    const char *const *names, void **slots, int n, struct diag *d)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL)
		return diag_set(d, ST_NOINPUT, NULL, soname, "library",
		    "%s is needed for %s and cannot be loaded (%s); install it with: apt-get install %s",
		    soname, what, dlerror(), package);
	void **found = xcalloc((size_t)n, sizeof *found);
	for (int i = 0; i < n; i++) {
		dlerror();
		found[i] = dlsym(h, names[i]);
		if (found[i] == NULL) {
			const char *why = dlerror();
			free(found);
			return diag_set(d, ST_NOINPUT, NULL, soname, "library",
			    "%s is needed for %s but has no %s (%s); install the version tally was built with: "
			    "apt-get install %s", soname, what, names[i], why ? why : "not found", package);
		}
	}
	for (int i = 0; i < n; i++)
		slots[i] = found[i];
	free(found);
	/* the handle stays open for the life of the process, as the slots point into it */
	return ST_OK;
}
