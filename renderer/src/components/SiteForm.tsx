/**
 * Where an imported meter belongs (issue 42, item 8): an existing site picked from the list (a PV file
 * joins its household's site), or a new site — for an existing customer picked from the list or a new
 * one. The core refuses a second customer or site of a name that exists, so none is made twice.
 */
import { customerShown } from '../../../common/imported-customer';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { useApp } from '../store';
import { Actions, type FormProps } from './MeterAdmin';

const NEW = '__new__';

export function SiteForm({ meter, done, cancel }: FormProps) {
  const { t } = useTranslation();
  const meters = useApp((s) => s.meters);
  const [sites, setSites] = useState<SiteView[]>([]);
  const [site, setSite] = useState(NEW);
  const [name, setName] = useState('');
  const [customer, setCustomer] = useState('');
  const [newCustomer, setNewCustomer] = useState('');
  const language = useApp((st) => st.language);
  useEffect(() => {
    void unwrap(api().sites.list()).then(
      (list) =>
        setSites(
          list.map((x) => ({ ...x, customerName: customerShown(x.customerId, x.customerName, language) })),
        ),
      () => undefined,
    );
  }, [language]);
  const customers = [
    ...new Map(
      meters.filter((m) => m.customerId).map((m) => [m.customerId!, m.customerName ?? '']),
    ).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const ready = site !== NEW || (name.trim() !== '' && (customer !== NEW || newCustomer.trim() !== ''));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void done(() =>
          unwrap(
            api().meters.setSite(
              site !== NEW
                ? { meterId: meter.id, siteId: site }
                : {
                    meterId: meter.id,
                    newSite: name,
                    ...(customer === NEW ? { newCustomer } : customer ? { customerId: customer } : {}),
                  },
            ),
          ),
        );
      }}
    >
      <select
        value={site}
        onChange={(e) => setSite(e.target.value)}
        aria-label={t('meterAdmin_sitePick')}
        data-testid="site-pick"
      >
        <option value={NEW}>{t('meterAdmin_siteNew')}</option>
        {sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.customerName ? `${s.name} · ${s.customerName}` : s.name}
          </option>
        ))}
      </select>{' '}
      {site === NEW && (
        <>
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('meterAdmin_siteName')}
            aria-label={t('meterAdmin_siteName')}
          />{' '}
          <select
            value={customer}
            onChange={(e) => setCustomer(e.target.value)}
            aria-label={t('meterAdmin_customer')}
            data-testid="customer-pick"
          >
            <option value="">{t('meterAdmin_customerNone')}</option>
            {customers.map(([id, n]) => (
              <option key={id} value={id}>
                {n}
              </option>
            ))}
            <option value={NEW}>{t('meterAdmin_customerNew')}</option>
          </select>{' '}
          {customer === NEW && (
            <input
              value={newCustomer}
              onChange={(e) => setNewCustomer(e.target.value)}
              placeholder={t('meterAdmin_customerName')}
              aria-label={t('meterAdmin_customerName')}
            />
          )}{' '}
        </>
      )}
      <Actions cancel={cancel} disabled={!ready} />
    </form>
  );
}
