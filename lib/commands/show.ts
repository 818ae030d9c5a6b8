// What tmux shows in a client on command: display-panes numbers the current window's panes for a
// while (a number typed meanwhile focuses that pane), clock-mode shows the time over the focused
// pane until a key; in the client pickClient() picks, as prefix q and t would.
import { field } from '../fields.js';
import { clientField, defineCommand, pickClient } from './command.js';

const show = (name: 'display-panes' | 'clock-mode', describe: string) => defineCommand({
  name,
  describe,
  fields: { client: clientField },
  result: { client: field.string({ max: 32 }).describe('the client it shows in') },
  run: (ctx, a) => {
    const client = pickClient(ctx, a.client);
    client.show(name);
    return { client: client.id };
  },
});

export const displayPanes = show('display-panes', 'Number the panes in a client for a while, as prefix q (a number typed meanwhile focuses that pane)');
export const clockMode = show('clock-mode', 'Show the time over the focused pane in a client until a key, as prefix t');
