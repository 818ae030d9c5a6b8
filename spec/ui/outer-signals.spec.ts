import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { OuterSignals } from '../../lib/ui/outer-signals.js';
import { CLEAR_STATUS, STATUS_QUERY } from '../../lib/ui/outer-status.js';
import { DEFAULT_FACTS, outerTerminal, type OuterTerminal } from '../../lib/ui/outer-terminal.js';
import { TerminalOutput } from '../../lib/ui/terminal-output.js';
import { fakeMux } from '../helpers/fake-mux.js';

const XTERM = outerTerminal(DEFAULT_FACTS, 'auto');
/** A terminal that would print OSC strings rather than parse them. */
const NO_OSC: OuterTerminal = { ...XTERM, osc: false };

function signals(t: { teardown(fn: () => void): void }, outer = XTERM, ui: Partial<typeof DEFAULT_CONFIG.ui> = {}, desktop = DEFAULT_CONFIG.notifications.desktop) {
  const { mux } = fakeMux(t);
  mux.setConfig({ ...DEFAULT_CONFIG, ui: { ...DEFAULT_CONFIG.ui, ...ui }, notifications: { ...DEFAULT_CONFIG.notifications, desktop } });
  mux.start({ argv: ['sh'], cwd: '/' });
  const terminal = new TerminalOutput(outer);
  return { mux, signals: new OuterSignals(mux, () => terminal) };
}

test('copied text goes to the clipboard as OSC 52 only with [ui] clipboard on and a terminal that parses OSC strings', (t) => {
  t.is(signals(t).signals.clipboard('héllo'), `\x1b]52;c;${Buffer.from('héllo').toString('base64')}\x07`);
  t.is(signals(t, XTERM, { clipboard: false }).signals.clipboard('hello'), '');
  t.is(signals(t, NO_OSC).signals.clipboard('hello'), '');
  t.is(signals(t).signals.clipboard(''), '', 'nothing to copy, nothing sent');
});

test('the title names the focused pane and is sent again only when it changed', (t) => {
  const { mux, signals: s } = signals(t);
  const title = `\x1b]2;spec: ${mux.focused} ${mux.pane(mux.focused!).title}\x07`;
  t.is(s.frame(), title);
  t.is(s.frame(), '', 'the same title is not sent twice');
  t.is(signals(t, XTERM, { setTitle: false }).signals.frame(), '');
  t.is(signals(t, NO_OSC).signals.frame(), '');
});

test('a notification is flashed in full and sent to the desktop as OSC 9 or 777, without control characters', (t) => {
  const n = { cause: 'program' as const, title: 'Build', text: 'done\x1b]2;pwned\x07 ok' };
  const nine = signals(t).signals.notification('%1', n);
  t.false(nine.osc.slice(0, -1).includes('\x07') || nine.osc.slice(1).includes('\x1b'), JSON.stringify(nine.osc));
  t.regex(nine.osc, /^\x1b\]9;thurm pane %1: done.*ok\x07$/);
  t.regex(nine.message, /^pane %1: Build - done.*ok$/);
  t.regex(signals(t, XTERM, {}, 'osc777').signals.notification('%1', { ...n, title: 'a;b' }).osc, /^\x1b\]777;notify;thurm pane %1 a,b;done.*ok\x07$/);
  t.is(signals(t, NO_OSC).signals.notification('%1', n).osc, '', 'a terminal without OSC strings gets only the status line');
  t.is(signals(t, XTERM, {}, 'off').signals.notification('%1', n).osc, '');
});

test('the session\'s state is asked about at attach, told only once the terminal answered, and cleared at close unless upgrading', (t) => {
  const { signals: s } = signals(t, XTERM, { setTitle: false });
  t.true(s.attach(XTERM).endsWith(STATUS_QUERY));
  t.is(s.frame(), '', 'no answer yet: nothing is told');
  t.is(s.farewell(false), '');
  s.statusAnswered();
  t.true(s.frame().startsWith('\x1b]7501;state=clear'));
  t.is(s.frame(), '', 'told again only when it changes');
  t.is(s.farewell(false), CLEAR_STATUS);
  t.is(s.farewell(true), '', 'a new server build goes on telling it');
  t.false(signals(t, XTERM, { outerStatus: false }).signals.attach(XTERM).includes(STATUS_QUERY));
});
