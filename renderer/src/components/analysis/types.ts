/** What every analysis view is given, and how it tells the panel what to export. */
import type { MeterView } from '../../../../preload/contract';
import type { FormatPrefs } from '../../format';

export interface ViewProps {
  meter: MeterView;
  obisCode: string;
  fromSec: number;
  toSec: number;
  prefs: FormatPrefs;
  onJump: (startSec: number) => void;
  /** The view's own parameters for its CSV export (e.g. the threshold it used). */
  setExportParams: (params: Record<string, string | number | null>) => void;
}
