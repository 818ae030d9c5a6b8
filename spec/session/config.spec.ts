import test from 'ava';
import { ThurmError } from '../../lib/errors.js';
import { DEFAULT_CONFIG, parseConfig } from '../../lib/session/config.js';
import { KNOWN_KEYS } from '../../lib/session/config-keys.js';

test('an empty file gives the defaults', (t) => {
  t.deepEqual(parseConfig(''), DEFAULT_CONFIG);
  t.is(DEFAULT_CONFIG.keys.prefixBytes, '\x02');
});

test('parsed configs do not share state with the defaults', (t) => {
  parseConfig('[ui]\nscrollback = 5\n').ui.scrollback = 7;
  t.is(DEFAULT_CONFIG.ui.scrollback, 5000);
});

const prefixes: [string, string][] = [
  ['C-a', '\x01'],
  ['C-Space', '\0'],
  ['M-x', '\x1bx'],
  ['`', '`'],
];
for (const [prefix, bytes] of prefixes) {
  test(`the prefix ${prefix} is sent as ${JSON.stringify(bytes)}`, (t) => {
    t.deepEqual(parseConfig(`[keys]\nprefix = "${prefix}"\n`).keys, { prefix, prefixBytes: bytes, modeKeys: 'vi', bind: [] });
  });
}

test('ui.scrollback-memory is 256 MiB unless set, as a number of MiB or a size with its unit', (t) => {
  t.is(DEFAULT_CONFIG.ui.scrollbackMemory, 256 * 2 ** 20);
  t.is(parseConfig('[ui]\nscrollback-memory = 64\n').ui.scrollbackMemory, 64 * 2 ** 20);
  t.is(parseConfig('[ui]\nscrollback-memory = "512MiB"\n').ui.scrollbackMemory, 512 * 2 ** 20);
  t.is(parseConfig('[ui]\nscrollback-memory = "1.5GiB"\n').ui.scrollbackMemory, 1.5 * 2 ** 30);
  t.is(parseConfig('[ui]\nscrollback-memory = "2048KiB"\n').ui.scrollbackMemory, 2 * 2 ** 20);
});

const BIND = '[[keys.bind]]\nkey = "T"\ncommand = "new-window -n x"';
const RESUME = '[[session.resume]]\nmatch = "aider"\nargv = ["aider", "--restore-chat-history"]';
const RULE = '[[detection.rules]]\nid = "mine"\nstate = "blocked"\npatterns = ["Continue\\\\?"]';
const bind = (b: object) => ({ keys: { bind: [b] } });
const resume = (r: object) => ({ session: { resume: [r] } });
const rule = (r: object) => ({ detection: { rules: [r] } });
const ROUTE = '[[notify.route]]\nname = "phone"\ncommand = ["ntfy", "publish", "t"]';
const route = (r: object) => ({ notify: { routes: [r] } });

