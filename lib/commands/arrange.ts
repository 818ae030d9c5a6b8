// Arranging panes as tmux does: preset layouts, swapping, rotating, breaking a pane out into a
// window of its own, joining it to another, and typing into every pane of a window at once.
import { field } from '../fields.js';
import { PRESETS } from '../session/layout-presets.js';
import { defineCommand, paneField, paneFromCli, paneOption, resolvePane, windowIndexField, type CliArgs } from './command.js';

export const selectLayout = defineCommand({
  name: 'select-layout',
  usage: 'select-layout [layout]',
  describe: `Lay the window's panes out as ${PRESETS.join(', ')} (no layout: the next one)`,
  options: { index: { type: 'number', describe: 'window index (default: the current window)' } },
  request: (argv: CliArgs) => ({ layout: argv.layout, index: argv.index }),
  fields: { layout: field.enum(PRESETS).describe('the layout (default: the next one)').optional(), index: windowIndexField },
  result: { layout: field.enum(PRESETS).describe('the layout now') },
  run: (ctx, a) => ({ layout: ctx.mux.arrange.selectLayout(a.layout ?? 'next', ctx.mux.findWindow({ index: a.index })) }),
  print: (r) => r.layout,
});

export const swapPane = defineCommand({
  name: 'swap-pane',
  usage: 'swap-pane',
  describe: 'Swap a pane with the next one in its window (--previous: the one before)',
  options: { ...paneOption, previous: { type: 'boolean', describe: 'swap with the pane before it' } },
  request: (argv) => ({ pane: paneFromCli(argv), previous: argv.previous }),
  fields: { pane: paneField, previous: field.bool().default(false) },
  result: {},
  run: (ctx, a) => {
    ctx.mux.arrange.swapPane(resolvePane(ctx, a.pane), a.previous ? -1 : 1);
    return {};
  },
});

export const rotateWindow = defineCommand({
  name: 'rotate-window',
  usage: 'rotate-window',
  describe: 'Move every pane of the window one place on (--back: one place back)',
  options: { back: { type: 'boolean', describe: 'rotate the other way' } },
  request: (argv) => ({ back: argv.back }),
  fields: { back: field.bool().default(false) },
  result: {},
  run: (ctx, a) => {
    ctx.mux.arrange.rotateWindow(a.back ? -1 : 1);
    return {};
  },
});

export const breakPane = defineCommand({
  name: 'break-pane',
  usage: 'break-pane',
  describe: 'Move a pane out of its window into a new window',
  options: { ...paneOption },
  request: (argv) => ({ pane: paneFromCli(argv) }),
  fields: { pane: paneField },
  result: {},
  run: (ctx, a) => {
    ctx.mux.arrange.breakPane(resolvePane(ctx, a.pane));
    return {};
  },
});

export const joinPane = defineCommand({
  name: 'join-pane',
  usage: 'join-pane',
  describe: 'Move a pane next to the --target pane, in its window',
  options: {
    ...paneOption,
    target: { type: 'string', demandOption: true, describe: 'the pane to join' },
    down: { type: 'boolean', describe: 'below the target (default: to its right)' },
  },
  request: (argv) => ({ pane: paneFromCli(argv), target: argv.target === undefined ? undefined : String(argv.target), down: argv.down }),
  fields: { pane: paneField, target: field.string({ max: 32 }).describe('the pane to join'), down: field.bool().default(false) },
  result: {},
  run: (ctx, a) => {
    ctx.mux.arrange.joinPane(resolvePane(ctx, a.pane), ctx.mux.pane(a.target).id, a.down ? 'down' : 'right');
    return {};
  },
});

export const synchronizePanes = defineCommand({
  name: 'synchronize-panes',
  usage: 'synchronize-panes',
  describe: 'Type into every pane of the current window at once (--off: stop)',
  options: { off: { type: 'boolean', describe: 'type into the focused pane only again' } },
  request: (argv) => ({ off: argv.off }),
  fields: { off: field.bool().describe('type into the focused pane only again').default(false) },
  result: { synchronize: field.bool() },
  run: (ctx, a) => {
    ctx.mux.windowChanges.synchronize(!a.off);
    return { synchronize: !a.off };
  },
});
