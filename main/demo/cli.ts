/**
 * `npm run demo-service -- [--port 8787] [--contract spec|current|ours] [--seed 1] [--meters N]
 * [--years Y] [--clock ISO] [--mqtt-port P] [--sftp-port P] [--accelerate SEC] [--rate-limit PER_MIN]`
 *
 * The first stdout line is one JSON object describing how to reach the service. SIGTERM/SIGINT stop it.
 */
import { parseArgs } from 'node:util';
import { generations, isGeneration } from './generations';
import { startDemoService } from './service';

const usage = `Usage: npm run demo-service -- [--port 8787] [--host 127.0.0.1] [--contract spec|current|ours]
       [--seed 1] [--meters 9] [--years 3] [--clock ISO] [--mqtt-port P] [--sftp-port P] [--accelerate SEC]
       [--rate-limit PER_MIN] [--feed-page-size N] [--auto-approve SEC]

--auto-approve: the simulated customer approves a consent request after SEC seconds (default 20; 0 =
only through the portal link in admin/consents).
--contract chooses the contract generation the service speaks (default ours): spec = exactly the
published spec, current = the real service's current generation, ours = our decisions.`;

function num(v: string | undefined, name: string, fallback?: number): number | undefined {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    process.stderr.write(`--${name} must be a non-negative number, got "${v}"\n${usage}\n`);
    process.exit(1);
  }
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        meters: { type: 'string' },
        years: { type: 'string' },
        clock: { type: 'string' },
        'mqtt-port': { type: 'string' },
        'sftp-port': { type: 'string' },
        accelerate: { type: 'string' },
        'rate-limit': { type: 'string' },
        'feed-page-size': { type: 'string' },
        contract: { type: 'string' },
        'auto-approve': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${usage}\n`);
    process.exit(1);
  }
  if (values.help) {
    process.stdout.write(usage + '\n');
    return;
  }
  const contract = values.contract ?? 'ours';
  if (!isGeneration(contract)) {
    process.stderr.write(
      `--contract must be one of ${generations.join(', ')}, got "${contract}"\n${usage}\n`,
    );
    process.exit(1);
  }
  const svc = await startDemoService({
    contract,
    autoApproveSec: num(values['auto-approve'], 'auto-approve'),
    host: values.host ?? '127.0.0.1',
    port: num(values.port, 'port', 8787),
    seed: num(values.seed, 'seed', 1),
    meters: num(values.meters, 'meters', 9),
    years: num(values.years, 'years', 3),
    clock: values.clock,
    mqttPort: num(values['mqtt-port'], 'mqtt-port', 0),
    sftpPort: num(values['sftp-port'], 'sftp-port', 0),
    accelerateSec: num(values.accelerate, 'accelerate'),
    ratePerMin: num(values['rate-limit'], 'rate-limit'),
    feedPageSize: num(values['feed-page-size'], 'feed-page-size'),
  });
  process.stdout.write(JSON.stringify(svc.info) + '\n');
  const stop = async () => {
    await svc.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`demo service failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
