import type { WorkType } from '@/services/workticket';
import { heightLevel, liftingLevel } from './levels';

/**
 * One definition per permit type: its name, the route of its pages, the certificate kind its
 * operators need, whether it takes gas samples, and its own fields (stored in the permit's
 * type sub-object, e.g. permit.hotWork.fireLevel). The form and the view are generic over it.
 */
export interface TypeField {
  /** key inside the type's sub-object */
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'digit' | 'select' | 'checkboxes' | 'switch' | 'upload' | 'person';
  required?: boolean;
  /** static options (value is what the server stores) */
  options?: { label: string; value: string | number }[];
  /** options from ticket/options instead (hotWorkTools, blindPlateTypes) */
  optionsFrom?: 'hotWorkTools' | 'blindPlateTypes';
  unit?: string;
  min?: number;
  /** for the person kind: the certificate kind its picker marks */
  certKind?: string;
  /** a value derived live from this field (the level the server will compute) */
  live?: (v: any) => string;
  /** 24 = the whole row; default 8 */
  span?: number;
}

export interface PermitType {
  code: WorkType;
  name: string;
  /** the route prefix of its submit/view pages */
  base: string;
  /** certificate kind every operator must hold (people service) */
  certKind?: string;
  /** hot work and confined space take gas samples */
  gas?: boolean;
  fields: TypeField[];
}

export const FIRE_LEVELS = [
  { label: '特级', value: 0 },
  { label: '一级', value: 1 },
  { label: '二级', value: 2 },
];

const job = (t: string) => `/businessProcess/jobManagement/newJobManagement/${t}`;

export const PERMIT_TYPES: PermitType[] = [
  {
    code: 'hotWork',
    name: '动火作业',
    base: job('hotWork'),
    certKind: 'welding',
    gas: true,
    fields: [
      { name: 'fireLevel', label: '动火级别', kind: 'select', required: true, options: FIRE_LEVELS },
      { name: 'tools', label: '动火方式', kind: 'checkboxes', required: true, optionsFrom: 'hotWorkTools', span: 16 },
      { name: 'method', label: '动火方法说明', kind: 'text', span: 16 },
      { name: 'onRunningEquipment', label: '在运行设备上动火(带压不置换)', kind: 'switch' },
    ],
  },
  {
    code: 'confinedSpaceWork',
    name: '受限空间作业',
    base: job('confinedSpaceWork'),
    gas: true,
    fields: [
      { name: 'spaceName', label: '受限空间名称', kind: 'text', required: true },
      { name: 'medium', label: '原有介质', kind: 'text', required: true },
      { name: 'oxygenEnriched', label: '设计为富氧空间', kind: 'switch' },
      { name: 'isolation', label: '隔绝措施', kind: 'textarea', required: true, span: 24 },
    ],
  },
  {
    code: 'blindPlateWork',
    name: '盲板抽堵作业',
    base: job('blindPlateWork'),
    fields: [
      { name: 'plateType', label: '抽堵类型', kind: 'select', required: true, optionsFrom: 'blindPlateTypes' },
      { name: 'pipeName', label: '设备管道名称', kind: 'text', required: true },
      { name: 'medium', label: '介质', kind: 'text', required: true },
      { name: 'temperature', label: '温度', kind: 'digit', unit: '℃', min: -273.15 },
      { name: 'pressure', label: '压力', kind: 'digit', unit: 'MPa', min: 0 },
      { name: 'material', label: '盲板材质', kind: 'text', required: true },
      { name: 'size', label: '盲板规格', kind: 'text', required: true },
      { name: 'plateNo', label: '盲板编号', kind: 'text' },
      { name: 'positionDrawing', label: '盲板位置图', kind: 'upload', span: 24 },
    ],
  },
  {
    code: 'altitudeWork',
    name: '高处作业',
    base: job('altitudeWork'),
    certKind: 'height',
    fields: [{ name: 'height', label: '作业高度', kind: 'digit', required: true, unit: 'm', min: 2, live: heightLevel }],
  },
  {
    code: 'liftingWork',
    name: '吊装作业',
    base: job('liftingWork'),
    certKind: 'lifting',
    fields: [
      { name: 'weight', label: '吊装质量', kind: 'digit', required: true, unit: 't', min: 0.001, live: liftingLevel },
      { name: 'crane', label: '起重机械', kind: 'text' },
      { name: 'commander', label: '指挥人员', kind: 'text' },
    ],
  },
  {
    code: 'temporaryPowerWork',
    name: '临时用电作业',
    base: job('temporaryPowerWork'),
    certKind: 'electrician',
    fields: [
      { name: 'powerSource', label: '电源接入点', kind: 'text', required: true },
      { name: 'voltage', label: '工作电压', kind: 'digit', required: true, unit: 'V', min: 1 },
      { name: 'load', label: '用电负荷', kind: 'digit', required: true, unit: 'kW', min: 0.01 },
      { name: 'electricianId', label: '电工', kind: 'person', certKind: 'electrician' },
    ],
  },
  {
    code: 'breakGroundWork',
    name: '动土作业',
    base: job('breakGroundWork'),
    fields: [
      { name: 'length', label: '长度', kind: 'digit', required: true, unit: 'm', min: 0.01 },
      { name: 'width', label: '宽度', kind: 'digit', required: true, unit: 'm', min: 0.01 },
      { name: 'depth', label: '深度', kind: 'digit', required: true, unit: 'm', min: 0.01 },
      { name: 'undergroundFacilities', label: '地下设施情况', kind: 'textarea', span: 24 },
    ],
  },
  {
    code: 'openCircuitWork',
    name: '断路作业',
    base: job('openCircuitWork'),
    fields: [
      { name: 'roadSection', label: '断路地段', kind: 'text', required: true, span: 24 },
      { name: 'closurePlan', label: '断路方案', kind: 'textarea', required: true, span: 24 },
    ],
  },
  { code: 'ordinary', name: '一般作业', base: '/businessProcess/jobOrdinary', fields: [] },
];

