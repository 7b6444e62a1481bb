import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_ICONS } from '@/components/ModuleIcon';
import { MODULE_CODES } from '@/utils/menu';

// Spec 2.4 drops a module whose code has no icon from the module switcher and the home grid,
// so a new area's module without an icon is unreachable there.
describe('module icons', () => {
  it('every module code has an icon and every icon a module code', () => {
    expect([...MODULE_CODES].sort()).toEqual(Object.keys(MODULE_ICONS).sort());
  });
  it('every module the seeded demo roles are granted has an icon', () => {
    const template = fs.readFileSync(path.join(__dirname, '../../services/system/internal/biz/template.go'), 'utf8');
    const grants = template.slice(template.indexOf('var DemoGrants'));
    const codes = new Set([...grants.slice(0, grants.indexOf('\n}\n')).matchAll(/"([a-z_]+)"/g)].map((m) => m[1]));
    ['safety_manager', 'workshop_director', 'operator', 'contractor'].forEach((r) => codes.delete(r));
    expect(codes.size).toBeGreaterThan(5);
    for (const c of codes) expect(MODULE_CODES as readonly string[], c).toContain(c);
  });
});
