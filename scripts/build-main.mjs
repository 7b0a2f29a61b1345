// Builds the Electron main process (ESM) and the sandboxed preload (CommonJS) with esbuild, plus the
// CLI, and copies the SQL migrations beside the bundle. Dependencies stay external (node_modules).
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

rmSync('dist/main', { recursive: true, force: true });
rmSync('dist/preload', { recursive: true, force: true });
const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: false, logLevel: 'warning' };
const esmBanner = {
  js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
};
await build({
  ...common,
  entryPoints: { index: 'main/app/index.ts' },
  outdir: 'dist/main',
  format: 'esm',
  packages: 'external',
  external: ['electron'],
  banner: esmBanner,
});
// The CLI in chunks beside it: each command's code (and the packages it needs) loads when that
// command runs, so `meterdesk --help` starts in about the time Node itself needs.
await build({
  ...common,
  entryPoints: { cli: 'main/cli/index.ts' },
  outdir: 'dist/main',
  chunkNames: 'cli-[name]-[hash]',
  splitting: true,
  format: 'esm',
  packages: 'external',
  banner: esmBanner,
});
// pdfkit loads its standard fonts (the report's Helvetica) through its package's own `#standard-fonts/*`
// imports with a require made at run time, which a bundle cannot follow: beside the bundle no
// package.json declares them, and the report failed in the query thread with "Cannot find module
// '#standard-fonts/Helvetica'". Written as plain requires of the package's exports, esbuild bundles
// the fonts (≈ 60 kB) into the worker.
const pdfkitFonts = {
  name: 'pdfkit-standard-fonts',
  setup(b) {
    b.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const contents = source.replace(
        /require\$1\('#standard-fonts\/(\w+)'\)/g,
        (_, font) => `require('pdfkit/standard-fonts/${font}')`,
      );
      if (contents === source) throw new Error('pdfkit no longer loads #standard-fonts: check the plugin');
      return { contents, loader: 'js' };
    });
  },
};
// The worker threads carry their JavaScript dependencies inside: the packaged app runs them from
// app.asar.unpacked (electron-builder.yml), where only the native modules and what they load lie
// beside them, not the rest of node_modules (which stays in app.asar).
await build({
  ...common,
  entryPoints: {
    'sync-worker': 'main/sync/sync-worker.ts',
    'query-worker': 'main/query/query-worker.ts',
    'import-worker': 'main/import/import-worker.ts',
  },
  outdir: 'dist/main',
  // In chunks (issue 59): the report's PDF layout, the workbooks' xlsx and the other large parts load
  // when a request first needs them, so the query thread's first analysis (the portfolio's first open)
  // does not wait for a 10 MB bundle to be compiled.
  splitting: true,
  chunkNames: 'worker-[name]-[hash]',
  format: 'esm',
  external: ['electron', 'better-sqlite3', 'keytar'],
  banner: esmBanner,
  plugins: [pdfkitFonts],
});
await build({
  ...common,
  entryPoints: ['preload/index.ts'],
  outfile: 'dist/preload/index.cjs',
  format: 'cjs',
  external: ['electron'],
});
mkdirSync('dist/main/migrations', { recursive: true });
cpSync('main/db/migrations', 'dist/main/migrations', { recursive: true });
// The standard load profiles' tables (main/slp/data), read beside the bundle as `./slp`.
mkdirSync('dist/main/slp', { recursive: true });
cpSync('main/slp/data', 'dist/main/slp', { recursive: true });
// The report's font (main/report/document/fonts.ts), read beside the bundle as `./fonts`.
mkdirSync('dist/main/fonts', { recursive: true });
for (const f of [
  'dejavu-sans-latin-400-normal.woff',
  'dejavu-sans-latin-700-normal.woff',
  'dejavu-sans-latin-400-italic.woff',
])
  cpSync(`node_modules/@fontsource/dejavu-sans/files/${f}`, `dist/main/fonts/${f}`);
cpSync('node_modules/@fontsource/dejavu-sans/LICENSE', 'dist/main/fonts/LICENSE-DejaVu.txt');
console.log(
  'built dist/main (index.js, cli.js, sync-worker.js, query-worker.js, import-worker.js, migrations/, slp/, fonts/) and dist/preload/index.cjs',
);
