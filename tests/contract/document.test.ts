import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tenantApiDocumentText } from '../../server/marketplace/contract/openapi';

describe('docs/tenant-api.openapi.json', () => {
  it('is the document the client schemas make (npm run openapi writes it)', () => {
    const committed = fs.readFileSync(new URL('../../docs/tenant-api.openapi.json', import.meta.url), 'utf8');
    expect(committed === tenantApiDocumentText(), 'docs/tenant-api.openapi.json is stale: run npm run openapi').toBe(
      true,
    );
  });
});
