// How wide the specs' client terminals count characters. thurm's panes count by Unicode 11;
// many current terminals (kitty, WezTerm, foot, Ghostty) go further and cluster graphemes: an
// emoji presentation selector (U+FE0F) widens a narrow character to two columns, and a zero-width
// joiner pulls the next character into the same cell. A client like that must still show every
// cell where the pane has it.
import type { IUnicodeVersionProvider, Terminal } from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';
import { useUnicode11 } from '../../lib/term/unicode.js';

const { Unicode11Addon } = unicode11 as unknown as typeof import('@xterm/addon-unicode11');

/** xterm's packed character properties: a state for the next character, a width, join or not. */
const props = (state: number, width: number, join: boolean) => (state << 3) | (width << 1) | (join ? 1 : 0);
const widthOf = (p: number) => (p >> 1) & 3;
const AFTER_JOINER = 1;

/** The Unicode 11 provider itself, taken from the addon as it registers it. */
function unicode11Provider(): IUnicodeVersionProvider {
  let provider: IUnicodeVersionProvider | undefined;
  new Unicode11Addon().activate({ unicode: { register: (p: IUnicodeVersionProvider) => { provider = p; } } } as unknown as Parameters<InstanceType<typeof Unicode11Addon>["activate"]>[0]);
  return provider!;
}

/** Makes `term` count widths as a grapheme-clustering terminal does. */
export function useGraphemeWidths(term: Terminal): void {
  useUnicode11(term);
  const u11 = unicode11Provider();
  term.unicode.register({
    version: 'graphemes',
    wcwidth: (cp) => u11.wcwidth(cp),
    charProperties(cp, preceding) {
      const before = widthOf(preceding);
      const width = u11.wcwidth(cp);
      if (preceding !== 0 && before > 0) {
        if (cp === 0xfe0f) return props(0, 2, true);
        if (cp === 0x200d) return props(AFTER_JOINER, before, true);
        if (preceding >> 3 === AFTER_JOINER || width === 0) return props(0, Math.max(before, width), true);
      }
      return props(0, width, false);
    },
  });
  term.unicode.activeVersion = 'graphemes';
}
