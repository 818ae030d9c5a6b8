import test from 'ava';
import { queryReply, type State } from '../../lib/status/osc7501.js';
import { Notifier } from '../../lib/session/notifier.js';
import { ProgramStatus, type StatusNotification } from '../../lib/status/program-status.js';

const ST = '\x1b\\';
const BEL = '\x07';
const b64 = (s: string) => Buffer.from(s).toString('base64');

/**
 * A ProgramStatus with hooks that record every call, and a clock the test sets; its changes
 * and requests go through the session's notifier, as the Mux passes them on.
 */
function pane() {
  const seen = { replies: [] as string[], changed: 0, notes: [] as StatusNotification[] };
  let clock = 0;
  let foreground: number | null = null;
  const notifier = new Notifier((_pane, n) => seen.notes.push(n), () => clock);
  const status: ProgramStatus = new ProgramStatus({
    reply: (data) => seen.replies.push(data),
    changed: () => {
      seen.changed++;
      notifier.statusChanged('1', status.summary());
    },
    notify: (n) => notifier.programAsked('1', n),
    foregroundGroup: () => foreground,
  }, () => clock);
  /** One OSC 7501, as the pane hands it over: raw bytes to scan(), then the body to the hook. */
  const send = (body: string, terminator = ST, at = clock) => {
    clock = at;
    status.scan(Buffer.from(`\x1b]7501;${body}${terminator}`));
    status.onOsc7501(body);
  };
  return { status, seen, send, setClock: (ms: number) => { clock = ms; }, setForeground: (g: number | null) => { foreground = g; } };
}

test('a query ended by BEL is answered with BEL', (t) => {
  const { seen, send } = pane();
  send('?', BEL);
  t.deepEqual(seen.replies, [queryReply('bel')]);
  t.true(queryReply('bel').endsWith(BEL));
});

test('a query ended by ST is answered with ST', (t) => {
  const { seen, send } = pane();
  send(' ? ', ST);
  t.deepEqual(seen.replies, [queryReply('st')]);
  t.true(queryReply('st').endsWith(ST));
});

test('a query in C1 controls is answered with ST', (t) => {
  const { status, seen } = pane();
  status.scan(Buffer.from('\xc2\x9d7501;?\xc2\x9c', 'latin1'));
  status.onOsc7501('?');
  t.deepEqual(seen.replies, [queryReply('st')]);
});

test('queries answered in turn keep each their own terminator', (t) => {
  const { status, seen } = pane();
  status.scan(Buffer.from(`\x1b]7501;?${ST}\x1b]7501;?${BEL}`));
  status.onOsc7501('?');
  status.onOsc7501('?');
  t.deepEqual(seen.replies, [queryReply('st'), queryReply('bel')]);
});

test('a body that is not exactly a query gets no reply and changes nothing', (t) => {
  const { status, seen, send } = pane();
  send('??');
  send('?:x=1');
  t.deepEqual(seen.replies, []);
  t.is(seen.changed, 0);
  t.is(status.records.size, 0);
});

// Regression: an oversized sequence once made take() miss and drain the framings queued
// after it, so the query got the default BEL.
test('a query with ST right after an oversized report in the same chunk is answered with ST', (t) => {
  const { status, seen } = pane();
  const long = `state=working:pad=${'a'.repeat(5000)}`;
  status.scan(Buffer.from(`\x1b]7501;${long}${BEL}\x1b]7501;?${ST}`));
  status.onOsc7501(long);
  status.onOsc7501('?');
  t.deepEqual(seen.replies, [queryReply('st')]);
});

// Regression: the scanner once queued at most 64 framings, so after 65 sequences in one
// chunk the query got the default BEL.
test('a query with ST after 65 reports in the same chunk is answered with ST', (t) => {
  const { status, seen } = pane();
  const bodies = Array.from({ length: 65 }, (_, i) => `state=idle:id=r${i}`);
  status.scan(Buffer.from([...bodies, '?'].map((b) => `\x1b]7501;${b}${ST}`).join('')));
  for (const body of [...bodies, '?']) status.onOsc7501(body);
  t.deepEqual(seen.replies, [queryReply('st')]);
});

