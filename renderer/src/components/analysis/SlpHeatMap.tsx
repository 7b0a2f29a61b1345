/**
 * The deviation from the standard profile by hour × day type × season (issue 47, item 2), like the
 * carpet: one row per season and day type, one cell per hour, (meter − standard) ÷ standard as the
 * cell's colour (red more, blue less; ±100 % and beyond full) and its number on hover.
 */
import { useTranslation } from 'react-i18next';
import type { SlpCompareResult } from '../../../../preload/contract';
import { fmtQuantity, type FormatPrefs } from '../../format';

const SEASONS = ['winter', 'transition', 'summer'] as const;
const DAY_TYPES = ['workday', 'saturday', 'sunday_holiday'] as const;

/** A deviation as a colour: white at 0, red above, blue below (full at ±100 %). */
function colour(dev: number): string {
  const a = Math.min(1, Math.abs(dev));
  const c = Math.round(255 * (1 - a));
  return dev >= 0 ? `rgb(255, ${c}, ${c})` : `rgb(${c}, ${c}, 255)`;
}

export function SlpHeatMap({ d, prefs }: { d: SlpCompareResult; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const at = new Map(d.seasonHours.map((x) => [`${x.season}|${x.dayType}|${x.hour}`, x]));
  return (
    <div className="table-scroll">
      <h4>{t('slp_heatmap')}</h4>
      <table className="grid-table slp-heat" data-testid="slp-heatmap">
        <thead>
          <tr>
            <th scope="col" />
            {Array.from({ length: 24 }, (_, h) => (
              <th key={h} scope="col" className="num small">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SEASONS.flatMap((season) =>
            DAY_TYPES.map((dayType) => (
              <tr key={`${season}|${dayType}`} data-season={season} data-day-type={dayType}>
                <th scope="row" className="small">
                  {t(`slp_season_${season}`)} · {t(`slp_day_${dayType}`)}
                </th>
                {Array.from({ length: 24 }, (_, h) => {
                  const x = at.get(`${season}|${dayType}|${h}`);
                  const dev = x && x.standardKw > 0 ? (x.realKw - x.standardKw) / x.standardKw : null;
                  return (
                    <td
                      key={h}
                      data-deviation={dev ?? ''}
                      style={dev === null ? undefined : { background: colour(dev) }}
                      title={
                        x
                          ? `${fmtQuantity(x.realKw, 'kw', prefs)} / ${fmtQuantity(x.standardKw, 'kw', prefs)}${dev === null ? '' : ` (${dev >= 0 ? '+' : '−'}${fmtQuantity(Math.abs(dev), 'percent', prefs)})`}`
                          : undefined
                      }
                    />
                  );
                })}
              </tr>
            )),
          )}
        </tbody>
      </table>
      <p className="small muted">{t('slp_heatmapHint')}</p>
    </div>
  );
}
