/**
 * `meterdesk` — the core without a UI, for automation and checks.
 * Exit codes: 0 ok, 1 usage, 2 service/auth error, 3 local data error.
 */
import { resolve } from 'node:path';
import { terminalText } from '../../common/rules';
import { UsageError } from './usage-error';
import { HELP, OPTIONS } from './help';
import { parseCommandLine } from './command-line';
import { runCommand } from './run-command';

// Nothing reaches the terminal with escape sequences or control characters in it, whatever a database
// from an older version or a file holds (common/rules.ts: terminalText). JSON escapes them anyway.
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' ? terminalText(chunk) : chunk, ...rest)) as typeof stream.write;
}

// Output piped into a command that stops reading early (`| head`) is not an error of ours.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

function fail(code: number, message: string): never {
  process.stderr.write(message.endsWith('\n') ? message : message + '\n');
  process.exit(code);
}

async function main(argv: string[]): Promise<void> {
  const { values: v, positionals } = parseCommandLine(argv);
  const command = positionals[0];
  // Each command takes its own options: one it does not read is a mistake to point out, not ignore.
  const allowed = command ? OPTIONS[command] : undefined;
  if (allowed && !v.help)
    for (const k of Object.keys(v))
      if (k !== 'data-dir' && k !== 'help' && k !== 'lang' && !allowed.includes(k))
        throw new UsageError(`${command} does not take --${k}.\n\n${HELP[command!] ?? HELP.main}`);
  if (v.help || !command) {
    process.stdout.write((HELP[command ?? 'main'] ?? HELP.main) + '\n');
    if (!command && !v.help) process.exit(1);
    return;
  }
  if (!HELP[command] || command === 'main')
    throw new UsageError(`Unknown command "${command}".\n\n${HELP.main}`);
  if (!v['data-dir']) throw new UsageError(`--data-dir is required.\n\n${HELP[command]}`);
  const dataDir = resolve(v['data-dir']);
  // Partial files of exports whose process was killed (kill -9, a crash) are removed at the next start.
  try {
    const { createPartialTracker } = await import('../export/partials');
    createPartialTracker(dataDir).cleanStale();
  } catch {
    // A read-only or missing data folder: nothing to clean there.
  }

  // A data folder on a network share or in a synced folder: said on every command (it is not refused).
  const { placeOf } = await import('../profiles/place');
  const place = placeOf(dataDir);
  if (place.kind !== 'local') {
    const { cliLanguage, placeLine } = await import('./cli-words');
    process.stderr.write(
      `meterdesk: ${placeLine(place as { kind: 'network' | 'synced'; name: string }, dataDir, cliLanguage(argv))}\n`,
    );
  }
  await runCommand(v, positionals, dataDir);
}

main(process.argv.slice(2)).catch(async (err: unknown) => {
  if (err instanceof UsageError || (err as Error).name === 'UsageError') fail(1, (err as Error).message);
  // AppError and its ApiError (main/errors.ts, api/client.ts), recognised by name: importing them would
  // load the contract at every start. Worded in the CLI's language (cli-words.ts), loaded only here.
  const e = err as {
    name?: string;
    code?: string;
    message: string;
    details?: { reason?: unknown; params?: unknown };
    serviceText?: string | null;
  };
  const { cliLanguage, refusalLine } = await import('./cli-words');
  const lang = cliLanguage(process.argv.slice(2));
  if (e.name === 'AppError' || e.name === 'ApiError') {
    const local = e.code === 'local_data' || e.code === 'keychain_unavailable';
    const coded = {
      code: e.code ?? 'internal',
      message: e.message,
      reason: typeof e.details?.reason === 'string' ? e.details.reason : undefined,
      params: (e.details?.params ?? undefined) as Record<string, string | number> | undefined,
      serviceText: e.serviceText ?? undefined,
    };
    fail(local ? 3 : 2, `meterdesk: ${refusalLine(coded, lang)}`);
  }
  fail(3, `meterdesk: ${refusalLine({ code: 'internal', message: (err as Error).message }, lang)}`);
});
