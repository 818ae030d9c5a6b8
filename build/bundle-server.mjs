// `node build/bundle-server.mjs`, after tsc: writes the server entry, dist/lib/server/main.js,
// again as one file of all of thurm's modules the server needs. Every session starts a server,
// and loading some 150 modules one by one cost it about 130 ms of CPU of its ~450 ms start
// (docs/performance.md). The file stays where tsc put it, so the paths the code makes from its
// own URL (the upgrade's entry, the CLI's, the tmux shim's) still hold; without this step the
// tsc output runs as it is, only slower.
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

await esbuild.build({
  entryPoints: ['lib/server/main.ts'],
  outfile: 'dist/lib/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The package stubs above call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as thurmCreateRequire } from 'node:module'; const require = thurmCreateRequire(import.meta.url);" },
  plugins: [thurm],
  logLevel: 'warning',
});
