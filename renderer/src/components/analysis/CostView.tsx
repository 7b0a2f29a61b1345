/**
 * What the register's quarter-hours cost under several tariffs side by side (the cheapest fully priced
 * one marked), and per calendar month and component for the tariff picked; for spot tariffs the share
 * of the cost in each day's most expensive hours and what shifting some of it would save. All figures
 * from main (main/cost/cost.ts); the components add up to the totals to the cent.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CostResult, MeterView, Tariff } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDate, fmtQuantity, type FormatPrefs } from '../../format';
import { useApp } from '../../store';
import { ErrorText } from '../ErrorText';
import { BillAhead } from './BillAhead';
import { BillDialog } from './BillDialog';
import { TariffsDialog } from './TariffsDialog';
import type { ViewProps } from './types';
import { CompareTable, TariffDetail } from './cost-parts';
import { useResult } from './useResult';

export { fmtEur } from './cost-format';

/**
 * The tariffs a meter's client is offered (its own, its site's and customer's, and the unassigned ones;
 * never another client's, never a part of a combination alone), reloaded when the dialog changes them.
 * Without a meter: every tariff of the profile.
 */
export function useTariffs(version: number, meterId?: string): { tariffs: Tariff[] | null; error: unknown } {
  const { data, error } = useResult(() => api().tariffs.list(meterId ? { meterId } : {}), [version, meterId]);
  return { tariffs: data, error };
}

