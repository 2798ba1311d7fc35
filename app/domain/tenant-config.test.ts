import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES } from '../../server/marketplace/i18n';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { LOCALES, SUPPORTED_LANGUAGES } from '../locales';
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

describe('tenant configuration: the files of config/tenants', () => {
  const dir = path.resolve('config/tenants');
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));

  it('are there, a German one among them', () => {
    expect(files).toEqual(expect.arrayContaining(['demo.json', 'second.json', 'third.json']));
    expect(loadTenantConfig(path.join(dir, 'third.json')).language).toBe('de');
  });

  it.each(files)('%s loads, and its language has the portal’s and the marketplace’s texts', (name) => {
    const config = loadTenantConfig(path.join(dir, name));
    expect(SUPPORTED_LANGUAGES).toContain(config.language);
    expect(LOCALES[config.language]).toBeDefined();
    expect(MAIL_LOCALES[config.language]).toBeDefined();
    for (const language of Object.keys(config.labels))
      expect(SUPPORTED_LANGUAGES, `labels.${language}`).toContain(language);
  });

  it('a language without a locale stops the start with a clear message', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-')), 'tenant.json');
    fs.writeFileSync(file, JSON.stringify({ ...base, language: 'xx' }));
    expect(() => loadTenantConfig(file)).toThrow(/language: xx has no locale/);
  });
});
