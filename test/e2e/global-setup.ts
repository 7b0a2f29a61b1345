// Before the e2e suite: the app built from the sources as they are (renderer and main bundles, so no
// stale dist/ is ever tested), and the harness bundled beside it; every test's harness starts from
// that bundle (test/harness/build.ts says why). Under `npm test`, which has just built the same
// sources, METERDESK_BUILT says so and the build is not repeated.
import { spawnSync } from 'node:child_process';
import { buildHarness } from '../harness/build';

export default async function globalSetup(): Promise<void> {
  const built =
    process.env.METERDESK_BUILT === '1'
      ? { status: 0 }
      : spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run build failed: the e2e suite needs the built app');
  process.env.METERDESK_HARNESS_ENTRY = await buildHarness('dist/harness');
}
