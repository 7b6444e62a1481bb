import { describe, expect, it } from 'vitest';
import { chemicalsFromStock, unusable, type QuantityRow } from '@/pages/dangerousSources/tabForm/ImportChemicals';

const row = (over: Partial<QuantityRow>): QuantityRow => ({
  chemicalId: '1',
  name: '液氯',
  cas: '7782-50-5',
  category: 1,
  location: '危化品仓库 钢瓶间',
  quantity: 2,
  unit: 1,
  unitName: '吨',
  criticalQuantity: 5,
  ...over,
});

describe("a major hazard installation's chemicals from the chemicals ledger", () => {
  it('sums q per chemical over its locations, Q from the ledger, β by CAS, by category or "other"', () => {
    const out = chemicalsFromStock([
      row({}),
      row({ location: '危化品仓库 二号间', quantity: 1.5 }),
      row({ chemicalId: '2', name: '甲醇', cas: '67-56-1', quantity: 300, criticalQuantity: 500 }),
      row({ chemicalId: '3', name: '硝化棉', cas: '9004-70-0', category: 0, quantity: 1, criticalQuantity: 1 }),
    ]);
    expect(out).toEqual([
      { name: '液氯', cas: '7782-50-5', factorKey: 'toxic:Cl2', quantity: 3.5, critical: 5 },
      { name: '甲醇', cas: '67-56-1', factorKey: 'other', quantity: 300, critical: 500 },
      { name: '硝化棉', cas: '9004-70-0', factorKey: 'explosive', quantity: 1, critical: 1 },
    ]);
  });
  it("keeps the installation's own β key for a chemical it had", () => {
    const out = chemicalsFromStock(
      [row({ chemicalId: '2', name: '甲醇', cas: '67-56-1', criticalQuantity: 500 })],
      [{ name: '甲醇', cas: '67-56-1', factorKey: 'flammable_liquid_x' }],
    );
    expect(out[0].factorKey).toBe('flammable_liquid_x');
  });
  it('leaves out rows not in tonnes or without a critical quantity', () => {
    expect(unusable(row({ unit: 2 }))).not.toBe('');
    expect(unusable(row({ criticalQuantity: 0 }))).not.toBe('');
    expect(chemicalsFromStock([row({ unit: 2 }), row({ criticalQuantity: 0 })])).toEqual([]);
  });
});
