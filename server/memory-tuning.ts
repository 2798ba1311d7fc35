import v8 from 'node:v8';

/**
 * After a full collection V8 lets the old generation grow to up to four times what survived when the
 * program allocates fast. Under fifty concurrent page requests on 50,000 items the heap reached
 * 500 MB around a live set of about 130 MB, and the process 680 MB. Growth of a quarter keeps the
 * heap near its live set: collections come more often, each as short, and pages per second did not
 * change (npm run bench). Read at every full collection, so setting it here, before the server
 * loads anything big, is enough.
 *
 * Measured and left out: `--liftoff-only` (PGlite's WebAssembly never recompiled by TurboFan) saved
 * 30 to 90 MB but made the SQL-heavy pages (orders sorted on the shipped share, a search) a fifth
 * to a third slower.
 */
const HEAP_GROWING_PERCENT = 25;

v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
