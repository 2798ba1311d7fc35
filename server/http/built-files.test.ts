import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFiles } from './built-files';

let dir: string;
let base: string;
let close: () => void;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-files-'));
  fs.mkdirSync(path.join(dir, 'tutorials'));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dir, 'tutorials', 'step one.css'), 'p{}');
  const app = express();
  app.use(builtFiles(dir, { index: false, dotfiles: 'deny' }));
  app.use((_req, res) => res.status(404).send('page'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const response = await fetch(base + url);
  return [response.status, await response.text()];
};

describe('builtFiles', () => {
  it('serves the files that were there at start, at their encoded paths', async () => {
    expect(await get('/favicon.svg')).toEqual([200, '<svg/>']);
    expect(await get('/tutorials/step%20one.css')).toEqual([200, 'p{}']);
  });

  it('passes anything else on: pages, folders, files added later, other spellings', async () => {
    fs.writeFileSync(path.join(dir, 'later.txt'), 'late');
    for (const url of ['/stock', '/tutorials', '/tutorials/', '/later.txt', '/FAVICON.svg', '/favicon.svg/']) {
      expect(await get(url), url).toEqual([404, 'page']);
    }
  });
});
