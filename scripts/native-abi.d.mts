export const NATIVE_MODULES: string[];
export function parseAbiError(message: string): { compiledFor: number; required: number } | null;
export function planRebuild(
  lastTarget: string | null,
  wanted: string,
): { kind: 'electron'; version: string } | { kind: 'node' } | null;
export function lastTarget(): string | null;
export function nodeLoadProblem(): { compiledFor: number; required: number } | { other: string } | null;
export function ensureNodeAbi(): void;
export function ensureElectronAbi(electronVersion: string): void;
