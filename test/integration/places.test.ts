// Customers and sites the person made can be renamed and merged (issue 42, item 8), through the CLI as
// it ships: "Familie Novak" typed twice (once as "Novak, Familie") becomes one customer with both
// sites, two sites of one house become one, a rename takes, a name that exists is refused, and a
// service's customer or site (an id not made here) is refused. State read by plain SQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cliBundle } from './cli-bundle';

const cli = async (args: string[]) => {
  const bundle = await cliBundle();
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      env: { ...process.env, METERDESK_LANG: 'en' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
};

describe('customers and sites (issue 42, item 8)', () => {
  it('are renamed and merged; existing names and the service’s places are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-places-'));
    const lines = readFileSync(join(__dirname, '..', 'fixtures', 'dso', 'linznetz-v2.csv'), 'utf8').split(
      '\n',
    );
    const file = (day: string) => {
      const f = join(dir, `${day}.csv`);
      writeFileSync(f, [lines[0], ...lines.slice(1).filter((l) => l.startsWith(day))].join('\n'));
      return f;
    };
    const ids: string[] = [];
    for (const [day, name] of [
      ['03.07.', 'Wohnung'],
      ['04.07.', 'Garage'],
    ] as const) {
      const r = await cli(['--data-dir', dir, 'import', file(day), '--meter', `new:${name}`, '--json']);
      expect(r.status, r.stderr).toBe(0);
      ids.push((JSON.parse(r.stdout.trim()) as { meter_id: string }).meter_id);
    }
    const run = async (...args: string[]) => cli(['--data-dir', dir, 'meters', ...args, '--json']);
    const ok = async (...args: string[]) => {
      const r = await run(...args);
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout.trim()) as Record<string, unknown>;
    };
    const house = await ok('site', ids[0]!, 'new:Hauptstraße 1', 'new:Familie Novak');
    const garage = await ok('site', ids[1]!, 'new:Garage Hauptstraße', 'new:Novak, Familie');
    const state = () => {
      const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
      try {
        return {
          customers: db.prepare('SELECT id, name FROM customers ORDER BY name').all() as {
            id: string;
            name: string;
          }[],
          sites: db.prepare('SELECT id, name, customer_id FROM sites ORDER BY name').all() as {
            id: string;
            name: string;
            customer_id: string;
          }[],
          meters: db.prepare('SELECT id, site_id FROM meters ORDER BY id').all() as {
            id: string;
            site_id: string;
          }[],
        };
      } finally {
        db.close();
      }
    };
    // The second customer cannot take the first one's name: it is merged into it.
    const clash = await run('customer-rename', String(garage.customerId), 'familie novak');
    expect(clash.status).not.toBe(0);
    expect(clash.stderr).toMatch(/A customer "familie novak" exists already: merge into it/);
    expect(await ok('customer-merge', String(garage.customerId), String(house.customerId))).toMatchObject({
      sites: 1,
      meters: 2,
    });
    let s = state();
    expect(s.customers.map((c) => c.name)).not.toContain('Novak, Familie');
    expect(
      s.sites
        .filter((x) => x.customer_id === house.customerId)
        .map((x) => x.name)
        .sort(),
    ).toEqual(['Garage Hauptstraße', 'Hauptstraße 1']);
    // Two sites of one house become one: the garage's meter moves, its site goes.
    expect(await ok('site-merge', String(garage.siteId), String(house.siteId))).toMatchObject({ meters: 1 });
    s = state();
    expect(s.meters.map((m) => m.site_id)).toEqual([house.siteId, house.siteId]);
    expect(s.sites.map((x) => x.id)).not.toContain(garage.siteId);
    expect(await ok('site-rename', String(house.siteId), '  Hauptstraße 1, 4020 Linz ')).toMatchObject({
      name: 'Hauptstraße 1, 4020 Linz',
    });
    expect(state().sites.find((x) => x.id === house.siteId)?.name).toBe('Hauptstraße 1, 4020 Linz');
    // A customer the service sent (its id not made here) is the service's.
    const db = new Database(join(dir, 'meterdesk.sqlite'));
    db.prepare("INSERT INTO customers (id, name, email) VALUES ('cus_1', 'Dienst GmbH', NULL)").run();
    db.close();
    const before = state();
    const refused = await run('customer-merge', 'cus_1', String(house.customerId));
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/comes from the readings service/);
    expect((await run('customer-rename', 'cus_1', 'X')).status).not.toBe(0);
    expect(state()).toEqual(before);
  });
});
