// What goes into a pane and what comes out, tmux-style: send-keys (key names as tmux spells
// them, other words typed as text), capture-pane (lines -S to -E, to stdout or a paste buffer),
// pipe-pane (the output to a shell command, as it comes), display-message, list-panes and
// list-clients (formats).
import { joinWrapped } from '../term/history.js';
import { keyBytes } from '../term/keys.js';
import { value } from './args.js';
import { store } from './buffer-commands.js';
import type { ShimCommand, ShimContext } from './context.js';
import type { PaneInfo } from '../server/protocol.js';
import { ShimError } from './errors.js';

/** Characters of text per request, as `thurm send` splits them. */
const TEXT_CHUNK = 8192;

/** A word tmux would send as a key: a key name, not a character of text. */
const isKey = (word: string) => [...word].length > 1 && keyBytes(word) !== null;

const sendKeys: ShimCommand = {
  name: 'send-keys',
  aliases: ['send'],
  flags: 'lN:t:',
  run: async (ctx, args) => {
    const target = (await ctx.view()).paneTarget(value(args, 't'));
    const repeat = Number(value(args, 'N') ?? 1);
    if (!Number.isInteger(repeat) || repeat < 1 || repeat > 1000) throw new ShimError(`send-keys: repeat count is invalid: ${value(args, 'N')}`);
    // Runs of text then keys, in order: one `send` types its text before its keys.
    const groups: { text: string; keys: string[] }[] = [];
    for (const word of Array(repeat).fill(args.rest).flat() as string[]) {
      const last = groups.at(-1);
      const key = !args.flags.has('l') && isKey(word);
      if (key && last) last.keys.push(word);
      else if (key) groups.push({ text: '', keys: [word] });
      else if (last && !last.keys.length) last.text += word;
      else groups.push({ text: word, keys: [] });
    }
    for (const { text, keys } of groups) {
      const chars = [...text];
      const parts: string[] = [];
      for (let i = 0; i < chars.length; i += TEXT_CHUNK) parts.push(chars.slice(i, i + TEXT_CHUNK).join(''));
      for (const [i, part] of (parts.length ? parts : ['']).entries()) {
        const last = i === Math.max(parts.length - 1, 0);
        await ctx.request('send', { pane: target.id, text: part, keys: last && keys.length ? keys : undefined });
      }
    }
  },
};

/** A capture-pane line number: `-` is the far end, negative numbers are history. */
function lineNumber(v: string | undefined, fallback: number, far: number): number {
  if (v === undefined) return fallback;
  if (v === '-') return far;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new ShimError(`capture-pane: invalid line number: ${v}`);
  return n;
}

const MAX_HISTORY = 10_000_000;

const capturePane: ShimCommand = {
  name: 'capture-pane',
  aliases: ['capturep'],
  // -J joins wrapped lines; -N, -T, -C and -q are accepted: lines come as the screen shows
  // them, trailing blanks cut.
  flags: 'epqCJNTb:E:S:t:',
  run: async (ctx, args) => {
    const target = (await ctx.view()).paneTarget(value(args, 't'));
    const rows = target.size.rows;
    const start = lineNumber(value(args, 'S'), 0, -MAX_HISTORY);
    const end = lineNumber(value(args, 'E'), rows - 1, rows - 1);
    const { lines, wrapped } = await ctx.request('capture', {
      pane: target.id, scrollback: Math.min(Math.max(-start, 0), MAX_HISTORY), ansi: args.flags.has('e'), wrapped: args.flags.has('J'),
    });
    const history = lines.length - rows;
    const from = Math.max(history + start, 0), to = Math.max(history + Math.min(end, rows - 1) + 1, 0);
    const picked = wrapped ? joinWrapped(lines.slice(from, to), wrapped.slice(from, to)) : lines.slice(from, to);
    if (args.flags.has('p')) return ctx.print(picked);
    // Else a new paste buffer, or the one -b names, as tmux keeps it.
    await store(ctx, picked.join('\n'), value(args, 'b'), false);
  },
};

