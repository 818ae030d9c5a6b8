// A real Mux with one pane on a fake pty and made-up processes, for specs of the commands that
// act on a pane: the program draws through `draw`, requests go through the dispatcher.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandContext } from '../../lib/commands/command.js';
import { dispatch } from '../../lib/commands/dispatch.js';
import type { Reply } from '../../lib/server/protocol.js';
import { fakeMux } from './fake-mux.js';
import { FakeProcesses } from './fake-proc.js';
import { livePane } from './live-pane.js';

const DETECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../spec/fixtures/detect');

/** A recorded detection screen (spec/fixtures/detect/), drawn from the top left. */
export function recorded(file: string): string {
  return `\x1b[H\x1b[2J${fs.readFileSync(path.join(DETECT, file), 'utf8').replace(/\n$/, '').split('\n').join('\r\n')}`;
}

/** Pane 1 of a session whose shell runs `program` in the foreground (none: the bare shell). */
export function commandPane(t: { teardown(fn: () => void): void }, program?: string[]) {
  const procs = new FakeProcesses(process.pid, ['bash'], '/home/u');
  const { mux, ptys } = fakeMux(t, { proc: procs.facts, size: { cols: 140, rows: 42 } });
  mux.start({ argv: ['bash'], cwd: '/' });
  const pane = livePane(mux, '1');
  if (program) procs.run(4242, program);
  pane.checkForeground();
  const ctx: CommandContext = { mux, clients: () => [], shutdown: () => {}, upgrade: async () => ({ pid: 0 }), renameSession: async () => {} };
  return {
    mux, ptys, pane, procs, pty: ptys[0],
    call: (request: Record<string, unknown>): Promise<Reply> => dispatch(ctx, { id: 1, pane: '1', ...request }),
    /** The program draws `text`, and thurm has parsed it. */
    draw: async (text: string) => { ptys[0].output(text); await pane.term.flushed(); },
  };
}
