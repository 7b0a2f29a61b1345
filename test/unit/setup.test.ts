// A first-time set-up that does not look hung or hide things (issue 19, item 14).
import { mkdtempSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDemoService } from '../../main/demo/service';
import { defaultExportDir } from '../harness/server';

describe('set-up', () => {
  it('lets npm speak during the first install (no loglevel=silent in .npmrc)', () => {
    expect(readFileSync('.npmrc', 'utf8')).not.toMatch(/^\s*loglevel\s*=\s*silent/m);
  });

  it('prints the team URL the Connect dialog wants, beside base URL and team', async () => {
    const svc = await startDemoService({ years: 0.02, withBrokers: false });
    try {
      expect(svc.info.team_url).toBe(`${svc.info.base_url}/api/v1/teams/${svc.info.team}`);
    } finally {
      await svc.stop();
    }
  });

  it('puts the harness’s exports where a person finds them, not in a hidden temporary folder', () => {
    const home = mkdtempSync(join(tmpdir(), 'md-home-'));
    expect(defaultExportDir(home)).toBe(join(home, 'Meterdesk-exports'));
    mkdirSync(join(home, 'Downloads'));
    expect(defaultExportDir(home)).toBe(join(home, 'Downloads', 'Meterdesk'));
  });

  it('starts the standalone demo’s MQTT broker and SFTP server on the ports asked for', async () => {
    const svc = await startDemoService({ years: 0.02, mqttPort: 18_883, sftpPort: 12_222 });
    try {
      expect(svc.info.mqtt?.url).toMatch(/:18883$/);
      expect(svc.info.sftp?.port).toBe(12_222);
    } finally {
      await svc.stop();
    }
  });

  it('starts the app’s own demo with HTTP and MQTT only: no SFTP server', async () => {
    const svc = await startDemoService({ years: 0.02, inApp: true });
    try {
      expect(svc.info.mqtt?.url).toMatch(/^mqtt:/);
      expect(svc.info.sftp).toBeNull();
    } finally {
      await svc.stop();
    }
  });
});