const displayMessage: ShimCommand = {
  name: 'display-message',
  aliases: ['display'],
  // -I, -v, -d and -c are accepted; without -p the message goes to every client's status line.
  flags: 'apvIc:d:F:t:',
  run: async (ctx, args) => {
    const view = await ctx.view();
    const pane = view.paneTarget(value(args, 't'));
    if (args.flags.has('a')) {
      return ctx.print(Object.keys(view.variables(pane)).sort().map((name) => `${name}=${ctx.format(view, pane, `#{${name}}`)}`));
    }
    const format = args.rest[0] ?? value(args, 'F') ?? '[#{session_name}] #{window_index}:#{window_name}, current pane #{pane_index}';
    // The client a pane's command means: the one attached last (asked only when the format names one).
    const client = /client_/.test(format) ? (await clients(ctx)).at(-1) : undefined;
    const extra = { ...clientVariables(client, view), ...(HISTORY_VARIABLES.test(format) ? await history(ctx, pane) : {}) };
    const text = ctx.format(view, pane, format, extra);
    if (args.flags.has('p')) ctx.print([text]);
    else await ctx.request('display-message', { text });
  },
};

/** The formats that need a pane's history, which costs a capture to count. */
const HISTORY_VARIABLES = /history_(size|bytes)/;

/**
 * A pane's history as tmux's formats give it: the lines kept above its screen, and their bytes
 * (tmux counts its cells' memory; thurm, the text's UTF-8). Asked only for a format that uses them.
 */
async function history(ctx: ShimContext, pane: PaneInfo): Promise<Record<string, string>> {
  const { lines } = await ctx.request('capture', { pane: pane.id, scrollback: MAX_HISTORY });
  const kept = lines.slice(0, Math.max(lines.length - pane.size.rows, 0));
  return { history_size: String(kept.length), history_bytes: String(kept.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0)) };
}

type Client = { id: string; cols: number; rows: number; readOnly: boolean; attachedAt: string };

async function clients(ctx: ShimContext): Promise<Client[]> {
  return (await ctx.request('clients', {})).clients;
}

/** tmux's client_* formats for a client (all empty without one, as tmux's are). */
function clientVariables(c: Client | undefined, view: { info: { session: string } }): Record<string, string> {
  return {
    client_name: c ? `client ${c.id}` : '', client_width: c ? String(c.cols) : '', client_height: c ? String(c.rows) : '',
    client_session: c ? view.info.session : '', client_readonly: c ? (c.readOnly ? '1' : '0') : '',
    client_created: c ? String(Math.floor(Date.parse(c.attachedAt) / 1000)) : '', client_utf8: c ? '1' : '',
  };
}

const listClients: ShimCommand = {
  name: 'list-clients',
  aliases: ['lsc'],
  flags: 'F:f:t:',
  run: async (ctx, args) => {
    const view = await ctx.view();
    const format = value(args, 'F') ?? '#{client_name}: #{session_name} [#{client_width}x#{client_height}]#{?client_readonly, (read-only),}';
    const pane = view.paneTarget(undefined);
    const lines = (await clients(ctx)).map((c) => ctx.listLine(view, pane, format, value(args, 'f'), clientVariables(c, view)));
    ctx.print(lines.filter((l) => l !== null));
  },
};

const listPanes: ShimCommand = {
  name: 'list-panes',
  aliases: ['lsp'],
  flags: 'asF:f:t:',
  run: async (ctx, args) => {
    // -a: the panes of every session, -s: of the target's session, else of the target window.
    const sessions = args.flags.has('a') ? await ctx.sessions() : [{ session: ctx, view: await ctx.view() }];
    // tmux 3.3a's lines: `-s` names the window, `-a` the session too.
    const where = args.flags.has('a') ? '#{session_name}:#{window_index}.' : args.flags.has('s') ? '#{window_index}.' : '';
    const format = value(args, 'F')
      ?? `${where}#{pane_index}: [#{pane_width}x#{pane_height}] [history #{history_size}/#{history_limit}, #{history_bytes} bytes] #{pane_id}#{?pane_active, (active),}#{?pane_dead, (dead),}`;
    const filter = value(args, 'f');
    const wantsHistory = HISTORY_VARIABLES.test(`${format}${filter ?? ''}`);
    const lines: (string | null)[] = [];
    for (const { session, view } of sessions) {
      const windows = args.flags.has('a') || args.flags.has('s') ? view.info.windows : [view.window(value(args, 't'))];
      for (const pane of windows.flatMap((w) => w.panes).map((id) => view.paneTarget(`%${id}`))) {
        lines.push(session.listLine(view, pane, format, filter, wantsHistory ? await history(session, pane) : {}));
      }
    }
    ctx.print(lines.filter((l) => l !== null));
  },
};

const pipePane: ShimCommand = {
  name: 'pipe-pane',
  aliases: ['pipep'],
  flags: 'IOot:',
  run: async (ctx, args) => {
    if (args.rest.length > 1) throw new ShimError('pipe-pane: expects at most one argument: the shell command');
    const view = await ctx.view();
    const target = view.paneTarget(value(args, 't'));
    // As tmux: the command's formats are expanded for the pane (`cat >> pane-#{pane_id}.log`); none closes the pipe.
    const command = args.rest[0] ? ctx.format(view, target, args.rest[0]) : undefined;
    if (target.exit) throw new ShimError('target pane has exited');
    await ctx.request('pipe', { pane: target.id, command, input: args.flags.has('I'), output: args.flags.has('O'), toggle: args.flags.has('o') });
  },
};

export const PANE_IO_COMMANDS: ShimCommand[] = [sendKeys, capturePane, pipePane, displayMessage, listPanes, listClients];
