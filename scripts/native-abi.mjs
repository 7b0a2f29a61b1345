// Native modules (better-sqlite3, keytar) must match the runtime that loads them: Node's ABI for
// `npm test` and the CLI, Electron's for `npm start` and packaging. This detects a mismatch and
// rebuilds the right way, saying so in one clear line, in both directions.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const NATIVE_MODULES = ['better-sqlite3', 'keytar'];
const MARKER = 'node_modules/.meterdesk-native-target';

/** Reads "compiled against NODE_MODULE_VERSION X … requires NODE_MODULE_VERSION Y" from a load error. */
export function parseAbiError(message) {
  const m =
    /NODE_MODULE_VERSION (\d+)\.\s*This version of (?:Node\.js|Electron) requires\s*NODE_MODULE_VERSION (\d+)/i.exec(
      String(message),
    );
  return m ? { compiledFor: Number(m[1]), required: Number(m[2]) } : null;
}

/** What to do, given what the modules were last built for and what is about to load them. */
export function planRebuild(lastTarget, wanted) {
  if (lastTarget === wanted) return null;
  if (wanted.startsWith('electron-')) return { kind: 'electron', version: wanted.slice('electron-'.length) };
  return { kind: 'node' };
}

export function lastTarget() {
  return existsSync(MARKER) ? readFileSync(MARKER, 'utf8').trim() : null;
}

function rememberTarget(target) {
  writeFileSync(MARKER, target + '\n');
}

/** Loads the native modules in this Node process; returns the ABI error if they were built for Electron. */
export function nodeLoadProblem() {
  const require = createRequire(import.meta.url);
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    // keytar is optional (it needs libsecret to build): a machine without it falls back to session-only tokens.
    try {
      require.resolve('keytar');
    } catch {
      return null;
    }
    require('keytar');
    return null;
  } catch (err) {
    return parseAbiError(err.message) ?? { other: err.message };
  }
}

export function ensureNodeAbi() {
  const wanted = `node-${process.versions.modules}`;
  const problem = nodeLoadProblem();
  if (!problem) {
    if (lastTarget() !== wanted) rememberTarget(wanted);
    return;
  }
  if (problem.other) return; // not an ABI problem: let the tests report it
  console.log(
    `Native modules were built for another runtime (ABI ${problem.compiledFor}, Node needs ${problem.required}): rebuilding ${NATIVE_MODULES.join(', ')} for Node…`,
  );
  const r = spawnSync('npm', ['rebuild', ...NATIVE_MODULES, '--loglevel=warn'], { stdio: 'inherit' });
  if (r.status !== 0)
    throw new Error(
      'Rebuilding the native modules for Node failed; run "npm rebuild better-sqlite3 keytar" and read its output.',
    );
  rememberTarget(wanted);
}

export function ensureElectronAbi(electronVersion) {
  const plan = planRebuild(lastTarget(), `electron-${electronVersion}`);
  if (!plan) return;
  console.log(
    `Rebuilding ${NATIVE_MODULES.join(', ')} for Electron ${electronVersion} (they were built for ${lastTarget() ?? 'Node'}); "npm test" switches them back automatically.`,
  );
  const r = spawnSync(
    'npx',
    ['@electron/rebuild', '-f', '-w', NATIVE_MODULES.join(','), '-v', electronVersion],
    { stdio: 'inherit' },
  );
  if (r.status !== 0)
    throw new Error(
      `Rebuilding for Electron ${electronVersion} failed (it needs Electron's headers from the internet).`,
    );
  rememberTarget(`electron-${electronVersion}`);
}
