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

/**
 * PGlite's hot WebAssembly functions are recompiled by TurboFan on V8's worker threads. With one
 * task per worker, each thread's compiler memory lands in a malloc arena of its own and stays
 * there: the server started at 245 to 280 MB resident, and at 225 to 232 MB with one task. Read
 * when the module is compiled, so it must be set before PGlite starts; the recompilation only
 * finishes a little later.
 */
v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
