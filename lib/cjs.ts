// Loads the CommonJS packages thurm runs on with require instead of import. Node's ESM loader
// scans a CommonJS file for its export names before running it (cjs-module-lexer); for
// xterm.js's 330 KB bundle and the Unicode 11 tables that scan took longer than loading them.
import { createRequire } from 'node:module';

export const requireCjs = createRequire(import.meta.url);
