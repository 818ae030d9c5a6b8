// Canaries for the library internals thurm reaches (lib/term/xterm-internals.ts,
// lib/pty/node-pty-internals.ts, lib/ui/blessed-internals.ts, lib/pty/reading.ts): each test
// names the first field a new version of its library no longer has, before anything that uses
// it misbehaves.
import { PassThrough, Writable } from 'node:stream';
import test, { type ExecutionContext } from 'ava';
import blessed from 'blessed';
import xtermHeadless from '@xterm/headless';
import { requireCjs } from '../../lib/cjs.js';
import { coreLine, xtermCore } from '../../lib/term/xterm-internals.js';
import { ptyInternals } from '../../lib/pty/node-pty-internals.js';
import { screenDestroyed, screenGrid } from '../../lib/ui/blessed-internals.js';

const { Terminal } = xtermHeadless;
const pty = requireCjs('node-pty') as typeof import('node-pty');

/** What `typeof` says, with the classes the internals use told apart. */
function kind(v: unknown): string {
  if (v instanceof Map) return 'Map';
  if (v instanceof Uint32Array) return 'Uint32Array';
  if (Array.isArray(v)) return 'Array';
  return typeof v;
}

/** Each `path` (dots) under `root` has the given kind; the first that has not fails the test. */
function expectFields(t: ExecutionContext, library: string, root: unknown, fields: Record<string, string>): void {
  for (const [path, expected] of Object.entries(fields)) {
    let v: unknown = root;
    for (const key of path.split('.')) v = v == null ? undefined : (v as Record<string, unknown>)[key];
    if (kind(v) !== expected) {
      t.fail(`${library}: ${path} is ${kind(v)}, not ${expected}`);
      return;
    }
  }
  t.pass(`${library}: all ${Object.keys(fields).length} fields present`);
}

const write = (term: InstanceType<typeof Terminal>, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

test('@xterm/headless still has every internal field thurm reaches, on its core, its lines and its cells', async (t) => {
  const term = new Terminal({ cols: 20, rows: 5, allowProposedApi: true });
  t.teardown(() => term.dispose());
  await write(term, '\x1b]8;;https://example.com\x07link\x1b]8;;\x07');
  expectFields(t, 'xterm core', xtermCore(term), {
    'buffers.normal.lines.length': 'number',
    'buffers.normal.lines.maxLength': 'number',
    'buffers.normal.lines.get': 'function',
    'buffers.normal.lines.splice': 'function',
    'buffers.normal.lines.onTrim': 'function',
    'buffers.normal.lines.recycle': 'function',
    'buffers.normal.lines.push': 'function',
    'buffers.normal.lines.shiftElements': 'function',
    'buffers.normal.lines.trimStart': 'function',
    'buffers.normal.x': 'number',
    'buffers.normal.ybase': 'number',
    'buffers.normal.ydisp': 'number',
    'buffers.normal.savedY': 'number',
    'buffers.normal.getNullCell': 'function',
    'buffers.normal.clearAllMarkers': 'function',
    'buffers.alt.clearAllMarkers': 'function',
    'buffers.active.x': 'number',
    'buffers.reset': 'function',
    'coreService.isCursorHidden': 'boolean',
    'coreService.decPrivateModes': 'object',
    'coreMouseService.activeEncoding': 'string',
    'coreMouseService.triggerMouseEvent': 'function',
    'unicodeService.getStringCellWidth': 'function',
    '_oscLinkService.getLinkData': 'function',
    '_oscLinkService.registerLink': 'function',
    '_oscLinkService._dataByLinkId': 'Map',
    '_writeBuffer.handleUserInput': 'function',
    '_inputHandler.print': 'function',
    '_inputHandler.parse': 'function',
    '_inputHandler.onRequestRefreshRows': 'function',
    '_inputHandler._parser.reset': 'function',
    '_inputHandler._parser.registerOscHandler': 'function',
    '_inputHandler._parseStack.paused': 'boolean',
    registerCsiHandler: 'function',
    writeSync: 'function',
  });
  const line = term.buffer.active.getLine(0)!;
  expectFields(t, 'xterm line', coreLine(line), {
    _data: 'Uint32Array',
    length: 'number',
    isWrapped: 'boolean',
    _combined: 'object',
    _extendedAttrs: 'object',
    clone: 'function',
    copyFrom: 'function',
    resize: 'function',
    translateToString: 'function',
  });
  expectFields(t, 'xterm cell', line.getCell(0), { content: 'number', fg: 'number', bg: 'number', 'extended.urlId': 'number', 'extended.ext': 'number', 'extended.constructor': 'function' });
  // The fields still mean what thurm takes them to: the core's buffer is the public one, and a
  // linked cell's id leads to its URI.
  t.is(xtermCore(term).buffers.active.x, term.buffer.active.cursorX);
  const id = (line.getCell(0) as unknown as { extended: { urlId: number } }).extended.urlId;
  t.is(xtermCore(term)._oscLinkService.getLinkData(id)?.uri, 'https://example.com');
});

test('node-pty still has the fd, socket, name and close event thurm reaches', async (t) => {
  const p = pty.spawn('sleep', ['30'], { cols: 80, rows: 24, encoding: null });
  const internals = ptyInternals(p);
  t.teardown(() => internals.destroy());
  expectFields(t, 'node-pty', internals, {
    fd: 'number',
    ptsName: 'string',
    destroy: 'function',
    once: 'function',
    '_socket.destroyed': 'boolean',
    // reading.ts stops and restarts the socket's libuv handle for a handover.
    '_socket._handle.readStop': 'function',
    '_socket._handle.readStart': 'function',
    '_socket.readableLength': 'number',
  });
  t.regex(internals.ptsName, /^\/dev\/pts\/\d+$/);
  const closed = new Promise<void>((resolve) => internals.once('close', resolve));
  p.kill('SIGKILL');
  await closed;
  t.true(internals._socket.destroyed, 'the socket is destroyed once the master is closed');
});

test('blessed still has the cell grid and the destroyed flag thurm reaches', (t) => {
  const output = Object.assign(new Writable({ write: (_c, _e, cb) => cb() }), { columns: 30, rows: 4, isTTY: true });
  const screen = blessed.screen({ input: new PassThrough() as never, output: output as never, terminal: 'xterm-256color', warnings: false } as blessed.Widgets.IScreenOptions);
  expectFields(t, 'blessed', screenGrid(screen), { lines: 'Array', olines: 'Array', 'lines.0': 'Array', 'lines.0.0': 'Array', 'olines.0': 'Array' });
  t.is(screenGrid(screen).lines.length, 4);
  t.false(screenDestroyed(screen));
  screen.destroy();
  t.true(screenDestroyed(screen));
});
