/**
 * Enumerations of the prevention service with the dictionary codes that serve them. The static
 * options are the fallback while a dictionary is missing (CrudPage prefers the dictionary).
 */
const opts = (pairs: [any, string][]) => pairs.map(([value, label]) => ({ value, label }));

export const DICT = {
  riskClass: 'prevention_risk_class',
  operationState: 'prevention_operation_state',
  assessMethod: 'prevention_assess_method',
  controlLevel: 'prevention_control_level',
  dataSrc: 'prevention_data_src',
  classify1: 'prevention_classify1',
  classify2: 'prevention_classify2',
  cycleUnit: 'prevention_cycle_unit',
  dutyType: 'prevention_duty_type',
  taskState: 'prevention_task_state',
  checkStatus: 'prevention_check_status',
  dangerLevel: 'prevention_danger_level',
  dangerSrc: 'prevention_danger_src',
  manageType: 'prevention_manage_type',
  dangerType: 'prevention_danger_type',
  dangerState: 'prevention_danger_state',
};

export const RISK_CLASS = opts([
  [1, '重大风险'],
  [2, '较大风险'],
  [3, '一般风险'],
  [4, '低风险'],
]);
export const OPERATION_STATE = opts([
  [1, '运行'],
  [2, '停用'],
]);
export const ASSESS_METHOD = opts([
  ['LEC', 'LEC'],
  ['LS', 'LS'],
]);
export const CONTROL_LEVEL = opts([
  [0, '公司级'],
  [1, '厂级'],
  [2, '车间级'],
  [3, '班组级'],
  [4, '岗位级'],
  [5, '其他'],
]);
export const DATA_SRC = opts([
  [1, '自动化监控'],
  [2, '隐患排查'],
]);
export const CLASSIFY1 = opts([
  [1, '工程技术'],
  [2, '维护保养'],
  [3, '操作行为'],
  [4, '应急措施'],
]);
export const CLASSIFY2 = opts([
  ['1-1', '工艺控制'],
  ['1-2', '关键设备/部件'],
  ['1-3', '安全附件'],
  ['1-4', '安全仪表'],
  ['1-5', '其他'],
  ['2-1', '动设备'],
  ['2-2', '静设备'],
  ['2-5', '其他'],
  ['3-1', '人员资质'],
  ['3-2', '操作记录'],
  ['3-3', '交接班'],
  ['3-5', '其他'],
  ['4-1', '应急设施'],
  ['4-2', '个体防护'],
  ['4-3', '消防设施'],
  ['4-4', '应急预案'],
  ['4-5', '其他'],
]);
export const CYCLE_UNIT = opts([
  [1, '小时'],
  [2, '天'],
  [3, '月'],
  [4, '年'],
]);
export const DUTY_TYPE = opts([
  [0, '部门'],
  [1, '岗位'],
  [2, '人员'],
]);
export const TASK_STATE = opts([
  [1, '待排查'],
  [2, '已排查'],
  [3, '超期未排查'],
  [4, '超期已排查'],
  [5, '漏检未补检'],
  [6, '漏检已补检'],
]);
export const TASK_STATE_COLOR: Record<string, string> = {
  '1': 'processing',
  '2': 'success',
  '3': 'error',
  '4': 'warning',
  '5': 'magenta',
  '6': 'cyan',
};
export const CHECK_STATUS = opts([
  [0, '正常'],
  [1, '存在隐患'],
  [2, '未排查'],
  [3, '其他'],
]);
export const CHECK_STATUS_COLOR: Record<string, string> = { '0': 'success', '1': 'error', '2': 'default', '3': 'warning' };
export const DANGER_LEVEL = opts([
  [0, '一般隐患'],
  [1, '重大隐患'],
]);
export const DANGER_SRC = opts([
  [1, '日常排查'],
  [2, '综合性排查'],
  [3, '专业性排查'],
  [4, '季节性排查'],
  [5, '节假日前排查'],
  [6, '事故类比排查'],
  [7, '复产复工前排查'],
  [8, '外聘专家诊断'],
  [9, '管控措施失效'],
  [10, '其他'],
]);
export const MANAGE_TYPE = opts([
  [0, '即查即改'],
  [1, '限期整改'],
]);
export const DANGER_TYPE = opts([
  [1, '安全'],
  [2, '工艺'],
  [3, '电气'],
  [4, '仪表'],
  [5, '消防'],
  [6, '总图'],
  [7, '设备'],
  [8, '其他'],
]);
export const DANGER_STATE = opts([
  [10, '待评估'],
  [0, '整改中'],
  [1, '待验收'],
  [9, '已验收'],
  [8, '已作废'],
]);
export const DANGER_STATE_COLOR: Record<string, string> = {
  '10': 'purple',
  '0': 'processing',
  '1': 'warning',
  '9': 'success',
  '8': 'default',
};

/** the option label of a value ('' when unknown) */
export const labelOf = (list: { value: any; label: string }[], v: any) => list.find((o) => String(o.value) === String(v))?.label || '';
