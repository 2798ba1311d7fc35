// Run by the build (scripts/build-server.mjs) from its bundle: the migrated empty database a first start loads.
import { buildTemplate } from './client';

await buildTemplate();
