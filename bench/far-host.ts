// How soon a far host's report reaches this session's overview (issue 22): a second thurm session
// in folders of its own plays the far host, reached through a private sshd on localhost
// (spec/helpers/sshd.ts) as `thurm host add` would reach a real one. The clock runs from the far
// server's status-changed event (its pane reported blocked over OSC 7501) to this server's
// notification of that far pane, both read by the bench over their sockets.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '../lib/cli/connection.js';
import { socketPath } from '../lib/server/socket-path.js';
import { SSH_READY, Sshd } from '../spec/helpers/sshd.js';
import { statusReport } from '../spec/helpers/status-report.js';
import { run, waitUntil } from './env.js';
import type { Figures } from './rounds.js';
import { latency } from './stats.js';
import type { Subject } from './subjects.js';

const BIN = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'bin', 'thurm');

interface EventFrame { type?: string; event?: { type: string; pane?: string; text?: string; status?: { state: string; text: string } } }

/** Resolves with the time the first event of `connection` that `match` takes arrives. */
function eventAt(connection: Connection, match: (e: NonNullable<EventFrame['event']>) => boolean): Promise<number> {
  return new Promise((resolve) => {
    const listener = (data: Buffer, binary: boolean) => {
      if (binary) return;
      const frame = JSON.parse(data.toString()) as EventFrame;
      if (frame.type !== 'event' || !frame.event || !match(frame.event)) return;
      connection.ws.off('message', listener);
      resolve(performance.now());
    };
    connection.ws.on('message', listener);
  });
}

/** The far session's environment: folders of its own (ssh passes no environment). */
function farEnv(root: string): Record<string, string> {
  return { HOME: root, XDG_RUNTIME_DIR: path.join(root, 'run'), XDG_STATE_HOME: path.join(root, 'state'), XDG_CONFIG_HOME: path.join(root, 'config'), SHELL: '/bin/sh', PATH: process.env.PATH ?? '/usr/bin:/bin' };
}

/** The far thurm as `host add --command` takes it. */
function farCommand(root: string): string[] {
  return ['env', '-i', ...Object.entries(farEnv(root)).map(([k, v]) => `${k}=${v}`), process.execPath, BIN];
}

function runFar(root: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => execFile(process.execPath, [BIN, ...args], { env: farEnv(root) }, (err) => (err ? reject(err) : resolve())));
}


/** The far report's delay to this session's overview, p50 and p99 over `reports` blocked reports. */
export async function farReport(local: Subject, dir: string, reports: number): Promise<{ figures: Figures; notes: Record<string, string> }> {
  if (!SSH_READY) return { figures: {}, notes: { farReportP50: 'not measured: sshd is not installed' } };
  const sshd = await Sshd.start();
  const root = path.join(dir, 'far-host');
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, 'run'), { recursive: true, mode: 0o700 });
  const connections: Connection[] = [];
  try {
    await runFar(root, ['new', '-d', '--', 'sh']);
    const hostAdded = await run(process.execPath, [BIN, 'host', 'add', 'far', sshd.dest, ...sshd.options().flatMap((o) => ['--ssh-option', o]), '--command', farCommand(root).join(' ')]);
    if (hostAdded.code !== 0) throw new Error(`host add: ${hostAdded.stderr}`);
    await local.start(['sh']);
    const near = await Connection.open(socketPath('default'));
    const far = await Connection.open(path.join(root, 'run', `thurm-${process.getuid?.()}`, 'default.sock'));
    connections.push(near, far);
    await waitUntil(async () => (await near.request<{ hosts: { state: string }[] }>('agents')).hosts[0]?.state === 'live', 'the far host\'s link');
    await near.request('subscribe', { types: ['notification'] });
    await far.request('subscribe', { types: ['status-changed'] });
    const delays: number[] = [];
    for (let i = 0; i < reports; i++) {
      const text = `report-${i}`;
      const reported = eventAt(far, (e) => e.status?.state === 'blocked' && e.status.text === text);
      const shown = eventAt(near, (e) => e.pane === 'far:1' && e.text === text);
      const working = eventAt(far, (e) => e.status?.state === 'working');
      await runFar(root, ['send', '--pane', '1', '--enter', `${statusReport('blocked', text, 'far')}; sleep 0.2; ${statusReport('working', 'next', 'far')}`]);
      delays.push((await shown) - (await reported));
      await working;
    }
    const l = latency(delays);
    return { figures: { farReportP50: l.p50, farReportP99: l.p99 }, notes: {} };
  } finally {
    for (const c of connections) c.close();
    await local.stop();
    await runFar(root, ['kill-server']).catch(() => undefined);
    await run(process.execPath, [BIN, 'host', 'remove', 'far']).catch(() => undefined);
    sshd.stop();
  }
}