const limits: [string, string, number, boolean][] = [
  ['BEL', BEL, 4096, true],
  ['BEL', BEL, 4097, false],
  ['ST', ST, 4096, true],
  ['ST', ST, 4097, false],
  ['ST', ST, 6000, false],
];
for (const [name, terminator, length, applied] of limits) {
  test(`a report of ${length} bytes ended by ${name} is ${applied ? 'applied' : 'dropped'}`, (t) => {
    const { status, send } = pane();
    const overhead = '\x1b]7501;'.length + terminator.length;
    const prefix = 'state=working:pad=';
    send(prefix + 'a'.repeat(length - overhead - prefix.length), terminator);
    t.is(status.records.size, applied ? 1 : 0);
  });
}

type Event = 'onPrompt' | 'onAttention' | 'onExit';
const lifetimes: [State, Record<Event, 'ends' | 'stays'>][] = [
  ['working', { onPrompt: 'ends', onAttention: 'stays', onExit: 'ends' }],
  ['blocked', { onPrompt: 'ends', onAttention: 'stays', onExit: 'ends' }],
  ['idle', { onPrompt: 'ends', onAttention: 'stays', onExit: 'ends' }],
  ['done', { onPrompt: 'stays', onAttention: 'ends', onExit: 'stays' }],
  ['error', { onPrompt: 'stays', onAttention: 'ends', onExit: 'stays' }],
];
const eventNames: Record<Event, string> = { onPrompt: 'the next prompt (OSC 133;A)', onAttention: 'user attention', onExit: 'process exit' };
for (const [state, fate] of lifetimes) {
  for (const event of Object.keys(eventNames) as Event[]) {
    test(`a ${state} record ${fate[event]} at ${eventNames[event]}`, (t) => {
      const { status, seen, send } = pane();
      send(`state=${state}:id=task`);
      const before = seen.changed;
      // Attention is announced by the Mux, once for every source: it says whether records ended.
      const ended = status[event]();
      t.is(status.records.size, fate[event] === 'ends' ? 0 : 1);
      if (event === 'onAttention') t.is(ended, fate[event] === 'ends');
      else t.is(seen.changed - before, fate[event] === 'ends' ? 1 : 0);
    });
  }
}

const none = { state: 'none', source: 'none', kind: null, app: null, text: '', progress: null, progressState: null };

test('a full reset removes every record and the OSC 9;4 progress', (t) => {
  const { status, seen, send } = pane();
  send('state=done:id=a');
  send('state=working:progress=10');
  status.onOsc9('4;1;50');
  const before = seen.changed;
  status.onReset();
  t.deepEqual(status.summary(), none);
  t.is(seen.changed - before, 1);
});

test('a full reset of a pane without status reports no change', (t) => {
  const { status, seen } = pane();
  status.onReset();
  t.is(seen.changed, 0);
});

const progress: [string, string | null, number | null, string | null][] = [
  ['record progress shows while OSC 9;4 has set none', null, 40, 'normal'],
  ['OSC 9;4;1 wins over record progress', '4;1;70', 70, 'normal'],
  ['OSC 9;4;2 shows an error progress', '4;2;50', 50, 'error'],
  ['OSC 9;4;3 shows an indeterminate progress', '4;3', null, 'indeterminate'],
  ['OSC 9;4;4 shows a paused progress', '4;4;20', 20, 'paused'],
  ['OSC 9;4;0 removes the OSC 9;4 progress and record progress shows again', '4;0', 40, 'normal'],
];
for (const [what, osc9, value, state] of progress) {
  test(what, (t) => {
    const { status, seen, send } = pane();
    send('state=working:progress=40');
    if (osc9) {
      status.onOsc9('4;1;90');
      status.onOsc9(osc9);
    }
    t.like(status.summary(), { progress: value, progressState: state });
    t.deepEqual(seen.notes, []);
  });
}

test('a malformed OSC 9;4 changes nothing and is no notification', (t) => {
  const { status, seen } = pane();
  status.onOsc9('4;9;10');
  t.is(seen.changed, 0);
  t.deepEqual(seen.notes, []);
  t.is(status.summary().progress, null);
});

