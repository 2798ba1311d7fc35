// Writes docs/tenant-api.openapi.json from the portal's tenant API client (npm run openapi).
import fs from 'node:fs';
import { tenantApiDocumentText } from '../server/marketplace/contract/openapi';

const target = new URL('../docs/tenant-api.openapi.json', import.meta.url);
fs.writeFileSync(target, tenantApiDocumentText());
console.log(`Wrote ${target.pathname}`);
