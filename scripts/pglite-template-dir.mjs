import { fileURLToPath } from 'node:url';

/** Where the test suites keep the migrated PGlite database their servers start from (server/marketplace/db/pglite-template.ts). */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../node_modules/.cache/pglite-templates', import.meta.url));
