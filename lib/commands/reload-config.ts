// Re-read the config file; a bad one is reported by key and line and the running config stays.
import { loadConfig } from '../session/config.js';
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const reloadConfig = defineCommand({
  name: 'reload-config',
  describe: 'Apply the config file again (a bad file changes nothing and says why)',
  details: ': `CONFIG_ERROR` names the key and line, the running config stays (detection settings apply to panes started after it)',
  fields: {},
  result: { reloaded: field.bool() },
  run: (ctx) => {
    ctx.mux.setConfig(loadConfig());
    return { reloaded: true };
  },
  print: () => 'config reloaded',
});
