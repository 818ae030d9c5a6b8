// Re-read the config file; a bad one is reported by key and line and the running config stays.
import { loadConfig } from '../session/config.js';
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const reloadConfig = defineCommand({
  name: 'reload-config',
  usage: 'reload-config',
  describe: 'Apply the config file again (a bad file changes nothing and says why)',
  request: () => ({}),
  fields: {},
  result: { reloaded: field.bool() },
  run: (ctx) => {
    ctx.mux.setConfig(loadConfig());
    return { reloaded: true };
  },
  print: () => 'config reloaded',
});