/** Each key of the file: a file that sets it to something other than its default, and what that gives. */
const EVERY_KEY: Record<string, [string, object]> = {
  'remain-on-exit': ['remain-on-exit = true', { remainOnExit: true }],
  'session.update-environment': ['[session]\nupdate-environment = ["SSH_AUTH_SOCK"]', { session: { updateEnvironment: ['SSH_AUTH_SOCK'] } }],
  'keys.prefix': ['[keys]\nprefix = "C-a"', { keys: { prefix: 'C-a', prefixBytes: '\x01' } }],
  'keys.mode-keys': ['[keys]\nmode-keys = "emacs"', { keys: { modeKeys: 'emacs' } }],
  'keys.bind[].key': [BIND, bind({ key: 'T' })],
  'keys.bind[].command': [BIND, bind({ command: 'new-window -n x' })],
  'keys.bind[].prefix': [`${BIND}\nprefix = false`, bind({ prefix: false })],
  'ui.status-line': ['[ui]\nstatus-line = false', { ui: { statusLine: false } }],
  'ui.scrollback': ['[ui]\nscrollback = 0', { ui: { scrollback: 0 } }],
  'ui.scrollback-memory': ['[ui]\nscrollback-memory = 64', { ui: { scrollbackMemory: 64 * 2 ** 20 } }],
  'ui.truecolor': ['[ui]\ntruecolor = "on"', { ui: { truecolor: 'on' } }],
  'ui.clipboard': ['[ui]\nclipboard = false', { ui: { clipboard: false } }],
  'ui.pane-clipboard': ['[ui]\npane-clipboard = true', { ui: { paneClipboard: true } }],
  'ui.mouse': ['[ui]\nmouse = false', { ui: { mouse: false } }],
  'ui.set-title': ['[ui]\nset-title = false', { ui: { setTitle: false } }],
  'ui.outer-status': ['[ui]\nouter-status = false', { ui: { outerStatus: false } }],
  'ui.base-index': ['[ui]\nbase-index = 1', { ui: { baseIndex: 1 } }],
  'ui.renumber-windows': ['[ui]\nrenumber-windows = true', { ui: { renumberWindows: true } }],
  'ui.window-size': ['[ui]\nwindow-size = "largest"', { ui: { windowSize: 'largest' } }],
  'ui.status-left': ['[ui]\nstatus-left = "#S> "', { ui: { statusLeft: '#S> ' } }],
  'ui.status-right': ['[ui]\nstatus-right = ""', { ui: { statusRight: '' } }],
  'notifications.desktop': ['[notifications]\ndesktop = "osc777"', { notifications: { desktop: 'osc777' } }],
  'notifications.command': ['[notifications]\ncommand = ["notify-send", "-u", "low"]', { notifications: { command: ['notify-send', '-u', 'low'] } }],
  'tmux.shim': ['[tmux]\nshim = false', { tmux: { shim: false } }],
  'session.save': ['[session]\nsave = false', { session: { save: false } }],
  'session.history-lines': ['[session]\nhistory-lines = 0', { session: { historyLines: 0 } }],
  'session.resume_agents': ['[session]\nresume_agents = false', { session: { resumeAgents: false } }],
  'session.resume-agents': ['[session]\nresume-agents = false', { session: { resumeAgents: false } }],
  'session.resume[].match': [RESUME, resume({ match: 'aider' })],
  'session.resume[].argv': [RESUME, resume({ argv: ['aider', '--restore-chat-history'] })],
  'detection.enabled': ['[detection]\nenabled = false', { detection: { enabled: false } }],
  'detection.idle-threshold': ['[detection]\nidle-threshold = 2.5', { detection: { idleThresholdMs: 2500 } }],
  'detection.ai.command': ['[detection.ai]\ncommand = ["classify"]', { detection: { ai: { command: ['classify'] } } }],
  'detection.ai.interval': ['[detection.ai]\ninterval = 30', { detection: { ai: { intervalMs: 30_000 } } }],
  'detection.ai.timeout': ['[detection.ai]\ntimeout = 2', { detection: { ai: { timeoutMs: 2000 } } }],
  'agents.worktree-dir': ['[agents]\nworktree-dir = "/srv/trees"', { agents: { worktreeDir: '/srv/trees' } }],
  'agents.context-alert': ['[agents]\ncontext-alert = 75', { agents: { contextAlert: 75 } }],
  'agents.limit-alert': ['[agents]\nlimit-alert = 0', { agents: { limitAlert: 0 } }],
  'agents.usage-in-border': ['[agents]\nusage-in-border = true', { agents: { usageInBorder: true } }],
  'notify.route[].name': [ROUTE, route({ name: 'phone' })],
  'notify.route[].command': [ROUTE, route({ command: ['ntfy', 'publish', 't'] })],
  'notify.route[].states': [`${ROUTE}\nstates = ["done", "bell"]`, route({ causes: ['done', 'bell'] })],
  'notify.route[].after': [`${ROUTE}\nafter = 90`, route({ afterMs: 90_000 })],
  'notify.route[].repeat': [`${ROUTE}\nrepeat = 0.5`, route({ repeatMs: 500 })],
  'notify.route[].resolved': [`${ROUTE}\nresolved = ["ntfy", "publish", "t", "ok"]`, route({ resolved: ['ntfy', 'publish', 't', 'ok'] })],
  'notify.route[].timeout': [`${ROUTE}\ntimeout = 3`, route({ timeoutMs: 3000 })],
  'detection.rules[].id': [RULE, rule({ id: 'mine' })],
  'detection.rules[].agent': [`${RULE}\nagent = "claude-code"`, rule({ agent: 'claude-code' })],
  'detection.rules[].state': [RULE, rule({ state: 'blocked' })],
  'detection.rules[].kind': [`${RULE}\nkind = "question"`, rule({ kind: 'question' })],
  'detection.rules[].patterns': [RULE, rule({ patterns: [/Continue\?/m] })],
  'detection.rules[].all': [`${RULE}\nall = true`, rule({ all: true })],
  'detection.rules[].lines': [`${RULE}\nlines = 3`, rule({ lines: 3 })],
  'detection.rules[].where': [`${RULE}\nwhere = "title"`, rule({ where: 'title' })],
};

test('every known key is read', (t) => {
  // The keys parseConfig allows, from its own table; a table's name is not a key of its own.
  const tables = Object.entries(KNOWN_KEYS) as [string, readonly string[]][];
  const keys = tables.flatMap(([table, names]) => names.map((k) => (table ? `${table}.${k}` : k)))
    .filter((k) => !(k in KNOWN_KEYS) && !(`${k}[]` in KNOWN_KEYS));
  t.deepEqual(Object.keys(EVERY_KEY).sort(), keys.sort(), 'the keys this spec sets are the keys the parser knows');
  for (const [key, [text, read]] of Object.entries(EVERY_KEY)) t.like(parseConfig(text), read, key);
});

