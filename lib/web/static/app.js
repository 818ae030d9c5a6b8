// thurm's web view in the browser: the agent overview, live, and one pane's screen, read-only.
// The token arrives in the URL's fragment (never sent to a server by the browser), is traded
// once for a session cookie, and leaves the address bar. Everything a program wrote is shown as
// text (textContent) or through xterm.js, never as HTML; nothing is ever sent to a pane.
'use strict';

const $ = (id) => document.getElementById(id);
let rows = [];
let receivedAt = 0;
let socket = null;
let term = null;
/** The blocked pane's question as last shown: what an answer is checked against. */
let question = null;

function notice(text) {
  $('notice').textContent = text;
  $('notice').hidden = !text;
}

function span(className, text) {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}

function duration(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** Trades the fragment's token for a session cookie; false when the link is no good. */
async function login() {
  const m = /^#t=([A-Za-z0-9_-]{1,128})$/.exec(location.hash);
  if (!m) return true;
  history.replaceState(null, '', location.pathname);
  const r = await fetch('/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: m[1] }), credentials: 'same-origin' });
  if (r.ok) return true;
  notice(r.status === 429 ? 'Too many wrong links lately: try again in a minute.' : 'This link is no longer valid: run thurm web for a new one.');
  return false;
}

/** A WebSocket to `path`, opened again two seconds after it drops (unless the server said why it will not serve it). */
function connect(path, onMessage) {
  if (socket) socket.close();
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`);
  socket = ws;
  ws.onopen = () => {
    $('link').textContent = 'live';
    $('link').className = 'link';
  };
  ws.onmessage = (e) => onMessage(JSON.parse(e.data));
  ws.onclose = (e) => {
    if (socket !== ws) return;
    $('link').textContent = 'lost';
    $('link').className = 'link lost';
    if (e.code === 4401 || e.code === 1006 && !receivedAt) notice('Not signed in: open the link thurm web printed.');
    if (e.code === 4404) location.hash = '';
    else if (e.code !== 4401) setTimeout(() => socket === ws && route(), 2000);
  };
}

/** The rows as last drawn, without their ages: a message that changes only ages redraws only those. */
let drawn = '';

function renderAgents() {
  const since = Date.now() - receivedAt;
  const list = $('agents');
  const key = JSON.stringify(rows.map(({ forMs: _age, ...row }) => row));
  if (key === drawn) {
    // The same rows: their ages move on in place, so a row being tapped stays under the finger.
    list.querySelectorAll('li[data-pane]').forEach((li, i) => { li.querySelector('.age').textContent = duration(rows[i].forMs + since); });
    return;
  }
  drawn = key;
  list.replaceChildren();
  if (!rows.length) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = 'No pane has a status.';
    list.append(li);
  }
  for (const a of rows) {
    const li = document.createElement('li');
    li.className = `s-${a.state}${a.stale ? ' stale' : ''}`;
    li.dataset.pane = a.pane;
    const head = `${a.state}${a.app ? ` · ${a.app}` : ''} · pane ${a.pane}${a.stale ? ' · stale' : ''}`;
    li.append(span('glyph', a.stale ? '?' : a.glyph), span('head', head), span('age', duration(a.forMs + since)), span('text', a.text));
    // A far host's pane is shown by its own thurm: only this session's screens are here.
    if (!a.host) li.addEventListener('click', () => { location.hash = `#pane=${encodeURIComponent(a.pane)}`; });
    list.append(li);
  }
}

function showAgents() {
  drawn = '';
  term?.dispose();
  term = null;
  $('pane').hidden = true;
  $('back').hidden = true;
  $('agents').hidden = false;
  connect('/ws', (m) => {
    if (m.type !== 'agents') return;
    rows = m.agents;
    receivedAt = Date.now();
    $('title').textContent = `thurm · ${m.session}`;
    renderAgents();
  });
}

/** xterm.js, loaded only for a pane's screen. */
function loadXterm() {
  if (globalThis.Terminal) return Promise.resolve();
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = '/xterm.css';
  document.head.append(css);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/xterm.js';
    script.onload = resolve;
    script.onerror = reject;
    document.head.append(script);
  });
}

/** The font size at which `cols` columns fit the screen's width: a viewer never resizes a pane. */
function fitFont(cols) {
  return Math.max(5, Math.min(15, Math.floor($('screen').clientWidth / (cols * 0.62))));
}

async function showPane(id) {
  $('agents').hidden = true;
  $('pane').hidden = false;
  $('back').hidden = false;
  await loadXterm();
  term?.dispose();
  term = new globalThis.Terminal({ disableStdin: true, scrollback: 0, cursorBlink: false, fontSize: 13, linkHandler: { activate() {} } });
  term.open($('screen'));
  connect(`/ws?pane=${encodeURIComponent(id)}`, (m) => {
    if (m.type !== 'screen' || !term) return;
    receivedAt = Date.now();
    $('title').textContent = `pane ${m.pane}: ${m.title}`;
    $('pane-status').textContent = m.state === 'none' ? '' : `${m.glyph} ${m.state}${m.app ? ` · ${m.app}` : ''}${m.text ? `: ${m.text}` : ''}`;
    $('pane-status').className = `s-${m.state}`;
    const font = fitFont(m.cols);
    if (term.options.fontSize !== font) term.options.fontSize = font;
    if (term.cols !== m.cols || term.rows !== m.rows) term.resize(m.cols, m.rows);
    // One write with its reset (RIS): the screen is never drawn blank between the two.
    term.write(`\x1bc${m.data}`);
    showQuestion(m.pane, m.question);
  });
}

/**
 * The answer buttons, for a viewer whose link may answer and a pane that is blocked: each answer
 * names the screen it was given for, and the server refuses it once that screen changed.
 */
function showQuestion(pane, q) {
  $('answer').hidden = !q;
  if (!q || (question && question.digest === q.digest)) return void (question = q && { pane, ...q });
  question = { pane, ...q };
  $('options').replaceChildren(...q.options.map((n) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = String(n);
    b.addEventListener('click', () => answer({ choice: n }));
    return b;
  }));
}

async function answer(what) {
  if (!question) return;
  const r = await fetch('/answer', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pane: question.pane, expect: question.digest, ...what }), credentials: 'same-origin' });
  const reply = await r.json().catch(() => null);
  $('answer-result').textContent = reply?.ok ? `Sent: ${reply.result.sent}` : `Not sent: ${reply?.error?.message ?? r.status}`;
}

function route() {
  const m = /^#pane=(.+)$/.exec(location.hash);
  if (m) void showPane(decodeURIComponent(m[1]));
  else showAgents();
}

$('back').addEventListener('click', () => { location.hash = ''; });
$('deny').addEventListener('click', () => answer({ deny: true }));
$('reply').addEventListener('submit', (e) => {
  e.preventDefault();
  if ($('reply-text').value) answer({ text: $('reply-text').value });
});
window.addEventListener('hashchange', route);
setInterval(() => { if (!$('agents').hidden && rows.length) renderAgents(); }, 1000);
login().then((ok) => ok && route());
