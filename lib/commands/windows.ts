// Windows, as tmux has them: open, select, rename, move, close and list.
import path from 'node:path';
import { field } from '../fields.js';
import { printable, sanitizeText } from '../sanitize.js';
import { windowState } from '../session/agents.js';
import type { Mux } from '../session/mux.js';
import { WINDOW_INFO, type WindowInfo } from '../server/protocol.js';
import { argvField, cwdField, defineCommand, MAX_WINDOW_INDEX, windowIndexField, type CliArgs } from './command.js';


export function windowInfo(mux: Mux): WindowInfo[] {
  return mux.windowList().map(({ window, current, last }) => ({
    index: window.index, id: `@${window.id}`, name: mux.windowName(window), current, last,
    panes: mux.windowPaneIds(window), active: window.focused, state: windowState(mux, window),
  }));
}

const indexOption = { index: { type: 'number' as const, describe: 'window index (default: the current window)' } };
const nameField = field.string({ max: 256 }).describe('window name');

export const newWindow = defineCommand({
  name: 'new-window',
  usage: 'new-window',
  describe: 'Open a window running CMD or your shell, and print its first pane id',
  options: {
    name: { alias: 'n', type: 'string', describe: 'window name (default: its pane\'s title)' },
    cwd: { type: 'string', describe: 'working directory (default: the focused pane\'s)' },
    detached: { alias: 'd', type: 'boolean', describe: 'do not select it' },
  },
  request: (argv) => ({
    name: argv.name,
    detached: argv.detached === true,
    cwd: argv.cwd === undefined ? undefined : path.resolve(String(argv.cwd)),
    argv: argv['--']?.length ? argv['--'] : undefined,
  }),
  fields: { name: nameField.optional(), cwd: cwdField, argv: argvField, detached: field.bool().default(false) },
  result: { pane: field.string({ max: 32 }).describe('the id of its first pane') },
  run: (ctx, a) => {
    const focused = ctx.mux.focused;
    const cwd = a.cwd ?? (focused ? ctx.mux.pane(focused).cwd : undefined);
    return { pane: ctx.mux.newWindow({ argv: a.argv, cwd }, a.name === undefined ? null : sanitizeText(a.name, 64), !a.detached) };
  },
  print: (r) => r.pane,
});

export const selectWindow = defineCommand({
  name: 'select-window',
  usage: 'select-window',
  describe: 'Select a window: --index N, --next, --previous or --last',
  options: {
    ...indexOption,
    next: { type: 'boolean', describe: 'the next window' },
    previous: { type: 'boolean', describe: 'the previous window' },
    last: { type: 'boolean', describe: 'the window selected before this one' },
  },
  request: (argv: CliArgs) => ({ index: argv.index, next: argv.next, previous: argv.previous, last: argv.last }),
  fields: { index: field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('window index').optional(), next: field.bool().optional(), previous: field.bool().optional(), last: field.bool().optional() },
  rules: { exactlyOne: [['index', 'next', 'previous', 'last']] },
  result: { window: field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('the index of the window now selected') },
  run: (ctx, a) => {
    ctx.mux.windowChanges.selectBy(a.index !== undefined ? { index: a.index } : a.last ? 'last' : { step: a.next ? 1 : -1 });
    return { window: windowInfo(ctx.mux).find((w) => w.current)!.index };
  },
});

export const renameWindow = defineCommand({
  name: 'rename-window',
  usage: 'rename-window [name]',
  describe: 'Name a window (no name: named after its pane again)',
  options: { ...indexOption },
  request: (argv: CliArgs) => ({ index: argv.index, name: (argv.name as string | undefined) ?? null }),
  fields: { index: windowIndexField, name: nameField.describe('window name (null: named after its pane again)').nullable().optional() },
  result: {},
  run: (ctx, a) => {
    ctx.mux.windowChanges.rename(ctx.mux.findWindow({ index: a.index }), a.name ? sanitizeText(a.name, 64) : null);
    return {};
  },
});

export const moveWindow = defineCommand({
  name: 'move-window',
  usage: 'move-window',
  describe: 'Give a window another index (a window there takes the old one)',
  options: { ...indexOption, to: { type: 'number', demandOption: true, describe: 'the new index' } },
  request: (argv: CliArgs) => ({ index: argv.index, to: argv.to }),
  fields: { index: windowIndexField, to: field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('the new index') },
  result: {},
  run: (ctx, a) => {
    ctx.mux.windowChanges.move(ctx.mux.findWindow({ index: a.index }), a.to);
    return {};
  },
});

export const killWindow = defineCommand({
  name: 'kill-window',
  usage: 'kill-window',
  describe: 'Close a window and every pane in it',
  options: { ...indexOption },
  request: (argv: CliArgs) => ({ index: argv.index }),
  fields: { index: windowIndexField },
  result: {},
  run: (ctx, a) => {
    ctx.mux.windowChanges.kill(ctx.mux.findWindow({ index: a.index }));
    return {};
  },
});

export const listWindows = defineCommand({
  name: 'list-windows',
  usage: 'list-windows',
  describe: 'List windows: index, name, panes, most pressing state',
  request: () => ({}),
  fields: {},
  result: { windows: field.array(WINDOW_INFO) },
  run: (ctx) => ({ windows: windowInfo(ctx.mux) }),
  print: (r) => r.windows
    .map((w) => `${w.index}: ${printable(w.name)}${w.current ? ' (current)' : w.last ? ' (last)' : ''} ${w.id} panes ${w.panes.join(',')}${w.state !== 'none' ? ` ${w.state}` : ''}`)
    .join('\n'),
});
