// @vitest-environment happy-dom
// Component tests of the renderer with a fake window.meterdesk (uPlot needs a canvas: charts are
// tested in real Chromium through the harness instead).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MeterView } from '../../preload/contract';
import { meteringPointProblem } from '../../renderer/src/components/RegisterDialog';

const meters: MeterView[] = [
  {
    id: 'a',
    usageClass: null,
    meteringPoint: 'AT0010000000000000000000000000001',
    label: 'Wohnung Huber',
    energyDirection: 'consumption',
    commodity: 'electricity',
    granularity: 'quarter_hour',
    status: 'connected',
    isDemo: false,
    customerId: 'c1',
    customerName: 'Familie Huber',
    siteId: 's1',
    siteName: 'Hauptstraße',
    registers: ['1-1:1.9.0 G.01'],
    latestDataSec: 1_700_000_000,
    earliestDataSec: 1_690_000_000,
    completeness30d: 1,
    quality30d: { measured: 10, estimated: 1, unreliable: 0 },
    syncError: null,
    syncWarning: null,
    watchUnseen: 0,
  },
  {
    id: 'b',
    usageClass: null,
    meteringPoint: 'AT0010000000000000000000000000002',
    label: 'PV-Einspeisung',
    energyDirection: 'feed_in',
    commodity: 'electricity',
    granularity: 'quarter_hour',
    status: 'connected',
    isDemo: false,
    customerId: 'c2',
    customerName: 'Familie Wagner',
    siteId: 's2',
    siteName: 'Sonnenhang',
    registers: ['1-1:2.9.0 G.01'],
    latestDataSec: 1_700_000_000,
    earliestDataSec: 1_690_000_000,
    completeness30d: 0.9,
    quality30d: { measured: 10, estimated: 0, unreliable: 0 },
    syncError: null,
    syncWarning: [
      {
        kind: 'missing',
        fromSec: 1_793_487_600,
        toSec: 1_793_574_000,
        serviceReadings: 192,
        localReadings: 96,
        fetched: 96,
        message:
          'The service has 192 readings for 2026-11-01, the sync had brought 96; the check fetched 96.',
      },
    ],
    watchUnseen: 0,
  },
  {
    id: 'c',
    usageClass: null,
    meteringPoint: 'AT0010000000000000000000000000003',
    label: 'Neu',
    energyDirection: 'consumption',
    commodity: 'gas',
    granularity: 'quarter_hour',
    status: 'pending',
    isDemo: false,
    customerId: 'c2',
    customerName: 'Familie Wagner',
    siteId: 's2',
    siteName: 'Sonnenhang',
    registers: [],
    latestDataSec: null,
    earliestDataSec: null,
    completeness30d: null,
    quality30d: { measured: 0, estimated: 0, unreliable: 0 },
    syncError: null,
    syncWarning: null,
    watchUnseen: 0,
  },
];

beforeAll(async () => {
  const { initI18n } = await import('../../renderer/src/i18n');
  initI18n('de');
});
afterEach(cleanup);

describe('metering point validation as you type', () => {
  it('explains what is wrong, step by step', () => {
    expect(meteringPointProblem('')).toBe('empty');
    expect(meteringPointProblem('DE12')).toBe('prefix');
    expect(meteringPointProblem('AT12a')).toBe('operator');
    expect(meteringPointProblem('AT001000000-')).toBe('chars');
    expect(meteringPointProblem('AT001000')).toBe('length');
    expect(meteringPointProblem('at0010000000000000000000000000001')).toBeNull();
  });
});

describe('meter list', () => {
  it('groups by customer and site, searches and filters', async () => {
    const { useApp } = await import('../../renderer/src/store');
    const { MeterList } = await import('../../renderer/src/components/MeterList');
    useApp.setState({
      meters,
      search: '',
      filters: { status: '', direction: '', commodity: '', customer: '' },
      sort: 'name',
    });
    render(<MeterList />);
    expect(screen.getAllByTestId('meter-item')).toHaveLength(3);
    expect(screen.getByText('Familie Huber', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Kund:in muss im Netzbetreiber-Portal zustimmen.')).toBeTruthy();
    await act(async () =>
      fireEvent.change(screen.getByTestId('meter-search'), { target: { value: 'huber' } }),
    );
    expect(screen.getAllByTestId('meter-item')).toHaveLength(1);
    await act(async () => fireEvent.change(screen.getByTestId('meter-search'), { target: { value: '' } }));
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Richtung'), { target: { value: 'feed_in' } }),
    );
    expect(screen.getAllByTestId('meter-item').map((e) => e.textContent)).toEqual([
      expect.stringContaining('PV-Einspeisung'),
    ]);
    await act(async () => fireEvent.change(screen.getByLabelText('Richtung'), { target: { value: '' } }));
    await act(async () =>
      fireEvent.change(screen.getByTestId('customer-filter'), { target: { value: 'c2' } }),
    );
    expect(screen.getAllByTestId('meter-item')).toHaveLength(2);
  });
});
