import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { LOCALES, SUPPORTED_LANGUAGES } from './index';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('translations', () => {
  it.each(Object.keys(LOCALES))('%s has every English key, none empty', (language) => {
    const texts = LOCALES[language]!;
    expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(texts)) expect(text.trim(), key).not.toBe('');
  });

  it.each(Object.keys(LOCALES))('%s keeps the placeholders of English', (language) => {
    const texts = LOCALES[language]! as Record<string, string>;
    for (const [key, text] of Object.entries(en)) {
      const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      expect(placeholders(texts[key]!), key).toEqual(placeholders(text));
    }
  });

  it('every key used in the code exists', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve('app'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/\btitled\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/(?:titleKey|labelKey|key)[=:]\s*["']([a-zA-Z]+\.[\w.]+)["']/g))
        used.add(match[1]!);
      for (const match of text.matchAll(/'((?:validation|password|errors|login|newPassword|reset|logout)\.[\w.]+)'/g))
        used.add(match[1]!);
    }
    // A key with plural forms exists as key_one, key_other (i18next picks one by count).
    const missing = [...used].filter((key) => !(key in en) && !(`${key}_other` in en));
    expect(missing).toEqual([]);
  });
});

describe('languages', () => {
  it('lists every catalogue', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(Object.keys(LOCALES));
  });
});
