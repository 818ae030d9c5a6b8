// The read-only web view (`thurm web`) in a real headless Chromium (Debian's `chromium`, driven by
// playwright-core with its executablePath; .ci/run installs it) at a phone's size, and every
// refusal the server owes a browser or a script that has no business there.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import type { Browser, Locator, Page } from 'playwright-core';
import WebSocket from 'ws';
import { Connection } from '../../lib/cli/connection.js';
import { CHROMIUM_READY, launchChromium } from '../helpers/chromium.js';
import { statusReport } from '../helpers/status-report.js';
import { ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const ready = CHROMIUM_READY;
const serial = ready ? test.serial : test.serial.skip;
const skipped = ready ? '' : ' (skipped: Debian\'s chromium is not installed; .ci/run installs it)';

let browser: Browser | undefined;

test.before(async () => {
  if (ready) browser = await launchChromium();
});

test.after.always(async () => {
  await browser?.close();
});

async function session(t: ExecutionContext): Promise<{ env: ThurmEnv; link: string; origin: string }> {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.start(['--size', '80x24', '--', 'sh']);
  const link = (await env.ok(['web', '--port', '0'])).trim();
  t.regex(link, /^http:\/\/127\.0\.0\.1:\d+\/#t=[A-Za-z0-9_-]{43}$/);
  return { env, link, origin: new URL(link).origin };
}

async function phone(t: ExecutionContext): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 360, height: 740 } });
  t.teardown(() => context.close());
  return context.newPage();
}


/** The colour of the screenshot's pixel at (x, y), read back by the browser from the PNG. */
async function pixel(page: Page, png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async ({ data, x, y }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const [r, gr, b] = g.getImageData(x, y, 1, 1).data;
      return [r, gr, b] as [number, number, number];
    }, { data: png.toString('base64'), x, y });
  } finally {
    await blank.close();
  }
}

serial(`a phone's browser shows a blocked pane's question live, in the blocked colour, with no horizontal scroll, light to load${skipped}`, async (t) => {
  const { env, link } = await session(t);
  const page = await phone(t);
  const loaded: { url: string; bytes: number }[] = [];
  page.on('response', (r) => void r.body().then((b) => loaded.push({ url: r.url(), bytes: b.length }), () => undefined));
  await page.goto(link);
  await page.getByText('No pane has a status.').waitFor();
  t.false(page.url().includes('#t='), 'the token leaves the address bar');
  await env.ok(['send', '--pane', '1', '--enter', statusReport('blocked', 'Allow rm -rf build?')]);
  const started = Date.now();
  await page.getByText('Allow rm -rf build?').waitFor();
  t.log(`shown ${Date.now() - started} ms after the report was typed`);
  t.regex(await page.locator('#agents li').first().textContent() ?? '', /^◆blocked · agent · pane 1\d+sAllow rm -rf build\?$/);
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll at 360 px');
  // What the screenshot shows: the row's bar in the blocked colour (app.css: #f5c518).
  await colourUnder(page, page.locator('#agents li').first(), (row) => [row.x + 3, row.y + row.height / 2], ([r, g, b]) => r > 200 && g > 160 && b < 80, 'blocked yellow');
  const bytes = loaded.reduce((sum, l) => sum + l.bytes, 0);
  t.true(bytes < 300 * 1024, `the overview weighs ${bytes} bytes`);
  t.false(loaded.some((l) => l.url.endsWith('/xterm.js')), 'xterm.js waits for a pane view');
});

serial(`tapping a row shows that pane's screen, read-only, with its colours, at the pane's own size${skipped}`, async (t) => {
  const { env, link } = await session(t);
  const page = await phone(t);
  await page.goto(link);
  await env.ok(['send', '--pane', '1', '--enter', `printf '\\033[41mRED-ZONE\\033[0m\\n'; ${statusReport('blocked', 'Proceed?')}`]);
  await page.getByText('Proceed?').click();
  const red = page.locator('.xterm-rows span', { hasText: /^RED-ZONE$/ });
  await red.waitFor();
  await colourUnder(page, red, (box) => [box.x + box.width / 2, box.y + box.height / 2], ([r, g, b]) => r > 150 && g < 100 && b < 100, 'a red background under RED-ZONE');
  t.regex(await page.locator('#pane-status').textContent() ?? '', /blocked · agent: Proceed\?/);
  // The pane keeps its size, whatever the phone's.
  t.deepEqual((await env.json(['list'])).panes[0].size, { cols: 80, rows: 22 });
  // Later output is shown live.
  await env.ok(['send', '--pane', '1', '--enter', 'echo LATER-$((6*7))']);
  await page.locator('.xterm-rows', { hasText: 'LATER-42' }).waitFor();
  // Typing on the page reaches nothing: the terminal takes no input.
  const before = await env.capture('1');
  await page.locator('#screen').click();
  await page.keyboard.type('echo typed\n');
  t.is(await env.capture('1'), before);
});

