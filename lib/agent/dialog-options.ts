// The numbered options a dialog on a pane's screen offers (`❯ 1. Yes`, `│ ● 2. Allow always`,
// `3) No`): what `agent answer --choice N` may pick. Only the lowest run of option rows counts,
// so a numbered list earlier in the transcript is not taken for the dialog's choices.

const OPTION_ROW = /^[ \t│┃|]*(?:[●❯›>*][ \t]*)?([1-9])[.)][ \t]+\S/;

/** The option numbers of the bottom-most run of numbered rows, in screen order; [] when none. */
export function dialogOptions(lines: readonly string[]): number[] {
  let end = lines.length - 1;
  while (end >= 0 && !OPTION_ROW.test(lines[end])) end--;
  const options: number[] = [];
  for (let y = end; y >= 0; y--) {
    const m = OPTION_ROW.exec(lines[y]);
    if (!m) break;
    options.unshift(Number(m[1]));
  }
  return options;
}
