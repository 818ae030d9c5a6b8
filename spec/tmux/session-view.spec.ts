// tmux targets resolved against a session as `thurm info` gives it.
import test from 'ava';
import type { PaneInfo, SessionInfo } from '../../lib/server/protocol.js';
import { SessionView } from '../../lib/tmux/session-view.js';

const pane = (id: string, window: number): PaneInfo => ({
  id, window, focused: false, size: { cols: 80, rows: 24 }, command: ['sh'], cwd: '/', pid: 100 + Number(id), title: `t${id}`,
  position: { x: 0, y: 1 }, foreground: null, status: { state: 'none', source: 'none', kind: null, app: null, text: '', progress: null, seq: 1 },
  programs: [], agent: null, hook: null, exit: null, pipe: null, recording: null, usage: null,
});

const info: SessionInfo = {
  session: 'work', serverPid: 1, clients: 1, marked: null,
  windows: [
    { index: 0, id: '@0', name: 'edit', current: false, last: true, panes: ['1', '4'], active: '4', lastPane: '1', layout: '0000,161x40,0,0{80x40,0,0,1,80x40,81,0,4}', state: 'none' },
    { index: 3, id: '@2', name: 'agents', current: true, last: false, panes: ['2', '3'], active: '3', lastPane: null, layout: '0000,80x40,0,0[80x20,0,0,2,80x20,0,20,3]', state: 'none' },
  ],
  panes: [pane('1', 0), pane('4', 0), pane('2', 3), pane('3', 3)],
  save: { file: null, savedAt: null, error: null }, restore: null,
};

const CASES: [string | undefined, string][] = [
  [undefined, '1'], ['', '1'], ['%4', '4'], ['@2', '3'], [':3', '3'], ['3', '3'], ['0.0', '1'], [':0.1', '4'], ['work:3.0', '2'],
  ['=work:', '3'], ['work', '3'], ['$0:0', '4'], ['edit', '4'], ['agents.1', '3'], ['@0.%1', '1'],
];

for (const [target, expected] of CASES) {
  test(`pane target ${JSON.stringify(target)} is pane ${expected} (the caller is pane 1)`, (t) => {
    t.is(new SessionView(info, '1', '/s').paneTarget(target).id, expected);
  });
}

test('window tokens: {start} ^, {end} $, {last} !, {next} + and {previous} - by index from the current window, around the ends', (t) => {
  const view = new SessionView(info, '1', '/s');
  const windows = ['{start}', '^', '{end}', '$', '{last}', '!', '{next}', '+', '+2', '{previous}', '-', '-3', 'work:{start}'].map((w) => view.window(w).id);
  t.deepEqual(windows, ['@0', '@0', '@2', '@2', '@0', '@0', '@0', '@0', '@2', '@0', '@0', '@0', '@0']);
  t.throws(() => new SessionView({ ...info, windows: info.windows.map((w) => ({ ...w, last: false })) }, '1', '/s').window('{last}'), { message: 'no last window' });
});

test('pane tokens: {next} + and {previous} - from the window\'s active pane, {last} ! the pane active before it, and the pane at a side or corner', (t) => {
  // Window @0: pane 1 on the left, pane 4 to its right; the caller is pane 1.
  const sideBySide: SessionInfo = { ...info, panes: info.panes.map((p) => (p.id === '4' ? { ...p, position: { x: 81, y: 1 } } : p)) };
  const view = new SessionView(sideBySide, '1', '/s');
  const panes = ['{next}', '+', '{previous}', '-', '{left}', '{right}', '{top-right}', '{bottom-left}', 'agents.{next}', ':3.-', '{end}.+'].map((p) => view.paneTarget(p).id);
  t.deepEqual(panes, ['1', '1', '1', '1', '1', '4', '4', '1', '2', '2', '2']);
  t.deepEqual(['{last}', '!', 'edit.{last}'].map((p) => view.paneTarget(p).id), ['1', '1', '1']);
  t.throws(() => view.paneTarget('agents.{last}'), { message: 'can\'t find pane: {last}' }, 'a window with no last pane');
});

test('targets that name nothing fail as tmux says it', (t) => {
  const view = new SessionView(info, '1', '/s');
  t.throws(() => view.paneTarget('%9'), { message: "can't find pane: %9" });
  t.throws(() => view.paneTarget(':7'), { message: "can't find window: 7" });
  t.throws(() => view.paneTarget('other:0'), { message: "can't find session: other" });
  t.throws(() => view.paneTarget('0.5'), { message: "can't find pane: 0.5" });
  t.throws(() => view.paneTarget(':3.%1'), { message: "can't find pane: :3.%1" });
});

test('without a caller pane the default is the focused pane of the current window', (t) => {
  t.is(new SessionView(info, undefined, '/s').paneTarget(undefined).id, '3');
  t.is(new SessionView(info, '99', '/s').window(undefined).id, '@2');
});

test('a pane\'s variables are tmux\'s names for its facts', (t) => {
  const v = new SessionView(info, '1', '/s').variables(info.panes[3]);
  t.like(v, {
    pane_id: '%3', pane_index: '1', pane_active: '1', pane_title: 't3', pane_top: '1', pane_left: '0', pane_right: '79', pane_bottom: '24',
    window_id: '@2', window_index: '3', window_name: 'agents', window_active: '1', window_flags: '*', window_panes: '2',
    session_name: 'work', session_id: '$0', socket_path: '/s', version: '3.4', 'focus-events': 'on',
  });
});