export const permitType = (code?: string) => PERMIT_TYPES.find((t) => t.code === code);

export const viewPath = (workType: string, id: string) => `${permitType(workType)?.base || job(workType)}/view?id=${id}`;
export const submitPath = (workType: string, id?: string) =>
  `${permitType(workType)?.base || job(workType)}/submit${id ? `?id=${id}` : ''}`;

// spec section 3.1 enums as the server codes them (ticket/options sends the same names)
export const TICKET_STATUS = [
  { label: '未签发', value: 0, color: 'default' },
  { label: '已签发', value: 1, color: 'blue' },
  { label: '已验收', value: 3, color: 'green' },
  { label: '已作废', value: 4, color: 'red' },
  { label: '已撤销', value: 5, color: 'orange' },
];
export const JOB_STATUS = [
  { label: '待开始', value: 1, color: 'default' },
  { label: '作业中', value: 2, color: 'processing' },
  { label: '已完成', value: 3, color: 'success' },
];
export const FLOW_STATUS = [
  { label: '未提交审批', value: -1, color: 'default' },
  { label: '审批中', value: 0, color: 'processing' },
  { label: '审批完成', value: 1, color: 'success' },
  { label: '已驳回', value: 2, color: 'error' },
  { label: '已取消', value: 3, color: 'default' },
];
export const WORK_PHASE = [
  { label: '作业前', value: 1 },
  { label: '作业中', value: 2 },
  { label: '作业后', value: 3 },
];
export const GAS_TYPES = [
  { label: '可燃气体', value: 1 },
  { label: '有毒气体', value: 2 },
  { label: '氧气', value: 3 },
];
export const SAMPLE_KINDS = [
  { label: '作业前分析', value: 1 },
  { label: '连续监测', value: 2 },
];

/** The eight special-work types (the :workType of the newJobManagement routes; ordinary has its own pages). */
export const onlySpecial = (code?: string) => (code && code !== 'ordinary' && permitType(code) ? (code as WorkType) : ('' as WorkType));
