import { describe, expect, it } from 'vitest';
import { MOLAR_VOLUME_L, gasUnit, mgToPpm, otherUnit, ppmToMg } from '@/utils/gasUnits';

// Known values: NIOSH Pocket Guide conversion factors at 25 °C, 101.325 kPa
// (H2S 1 ppm = 1.40 mg/m³, CO 1 ppm = 1.15 mg/m³, NH3 1 ppm = 0.70 mg/m³).
describe('ppm <-> mg/m³ at 25 °C / 101.325 kPa (24.45 L/mol)', () => {
  it('uses 24.45 L/mol', () => expect(MOLAR_VOLUME_L).toBe(24.45));
  it('H2S (34.08 g/mol): 10 ppm is 13.94 mg/m³', () => {
    expect(ppmToMg(1, 34.08)).toBeCloseTo(1.39, 2);
    expect(ppmToMg(10, 34.08)).toBeCloseTo(13.94, 2);
  });
  it('CO (28.01 g/mol): 1 ppm is 1.15 mg/m³', () => expect(ppmToMg(1, 28.01)).toBeCloseTo(1.146, 3));
  it('NH3 (17.03 g/mol): 1 ppm is 0.70 mg/m³', () => expect(ppmToMg(1, 17.03)).toBeCloseTo(0.697, 3));
  it('a gas of 24.45 g/mol has the same figure in both units', () => expect(ppmToMg(7, 24.45)).toBe(7));
  it('is undone by the inverse', () => expect(mgToPpm(ppmToMg(123.4, 92.14), 92.14)).toBeCloseTo(123.4, 9));
  it('H2S: its 10 mg/m³ OEL is 7.17 ppm', () => expect(mgToPpm(10, 34.08)).toBeCloseTo(7.174, 3));
});

describe('otherUnit', () => {
  it('shows ppm as mg/m³ and back', () => {
    expect(otherUnit(10, 'ppm', 34.08)).toBe('13.94 mg/m³');
    expect(otherUnit(10, 'mg/m³', 34.08)).toBe('7.174 ppm');
    expect(otherUnit(10, 'mg/m3', 34.08)).toBe('7.174 ppm');
  });
  it('says nothing without a molar mass, a value or a convertible unit', () => {
    expect(otherUnit(10, 'ppm', undefined)).toBe('');
    expect(otherUnit(10, 'ppm', 0)).toBe('');
    expect(otherUnit(undefined, 'ppm', 34.08)).toBe('');
    expect(otherUnit(25, '%LEL', 32.04)).toBe('');
    expect(otherUnit(20.9, '%VOL', 32)).toBe('');
  });
  it('reads the unit loosely', () => {
    expect(gasUnit(' PPM ')).toBe('ppm');
    expect(gasUnit('mg/m³')).toBe('mg/m³');
    expect(gasUnit('kPa')).toBeUndefined();
  });
});
