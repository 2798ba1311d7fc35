// What scripts/build-server.mjs leaves out of the server's bundles (decision 035). Shared with
// scripts/keep-runtime-modules.mjs, which keeps in the image's node_modules the first list and what it needs.

/**
 * Loaded from node_modules by the built server: packages that read their own files by a path
 * relative to themselves, which a bundle would break: PGlite its WebAssembly and data files
 * (`new URL('./pglite.wasm', import.meta.url)`), pdfkit its fonts' metrics (`__dirname + '/data/…afm'`).
 */
export const LOADED_FROM_NODE_MODULES = ['@electric-sql/pglite', 'pdfkit'];

/**
 * Named by the code but never loaded by the built server: `vite`, which only the development server
 * imports, and `pg-native`, `pg`'s optional native client (not installed; `pg` falls back on its
 * JavaScript client).
 */
export const NEVER_LOADED = ['vite', 'pg-native'];