const entering: [string, string, StatusNotification | null][] = [
  ['entering blocked notifies with the inherited app and title: msg', `state=blocked:id=agent/tool:kind=permission:title=${b64('Edit')}:msg=${b64('Approve the change')}`,
    { cause: 'blocked', title: 'claude-code blocked', text: 'Edit: Approve the change' }],
  ['a done record under records still working does not notify: the pane still shows working', 'state=done:id=agent/run', null],
  ['entering error notifies', `state=error:id=x:msg=${b64('rsync failed')}`, { cause: 'error', title: 'sync error', text: 'rsync failed' }],
  ['entering working does not notify', 'state=working:id=agent', null],
  ['entering idle does not notify', 'state=idle:id=agent', null],
  ['a clear does not notify', 'state=clear', null],
];
for (const [what, body, note] of entering) {
  test(what, (t) => {
    const { seen, send } = pane();
    send('state=working:app=sync');
    send('state=working:id=agent:app=claude-code');
    send(body);
    t.deepEqual(seen.notes, note ? [note] : []);
  });
}

test('entering done with no msg notifies with no text: the title says done already', (t) => {
  const { seen, send } = pane();
  send('state=done:app=claude-code');
  t.deepEqual(seen.notes, [{ cause: 'done', title: 'claude-code done', text: '' }]);
});

test('a repeated identical report notifies once and reports one change', (t) => {
  const { seen, send } = pane();
  send('state=done:id=a:msg=' + b64('ok'));
  send('state=done:id=a:msg=' + b64('ok'));
  t.is(seen.notes.length, 1);
  t.is(seen.changed, 1);
});

test('a record that changes while it stays done notifies again', (t) => {
  const { seen, send } = pane();
  send('state=done:id=a:msg=' + b64('one'));
  send('state=done:id=a:msg=' + b64('two'));
  t.deepEqual(seen.notes.map((n) => n.text), ['one', 'two']);
});

test('a pane raises at most three notifications in ten seconds', (t) => {
  const { seen, send } = pane();
  send(`state=done:id=a:msg=${b64('a')}`, ST, 0);
  send(`state=done:id=b:msg=${b64('b')}`, ST, 1000);
  send('state=error:id=c', ST, 2000);
  send('state=blocked:id=d', ST, 9999);
  t.deepEqual(seen.notes.map((n) => n.cause), ['done', 'done', 'error']);
});

test('a fourth notification is raised once the first has left the ten-second window', (t) => {
  const { seen, send } = pane();
  send(`state=done:id=a:msg=${b64('a')}`, ST, 0);
  send(`state=done:id=b:msg=${b64('b')}`, ST, 1000);
  send('state=error:id=c', ST, 2000);
  send('state=blocked:id=d', ST, 10_000);
  send(`state=error:id=e:msg=${b64('e')}`, ST, 10_500);
  t.deepEqual(seen.notes.map((n) => n.cause), ['done', 'done', 'error', 'blocked']);
});

test('bells, OSC 9 texts and records share one limit of three notifications in ten seconds', (t) => {
  const { status, seen, send, setClock } = pane();
  status.onBell();
  setClock(100);
  status.onOsc9('hello');
  send('state=done:id=a', ST, 200);
  send('state=blocked:id=b', ST, 300);
  status.onBell();
  t.deepEqual(seen.notes.map((n) => n.cause), ['bell', 'program', 'done']);
});

test('working, blocked and idle records of a program end when the shell is back in the foreground', (t) => {
  const { status, send, setForeground } = pane();
  setForeground(100);
  send('state=idle:id=shell-own');
  setForeground(200);
  for (const state of ['working', 'blocked', 'idle', 'done', 'error']) send(`state=${state}:id=${state}`);
  status.onShellBack(100);
  t.deepEqual(status.records.all().map((r) => r.id).sort(), ['done', 'error', 'shell-own']);
});

test('the app a record named goes with the program that named it when the shell is back, or at a prompt', (t) => {
  const { status, send, setForeground } = pane();
  setForeground(200);
  send('state=blocked:app=claude:msg=aGk=');
  t.is(status.lastApp, 'claude');
  status.onShellBack(200);
  t.is(status.lastApp, 'claude', 'still its program in the foreground');
  status.onShellBack(100);
  t.is(status.lastApp, null);
  send('state=done:app=codex');
  status.onPrompt();
  t.is(status.lastApp, null);
});