/**
 * Waits until the screenshot's pixel at `at` of what `locator` finds has a colour `ok` takes.
 * The page draws rows again (each second, as the terminal settles): the element may have no box
 * for a moment, so its box and the screenshot are taken together, again until they agree.
 */
async function colourUnder(page: Page, locator: Locator, at: (box: { x: number; y: number; width: number; height: number }) => [number, number], ok: (rgb: number[]) => boolean, what: string): Promise<void> {
  let seen = 'no box';
  await waitUntil(async () => {
    const box = await locator.boundingBox();
    if (!box) return false;
    const [x, y] = at(box);
    const rgb = await pixel(page, await page.screenshot(), Math.round(x), Math.round(y));
    seen = `rgb(${rgb.join(', ')})`;
    return ok(rgb);
  }, () => `${what}, not ${seen}`);
}

/** An http request to the view: its status. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A WebSocket to the view: 'open', or the status it was refused with. */
function socket(url: string, headers: Record<string, string>): Promise<{ ws: WebSocket | null; status: number | 'open' }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ ws, status: 'open' }));
    ws.once('unexpected-response', (_req, res) => resolve({ ws: null, status: res.statusCode! }));
    ws.once('error', () => resolve({ ws: null, status: 0 }));
  });
}

test.serial('the view refuses a missing or wrong token, a bad Host, a foreign Origin, a public bind without TLS, and a revoked token; a viewer\'s input ends its connection', async (t) => {
  const { env, link, origin } = await session(t);
  const secret = new URL(link).hash.slice(3);
  const host = new URL(origin).host;
  const ws = origin.replace('http', 'ws');
  const page = await get(`${origin}/`);
  t.is(page.status, 200);
  t.regex(String(page.headers['content-security-policy']), /script-src 'self';/);
  t.is((await get(`${origin}/`, { host: 'evil.example' })).status, 421, 'a DNS-rebound Host');
  t.is((await get(`${origin}/login`, { 'content-type': 'application/json' }, 'POST', JSON.stringify({ token: 'x'.repeat(43) }))).status, 401);
  t.is((await socket(`${ws}/ws`, { origin })).status, 401, 'no cookie');
  const login = await get(`${origin}/login`, { 'content-type': 'application/json', origin }, 'POST', JSON.stringify({ token: secret }));
  t.is(login.status, 204);
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  t.regex(String(login.headers['set-cookie']), /HttpOnly; SameSite=Strict/);
  t.is((await socket(`${ws}/ws`, { origin: 'http://evil.example', cookie })).status, 403, 'a foreign Origin');
  t.is((await socket(`${ws}/ws`, { origin, cookie, host: 'evil.example' })).status, 421);
  const events = await Connection.open(env.socket);
  t.teardown(() => events.close());
  const told: { type: string; view?: string; address?: string }[] = [];
  events.ws.on('message', (data) => told.push((JSON.parse(data.toString()) as { event?: (typeof told)[number] }).event ?? { type: 'reply' }));
  await events.request('subscribe', { types: ['web-connected', 'web-disconnected'] });
  const viewer = await socket(`${ws}/ws?pane=1`, { origin, cookie });
  t.is(viewer.status, 'open');
  // Input from a viewer: its connection ends, and the pane receives nothing.
  const before = await env.capture('1');
  const closed = new Promise<number>((resolve) => viewer.ws!.once('close', (code) => resolve(code)));
  viewer.ws!.send('echo injected\r');
  t.is(await closed, 1008);
  t.is(await env.capture('1'), before);
  // Each viewer is told on the events stream, coming and going.
  await waitUntil(() => told.filter((e) => e.type.startsWith('web-')).length === 2, () => `the viewer's events: ${JSON.stringify(told)}`);
  t.like(told.filter((e) => e.type.startsWith('web-')), [{ type: 'web-connected', view: '1', address: '127.0.0.1' }, { type: 'web-disconnected', view: '1' }]);
  // A revoked token's viewers are cut off, and its link no longer opens anything.
  const overview = await socket(`${ws}/ws`, { origin, cookie });
  t.is(overview.status, 'open');
  const cut = new Promise<number>((resolve) => overview.ws!.once('close', (code) => resolve(code)));
  const { tokens } = await env.json(['web', 'token', 'list']);
  await env.ok(['web', 'token', 'revoke', tokens[0].id]);
  t.is(await cut, 4401);
  t.is((await socket(`${ws}/ws`, { origin, cookie })).status, 401);
  t.is((await get(`${origin}/login`, { 'content-type': 'application/json' }, 'POST', JSON.stringify({ token: secret }))).status, 401);
  // Off this machine only with TLS.
  const open = await env.cli(['web', 'stop']);
  t.is(open.code, 0);
  const r = await env.cli(['web', '--port', '0', '--bind', '0.0.0.0']);
  t.is(r.code, 2);
  t.regex(r.stderr, /refusing to serve 0\.0\.0\.0 without TLS/);
  t.is(host.split(':')[0], '127.0.0.1');
  await waitUntil(async () => (await get(`${origin}/`).catch(() => ({ status: 0 }))).status === 0, 'the view to stop');
});

