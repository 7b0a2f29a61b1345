// Starts a real mosquitto broker (an independent implementation) on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Broker {
  port: number;
  url: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

export async function startMosquitto(port?: number): Promise<Broker> {
  const p = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'md-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${p} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stdout\n`);
  let proc: ChildProcess;
  const launch = async () => {
    proc = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const ok = await new Promise<boolean>((resolve) => {
        const s = connect(p, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('mosquitto did not start (is it installed? apt-get install mosquitto)');
  };
  const stop = async () => {
    if (proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  };
  await launch();
  return { port: p, url: `mqtt://127.0.0.1:${p}`, stop, restart: async () => (await stop(), await launch()) };
}
