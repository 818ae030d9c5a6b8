import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ThurmError } from '../../lib/errors.js';
import { checkHost, findHost, type Host, readHosts, sshArgv, writeHosts } from '../../lib/session/hosts.js';

const host = (over: Partial<Host> = {}): Host => ({ name: 'build', dest: 'me@box', sshOptions: [], command: ['thurm'], session: null, ...over });
/** The code of what `f` throws; null when it throws nothing. */
function code(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (err) {
    return (err as ThurmError).code;
  }
}

test('a host whose destination or options ssh would read as more than one word, or as an option, is refused', (t) => {
  t.is(code(() => checkHost(host({ dest: '-oProxyCommand=touch /tmp/x' }))), 'INVALID_ARGUMENT');
  t.is(code(() => checkHost(host({ dest: 'box evil' }))), 'INVALID_ARGUMENT');
  t.is(code(() => checkHost(host({ dest: 'box\nevil' }))), 'INVALID_ARGUMENT');
  t.is(code(() => checkHost(host({ sshOptions: ['-F /tmp/x'] }))), 'INVALID_ARGUMENT');
  t.is(code(() => checkHost(host({ name: 'a:b' }))), 'INVALID_ARGUMENT');
  t.is(code(() => checkHost(host({ session: '../x' }))), 'INVALID_ARGUMENT');
  t.is(code(() => checkHost(host({ command: [] }))), 'INVALID_ARGUMENT');
  t.is(code(() => checkHost(host({ sshOptions: ['Port=2222'], dest: 'alias' }))), null);
});

test('the hosts file is written 0600 and read back; a corrupt one is an error naming it, and a missing one holds no host', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-hosts-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'thurm', 'hosts.json');
  t.is(readHosts(file).size, 0);
  await writeHosts(new Map([['build', host({ sshOptions: ['Port=2222'], session: 'work' })]]), file);
  t.is(fs.statSync(file).mode & 0o777, 0o600);
  t.deepEqual(readHosts(file).get('build'), host({ sshOptions: ['Port=2222'], session: 'work' }));
  t.is(code(() => findHost('gpu', file)), 'NOT_FOUND');
  fs.writeFileSync(file, '{"version": 1, "hosts": [{"name": "x", "dest": "-oProxyCommand=y"}]}');
  const err = t.throws(() => readHosts(file), { instanceOf: ThurmError });
  t.is(err?.code, 'INVALID_ARGUMENT');
  t.true(err?.message.includes(file));
  fs.writeFileSync(file, 'not json');
  t.is(code(() => readHosts(file)), 'INVALID_ARGUMENT');
});

test('ssh gets the user\'s options before thurm\'s defaults, BatchMode before both for a link, and the far command quoted as one string', (t) => {
  const argv = sshArgv(host({ sshOptions: ['ServerAliveInterval=30'], command: ['/opt/my thurm/bin/thurm'], session: 'work' }), { args: ['send', '--', "it's"], controlDir: '/run/t', background: true });
  const options = argv.filter((_, i) => argv[i - 1] === '-o');
  t.deepEqual(options.slice(0, 3), ['BatchMode=yes', 'ConnectTimeout=10', 'ServerAliveInterval=30']);
  t.true(options.indexOf('ServerAliveInterval=30') < options.indexOf('ServerAliveInterval=5'));
  t.true(options.includes('ControlMaster=auto') && options.includes('ControlPath=/run/t/ssh-%C'));
  t.deepEqual(argv.slice(-4), ['-T', '--', 'me@box', `'/opt/my thurm/bin/thurm' -s work send -- 'it'\\''s'`]);
  const attach = sshArgv(host(), { args: ['attach'], controlDir: '/run/t', tty: true });
  t.false(attach.includes('BatchMode=yes'));
  t.true(attach.includes('ControlMaster=no'));
  t.deepEqual(attach.slice(-4), ['-t', '--', 'me@box', 'thurm attach']);
});
