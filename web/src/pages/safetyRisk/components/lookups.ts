import { areaOptions, listMeasures, listRiskEvents, listRiskObjects, listRiskUnits } from '@/services/prevention';
import { userOptions } from '@/services/user';
import { getDeptTree, getPostSelect } from '@/services/system';

/** Select option loaders of the prevention forms (ids as strings, as the server sends them). */
const named = (rows: any[], label: (r: any) => string) => rows.map((r) => ({ label: label(r), value: String(r.id) }));

export const objectOptions = () => listRiskObjects().then((rows) => named(rows, (r) => r.name));
export const unitOptions = (params: Record<string, any> = {}) =>
  listRiskUnits(params).then((rows) => named(rows, (r) => (r.code ? `${r.name}(${r.code})` : r.name)));
export const eventOptions = (params: Record<string, any> = {}) =>
  listRiskEvents(params).then((rows) => named(rows, (r) => (r.unitName ? `${r.unitName} / ${r.name}` : r.name)));
export const measureOptions = (params: Record<string, any> = {}) =>
  listMeasures(params).then((rows) =>
    named(rows, (r) => `${r.eventName ? `${r.eventName} / ` : ''}${String(r.description || '').slice(0, 40)}`),
  );
export { areaOptions, userOptions };
/** the department tree as treeSelect data (value = id) */
export const deptTree = () => getDeptTree().catch(() => []);
/** posts as select options */
export const postOptions = () =>
  getPostSelect()
    .then((rows: any[]) => rows.map((p) => ({ label: p.postName, value: String(p.id) })))
    .catch(() => []);
