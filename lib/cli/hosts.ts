// `thurm host add|list|remove`: the far hosts kept in hosts.json (lib/session/hosts.ts). Every
// server reads the file again when it changes; `host list` adds how this session's server sees
// each one (live, unreachable, needs login...), when it runs.
import { ThurmError } from '../errors.js';
import { printable, safeJson } from '../sanitize.js';
import { checkHost, type FarHostState, findHost, readHosts, writeHosts, type Host } from '../session/hosts.js';
import { Connection } from './connection.js';

const ASK_MS = 1000;

export async function addHost(h: { name: string; dest: string; sshOptions: string[]; command?: string; session?: string }): Promise<void> {
  const hosts = readHosts();
  if (hosts.has(h.name)) throw new ThurmError('INVALID_ARGUMENT', `host add: a host named ${h.name} exists (thurm host remove ${h.name} first)`);
  const command = h.command === undefined ? ['thurm'] : h.command.trim().split(/\s+/).filter(Boolean);
  hosts.set(h.name, checkHost({ name: h.name, dest: h.dest, sshOptions: h.sshOptions, command, session: h.session ?? null }));
  await writeHosts(hosts);
}

export async function removeHost(name: string): Promise<void> {
  findHost(name);
  const hosts = readHosts();
  hosts.delete(name);
  await writeHosts(hosts);
}

/** Each host, with its link as the session's server sees it (none when no server runs). */
export async function listHosts(socket: string, json: boolean): Promise<void> {
  const hosts = [...readHosts().values()];
  const links = await linkStates(socket);
  const rows = hosts.map((h: Host) => ({ ...h, link: links.get(h.name) ?? null }));
  if (json) return void process.stdout.write(`${safeJson(JSON.stringify({ hosts: rows }))}\n`);
  if (!rows.length) return void process.stdout.write('no hosts (add one with thurm host add NAME DEST)\n');
  for (const r of rows) {
    const link = r.link ? `  ${r.link.state}${r.link.error ? `: ${r.link.error}` : ''}` : '';
    process.stdout.write(`${printable(`${r.name}  ${r.dest}${r.session ? ` (session ${r.session})` : ''}${link}`)}\n`);
  }
}

async function linkStates(socket: string): Promise<Map<string, { state: FarHostState; error: string | null }>> {
  try {
    const connection = await Connection.open(socket, ASK_MS);
    try {
      const { hosts } = await connection.request<{ hosts: { name: string; state: FarHostState; error: string | null }[] }>('agents');
      return new Map(hosts.map((h) => [h.name, { state: h.state, error: h.error }]));
    } finally {
      connection.close();
    }
  } catch {
    return new Map();
  }
}
