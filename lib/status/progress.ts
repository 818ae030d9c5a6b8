// ConEmu's OSC 9;4 progress (st 0 remove, 1 set, 2 error, 3 indeterminate, 4 paused), which
// wins over record progress while it is set. See https://conemu.github.io/en/AnsiEscapeCodes.html
// (thurm accepts a missing value as 0 and clamps values above 100).

export type ProgressState = 'normal' | 'error' | 'indeterminate' | 'paused';
export interface Progress { state: ProgressState; value: number | null }

/** Parses the data of an OSC 9 that starts with `4;`; undefined when it is not well formed. */
export function parseOsc9Progress(data: string): Progress | null | undefined {
  const m = /^4;([0-4])(?:;(\d{0,3}))?$/.exec(data);
  if (!m) return undefined;
  const value = m[2] ? Math.min(Number(m[2]), 100) : null;
  switch (m[1]) {
    case '0': return null;
    case '1': return { state: 'normal', value: value ?? 0 };
    case '2': return { state: 'error', value };
    case '3': return { state: 'indeterminate', value: null };
    default: return { state: 'paused', value };
  }
}
