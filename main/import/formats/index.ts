/**
 * The catalogue of portal export formats, one description per file. Detection tries them in this order
 * (more specific headers first); a custom format the person defined is tried after them.
 */
import type { FormatSpec } from '../types';
import { clamStrom } from './clamstrom';
import { ebnerStrom } from './ebner-strom';
import { energienetzeSteiermark } from './energienetze-steiermark';
import { ewwWels } from './eww-wels';
import { ikb } from './ikb';
import { kaerntenNetz2024 } from './kaerntennetz-2024';
import { kaerntenNetz2025 } from './kaerntennetz-2025';
import { linzNetz } from './linznetz';
import { netzBurgenland } from './netzburgenland';
import { netzBurgenlandV1 } from './netzburgenland-v1';
import { netzNoe } from './netznoe';
import { netzOoe } from './netzooe';
import { hourlyLastprofil, kwg } from './hourly';
import { edaReport } from './refused';
import { salzburgNetz } from './salzburgnetz';
import { salzburgNetz2023 } from './salzburgnetz-2023';
import { stadtwerkeKlagenfurt } from './stadtwerke-klagenfurt';
import { stromnetzGraz } from './stromnetzgraz';
import { stromnetzGraz2023 } from './stromnetzgraz-2023';
import { tinetz } from './tinetz';
import { tiwag } from './tiwag';
import { vorarlbergNetz } from './vorarlbergnetz';
import { wienerNetzeEControl } from './wienernetze-econtrol';
import { wienerNetzeQh } from './wienernetze-qh';

export const FORMATS: readonly FormatSpec[] = [
  wienerNetzeQh,
  wienerNetzeEControl,
  netzNoe,
  netzOoe,
  linzNetz,
  salzburgNetz2023,
  salzburgNetz,
  kaerntenNetz2024,
  kaerntenNetz2025,
  energienetzeSteiermark,
  tinetz,
  tiwag,
  vorarlbergNetz,
  netzBurgenlandV1,
  clamStrom,
  netzBurgenland,
  stromnetzGraz2023,
  stromnetzGraz,
  ikb,
  stadtwerkeKlagenfurt,
  ewwWels,
  ebnerStrom,
  hourlyLastprofil,
  kwg,
  edaReport,
];
