// thurm's version, from its package.json (one small read at load, no module loaded for it).
import fs from 'node:fs';

export const VERSION = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
