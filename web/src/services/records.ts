/**
 * records (/api/records): the hazardous-chemical ledger with its MSDS and stock per location, and
 * the controlled documents of organisation, responsibility and safety systems (versions,
 * publication, read confirmations).
 */
import { apiGet, post } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

const R = '/api/records';

export type RecordsChemical = Schemas['v1RecordsChemical'];
export type RecordsStock = Schemas['v1RecordsStock'];
export type RecordsDocument = Schemas['v1RecordsDocument'];
export type RecordsReader = Schemas['v1RecordsReader'];

export const chemicalApi = crudApi<RecordsChemical>(`${R}/chemical`, 'page', { exportUrl: `${R}/chemical/export` });
export const stockApi = crudApi<RecordsStock>(`${R}/stock`, 'page', { detail: undefined });
export const documentApi = crudApi<RecordsDocument>(`${R}/document`, 'page', { exportUrl: `${R}/document/export` });
export const readerApi = crudApi<RecordsReader>(`${R}/reader`, 'page', { detail: undefined });

/** The quantity of each chemical per location (the major-hazard calculation reads it). */
export const chemicalQuantities = (params: { chemicalId?: string; cas?: string; location?: string } = {}) =>
  apiGet(`${R}/chemical/quantities`, params).then((r) => (Array.isArray(r.data) ? r.data : []));
export const publishDocument = (id: string, userIds: string[]) => post(`${R}/document/publish`, { id, userIds });
export const reviseDocument = (id: string) => post(`${R}/document/revise`, undefined, { id });
export const confirmDocument = (id: string) => post(`${R}/document/confirm`, undefined, { id });

export const DOCUMENT_STATES = [
  { label: '草稿', value: 0 },
  { label: '已发布', value: 1 },
  { label: '已替代', value: 2 },
];

/** GHS hazard classes (GB 30000), by code. */
export const GHS_CLASSES = [
  { value: 'EXP', label: '爆炸物' },
  { value: 'FLG', label: '易燃气体' },
  { value: 'AER', label: '气溶胶' },
  { value: 'OXG', label: '氧化性气体' },
  { value: 'PRG', label: '加压气体' },
  { value: 'FLL', label: '易燃液体' },
  { value: 'FLS', label: '易燃固体' },
  { value: 'SRS', label: '自反应物质和混合物' },
  { value: 'PYL', label: '自燃液体' },
  { value: 'PYS', label: '自燃固体' },
  { value: 'SHS', label: '自热物质和混合物' },
  { value: 'WFG', label: '遇水放出易燃气体的物质和混合物' },
  { value: 'OXL', label: '氧化性液体' },
  { value: 'OXS', label: '氧化性固体' },
  { value: 'ORP', label: '有机过氧化物' },
  { value: 'MCM', label: '金属腐蚀物' },
  { value: 'DES', label: '退敏爆炸物' },
  { value: 'ATO', label: '急性毒性' },
  { value: 'SKC', label: '皮肤腐蚀/刺激' },
  { value: 'EYE', label: '严重眼损伤/眼刺激' },
  { value: 'RSS', label: '呼吸道或皮肤致敏' },
  { value: 'MUT', label: '生殖细胞致突变性' },
  { value: 'CAR', label: '致癌性' },
  { value: 'REP', label: '生殖毒性' },
  { value: 'STS', label: '特异性靶器官毒性-一次接触' },
  { value: 'STR', label: '特异性靶器官毒性-反复接触' },
  { value: 'ASP', label: '吸入危害' },
  { value: 'AQU', label: '危害水生环境' },
  { value: 'OZO', label: '危害臭氧层' },
];

/** The 16 MSDS sections: field and title. */
export const MSDS_SECTIONS: [string, string][] = [
  ['msdsIdentification', '化学品及企业标识'],
  ['msdsHazards', '危险性概述'],
  ['msdsComposition', '成分/组成信息'],
  ['msdsFirstAid', '急救措施'],
  ['msdsFireFighting', '消防措施'],
  ['msdsAccidentalRelease', '泄漏应急处理'],
  ['msdsHandlingStorage', '操作处置与储存'],
  ['msdsExposureControl', '接触控制和个体防护'],
  ['msdsPhysicalChemical', '理化特性'],
  ['msdsStabilityReactivity', '稳定性和反应性'],
  ['msdsToxicology', '毒理学信息'],
  ['msdsEcology', '生态学信息'],
  ['msdsDisposal', '废弃处置'],
  ['msdsTransport', '运输信息'],
  ['msdsRegulatory', '法规信息'],
  ['msdsOther', '其他信息'],
];