test('a detection rule with a bad pattern is a CONFIG_ERROR naming the rule and its line', (t) => {
  const text = '[detection]\nidle-threshold = 3\n\n[[detection.rules]]\nid = "ok"\nstate = "idle"\npatterns = ["x"]\n\n[[detection.rules]]\nid = "bad"\nstate = "idle"\npatterns = ["(unclosed"]\n';
  const err = t.throws(() => parseConfig(text), { instanceOf: ThurmError });
  t.is(err?.code, 'CONFIG_ERROR');
  t.regex(err!.message, /:12: detection\.rules\[1\]\.patterns: bad pattern/);
});

test('a dotted key at the top level is read like one in its table', (t) => {
  t.is(parseConfig('ui.scrollback = 42\n').ui.scrollback, 42);
});

/** [title, file text, the key the message must name, its 1-based line]. */
const invalid: [string, string, string, number][] = [
  ['a prefix that is not a key name', '[keys]\nprefix = "C-foo"\n', 'keys.prefix', 2],
  ['a prefix that is not a string', '\n[keys]\nprefix = 2\n', 'keys.prefix', 3],
  ['an empty prefix', '[keys]\nprefix = ""\n', 'keys.prefix', 2],
  ['a mode-keys that is neither table', '[keys]\nmode-keys = "vim"\n', 'keys.mode-keys', 2],
  ['a scrollback that is a string', '# mine\n[ui]\nscrollback = "lots"\n', 'ui.scrollback', 3],
  ['a negative scrollback', '[ui]\nscrollback = -1\n', 'ui.scrollback', 2],
  ['a fractional scrollback', '[ui]\nscrollback = 1.5\n', 'ui.scrollback', 2],
  ['a status-line that is not a boolean', '[ui]\nstatus-line = "yes"\n', 'ui.status-line', 2],
  ['a truecolor that is not auto, on or off', '[ui]\ntruecolor = "maybe"\n', 'ui.truecolor', 2],
  ['a scrollback-memory without a known unit', '[ui]\nscrollback-memory = "256MB"\n', 'ui.scrollback-memory', 2],
  ['a scrollback-memory below 1 MiB', '[ui]\nscrollback-memory = 0\n', 'ui.scrollback-memory', 2],
  ['a clipboard that is not true or false', '[ui]\nclipboard = "yes"\n', 'ui.clipboard', 2],
  ['a window-size that is not one of tmux\'s', '[ui]\nwindow-size = "biggest"\n', 'ui.window-size', 2],
  ['a status-right that is not a string', '[ui]\nstatus-right = 3\n', 'ui.status-right', 2],
  ['a bad dotted key at the top level', '\nui.scrollback = "lots"\n', 'ui.scrollback', 2],
  ['remain-on-exit that is not a boolean', 'remain-on-exit = 1\n', 'remain-on-exit', 1],
  ['an unknown key in a known table', '[ui]\nscrollback = 10\ncolour = "red"\n', 'ui.colour', 3],
  ['an unknown top-level key', 'keys = {}\nshell = "zsh"\n', 'shell', 2],
  ['ui given as a value, not a table', 'ui = 3\n', 'ui', 1],
  ['a resume rule whose argv has a control character', '[session]\n[[session.resume]]\nmatch = "x"\nargv = ["x", "a\\nb"]\n', 'session.resume[0].argv', 4],
  ['a negative history-lines', '[session]\nhistory-lines = -1\n', 'session.history-lines', 2],
  ['a worktree-dir that is relative', '[agents]\nworktree-dir = "trees"\n', 'agents.worktree-dir', 2],
  ['a bound key that is no key', '[[keys.bind]]\nkey = "Hyper-x"\ncommand = "zoom"\n', 'keys.bind[0].key', 2],
];
for (const [title, text, key, line] of invalid) {
  test(`${title} is a CONFIG_ERROR naming ${key} and line ${line}`, (t) => {
    const err = t.throws(() => parseConfig(text, 'my.toml'), { instanceOf: ThurmError });
    t.is(err.code, 'CONFIG_ERROR');
    t.true(err.message.includes(key), err.message);
    t.true(err.message.includes(`my.toml:${line}`), err.message);
  });
}

test('invalid TOML is a CONFIG_ERROR naming the file and line', (t) => {
  const err = t.throws(() => parseConfig('[ui]\nscrollback = 10\nstatus-line = \n', '/home/u/.config/thurm/config.toml'), { instanceOf: ThurmError });
  t.is(err.code, 'CONFIG_ERROR');
  t.true(err.message.includes('/home/u/.config/thurm/config.toml:3'), err.message);
});

