/**
 * A combined tariff (issue 44): a supplier's, a grid's and a levies' tariff of the profile, each with
 * its own validity, dates and VAT, priced together per meter (compute-cost.ts). Shared by the app
 * (`tariffs:combine`) and the CLI (`meterdesk tariffs combine`): a part named by a preset's id that is
 * not in the profile yet is added from the preset first; a stored tariff is never overwritten.
 */
import { tariffSchema, type Tariff, type TariffOwner, type TariffPart } from '../../preload/contract';
import { billPartsOf } from '../../common/tariff-scope';
import type { TariffStore } from '../db/tariff-store';
import { AppError } from '../errors';
import { PRESETS } from './presets';

export interface CombineInput {
  /** The combination's id; new from its name when absent. */
  id?: string;
  name: string;
  parts: TariffPart[];
  /** Whose it is (cost/client-tariffs.ts): the client in view, or no one. */
  owner?: TariffOwner | null;
}

/** Saves the combination (its parts added from presets where the profile lacks them) and returns it. */
export function saveCombined(store: TariffStore, input: CombineInput, nowSec: number): Tariff {
  const stored = new Map(store.list().map((t) => [t.id, t]));
  const partTariffs = input.parts.map((p) => {
    const have = stored.get(p.tariffId);
    if (have) return have;
    const preset = PRESETS.find((x) => x.tariff.id === p.tariffId);
    if (!preset)
      throw new AppError(
        'invalid_input',
        `The part "${p.tariffId}" is neither a tariff of this profile nor a preset ("meterdesk tariffs" and "tariffs --presets" list them).`,
        { reason: 'tariff_part_invalid', params: { id: p.tariffId, name: input.name } },
      );
    return preset.tariff;
  });
  const first = partTariffs[0];
  if (!first)
    throw new AppError('invalid_input', 'A combined tariff needs at least one part.', {
      reason: 'tariff_part_invalid',
      params: { id: '', name: input.name },
    });
  checkRoles(input, partTariffs, first);
  const parsed = tariffSchema.safeParse({
    id: idOf(input, stored, nowSec),
    name: input.name,
    direction: first.direction,
    commodity: first.commodity,
    energy: { type: 'flat', centsPerKwh: 0 },
    vatPercent: 0,
    parts: input.parts,
    owner: input.owner ?? null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'invalid_input',
      `The combined tariff is not valid: ${issue?.path.join('.')} ${issue?.message}`,
      {
        reason: 'tariff_part_invalid',
        params: { id: issue?.path.join('.') ?? '', name: input.name },
      },
    );
  }
  // The parts first (checked by the store like any tariff), then the combination that names them.
  partTariffs.forEach((t) => stored.has(t.id) || store.save(t, nowSec));
  return store.save(parsed.data, nowSec);
}

/** The combination's id: the one given (a combination changed, never a plain tariff replaced), or a new one. */
function idOf(input: CombineInput, stored: Map<string, Tariff>, nowSec: number): string {
  if (input.id !== undefined) {
    const have = stored.get(input.id);
    if (have && !have.parts)
      throw new AppError(
        'invalid_input',
        `"${input.id}" is a tariff of its own, not a combination: choose another id (nothing was changed).`,
        { reason: 'tariff_part_invalid', params: { id: input.id, name: input.name } },
      );
    return input.id;
  }
  const base = `kombi-${Math.round(nowSec).toString(36)}`;
  let id = base;
  for (let n = 2; stored.has(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * Each part stands for its bill (issue 60): a supplier part prices energy (not a grid preset), a grid
 * part grid fees, a levies part levies; all parts price the same commodity and direction.
 */
function checkRoles(input: CombineInput, parts: Tariff[], first: Tariff): void {
  input.parts.forEach((p, i) => {
    const t = parts[i]!;
    const has = billPartsOf(t);
    const why = t.parts
      ? 'is a combined tariff itself'
      : t.direction !== first.direction || t.commodity !== first.commodity
        ? `prices ${t.commodity} ${t.direction}, the first part ${first.commodity} ${first.direction}`
        : !has.has(p.role)
          ? `holds no ${p.role === 'supplier' ? 'energy price' : p.role === 'grid' ? 'grid fees' : 'levies'}: it cannot stand for the ${p.role}'s bill`
          : null;
    if (why)
      throw new AppError('invalid_input', `The part "${t.id}" of "${input.name}" ${why}.`, {
        reason: 'tariff_part_invalid',
        params: { id: t.id, name: input.name },
      });
  });
}

/** A tariff given to a client (a customer, a site, a meter) or to no one; parts of it go along. */
export function assignTariff(
  store: TariffStore,
  id: string,
  owner: TariffOwner | null,
  nowSec: number,
): Tariff {
  const t = store.get(id);
  return store.save({ ...t, owner }, nowSec);
}
