import fs from 'node:fs';
import path from 'node:path';
import browserslist from 'browserslist';
import postcss, { type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';
import config from '../postcss.config.js';

/** The stylesheet as Vite builds it: through the project's PostCSS config, for package.json's browsers. */
const from = path.resolve('styles/app.css');
const build = (css: string) =>
  postcss(config.plugins)
    .process(css, { from })
    .then((result) => result.root);

function rules(root: postcss.Root): Rule[] {
  const found: Rule[] = [];
  root.walkRules((rule) => {
    found.push(rule);
  });
  return found;
}

describe('styles/app.css through postcss.config.js', () => {
  it('targets the old browsers of a locked-down corporate desktop', () => {
    const browsers = browserslist(undefined, { path: from });
    for (const oldest of ['chrome 109', 'edge 109', 'firefox 115', 'safari 15']) expect(browsers).toContain(oldest);
  });

  it('flattens every nested rule, which Chrome 109, Firefox 115 and Safari 15 would drop', async () => {
    const source = fs.readFileSync(from, 'utf8');
    expect(rules(postcss.parse(source, { from })).some((rule) => rule.parent?.type === 'rule')).toBe(true);

    const built = rules(await build(source));
    expect(built.filter((rule) => rule.parent?.type === 'rule').map((rule) => rule.selector)).toEqual([]);
    expect(built.filter((rule) => rule.selector.includes('&')).map((rule) => rule.selector)).toEqual([]);
    const selectors = built.map((rule) => rule.selector);
    expect(selectors).toContain('.user-menu > summary::-webkit-details-marker');
    expect(selectors).toContain('.stock-filters legend');
    expect(selectors).toContain('.route-dialog::backdrop');
    expect(selectors).toContain('.pagination a,.pagination span');
    // No :is() wrapping: a pseudo-element behind :is() is fragile in old engines.
    expect(selectors.filter((selector) => selector.includes(':is(') && selector.includes('::'))).toEqual([]);
  });

  it('adds the -webkit- prefixes that Chrome 109 and Safari 15 still need', async () => {
    const root = await build('.x { user-select: none; mask-image: url(m.svg); backdrop-filter: blur(2px); }');
    const properties: string[] = [];
    root.walkDecls((decl) => {
      properties.push(decl.prop);
    });
    expect(properties).toEqual(
      expect.arrayContaining(['-webkit-user-select', '-webkit-mask-image', '-webkit-backdrop-filter']),
    );
  });

  it('keeps a keyboard focus ring where :focus-visible is unknown (Safari before 15.4)', async () => {
    const selectors = rules(await build(fs.readFileSync(from, 'utf8'))).map((rule) => rule.selector);
    const ring = selectors.find((selector) => selector.endsWith(':focus') && !selector.includes('focus-visible'));
    expect(ring).toBeDefined();
  });
});
