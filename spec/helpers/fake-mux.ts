// A Mux on fake ptys, for specs: optionally on made-up processes (fake-proc.ts) and a made-up
// clock, whose timers (the Mux's status watch, the panes' foreground looks) then never fire: on a
// made-up clock every look is the spec's own. It ends with the test.
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { Mux, type MuxOptions } from '../../lib/session/mux.js';
import { FakePty } from './fake-pty.js';

export function fakeMux(t: { teardown(fn: () => void): void }, opts: Partial<Pick<MuxOptions, 'proc' | 'now' | 'size'>> = {}): { mux: Mux; ptys: FakePty[] } {
  const ptys: FakePty[] = [];
  const mux = new Mux({
    session: 'spec', socketPath: '/nonexistent', config: DEFAULT_CONFIG, size: opts.size ?? { cols: 80, rows: 24 },
    spawn: (o) => {
      const fake = new FakePty(o);
      ptys.push(fake);
      return fake;
    },
    ...(opts.proc && { proc: opts.proc }),
    ...(opts.now && { now: opts.now, timer: () => ({ set() {}, clear() {} }) }),
  });
  t.teardown(() => mux.end());
  return { mux, ptys };
}