test('[session] sets saving, history, resume_agents (either spelling), resume rules and update-environment', (t) => {
  const c = parseConfig('[session]\nsave = false\nhistory-lines = 0\nresume_agents = false\nupdate-environment = []\n[[session.resume]]\nmatch = "aider"\nargv = ["aider", "--restore-chat-history"]\n');
  t.deepEqual(c.session, { save: false, historyLines: 0, resumeAgents: false, resume: [{ match: 'aider', argv: ['aider', '--restore-chat-history'] }], updateEnvironment: [] });
  t.false(parseConfig('[session]\nresume-agents = false\n').session.resumeAgents);
  t.deepEqual(DEFAULT_CONFIG.session, {
    save: true, historyLines: 1000, resumeAgents: true, resume: [],
    updateEnvironment: ['DISPLAY', 'KRB5CCNAME', 'SSH_ASKPASS', 'SSH_AUTH_SOCK', 'SSH_AGENT_PID', 'SSH_CONNECTION', 'WINDOWID', 'XAUTHORITY'],
  });
  const err = t.throws(() => parseConfig('[session]\nupdate-environment = ["A B"]\n'), { instanceOf: ThurmError });
  t.is(err?.code, 'CONFIG_ERROR');
});

test('the tmux shim is on unless [tmux] shim = false, and any other value names the key', (t) => {
  t.true(DEFAULT_CONFIG.tmux.shim);
  t.false(parseConfig('[tmux]\nshim = false\n').tmux.shim);
  const err = t.throws(() => parseConfig('[tmux]\nshim = "no"\n'), { instanceOf: ThurmError });
  t.is(err?.code, 'CONFIG_ERROR');
  t.regex(err?.message ?? '', /:2: tmux\.shim: must be true or false/);
  t.regex((t.throws(() => parseConfig('[tmux]\nshims = true\n')) as Error).message, /tmux\.shims: unknown key/);
});

// Found by spec/hardening/config.spec.ts.
const refused: [string, string][] = [
  ['a key with RegExp characters is named in the error, not a crash', '"a.b(" = ""'],
  ['an AI timeout too short to be a millisecond (it would be none)', '[detection.ai]\ntimeout = 5e-324'],
  ['an AI interval too short to be a millisecond (the classifier would run without pause)', '[detection.ai]\ninterval = 0.0001'],
  ['history lines given as a string', '[session]\nhistory-lines = "5"'],
  ['history lines given as an array', '[session]\nhistory-lines = [5]'],
  ['detection.ai given as a number, which was ignored', '[detection]\nai = 5'],
  ['rule lines given as an array', '[[detection.rules]]\nid = "r"\nstate = "idle"\npatterns = ["x"]\nlines = [2]'],
];
for (const [what, text] of refused) {
  test(`refused with a CONFIG_ERROR: ${what}`, (t) => {
    const err = t.throws(() => parseConfig(text), { instanceOf: ThurmError });
    t.is(err?.code, 'CONFIG_ERROR');
  });
}

test('[[notify.route]] tables are read with their defaults, and a bad one is an error naming its key and line', (t) => {
  const config = parseConfig('[[notify.route]]\nname = "phone"\ncommand = ["ntfy", "publish", "t"]\n\n[[notify.route]]\nname = "hook"\nstates = ["done"]\nafter = 0\ncommand = ["curl"]\nrepeat = 60\nresolved = ["curl", "-d", "ok"]\ntimeout = 2\n');
  t.deepEqual(config.notify.routes, [
    { name: 'phone', causes: ['blocked', 'error'], afterMs: 0, command: ['ntfy', 'publish', 't'], repeatMs: 0, resolved: null, timeoutMs: 10_000 },
    { name: 'hook', causes: ['done'], afterMs: 0, command: ['curl'], repeatMs: 60_000, resolved: ['curl', '-d', 'ok'], timeoutMs: 2000 },
  ]);
  const err = t.throws(() => parseConfig('[[notify.route]]\nname = "x"\nstates = ["blocked", "later"]\ncommand = ["a"]\n'));
  t.regex(err?.message ?? '', /config\.toml:3: notify\.route\[0\]\.states: must be a non-empty array of "blocked", "done", "error", "program", "bell" or "usage"/);
  t.regex(t.throws(() => parseConfig('[[notify.route]]\nname = "x"\n'))?.message ?? '', /notify\.route\[0\]\.command: is missing/);
  t.regex(t.throws(() => parseConfig('[[notify.route]]\nname = "x"\ncommand = ["a"]\nafter = -1\n'))?.message ?? '', /notify\.route\[0\]\.after: must be a number of seconds, from 0 to 86400/);
});