serial(`with --allow-answers, a link that may answer picks a blocked agent's option from the page; a watch-only link has no way to${skipped}`, async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.start(['--size', '80x24', '--', 'sh']);
  const link = (await env.ok(['web', '--port', '0', '--allow-answers'])).trim();
  const watchOnly = (await env.ok(['web', 'token', 'create'])).trim();
  const dialog = `printf 'Edit the file?\\n 1. Yes\\n 2. No\\n'; ${statusReport('blocked', 'Edit the file?')}; read x; echo "got:$x"`;
  await env.ok(['send', '--pane', '1', '--enter', dialog]);
  const events = await Connection.open(env.socket);
  t.teardown(() => events.close());
  const told: { type: string; view?: string }[] = [];
  events.ws.on('message', (data) => told.push((JSON.parse(data.toString()) as { event?: (typeof told)[number] }).event ?? { type: 'reply' }));
  await events.request('subscribe', { types: ['web-answered'] });
  // Watching only: the question is there, no way to answer it, and the server refuses one anyway.
  const watcher = await phone(t);
  await watcher.goto(watchOnly);
  await watcher.getByText('Edit the file?').click();
  await watcher.locator('.xterm-rows', { hasText: '2. No' }).waitFor();
  t.false(await watcher.locator('#answer').isVisible());
  const refused = await watcher.evaluate(async () => (await fetch('/answer', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pane: '1', expect: 'x', choice: 1 }) })).status);
  t.is(refused, 403);
  // May answer: option 1, for the screen it was shown.
  const page = await phone(t);
  await page.goto(link);
  await page.getByText('Edit the file?').click();
  await page.locator('#options button', { hasText: '1' }).click();
  await page.locator('#answer-result').filter({ hasText: /\S/ }).waitFor();
  t.is(await page.locator('#answer-result').textContent(), 'Sent: choice 1');
  await page.locator('.xterm-rows', { hasText: 'got:1' }).waitFor();
  await waitUntil(() => told.some((e) => e.type === 'web-answered' && e.view === '1'), 'the answer on the events stream');
  // An answer for a screen that is gone types nothing.
  const before = await env.capture('1');
  const stale = await page.evaluate(async () => (await fetch('/answer', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pane: '1', expect: 'gone', choice: 1 }) })).status);
  t.is(stale, 409);
  t.is(await env.capture('1'), before);
});

test.serial('with a TLS certificate the view serves https, its cookie is Secure, and it takes at most 16 viewers', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.start(['--', 'sh']);
  const fixtures = path.join(ROOT, 'spec', 'fixtures', 'web');
  const link = (await env.ok(['web', '--port', '0', '--tls-cert', path.join(fixtures, 'test-cert.pem'), '--tls-key', path.join(fixtures, 'test-key.pem')])).trim();
  t.regex(link, /^https:\/\/127\.0\.0\.1:\d+\/#t=/);
  const url = new URL(link);
  const login = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = https.request(`${url.origin}/login`, { method: 'POST', rejectUnauthorized: false, headers: { 'content-type': 'application/json', origin: url.origin } }, resolve);
    req.on('error', reject);
    req.end(JSON.stringify({ token: url.hash.slice(3) }));
  });
  t.is(login.statusCode, 204);
  t.regex(String(login.headers['set-cookie']), /; Secure$/);
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const viewers: WebSocket[] = [];
  t.teardown(() => { for (const v of viewers) v.terminate(); });
  const open = () => new Promise<number | 'open'>((resolve) => {
    const ws = new WebSocket(`wss://${url.host}/ws`, { headers: { origin: url.origin, cookie }, rejectUnauthorized: false });
    viewers.push(ws);
    ws.on('error', () => undefined);
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode!));
  });
  for (let i = 0; i < 16; i++) t.is(await open(), 'open');
  t.is(await open(), 503, 'the seventeenth viewer');
  const r = await env.cli(['web', 'stop']);
  t.is(r.code, 0);
  t.regex(await env.ok(['web', 'token', 'list']), /^web view: not running$/m);
});

test.serial('a TLS certificate or key that is no plain file is refused at once, and the server goes on serving', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.start(['--', 'sh']);
  const fixtures = path.join(ROOT, 'spec', 'fixtures', 'web');
  // A FIFO nobody writes would hold a blocking open(2), and the server with it.
  const fifo = path.join(env.dir, 'cert.pem');
  execFileSync('mkfifo', [fifo]);
  const refused = await env.cli(['web', '--port', '0', '--tls-cert', fifo, '--tls-key', path.join(fixtures, 'test-key.pem')]);
  t.is(refused.code, 2);
  t.regex(refused.stderr, /cannot read .*cert\.pem: not a plain file/);
  t.regex((await env.cli(['web', '--port', '0', '--tls-cert', path.join(fixtures, 'test-cert.pem'), '--tls-key', '/dev/zero'])).stderr, /cannot read \/dev\/zero: not a plain file/);
  t.is((await env.request<{ panes: unknown[] }>('list')).panes.length, 1, 'the server answers');
});
