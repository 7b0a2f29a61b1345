/**
 * Plain-language names beside the EDA register codes (OBIS), for people who do not read them: the
 * medium and direction (`1-1:1.9.0` electricity drawn, `1-1:2.9.0` fed in, `7-…` gas) and the kind
 * (`G.01` the meter's total, `P.01` the grid residual or, fed in, the surplus; `G.02` the energy
 * community's allocated share, `G.03` the Eigendeckung, other `…T` codes energy-community shares; a
 * consumer's `1-1:2.9.0 G.02`/`G.03`/`G.03R` are its community share and Eigendeckung, not feed-in).
 * Unknown codes are shown as they are.
 */
export function registerKey(obis: string): { base: string | null; part: string | null } {
  if (obis === '(unnamed)') return { base: 'unnamed', part: null };
  const [code, suffix] = obis.split(' ');
  const base = code?.startsWith('7-')
    ? 'gas'
    : code === '1-1:1.9.0' || code === '1-1:1.9.1' || code === '1-1:1.9.2'
      ? 'consumption'
      : code === '1-1:2.9.0' || code === '1-1:2.9.1' || code === '1-1:2.9.2'
        ? 'feedIn'
        : code === '1-1:1.8.0' || code === '1-1:2.8.0'
          ? 'meterReading'
          : null;
  const tariff = code?.endsWith('.9.1') ? 'tariff1' : code?.endsWith('.9.2') ? 'tariff2' : null;
  // A consumer's community registers come under the feed-in code (docs/community.md): G.02 the share
  // allocated to it, G.03 what it consumed from the community (Eigendeckung), G.03R the renewable part.
  if (code === '1-1:2.9.0' && (suffix === 'G.02' || suffix === 'G.03' || suffix === 'G.03R'))
    return {
      base: 'community',
      part: suffix === 'G.02' ? 'share' : suffix === 'G.03' ? 'coverage' : 'coverageRenewable',
    };
  // The parts as the operators deliver them (AUSTRIA-2026 §2.1): on a consumption point G.02 is the
  // share the energy community allocated, G.03 what was consumed from it (Eigendeckung), P.01 the rest
  // drawn from the grid; on a generation point P.01 is the surplus that left the community. A gas
  // meter has one register: no part.
  const part =
    base === 'gas'
      ? null
      : tariff
        ? tariff
        : suffix === 'G.01'
          ? 'total'
          : suffix === 'P.01'
            ? base === 'feedIn'
              ? 'surplus'
              : 'residual'
            : base === 'consumption' && suffix === 'G.02'
              ? 'allocated'
              : base === 'consumption' && suffix === 'G.03'
                ? 'ownCoverage'
                : suffix && /^(G\.01T|G\.02|G\.03|G\.03R|P\.01T)$/.test(suffix)
                  ? 'community'
                  : null;
  return { base, part };
}

/** `Verbrauch – gesamt (1-1:1.9.0 G.01)`, with `t` for the words; the code alone when it is unknown. */
export function registerLabel(obis: string, t: (key: string) => string): string {
  const { base, part } = registerKey(obis);
  if (!base) return obis;
  const words = [t(`reg_${base}`), part ? t(`reg_part_${part}`) : null].filter(Boolean).join(' – ');
  return base === 'unnamed' ? words : `${words} (${obis})`;
}