test('an OSC 9;4 progress ends when the program that set it leaves the foreground, and at a new prompt', (t) => {
  const { status, setForeground } = pane();
  setForeground(200);
  status.onOsc9('4;1;30');
  t.is(status.summary().progress, 30);
  status.onShellBack(100);
  t.is(status.summary().progress, null);
  status.onOsc9('4;1;40');
  status.onPrompt();
  t.is(status.summary().progress, null);
  setForeground(100);
  status.onOsc9('4;1;50');
  status.onShellBack(100);
  t.is(status.summary().progress, 50, 'set by the shell itself: it stays');
});

test('records whose owner is unknown stay when the shell is back', (t) => {
  const { status, send } = pane();
  send('state=working:id=w');
  status.onShellBack(100);
  t.is(status.records.size, 1);
});

const asks: [string, (s: ProgramStatus) => void, StatusNotification | null][] = [
  ['OSC 9 text is a notification', (s) => s.onOsc9('build finished'), { cause: 'program', title: 'notification', text: 'build finished' }],
  ['OSC 9 text loses bidi overrides', (s) => s.onOsc9('invoice\u202Efdp.exe'), { cause: 'program', title: 'notification', text: 'invoicefdp.exe' }],
  ['OSC 777 notify is a notification with its title and the rest as body', (s) => s.onOsc777('notify;Build;done; 3 warnings'), { cause: 'program', title: 'Build', text: 'done; 3 warnings' }],
  ['OSC 777 other than notify is no notification', (s) => s.onOsc777('precmd'), null],
  ['OSC 99 with a plain payload is a notification', (s) => s.onOsc99('i=1:d=1;Tests passed'), { cause: 'program', title: 'notification', text: 'Tests passed' }],
  ['OSC 99 with a base64 payload is no notification', (s) => s.onOsc99('e=1;aGVsbG8='), null],
  ['a bell is a notification', (s) => s.onBell(), { cause: 'bell', title: 'bell', text: 'bell' }],
];
for (const [what, act, note] of asks) {
  test(what, (t) => {
    const { status, seen } = pane();
    act(status);
    t.deepEqual(seen.notes, note ? [note] : []);
  });
}

test('the summary of a pane without status is empty', (t) => t.deepEqual(pane().status.summary(), none));

test('the summary shows the most pressing record with its inherited app, text and progress', (t) => {
  const { status, send } = pane();
  send('state=idle:app=shell');
  send('state=working:id=agent:app=claude-code:progress=10');
  send(`state=blocked:id=agent/tool:kind=permission:progress=30:title=${b64('Edit')}:msg=${b64('Approve')}`);
  send('state=done:id=zz');
  t.deepEqual(status.summary(), {
    state: 'blocked', source: 'program-status', kind: 'permission', app: 'claude-code', text: 'Edit: Approve', progress: 30, progressState: 'normal',
  });
});

test('programs lists the records by id under their inherited app', (t) => {
  const { status, send } = pane();
  send('state=working:id=agent/tool');
  send('state=idle:app=shell');
  send('state=working:id=agent:app=claude-code');
  send('state=done:id=backup');
  const programs = status.programs().map((p) => ({ app: p.app, ids: p.records.map((r) => r.id) }));
  t.deepEqual(programs, [
    { app: 'shell', ids: [null, 'backup'] },
    { app: 'claude-code', ids: ['agent', 'agent/tool'] },
  ]);
});

test('OSC 9;9 (the working directory prompts send) and other ConEmu commands notify nobody', (t) => {
  const { status, seen } = pane();
  status.onOsc9('9;/home/me/project');
  status.onOsc9('1;500');
  t.deepEqual(seen.notes, []);
});

test('a blocked record whose progress moves does not notify again, one with a new message does', (t) => {
  const { seen, send } = pane();
  send('state=blocked:progress=10');
  send('state=blocked:progress=20');
  t.is(seen.notes.length, 1);
  send(`state=blocked:progress=20:msg=${Buffer.from('another question').toString('base64')}`);
  t.is(seen.notes.length, 2);
});
