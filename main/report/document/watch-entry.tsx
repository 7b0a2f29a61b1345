/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The report's watch entry on its first page (issue 45, item 2): what the watch list says about the
 * report's meters, as last evaluated, in the app's words (common/watch-words.ts). At most eight lines;
 * the rest counted.
 */
import { Text, View } from '@react-pdf/renderer';
import { sayIn } from '../../../common/i18n/words';
import { watchText } from '../../../common/watch-words';
import type { ReportModel } from '../model';
import type { Words } from '../words';
import { st, type Fmt } from './kit';

const SHOWN = 8;

export function WatchEntry({ model, f, w }: { model: ReportModel; f: Fmt; w: Words }) {
  if (model.watch.length === 0) return null;
  const t = sayIn(model.request.lang);
  const formats = {
    kw: (v: number) => f.kw(v),
    kwh: (v: number) => f.kwh(v),
    percent: (v: number) => f.pct(v),
    dateTime: (sec: number) => f.dateTime(sec),
    day: (key: string) => f.date(Date.parse(`${key}T12:00:00Z`) / 1000),
    number: (v: number) => f.n(v, Number.isInteger(v) ? 0 : 2),
  };
  const rest = model.watch.length - SHOWN;
  return (
    <View style={{ marginTop: 8 }} wrap={false}>
      <Text style={st.h2}>{w.watchEntry}</Text>
      {model.watch.slice(0, SHOWN).map((x, i) => (
        <Text key={i} style={st.para}>
          {`${x.meterLabel} (${x.obisCode}, ${w.watchSince} ${f.date(x.firstSec)}): ${watchText(x, t, formats)}`}
        </Text>
      ))}
      {rest > 0 && <Text style={st.small}>{w.watchMore.replace('{{n}}', String(rest))}</Text>}
      <Text style={st.small}>
        {w.watchAsOf.replace('{{at}}', f.dateTime(Math.max(...model.watch.map((x) => x.lastSec))))}
      </Text>
    </View>
  );
}
