// What the browser tests and the benchmark share: a static server for the built page on
// 127.0.0.1, and the system's Chromium, headless, driven by puppeteer-core (which downloads no
// browser). Every page opened records its console errors, uncaught exceptions and failed
// requests, so a test can check that there were none. Both wait on the timeline's jumps alike.

import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DIST = process.env.NQUEENS_WEB_DIST || path.join(ROOT, 'web', 'dist');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

// Serves DIST on 127.0.0.1 and a free port; resolves to { url, close }.
export function serve() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`${DIST}/index.html is missing: run web/build.sh first`);
  }
  // Node's 16 KiB limit on a request's head would refuse the long links the tests open (a board
  // of a hundred thousand squares); the page itself takes any length.
  const server = http.createServer({ maxHeaderSize: 1 << 20 }, (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = path.join(DIST, path.normalize(rel));
    if (!file.startsWith(DIST) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

// Starts headless Chromium with a fresh profile and no network of its own.
export async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-profile-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const close = async () => {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { browser, close };
}

// Opens `url` in a new page of the given size and waits until the page has started; the page's
// `problems` list collects console errors, exceptions and failed requests.
export async function open(browser, url, width = 1100, height = 800) {
  const page = await browser.newPage();
  page.problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.problems.push(`exception: ${e.message}`));
  page.on('requestfailed', (r) => page.problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) page.problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.setViewport({ width, height });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return page;
}

// Waits until Watch's timeline (#w-bar) stands between steps `lo` and `hi`, at most `timeout` ms.
export function barBetween(page, lo, hi = lo, timeout = 60000) {
  return page.waitForFunction(
    (a, b) => {
      const v = Number(document.getElementById('w-bar').getAttribute('aria-valuenow'));
      return v >= a && v <= b;
    },
    { timeout },
    lo,
    hi,
  );
}
