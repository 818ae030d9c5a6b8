// `thurm record FILE` / `thurm record --stop`: a pane's output as an asciicast v2 file, with its
// status changes as markers (session/pane-recordings.ts); `thurm replay FILE` plays one.
import path from 'node:path';
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const record = defineCommand({
  name: 'record',
  describe: 'Record what a pane prints from now on to FILE, an asciicast v2 file with its status changes as markers; --stop ends it',
  details: '; the file plays in asciinema\'s player or with `thurm replay`; it is written with mode 0600 and never overwritten without `--force`; '
    + 'a recording ends with `--stop`, the pane, or the server (`server upgrade` too), and outlives a respawn',
  fields: {
    pane: paneField,
    file: field.string({ min: 2, max: 4096, pattern: /^\//, expected: 'an absolute path' }).describe('the recording\'s file').optional()
      .cli({ as: 'positional', placeholder: 'FILE', read: (v) => (v === undefined ? undefined : path.resolve(String(v))) }),
    stop: field.bool().describe('end the pane\'s recording').default(false).cli(),
    force: field.bool().describe('overwrite FILE if it exists').default(false).cli(),
  },
  result: {
    pane: field.string({ max: 32 }),
    file: field.string({ max: 4096 }).nullable().describe('the recording started or stopped (null: the pane had none to stop)'),
    recording: field.bool().describe('whether the pane records now'),
    dropped: field.int({ min: 0 }).describe('bytes of output left out of the file because the disk fell 8 MiB behind'),
  },
  run: async (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    if (a.stop) {
      const stopped = await ctx.mux.recordings.stop(id);
      return { pane: id, file: stopped?.file ?? null, recording: false, dropped: stopped?.dropped ?? 0 };
    }
    if (a.file === undefined) {
      const now = ctx.mux.recordings.describe(id);
      return { pane: id, file: now?.file ?? null, recording: now !== null, dropped: now?.dropped ?? 0 };
    }
    ctx.mux.recordings.start(id, a.file, a.force);
    return { pane: id, file: a.file, recording: true, dropped: 0 };
  },
  print: (r) => (r.recording ? `pane ${r.pane} recording to ${r.file}`
    : r.file ? `pane ${r.pane}: recording stopped, ${r.file}${r.dropped ? ` (${r.dropped} bytes of output left out: the disk fell behind)` : ''}`
      : `pane ${r.pane}: no recording`),
});
