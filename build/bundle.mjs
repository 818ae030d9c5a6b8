// `node build/bundle.mjs`, after tsc: writes the server entry, dist/lib/server/main.js, and the
// tmux shim's, dist/lib/tmux/main.js, again as one file each of all of thurm's modules they need.
// Every session starts a server, and loading some 150 modules one by one cost it about 130 ms of
// CPU of its ~450 ms start (docs/performance.md); every `tmux` call in a pane starts the shim,
// which spent about 40 ms of its ~175 loading its 60 modules. Each file stays where tsc put it,
// one folder below lib/ as the modules were, so the paths the code makes from its own URL (the
// upgrade's entry, the CLI's, the tmux shim's) still hold; without this step the tsc output runs
// as it is, only slower. The CLI is not bundled: a command already loads only its own modules.
import fs from 'node:fs';
import * as esbuild from 'esbuild';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));

const thurm = {
  name: 'thurm',
  setup(build) {
    // version.ts reads ../../package.json beside itself, which a bundle one folder down would miss.
    build.onLoad({ filter: /[\\/]lib[\\/]version\.ts$/ }, () => ({ contents: `export const VERSION = ${JSON.stringify(pkg.version)};`, loader: 'ts' }));
    // npm packages stay in node_modules, each loaded when first used (blessed only on attach),
    // as the modules did: an import of a package in a bundle would load it at start-up.
    build.onResolve({ filter: /^[^./]/ }, (a) => {
      if (a.path.startsWith('node:')) return undefined;
      return a.namespace === 'package' ? { path: a.path, external: true } : { path: a.path, namespace: 'package' };
    });
    build.onLoad({ filter: /.*/, namespace: 'package' }, (a) => ({ contents: `module.exports = require(${JSON.stringify(a.path)});`, loader: 'js' }));
  },
};

for (const entry of ['server/main', 'tmux/main']) {
  await esbuild.build({
    entryPoints: [`lib/${entry}.ts`],
    outfile: `dist/lib/${entry}.js`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The package stubs above call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as thurmCreateRequire } from 'node:module'; const require = thurmCreateRequire(import.meta.url);" },
    plugins: [thurm],
    logLevel: 'warning',
  });
  asciiOnly(`dist/lib/${entry}.js`);
}

/**
 * Escapes what esbuild leaves outside ASCII (comments, and regular expressions such as the
 * agents' spinner glyphs) as \uXXXX, one per UTF-16 unit: the same program, but V8 keeps a
 * source with one character past Latin-1 as two bytes a character, and a server keeps its
 * source for its life (1.6 MB where 0.8 MB do).
 */
function asciiOnly(file) {
  const source = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, source.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
