/** The analysis views, in the order the panel offers them (no imports: tests read this list too). */
export const analysisViews = [
  'peaks',
  'baseLoad',
  'duration',
  'carpet',
  'profiles',
  'compare',
  'pv',
  'health',
  'cost',
  'battery',
  'peakShaving',
  'slp',
] as const;
export type AnalysisView = (typeof analysisViews)[number];
