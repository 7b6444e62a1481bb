/**
 * contractor (/api/contractor): companies and their admission review, their people (entry
 * training from education's exams), the blacklist, and the admission check permits use.
 */
import { post } from '@/utils/request';
import { crudApi } from './system';

const C = '/api/contractor';

export const companyApi = crudApi(`${C}/company`, 'page');
export const personApi = crudApi(`${C}/person`, 'page');
export const blacklistApi = crudApi(`${C}/blacklist`, 'page', {
  submit: (row: any) => post(`${C}/blacklist/add`, row),
});

export const reviewCompany = (body: { id: string; pass: boolean; exit?: boolean; comment?: string }) => post(`${C}/company/review`, body);
export const liftBlacklist = (id: string, reason: string) => post(`${C}/blacklist/lift`, { id, reason });

export const CATEGORIES = [
  { label: '原材料', value: 1 },
  { label: '设备设施', value: 2 },
  { label: '软件及技术服务', value: 3 },
  { label: '办公用品', value: 4 },
  { label: '其他', value: 5 },
];
export const RISKS = [
  { label: '未知风险', value: 1 },
  { label: '风险较大', value: 2 },
  { label: '风险轻微', value: 3 },
  { label: '非常可靠', value: 4 },
];
export const ADMISSIONS = [
  { label: '待审核', value: 0 },
  { label: '已准入', value: 1 },
  { label: '未通过', value: 2 },
  { label: '已退场', value: 3 },
];
export const KINDS = [
  { label: '单位', value: 1 },
  { label: '人员', value: 2 },
];

export const companyOptions = () =>
  companyApi.list({ current: 1, size: 500 }).then((p: any) => (p?.records || []).map((c: any) => ({ label: c.name, value: c.id })));
export const personOptions = () =>
  personApi
    .list({ current: 1, size: 1000 })
    .then((p: any) => (p?.records || []).map((c: any) => ({ label: `${c.name}(${c.companyName})`, value: c.id })));
