// Every command thurm has, loaded: the socket dispatcher, the key bindings and the CLI's help
// are built from this list (table.ts declares it, in this order).
import type { Command } from './command.js';
import { COMMAND_MODULES, commandName } from './table.js';

export const COMMANDS: readonly Command<any, any>[] = await Promise.all(Object.values(COMMAND_MODULES).map((load) => load()));

export function findCommand(type: string): Command<any, any> | undefined {
  const name = commandName(type);
  return COMMANDS.find((c) => c.name === name);
}
