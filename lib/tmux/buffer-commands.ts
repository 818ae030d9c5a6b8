// Paste buffers, tmux-style (vim-slime, tmux-yank and scripts use them): set-buffer, show-buffer,
// list-buffers, paste-buffer, load-buffer, save-buffer and delete-buffer, over thurm's own
// buffers, the ones copy mode and `thurm set-buffer` fill.
import fs from 'node:fs';
import { sanitizeText } from '../sanitize.js';
import { value, type Parsed } from './args.js';
import type { ShimCommand, ShimContext } from './context.js';
import { ShimError } from './errors.js';
import { expand, truthy } from './format.js';

/** Characters per set-buffer request, as `thurm send` splits its text: any of them fits a frame. */
const CHUNK = 8192;

interface BufferInfo { name: string; bytes: number; createdAt: string; text: string }

/** Keeps `text` as a buffer (the one named, else a new one; `append`: at its end), in as many requests as it takes. */
export async function store(ctx: ShimContext, text: string, name: string | undefined, append: boolean, clipboard = false): Promise<void> {
  let buffer = name;
  for (let i = 0; i === 0 || i < text.length; i += CHUNK) {
    // -w: the clipboard gets the whole buffer, once its last part is in.
    const last = i + CHUNK >= text.length;
    buffer = (await ctx.request('set-buffer', { text: text.slice(i, i + CHUNK), buffer, append: append || i > 0, clipboard: clipboard && last })).buffer;
  }
}

/** The buffer `-b` names, else the newest; tmux's errors when there is none. */
async function buffer(ctx: ShimContext, args: Parsed): Promise<BufferInfo> {
  const name = value(args, 'b');
  const { buffers } = await ctx.request('buffers', {});
  const found = name === undefined ? buffers[0] : buffers.find((b) => b.name === name);
  if (!found) throw new ShimError(name === undefined ? 'no buffers' : `no buffer ${name}`);
  return found;
}

/** The one word after the flags (`what` the command takes there, for the error). */
function oneArgument(args: Parsed, command: string, what: string): string {
  if (args.rest.length !== 1) throw new ShimError(`${command}: expects one argument: ${what}`);
  return args.rest[0];
}

/** A file that could not be read or written, as tmux says it. */
function fileError(file: string, err: unknown): ShimError {
  return new ShimError(`${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'No such file or directory' : (err as Error).message}`);
}

const setBuffer: ShimCommand = {
  name: 'set-buffer',
  aliases: ['setb'],
  flags: 'awb:n:t:',
  run: async (ctx, args) => {
    const rename = value(args, 'n');
    if (rename !== undefined) return void (await ctx.request('rename-buffer', { name: rename, buffer: (await buffer(ctx, args)).name }));
    await store(ctx, oneArgument(args, 'set-buffer', 'the data'), value(args, 'b'), args.flags.has('a'), args.flags.has('w'));
  },
};

const loadBuffer: ShimCommand = {
  name: 'load-buffer',
  aliases: ['loadb'],
  flags: 'wb:t:',
  run: async (ctx, args) => {
    const file = oneArgument(args, 'load-buffer', 'a path, or - for stdin');
    let text: string;
    try {
      text = fs.readFileSync(file === '-' ? 0 : file, 'utf8');
    } catch (err) {
      throw fileError(file, err);
    }
    await store(ctx, text, value(args, 'b'), false, args.flags.has('w'));
  },
};

const showBuffer: ShimCommand = {
  name: 'show-buffer',
  aliases: ['showb'],
  flags: 'b:',
  run: async (ctx, args) => {
    // As tmux does: the text as it is, with no newline added.
    ctx.out((await buffer(ctx, args)).text);
  },
};

const saveBuffer: ShimCommand = {
  name: 'save-buffer',
  aliases: ['saveb'],
  flags: 'ab:',
  run: async (ctx, args) => {
    const file = oneArgument(args, 'save-buffer', 'a path, or - for stdout');
    const { text } = await buffer(ctx, args);
    if (file === '-') return ctx.out(text);
    try {
      (args.flags.has('a') ? fs.appendFileSync : fs.writeFileSync)(file, text);
    } catch (err) {
      throw fileError(file, err);
    }
  },
};

const deleteBuffer: ShimCommand = {
  name: 'delete-buffer',
  aliases: ['deleteb'],
  flags: 'b:',
  run: async (ctx, args) => {
    await ctx.request('delete-buffer', { buffer: (await buffer(ctx, args)).name });
  },
};

const listBuffers: ShimCommand = {
  name: 'list-buffers',
  aliases: ['lsb'],
  flags: 'F:f:',
  run: async (ctx, args) => {
    const { buffers } = await ctx.request('buffers', {});
    const format = value(args, 'F') ?? '#{buffer_name}: #{buffer_size} bytes: "#{buffer_sample}"';
    const filter = value(args, 'f');
    const lines = buffers.map((b) => {
      // A sample as tmux's: the first 50 characters, control characters escaped.
      const vars: Record<string, string> = {
        buffer_name: b.name, buffer_size: String(b.bytes), buffer_sample: sanitizeText(b.text, 50),
        buffer_created: String(Math.floor(Date.parse(b.createdAt) / 1000)),
      };
      const lookup = (name: string) => vars[name];
      return filter === undefined || truthy(expand(filter, lookup)) ? expand(format, lookup) : null;
    });
    ctx.print(lines.filter((l): l is string => l !== null));
  },
};

const pasteBuffer: ShimCommand = {
  name: 'paste-buffer',
  aliases: ['pasteb'],
  flags: 'dprb:s:t:',
  run: async (ctx, args) => {
    const target = (await ctx.view()).paneTarget(value(args, 't'));
    const { name } = await buffer(ctx, args);
    // tmux types each newline as the separator (a carriage return, as Enter; -r keeps newlines),
    // and brackets the paste only with -p, when the program asked for it.
    await ctx.request('paste', {
      pane: target.id, buffer: name, separator: args.flags.has('r') ? undefined : value(args, 's') ?? '\r',
      plain: !args.flags.has('p'), delete: args.flags.has('d'),
    });
  },
};

export const BUFFER_COMMANDS: ShimCommand[] = [setBuffer, loadBuffer, showBuffer, saveBuffer, deleteBuffer, listBuffers, pasteBuffer];
