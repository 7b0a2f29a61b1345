/**
 * Quality words of the Austrian portals → 1 measured (L1), 2 estimated / reliable substitute (L2),
 * 3 unreliable substitute (L3) (DSO-FORMATS.md §1). An `Lx` code in the text wins (`Wert ist gültig(L1)`).
 * Unknown words return null: the caller marks those readings unreliable and says how many.
 */
const WORDS: Record<string, 1 | 2 | 3> = {
  // Netz NÖ's letter codes before L1–L3: G→L1, E→L2, F→L3.
  g: 1,
  e: 2,
  f: 3,
  val: 1,
  valid: 1,
  est: 2,
  'wahrer wert': 1,
  'der wert ist gültig': 1,
  'wert ist gültig': 1,
  'wert wurde geschätzt': 2,
  'wert fraglich/nicht belastbar': 3,
  'echtwert gemessen': 1,
  'echtwert, gemessen': 1,
  gemessen: 1,
  berechnet: 2,
  'ersatzwert, belastbar': 2,
  'ersatzwert belastbar': 2,
  'ersatzwert, nicht belastbar': 3,
  'ersatzwert nicht belastbar': 3,
};

export function qualityOf(text: string): 1 | 2 | 3 | null {
  const t = text.trim().toLowerCase();
  const code = /(?:^|[^a-z0-9])l([123])(?:$|[^0-9])/.exec(t);
  if (code) return Number(code[1]) as 1 | 2 | 3;
  return WORDS[t] ?? null;
}
