/**
 * The meter's site and customer, when the person made them (issue 42, item 8): rename either, or merge
 * it into another site or customer — "Familie Novak" typed twice becomes one again. The core refuses a
 * service's site or customer and a name that exists already.
 */
import { customerShown } from '../../../common/imported-customer';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { useApp } from '../store';
import { type FormProps } from './MeterAdmin';

type Kind = 'site' | 'customer';

export function PlaceForm({ meter, done, cancel }: FormProps) {
  const { t } = useTranslation();
  const kinds = (['site', 'customer'] as const).filter((k) =>
    (k === 'site' ? meter.siteId : meter.customerId)?.startsWith('local-'),
  );
  const [kind, setKind] = useState<Kind>(kinds[0] ?? 'site');
  const current =
    kind === 'site'
      ? { id: meter.siteId!, name: meter.siteName ?? '' }
      : { id: meter.customerId!, name: meter.customerName ?? '' };
  const [name, setName] = useState(current.name);
  const [into, setInto] = useState('');
  const [sites, setSites] = useState<SiteView[]>([]);
  const [customers, setCustomers] = useState<{ id: string; name: string }[]>([]);
  const language = useApp((st) => st.language);
  useEffect(() => {
    void unwrap(api().sites.list()).then(
      (list) =>
        setSites(
          list.map((x) => ({ ...x, customerName: customerShown(x.customerId, x.customerName, language) })),
        ),
      () => undefined,
    );
    void unwrap(api().places.customers()).then(setCustomers, () => undefined);
  }, [language]);
  const others =
    kind === 'site'
      ? sites
          .filter((s) => s.id !== current.id)
          .map((s) => ({ id: s.id, name: s.customerName ? `${s.name} · ${s.customerName}` : s.name }))
      : customers.filter((c) => c.id !== current.id);
  const say = (text: string) => useApp.getState().meterNoticeShown(text);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void done(async () => {
          if (into) {
            const r = await unwrap(api().places.merge({ kind, fromId: current.id, intoId: into }));
            say(
              kind === 'site'
                ? t('place_mergedSite', { name: current.name, count: r.meters })
                : t('place_mergedCustomer', { name: current.name, count: r.sites }),
            );
          } else await unwrap(api().places.rename({ kind, id: current.id, name }));
        });
      }}
      data-testid="place-form"
    >
      {kinds.length > 1 && (
        <select
          value={kind}
          onChange={(e) => {
            const k = e.target.value as Kind;
            setKind(k);
            setName((k === 'site' ? meter.siteName : meter.customerName) ?? '');
            setInto('');
          }}
          aria-label={t('place_which')}
          data-testid="place-kind"
        >
          <option value="site">{t('place_site', { name: meter.siteName ?? '' })}</option>
          <option value="customer">{t('place_customer', { name: meter.customerName ?? '' })}</option>
        </select>
      )}{' '}
      <input
        value={name}
        onChange={(e) => (setName(e.target.value), setInto(''))}
        aria-label={t('place_newName')}
        disabled={into !== ''}
        data-testid="place-name"
      />{' '}
      <select
        value={into}
        onChange={(e) => setInto(e.target.value)}
        aria-label={t('place_mergeInto')}
        data-testid="place-merge-into"
      >
        <option value="">{t('place_noMerge')}</option>
        {others.map((o) => (
          <option key={o.id} value={o.id}>
            {t('place_mergeIntoOption', { name: o.name })}
          </option>
        ))}
      </select>{' '}
      <button
        type="submit"
        className="primary"
        disabled={!into && (!name.trim() || name.trim() === current.name)}
        data-testid="place-save"
      >
        {into ? t('meterAdmin_mergeYes') : t('meterAdmin_save')}
      </button>{' '}
      <button type="button" onClick={cancel}>
        {t('meterAdmin_cancel')}
      </button>
    </form>
  );
}
