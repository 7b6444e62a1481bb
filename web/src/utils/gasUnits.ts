/**
 * ppm <-> mg/m³ for a gas of known molar mass M (g/mol), at the reference conditions of
 * occupational exposure limits: 25 °C and 101.325 kPa, where a mole of ideal gas fills
 * 24.45 L (the figure ACGIH, OSHA and NIOSH use; RT/P gives 24.465 L, the difference is
 * 0.06 %):
 *
 *   mg/m³ = ppm × M / 24.45        ppm = mg/m³ × 24.45 / M
 *
 * %LEL and %VOL readings are not converted.
 */
export const MOLAR_VOLUME_L = 24.45;

/** The units a detector value can be shown in both ways. */
export type GasUnit = 'ppm' | 'mg/m³';

/** Reads a point's unit as ppm or mg/m³ ('mg/m3' too), else undefined. */
export function gasUnit(unit?: string): GasUnit | undefined {
  const u = (unit || '').replace(/\s/g, '').toLowerCase();
  if (u === 'ppm') return 'ppm';
  if (u === 'mg/m³' || u === 'mg/m3') return 'mg/m³';
  return undefined;
}

export const ppmToMg = (ppm: number, molarMass: number) => (ppm * molarMass) / MOLAR_VOLUME_L;
export const mgToPpm = (mg: number, molarMass: number) => (mg * MOLAR_VOLUME_L) / molarMass;

const round = (v: number) => Number(v.toPrecision(4));

/**
 * The value in the other unit of a gas point (ppm shown as mg/m³ and back), as text with its
 * unit; '' when the point has no molar mass or its unit is neither.
 */
export function otherUnit(value: number | undefined | null, unit?: string, molarMass?: number | null): string {
  const u = gasUnit(unit);
  if (value === undefined || value === null || !u || !molarMass || !(Number(molarMass) > 0)) return '';
  const m = Number(molarMass);
  return u === 'ppm' ? `${round(ppmToMg(Number(value), m))} mg/m³` : `${round(mgToPpm(Number(value), m))} ppm`;
}
