// tmux options: set-option is accepted for any option (tools style their panes with it), and
// the value is kept in the server by scope (session, window `@N`, pane `%N`) so show-options
// gives it back; it is applied where thurm has the same thing: synchronize-panes, and the
// foreground of pane-border-style and pane-active-border-style on thurm's borders. Options
// never set answer with what thurm does by default, in tmux's terms. bind-key and unbind-key bind
// keys of the prefix and root tables while the session runs; set-environment and
// show-environment keep the session's environment for new panes.
import { value, type Parsed } from './args.js';
import type { ShimCommand, ShimContext } from './context.js';
import { commandLine } from './command-string.js';
import { ShimError } from './errors.js';
import { tmuxOptions } from './options.js';

/** The scopes an option is looked up in, most specific first, as the flags and -t say. */
async function scopes(ctx: ShimContext, args: Parsed, windowCommand: boolean): Promise<string[]> {
  const view = await ctx.view();
  const target = value(args, 't');
  if (args.flags.has('g') || args.flags.has('s')) return ['session'];
  if (args.flags.has('p')) {
    const pane = view.paneTarget(target);
    return [`%${pane.id}`, view.windowOf(pane).id, 'session'];
  }
  if (args.flags.has('w') || windowCommand) return [view.window(target).id, 'session'];
  return ['session'];
}

/** Options thurm reads as on or off: given without a value, they are set on. */
const FLAGS = new Set(['synchronize-panes', 'renumber-windows']);

/** set-option, or set-window-option (`window`: window options unless a flag says otherwise). */
const setOption = (name: string, aliases: string[], window: boolean): ShimCommand => ({
  name,
  aliases,
  flags: 'aFgopqsuUwt:',
  run: async (ctx, args) => {
    const [name, v] = args.rest;
    if (name === undefined) throw new ShimError('set-option: expects an option name');
    const unset = args.flags.has('u') || args.flags.has('U');
    if (name === 'synchronize-panes' && !unset) {
      const off = v === undefined ? undefined : v === 'off' || v === '0';
      if (v !== undefined && !off && v !== 'on' && v !== '1') throw new ShimError(`set-option: bad value for synchronize-panes: ${v}`);
      await ctx.request('synchronize-panes', { off: off ?? false });
    }
    const [scope] = await scopes(ctx, args, window);
    const kept = await ctx.request('tmux-show-options', { scopes: [scope] });
    const before = Object.hasOwn(kept.values, name) ? kept.values[name] : undefined;
    if (args.flags.has('o') && before !== undefined) {
      if (args.flags.has('q')) return;
      throw new ShimError(`already set: ${name}`);
    }
    const next = unset ? null : args.flags.has('a') && before !== undefined ? `${before}${v ?? ''}` : (v ?? (FLAGS.has(name) ? 'on' : ''));
    await ctx.request('tmux-set-option', { scope, name, value: next });
  },
});

const showOptions = (name: string, aliases: string[], window: boolean): ShimCommand => ({
  name,
  aliases,
  flags: 'AgHpqsvwt:',
  run: async (ctx, args) => {
    const kept = await ctx.request('tmux-show-options', { scopes: await scopes(ctx, args, window) });
    const known = { ...tmuxOptions(), ...kept.values };
    const name = args.rest[0];
    const names = name === undefined ? Object.keys(known).sort() : [name];
    if (name !== undefined && !Object.hasOwn(known, name)) {
      if (args.flags.has('q')) return;
      throw new ShimError(`invalid option: ${name}`);
    }
    ctx.print(names.map((n) => (args.flags.has('v') ? known[n] : `${n} ${known[n]}`)));
  },
});

/** Whether -n or -T names the root table (the key alone); the prefix table otherwise, and no other. */
function rootTable(args: Parsed, command: string): boolean {
  const table = value(args, 'T');
  if (table !== undefined && table !== 'prefix' && table !== 'root') throw new ShimError(`${command}: unsupported key table: ${table} (only prefix and root)`);
  return args.flags.has('n') || table === 'root';
}

const bindKey: ShimCommand = {
  name: 'bind-key',
  aliases: ['bind'],
  // -r (repeat) is accepted, but a key does not repeat without the prefix; -N's note is not kept.
  flags: 'nrN:T:',
  run: async (ctx, args) => {
    const root = rootTable(args, 'bind-key');
    const [key, ...words] = args.rest;
    if (key === undefined || !words.length) throw new ShimError('bind-key: expects a key and a command');
    await ctx.request('bind-key', { key, command: commandLine(words), root });
  },
};

const unbindKey: ShimCommand = {
  name: 'unbind-key',
  aliases: ['unbind'],
  flags: 'nqT:',
  run: async (ctx, args) => {
    const root = rootTable(args, 'unbind-key');
    if (args.rest.length !== 1) throw new ShimError('unbind-key: expects a key');
    await ctx.request('unbind-key', { key: args.rest[0], root }).catch((err) => {
      if (!args.flags.has('q')) throw err;
    });
  },
};

const setEnvironment: ShimCommand = {
  name: 'set-environment',
  aliases: ['setenv'],
  // -g: thurm's server is the session's, so its environment is the session's too; -h is accepted.
  flags: 'ghrut:',
  run: async (ctx, args) => {
    const [name, v] = args.rest;
    if (name === undefined || args.rest.length > 2) throw new ShimError('set-environment: expects a name and a value');
    await ctx.request('set-environment', { name, value: v, remove: args.flags.has('r'), unset: args.flags.has('u') });
  },
};

/** A value as a shell reads it back between double quotes. */
const shellQuoted = (v: string) => `"${v.replace(/["\\$`]/g, (c) => `\\${c}`)}"`;

const showEnvironment: ShimCommand = {
  name: 'show-environment',
  aliases: ['showenv'],
  flags: 'ghst:',
  run: async (ctx, args) => {
    const { variables } = await ctx.request('show-environment', { name: args.rest[0], global: args.flags.has('g') });
    ctx.print(variables.map((v) => (args.flags.has('s')
      ? (v.value === null ? `unset ${v.name};` : `${v.name}=${shellQuoted(v.value)}; export ${v.name};`)
      : (v.value === null ? `-${v.name}` : `${v.name}=${v.value}`))));
  },
};

export const OPTION_COMMANDS: ShimCommand[] = [setEnvironment, showEnvironment,
  setOption('set-option', ['set'], false), setOption('set-window-option', ['setw'], true),
  showOptions('show-options', ['show'], false), showOptions('show-window-options', ['showw'], true), bindKey, unbindKey,
];
