// The modes at the bottom of a client's stack (modes.ts), always there. From the top: thurm's
// own keys (the prefix, `[[keys.bind]]` keys without it), the focused pane's copy mode when it
// is in one, and the focused pane, which gets the rest as its program asked keys to be encoded.
// An observer (`attach --read-only`) has one mode instead: the prefix, then `d`, `C-z` or `?`.
import { encodeInput, legacyInput, typesItself } from '../term/key-encoding.js';
import { pasteBytes } from '../term/keys.js';
import type { Mux } from '../session/mux.js';
import { keyName } from './input.js';
import { PrefixMode, type Mode, type ModeStack, type Taken } from './modes.js';
import { runBinding, type UiContext } from './ui-actions.js';

/** The command line bind-key or `[[keys.bind]]` gives a key (after the prefix, or on its own); bind-key's wins. */
function userBinding(mux: Mux, key: string, afterPrefix: boolean): string | null {
  // Every key typed asks: the tables are searched where they are, not copied (issue 24's echo).
  const bound = (b: { key: string; prefix: boolean }) => b.key === key && b.prefix === afterPrefix;
  return (mux.keyBinds.list().find(bound) ?? mux.config.keys.bind.find(bound))?.command ?? null;
}

const focusedPane = (mux: Mux) => (mux.focused ? mux.pane(mux.focused) : null);

/** The base modes of a client that types, bottom first. */
export function normalModes(c: UiContext, modes: Pick<ModeStack, 'push'>): Mode[] {
  const { mux } = c;
  const pane: Mode = {
    handle(t) {
      const focused = focusedPane(mux);
      if (!focused) return true;
      if (t.kind === 'key') return typesItself(t.seq) ? t.seq : encodeInput(t.seq, focused.term.keyModes);
      return t.kind === 'paste' ? pasteBytes(t.text, focused.term.modes) : false;
    },
  };
  const copy: Mode = {
    // A paste into a pane in copy mode is dropped.
    handle(t) {
      const focused = mux.focused;
      if (!focused || !c.copy.get(focused)) return false;
      return t.kind === 'paste' || (t.kind === 'key' && c.copy.key(focused, keyName(legacyInput(t.seq))));
    },
  };
  /** The key after the prefix: the prefix again goes to the pane, any other runs its binding. */
  const afterPrefix = (raw: string): Taken => {
    const seq = legacyInput(raw);
    if (seq === mux.config.keys.prefixBytes) {
      const focused = focusedPane(mux);
      return focused ? encodeInput(raw, focused.term.keyModes) : seq;
    }
    const bound = userBinding(mux, keyName(seq), true);
    if (bound) c.runCommandLine(bound);
    else runBinding(c, keyName(seq));
    return true;
  };
  const bindings: Mode = {
    handle(t) {
      if (t.kind !== 'key') return false;
      const seq = legacyInput(t.seq);
      const prefix = mux.config.keys.prefixBytes;
      const direct = seq === prefix ? null : userBinding(mux, keyName(seq), false);
      if (direct) c.runCommandLine(direct);
      else if (seq === prefix) modes.push(new PrefixMode(afterPrefix));
      return !!direct || seq === prefix;
    },
  };
  return [pane, copy, bindings];
}

/** An observer's one base mode: only the prefix, then `d` (detach itself), `C-z` (suspend itself) or `?` (the help). */
export function observerModes(c: UiContext, modes: Pick<ModeStack, 'push'>): Mode[] {
  const afterPrefix = (raw: string): true => {
    const seq = legacyInput(raw);
    if (seq === 'd' || seq === '?' || seq === '\x1a') runBinding(c, keyName(seq));
    return true;
  };
  return [{
    handle(t) {
      if (t.kind === 'key' && legacyInput(t.seq) === c.mux.config.keys.prefixBytes) modes.push(new PrefixMode(afterPrefix));
      return true;
    },
  }];
}
