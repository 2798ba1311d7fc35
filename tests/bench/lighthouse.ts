/**
 * Lighthouse on the pages a buyer spends the day on, as a phone sees them (Lighthouse's default
 * mobile profile: a mid-range phone, simulated slow 4G and a 4× slower processor), signed in through
 * the session cookie in the browser's jar. The scores and the three measures that matter here (LCP, CLS, TBT) go in the
 * report with the goals of issue 36: accessibility 100, performance ≥ 95, CLS ≤ 0.02 on each page.
 * Runs inside `npm run bench`, or alone against any running portal:
 *   LIGHTHOUSE_BASE=http://localhost:3000 LIGHTHOUSE_COOKIE='__session=…' tsx tests/bench/lighthouse.ts /stock /orders
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium as playwrightChromium } from '@playwright/test';
import lighthouse from 'lighthouse';

export interface LighthousePage {
  name: string;
  url: string;
  cookie: string;
}

const GOALS = { performance: 95, accessibility: 100, cls: 0.02 };

function chromiumPath(): string {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  throw new Error('No Chromium for Lighthouse: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
}

/** A headless Chromium with its DevTools port, which Lighthouse drives. */
async function launchChromium(): Promise<{ port: number; process: ChildProcess; profile: string }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const child = spawn(
    chromiumPath(),
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) =>
      reject(new Error(`Chromium exited (${code}) before it listened: ${text.slice(-500)}`)),
    );
  });
  return { port, process: child, profile };
}

/**
 * Puts the page's cookies in the browser's own jar, as a signed-in buyer's browser has them. Given
 * as Lighthouse's `extraHeaders` instead, the cookie reached the document but not the page's own
 * fetches: `/stock`'s first-visit revalidation for the browser's time zone went out signed out and
 * Lighthouse timed the sign-in page it was sent to.
 */
async function keepCookies(port: number, page: LighthousePage) {
  const cookies = page.cookie
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: new URL(page.url).origin };
    });
  if (!cookies.length) return;
  const browser = await playwrightChromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0]!.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

export interface LighthouseRow {
  name: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  held: boolean;
}

export async function lighthouseBench(pages: LighthousePage[]): Promise<LighthouseRow[]> {
  const chromium = await launchChromium();
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      await keepCookies(chromium.port, page);
      const result = await lighthouse(page.url, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const row = {
        name: page.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      };
      rows.push({
        ...row,
        held: row.performance >= GOALS.performance && row.accessibility >= GOALS.accessibility && row.cls <= GOALS.cls,
      });
      if (process.env.LIGHTHOUSE_JSON_DIR)
        fs.writeFileSync(
          path.join(process.env.LIGHTHOUSE_JSON_DIR, `${page.name.replace(/\W+/g, '_')}.json`),
          JSON.stringify(result.lhr),
        );
      if (result.lhr.runtimeError)
        console.log(`${page.name}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      // What cost the accessibility and best-practice points, to act on.
      for (const id of ['accessibility', 'best-practices']) {
        const failed = (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => ref.id);
        if (failed.length) console.log(`${page.name}: ${id} lost on ${failed.join(', ')}`);
      }
    }
  } finally {
    const exited = new Promise((resolve) => chromium.process.once('exit', resolve));
    chromium.process.kill('SIGKILL');
    await exited;
    // Chromium's helper processes can still be writing its profile after the browser exits: a
    // profile left in the temporary directory is no reason to lose the scores.
    try {
      fs.rmSync(chromium.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    } catch (error) {
      console.log(`Lighthouse: its Chromium profile ${chromium.profile} was left behind (${(error as Error).message})`);
    }
  }
  printRows(rows);
  return rows;
}

function printRows(rows: LighthouseRow[]) {
  console.log(
    `\nLighthouse, mobile profile (goals: performance >= ${GOALS.performance}, accessibility ${GOALS.accessibility}, CLS <= ${GOALS.cls})`,
  );
  console.log(
    'page'.padEnd(30),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'b.p.'.padStart(5),
    'LCP ms'.padStart(8),
    'CLS'.padStart(7),
    'TBT ms'.padStart(8),
    '  result',
  );
  for (const row of rows) {
    console.log(
      row.name.padEnd(30),
      String(row.performance).padStart(5),
      String(row.accessibility).padStart(5),
      String(row.bestPractices).padStart(5),
      row.lcpMs.toFixed(0).padStart(8),
      row.cls.toFixed(3).padStart(7),
      row.tbtMs.toFixed(0).padStart(8),
      row.held ? '  held' : '  short',
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.LIGHTHOUSE_BASE ?? 'http://localhost:3000';
  const cookie = process.env.LIGHTHOUSE_COOKIE ?? '';
  const paths = process.argv.slice(2);
  lighthouseBench(
    (paths.length ? paths : ['/stock', '/cart', '/orders']).map((p) => ({ name: p, url: `${base}${p}`, cookie })),
  ).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
