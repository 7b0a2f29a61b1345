/**
 * The meter list's tools (search, filters, sort, the count) and what it says when there is nothing to
 * list: an import workspace's invitation, a profile without a token, or no match.
 */
import { useTranslation } from 'react-i18next';
import type { MeterView } from '../../../../preload/contract';
import { PORTAL_PATHS } from '../../portal-paths';
import { useApp } from '../../store';

export function ListTools(props: { visibleCount: number }) {
  const { t } = useTranslation();
  const meters = useApp((s) => s.meters);
  const search = useApp((s) => s.search);
  const filters = useApp((s) => s.filters);
  const sort = useApp((s) => s.sort);
  const { searchChanged, filterChanged, sortChanged } = useApp.getState();
  const options = (key: 'status' | 'direction' | 'commodity', values: string[], prefix: string) => (
    <select
      aria-label={t(`filter${key[0]!.toUpperCase()}${key.slice(1)}`)}
      value={filters[key]}
      onChange={(e) => filterChanged(key, e.target.value)}
    >
      <option value="">
        {t(`filter${key[0]!.toUpperCase()}${key.slice(1)}`)}: {t('all')}
      </option>
      {values.map((v) => (
        <option key={v} value={v}>
          {t(`${prefix}_${v}`, { defaultValue: v })}
        </option>
      ))}
    </select>
  );
  const uniq = (f: (m: MeterView) => string) => [...new Set(meters.map(f))].sort();
  return (
    <div className="list-tools">
      <input
        type="search"
        placeholder={t('search')}
        aria-label={t('search')}
        value={search}
        onChange={(e) => searchChanged(e.target.value)}
        data-testid="meter-search"
      />
      <div className="filters">
        {options(
          'status',
          uniq((m) => m.status),
          'status',
        )}
        {options(
          'direction',
          uniq((m) => m.energyDirection),
          'direction',
        )}
        {options(
          'commodity',
          uniq((m) => m.commodity),
          'commodity',
        )}
        <select
          aria-label={t('customer')}
          value={filters.customer}
          onChange={(e) => filterChanged('customer', e.target.value)}
          data-testid="customer-filter"
        >
          <option value="">
            {t('customer')}: {t('all')}
          </option>
          {[
            ...new Map(
              meters.filter((m) => m.customerId).map((m) => [m.customerId!, m.customerName ?? m.customerId!]),
            ).entries(),
          ]
            .sort((a, b) => a[1].localeCompare(b[1]))
            .map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
        </select>
        <select
          aria-label={t('sortBy')}
          value={sort}
          onChange={(e) => sortChanged(e.target.value as typeof sort)}
        >
          <option value="name">
            {t('sortBy')}: {t('sortName')}
          </option>
          <option value="latest">
            {t('sortBy')}: {t('sortLatest')}
          </option>
          <option value="completeness">
            {t('sortBy')}: {t('sortCompleteness')}
          </option>
        </select>
      </div>
      <div className="muted small" data-testid="meter-count">
        {t('metersCount', { count: props.visibleCount })}
      </div>
    </div>
  );
}

export function EmptyState(props: { visibleCount: number }) {
  const { t } = useTranslation();
  const count = useApp((s) => s.meters.length);
  const isLocal = useApp((st) => st.profiles.find((x) => x.isActive)?.kind === 'local');
  // A profile without a usable token is not "syncing": say why there is nothing.
  const cannotSync = useApp((st) => {
    const p = st.profiles.find((x) => x.isActive);
    return !!p && p.kind === 'account' && (p.tokenState === 'missing' || p.tokenState === 'unreadable');
  });
  return (
    <>
      {count === 0 && isLocal ? (
        // An import workspace: no sync to wait for, an invitation to drop a file instead.
        <div className="empty" data-testid="no-meters">
          <p>{t('noMetersLocal')}</p>
          <p className="small muted">{t('noMetersLocalWhere')}</p>
          <details data-testid="portal-paths">
            <summary className="small">{t('portalPathsTitle')}</summary>
            <ul className="small">
              {PORTAL_PATHS.map((p) => (
                <li key={p.operator}>
                  <strong>{p.operator}</strong>
                  {p.portal ? ` · ${p.portal}` : ''}
                  {p.path ? `: ${p.path}` : ` – ${t('portalPathUnknown')}`}
                </li>
              ))}
            </ul>
          </details>
        </div>
      ) : count === 0 ? (
        <p className="empty" data-testid="no-meters">
          {cannotSync ? t('noMetersNoToken') : t('noMeters')}
        </p>
      ) : props.visibleCount === 0 ? (
        <p className="empty">{t('noMatch')}</p>
      ) : null}
    </>
  );
}
