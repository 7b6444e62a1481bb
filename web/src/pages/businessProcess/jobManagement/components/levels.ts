/**
 * The level rules of GB 30871-2022 that the form shows live while the applicant types. The
 * server computes the level again on submit and its answer is the one stored; these only
 * spare the applicant a round trip.
 */

/** Work at height: 2 ≤ h ≤ 5 m 一级, 5 < h ≤ 15 二级, 15 < h ≤ 30 三级, h > 30 四级; below 2 m is no height work. */
export function heightLevel(h?: number | null): string {
  if (h === undefined || h === null || Number.isNaN(Number(h))) return '';
  const v = Number(h);
  if (v < 2) return '';
  if (v <= 5) return '一级';
  if (v <= 15) return '二级';
  if (v <= 30) return '三级';
  return '四级';
}

/** Lifting: m > 100 t 一级, 40 t ≤ m ≤ 100 t 二级, m < 40 t 三级. */
export function liftingLevel(m?: number | null): string {
  if (m === undefined || m === null || Number.isNaN(Number(m)) || Number(m) <= 0) return '';
  const v = Number(m);
  if (v > 100) return '一级';
  if (v >= 40) return '二级';
  return '三级';
}

/** Hot work: 特级 and 一级 at most 8 h, 二级 at most 72 h; confined space at most 24 h. */
export function maxValidityHours(type: string, fireLevel?: number | null): number | undefined {
  // fire levels as the server codes them: 0 特级, 1 一级, 2 二级
  if (type === 'hotWork') return fireLevel === 2 ? 72 : fireLevel === 0 || fireLevel === 1 ? 8 : undefined;
  if (type === 'confinedSpaceWork') return 24;
  return undefined;
}
