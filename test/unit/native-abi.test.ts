import { describe, expect, it } from 'vitest';
import { nodeLoadProblem, parseAbiError, planRebuild } from '../../scripts/native-abi.mjs';

describe('native module ABI detection', () => {
  it("reads the two ABI numbers from Node's and Electron's load errors", () => {
    const node =
      "The module '/x/better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 140. This version of Node.js requires NODE_MODULE_VERSION 115. Please try re-compiling or re-installing";
    expect(parseAbiError(node)).toEqual({ compiledFor: 140, required: 115 });
    const electron =
      'was compiled against a different Node.js version using NODE_MODULE_VERSION 115. This version of Electron requires NODE_MODULE_VERSION 140.';
    expect(parseAbiError(electron)).toEqual({ compiledFor: 115, required: 140 });
    expect(parseAbiError('Cannot find module better-sqlite3')).toBeNull();
  });

  it('plans a rebuild only when the target runtime changes, in both directions', () => {
    expect(planRebuild('node-115', 'node-115')).toBeNull();
    expect(planRebuild('node-115', 'electron-45.4.1')).toEqual({ kind: 'electron', version: '45.4.1' });
    expect(planRebuild('electron-45.4.1', 'node-115')).toEqual({ kind: 'node' });
    expect(planRebuild(null, 'electron-45.4.1')).toEqual({ kind: 'electron', version: '45.4.1' });
  });

  it('finds the installed modules loadable under this Node', () => {
    expect(nodeLoadProblem()).toBeNull();
  });
});
