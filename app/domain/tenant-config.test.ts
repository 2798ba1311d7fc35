import { describe, expect, it } from 'vitest';
import { tenantConfigSchema } from './tenant-config';

const base = { tenant_id: 't', tenantShortName: 'T', tenantName: 'T Ltd', siteTitle: 'T Portal' };
const tutorial = (tutorialUrl: string) => tenantConfigSchema.safeParse({ ...base, tutorialUrl }).success;

describe('tenant configuration: the tutorial page', () => {
  it('is a page of this site or an http(s) address', () => {
    expect(tutorial('/tutorials/stock-list.html')).toBe(true);
    expect(tutorial('https://example.com/tutorial')).toBe(true);
  });

  it('is never another scheme or a scheme-relative address', () => {
    expect(tutorial('javascript:alert(1)')).toBe(false);
    expect(tutorial('//evil.example/x')).toBe(false);
    expect(tutorial('/\\evil.example')).toBe(false);
    expect(tutorial('tutorial.html')).toBe(false);
  });
});
