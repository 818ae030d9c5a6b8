// Give every pane an equal share of its row or column.
import { defineCommand } from './command.js';

export const equalize = defineCommand({
  name: 'equalize',
  describe: 'Make panes in each row and column the same size',
  fields: {},
  result: {},
  run: (ctx) => {
    ctx.mux.arrange.equalize();
    return {};
  },
});