export function CostView({ meter, obisCode, fromSec, toSec, prefs, setExportParams }: ViewProps) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState(false);
  const [billOpen, setBillOpen] = useState(false);
  const { tariffs, error: tariffsError } = useTariffs(version, meter.id);
  const direction = obisCode.startsWith('1-1:2.') ? 'feed_in' : 'consumption';
  // A gas meter is offered gas tariffs only, an electricity meter electricity tariffs only.
  const commodity = meter.commodity === 'gas' ? 'gas' : 'electricity';
  const offered = useMemo(
    () => (tariffs ?? []).filter((x) => x.direction === direction && x.commodity === commodity),
    [tariffs, direction, commodity],
  );
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = (picked ?? offered.map((x) => x.id))
    .filter((id) => offered.some((x) => x.id === id))
    .slice(0, 10);
  const [shown, setShown] = useState<string | null>(null);
  const [shift, setShift] = useState(10);
  const [siteWide, setSiteWide] = useState(false);
  // "The whole site" belongs to one meter: it does not survive a switch to another meter.
  useEffect(() => setSiteWide(false), [meter.id]);
  const siteCount = useSiteCount(meter, direction, commodity);
  const key = chosen.join(',');
  const result = useCost(
    { meterId: meter.id, obisCode, fromSec, toSec, key, shift, siteWide },
    setExportParams,
  );

  if (tariffsError) return <ErrorText error={tariffsError} prefs={prefs} />;
  if (!tariffs) return <p className="muted">{t('loading')}</p>;
  const d = result.data;
  const detail = d?.tariffs.find((x) => x.tariffId === (shown ?? d.bestTariffId ?? d.tariffs[0]?.tariffId));
  return (
    <>
      <TariffPick
        offered={offered}
        chosen={chosen}
        commodity={commodity}
        onPick={setPicked}
        siteCount={siteCount}
        siteWide={siteWide}
        onSiteWide={setSiteWide}
        onManage={() => setDialog(true)}
      />
      {offered.some((x) => x.isExample) && <p className="small muted">{t('cost_exampleNote')}</p>}
      {result.error !== null && <ErrorText error={result.error} prefs={prefs} />}
      {key && !d && result.error === null && <p className="muted">{t('loading')}</p>}
      {d && (
        <>
          <CostNote d={d} prefs={prefs} />
          <CompareTable d={d} shown={detail?.tariffId} onShow={setShown} prefs={prefs} />
          {meter.commodity !== 'gas' && <PowerBasis d={d} prefs={prefs} />}
          {detail && (
            <TariffDetail
              detail={detail}
              prefs={prefs}
              shift={shift}
              onShift={setShift}
              onBill={d.site ? null : () => setBillOpen(true)}
            />
          )}
          {detail && !d.site && d.direction === 'consumption' && (
            <BillAhead meterId={meter.id} obisCode={obisCode} tariffId={detail.tariffId} prefs={prefs} />
          )}
        </>
      )}
      {billOpen && detail && (
        <BillDialog
          meterId={meter.id}
          obisCode={obisCode}
          fromSec={d?.fromSec ?? fromSec}
          toSec={d?.toSec ?? toSec}
          tariffs={offered}
          tariffId={detail.tariffId}
          prefs={prefs}
          onClose={() => setBillOpen(false)}
        />
      )}
      {dialog && (
        <TariffsDialog
          meter={meter}
          onClose={() => {
            setDialog(false);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </>
  );
}

/** How many meters of the meter's site measure its direction and commodity ("the whole site"). */
function useSiteCount(meter: MeterView, direction: string, commodity: 'gas' | 'electricity'): number {
  const allMeters = useApp((s) => s.meters);
  return useMemo(
    () =>
      allMeters.filter(
        (m) =>
          m.siteId !== null &&
          m.siteId === meter.siteId &&
          m.energyDirection === direction &&
          (m.commodity === 'gas' ? 'gas' : 'electricity') === commodity,
      ).length,
    [allMeters, meter.siteId, direction, commodity],
  );
}

/** The cost under the chosen tariffs (`key`: their ids joined), asked again when any input changes. */
function useCost(
  q: {
    meterId: string;
    obisCode: string;
    fromSec: number;
    toSec: number;
    key: string;
    shift: number;
    siteWide: boolean;
  },
  setExportParams: ViewProps['setExportParams'],
): { data: CostResult | null; error: unknown } {
  const [result, setResult] = useState<{ data: CostResult | null; error: unknown }>({
    data: null,
    error: null,
  });
  const { meterId, obisCode, fromSec, toSec, key, shift, siteWide } = q;
  useEffect(() => {
    setExportParams({ tariffIds: key, shiftPercent: shift, siteWide: siteWide ? 1 : 0 });
    if (!key) return setResult({ data: null, error: null });
    let live = true;
    unwrap(
      api().analysis.cost({
        meterId,
        obisCode,
        fromSec,
        toSec,
        tariffIds: key.split(','),
        shiftPercent: shift,
        siteWide,
      }),
    ).then(
      (data) => live && setResult({ data, error: null }),
      (error: unknown) => live && setResult({ data: null, error }),
    );
    return () => {
      live = false;
    };
  }, [meterId, obisCode, fromSec, toSec, key, shift, siteWide, setExportParams]);
  return result;
}

/** What was priced: the kWh, the span where the data cut it, feed-in, and the site's meters. */
function CostNote({ d, prefs }: { d: CostResult; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  return (
    <p className="small" data-testid="cost-kwh">
      {t('cost_kwhNote', { kwh: fmtQuantity(d.kwh, 'kwhTotal', prefs) })}{' '}
      {d.clampedToData &&
        t('cost_span', { from: fmtDate(d.fromSec, prefs), to: fmtDate(d.toSec - 1, prefs) })}{' '}
      {d.direction === 'feed_in' && t('cost_feedInNote')}{' '}
      {d.site &&
        t('cost_siteMeters', {
          meters: d.site.meters
            .map((m) => `${m.label ?? m.meterId} (${fmtQuantity(m.kwh, 'kwhTotal', prefs)})`)
            .join(', '),
        })}
    </p>
  );
}

/** The power basis, only where a tariff bills power on consumption (a gas meter's view leaves it out). */
function PowerBasis({ d, prefs }: { d: CostResult; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  if (d.direction !== 'consumption' || d.meanMonthlyMaxKw === null) return null;
  if (!d.tariffs.some((x) => x.total.gridPowerEur !== 0)) return null;
  return (
    <p className="small muted">
      {t('cost_powerBasis', {
        kw: fmtQuantity(d.meanMonthlyMaxKw, 'kw', prefs),
        basis: t(`cost_basis_${d.meanBasis}`),
      })}
    </p>
  );
}

/** The tariffs of the meter's commodity and direction to compare, the whole site, and "manage tariffs". */
function TariffPick(props: {
  offered: Tariff[];
  chosen: string[];
  commodity: 'gas' | 'electricity';
  onPick: (ids: string[]) => void;
  siteCount: number;
  siteWide: boolean;
  onSiteWide: (on: boolean) => void;
  onManage: () => void;
}) {
  const { t } = useTranslation();
  const { offered, chosen, commodity, siteCount, siteWide } = props;
  return (
    <fieldset className="cost-pick">
      <legend>{t('cost_pickTariffs')}</legend>
      {offered.length === 0 && (
        <p className="muted" data-testid="cost-no-tariffs">
          {commodity === 'gas' ? t('cost_noGasTariffs') : t('cost_noTariffs')}
        </p>
      )}
      {offered.map((x) => (
        <label key={x.id} className="inline">
          <input
            type="checkbox"
            checked={chosen.includes(x.id)}
            data-testid="cost-tariff-pick"
            data-tariff={x.id}
            onChange={(e) =>
              props.onPick(e.target.checked ? [...chosen, x.id] : chosen.filter((id) => id !== x.id))
            }
          />{' '}
          {x.name}
          {x.isExample && <span className="badge"> {t('cost_example')}</span>}
        </label>
      ))}
      {siteCount > 1 && (
        <label className="inline">
          <input
            type="checkbox"
            checked={siteWide}
            onChange={(e) => props.onSiteWide(e.target.checked)}
            data-testid="cost-site-wide"
          />{' '}
          {t('cost_siteWide', { count: siteCount })}
        </label>
      )}
      <button onClick={props.onManage} data-testid="manage-tariffs">
        {t('cost_manageTariffs')}
      </button>
    </fieldset>
  );
}
