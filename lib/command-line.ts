// What a command line runs, as a person would name it: for interpreters and launchers
// (node, python, npx...) the script they run, else the program itself.

const INTERPRETERS = /^(node|nodejs|bun|deno|python[\d.]*|pypy[\d.]*|uv|uvx|pipx|npx|env)$/;

export function isInterpreter(argv: string[]): boolean {
  return INTERPRETERS.test(argv[0]?.split('/').pop() ?? '');
}

/** The script an interpreter runs (its first argument that is not an option), if any. */
export function scriptOf(argv: string[]): string | null {
  return isInterpreter(argv) ? argv.slice(1).find((a) => !a.startsWith('-')) ?? null : null;
}

/** The name a person knows a command by: the script's, else the program's. */
export function commandName(argv: string[]): string {
  return (scriptOf(argv) ?? argv[0] ?? '').split('/').pop() ?? '';
}
