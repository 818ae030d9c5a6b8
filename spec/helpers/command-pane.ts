// A real Mux with one pane on a fake pty and made-up processes, for specs of the commands that
// act on a pane: the program draws through `draw`, requests go through the dispatcher.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandContext } from '../../lib/commands/command.js';
import { dispatch } from '../../lib/commands/dispatch.js';
import type { Reply } from '../../lib/server/protocol.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { Mux } from '../../lib/session/mux.js';
import { FakeProcesses } from './fake-proc.js';
import { FakePty } from './fake-pty.js';

const DETECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../spec/fixtures/detect');

/** A recorded detection screen (spec/fixtures/detect/), drawn from the top left. */
export function recorded(file: string): string {
  return `\x1b[H\x1b[2J${fs.readFileSync(path.join(DETECT, file), 'utf8').replace(/\n$/, '').split('\n').join('\r\n')}`;
}

/** Pane 1 of a session whose shell runs `program` in the foreground (none: the bare shell). */
export function commandPane(t: { teardown(fn: () => void): void }, program?: string[]) {
  const procs = new FakeProcesses(process.pid, ['bash'], '/home/u');
  const ptys: FakePty[] = [];
  const mux = new Mux({
    session: 'spec', socketPath: '/nonexistent', config: DEFAULT_CONFIG, size: { cols: 140, rows: 42 },
    spawn: (opts) => { const p = new FakePty(opts); ptys.push(p); return p; },
    proc: procs.facts,
  });
  t.teardown(() => mux.end());
  mux.start({ argv: ['bash'], cwd: '/' });
  const pane = mux.pane('1');
  if (program) procs.run(4242, program);
  pane.checkForeground();
  const ctx: CommandContext = { mux, clients: () => [], shutdown: () => {}, upgrade: async () => ({ pid: 0 }), renameSession: async () => {} };
  return {
    pane, procs, pty: ptys[0],
    call: (request: Record<string, unknown>): Promise<Reply> => dispatch(ctx, { id: 1, pane: '1', ...request }),
    /** The program draws `text`, and thurm has parsed it. */
    draw: async (text: string) => { ptys[0].output(text); await pane.term.flushed(); },
  };
}
