import type React from 'react';
import { matchRoutes } from '@umijs/max';

/**
 * The pages inside the main layout (spec section 2), one line each. Umi's route table
 * (.umirc.ts) holds only the pages outside the layout and one catch-all for the layout: this
 * table and its lazy imports load with the layout's chunk, so the ~125 chunk lists webpack
 * writes for them stay out of umi.js, which every first screen (/login) parses before it paints.
 *
 * `access: 'canRoute'` (src/access.ts): the page opens when the user's menus lead to it (its
 * path, or the menu page given as `menu`, a comma list); otherwise the layout shows /403 and
 * the page is not mounted. The pages without it are everyone's (dashboard, profile, notices).
 * Any other path inside the layout falls through to the last entry (a menu path of a module
 * that a later issue builds shows the under-development page, anything else goes to /404).
 */
export interface PageRoute {
  path: string;
  /** the page module, loaded the first time the route opens */
  page?: () => Promise<{ default: React.ComponentType<any> }>;
  redirect?: string;
  access?: 'canRoute';
  menu?: string;
}

const routes: PageRoute[] = [
  { path: '/wel/index', page: () => import('@/pages/wel/index') },
  { path: '/info/index', page: () => import('@/pages/info/index') },
  { path: '/system/myIntegralCenter', page: () => import('@/pages/system/myIntegralCenter/index') },
  { path: '/system/cache_manage', page: () => import('@/pages/system/cache_manage/index') },
  { path: '/system/user', page: () => import('@/pages/system/user/index'), access: 'canRoute' },
  { path: '/system/role', page: () => import('@/pages/system/role/index'), access: 'canRoute' },
  { path: '/system/dept', page: () => import('@/pages/system/dept/index'), access: 'canRoute' },
  { path: '/system/post', page: () => import('@/pages/system/post/index'), access: 'canRoute' },
  { path: '/system/menu', page: () => import('@/pages/system/menu/index'), access: 'canRoute' },
  { path: '/system/dict', page: () => import('@/pages/system/dict/index'), access: 'canRoute' },
  { path: '/system/param', page: () => import('@/pages/system/param/index'), access: 'canRoute' },
  { path: '/system/client', page: () => import('@/pages/system/client/index'), access: 'canRoute' },
  { path: '/system/tenant', page: () => import('@/pages/system/tenant/index'), access: 'canRoute' },
  { path: '/system/menuTenantConfig', page: () => import('@/pages/system/menuTenantConfig/index'), access: 'canRoute' },
  { path: '/system/label', page: () => import('@/pages/system/label/index'), access: 'canRoute' },
  { path: '/system/social', page: () => import('@/pages/system/social/index'), access: 'canRoute' },
  { path: '/system/apiKey', page: () => import('@/pages/system/apiKey/index'), access: 'canRoute' },
  { path: '/system/auditLog', page: () => import('@/pages/system/auditLog/index'), access: 'canRoute' },
  { path: '/businessProcess/noticeAnnouncement/index', page: () => import('@/pages/businessProcess/noticeAnnouncement/index') },
  // factory pages (enterprise, map, areas)
  { path: '/system/factory', page: () => import('@/pages/system/factory/index'), access: 'canRoute' },
  { path: '/system/riskPartition', page: () => import('@/pages/system/riskPartition/index'), access: 'canRoute' },
  { path: '/system/mapSetting', page: () => import('@/pages/system/mapSetting/index'), access: 'canRoute' },
  // monitor pages (live points and alarms)
  { path: '/monitor/point', page: () => import('@/pages/monitor/point/index'), access: 'canRoute' },
  { path: '/monitor/alarm', page: () => import('@/pages/monitor/alarm/index'), access: 'canRoute' },
  { path: '/monitor/hold', page: () => import('@/pages/monitor/hold/index'), access: 'canRoute' },
  { path: '/monitor/rule', page: () => import('@/pages/monitor/rule/index'), access: 'canRoute' },
  { path: '/monitor/online', page: () => import('@/pages/monitor/online/index'), access: 'canRoute' },
  {
    path: '/processAlarmOptimization/floodingAnalysisDetails',
    page: () => import('@/pages/monitor/analysis/index'),
    access: 'canRoute',
  },
  { path: '/monitor/device', page: () => import('@/pages/monitor/device/index'), access: 'canRoute' },
  { path: '/monitor/gateway', page: () => import('@/pages/monitor/gateway/index'), access: 'canRoute' },
  // aichat: the caller's conversations with the safety assistant
  { path: '/aichat/conversation', page: () => import('@/pages/aichat/conversation/index'), access: 'canRoute' },
  { path: '/aichat/document', page: () => import('@/pages/aichat/document/index'), access: 'canRoute' },
  // education pages (question bank, papers, exams, my exams, results)
  { path: '/educationAdmin/question', page: () => import('@/pages/educationAdmin/question/index'), access: 'canRoute' },
  { path: '/educationAdmin/paper', page: () => import('@/pages/educationAdmin/paper/index'), access: 'canRoute' },
  { path: '/educationAdmin/exam', page: () => import('@/pages/educationAdmin/exam/index'), access: 'canRoute' },
  { path: '/safetyEducation/myExam', page: () => import('@/pages/safetyEducation/myExam/index'), access: 'canRoute' },
  { path: '/safetyEducation/result', page: () => import('@/pages/safetyEducation/result/index'), access: 'canRoute' },
  // education (h-edu): 阅卷, marking essays by candidate or by question.
  { path: '/safetyEducation/markingManagement', page: () => import('@/pages/safetyEducation/markingManagement/index'), access: 'canRoute' },
  // education (h-training): courses and my courses, studied with verified playback.
  {
    path: '/safetyEducationNew/courseDxManagement',
    page: () => import('@/pages/safetyEducationNew/courseDxManagement/index'),
    access: 'canRoute',
  },
  { path: '/safetyEducationNew/myonlineCourse', page: () => import('@/pages/safetyEducationNew/myonlineCourse/index'), access: 'canRoute' },
  { path: '/safetyEducation/trainingPlanning', page: () => import('@/pages/safetyEducation/trainingPlanning/index'), access: 'canRoute' },
  { path: '/safetyEducation/myTraining', page: () => import('@/pages/safetyEducation/myTraining/index'), access: 'canRoute' },
  // education (h-hours): each person's 学时 for a year against the required hours.
  { path: '/safetyEducation/trainingDatabase', page: () => import('@/pages/safetyEducation/trainingDatabase/index'), access: 'canRoute' },
  { path: '/safetyEducation/trainingMatrix', page: () => import('@/pages/safetyEducation/trainingMatrix/index'), access: 'canRoute' },
  {
    path: '/safetyEducation/sjOnlineTraining/myTraining',
    page: () => import('@/pages/safetyEducation/myTraining/index'),
    access: 'canRoute',
    menu: '/safetyEducation/myTraining',
  },
  // contractor pages (companies, people, blacklist)
  { path: '/contractor/company', page: () => import('@/pages/contractor/company/index'), access: 'canRoute' },
  { path: '/contractor/person', page: () => import('@/pages/contractor/person/index'), access: 'canRoute' },
  { path: '/contractor/blacklist', page: () => import('@/pages/contractor/blacklist/index'), access: 'canRoute' },
  // video-surveillance pages (camera wall, AI video alarms, cameras)
  { path: '/videoSurveillance', page: () => import('@/pages/video/wall/index'), access: 'canRoute' },
  { path: '/ai-video-alarm/list', page: () => import('@/pages/video/alarm/index'), access: 'canRoute' },
  { path: '/video/camera', page: () => import('@/pages/video/camera/index'), access: 'canRoute' },
  { path: '/video/rule', page: () => import('@/pages/video/rule/index'), access: 'canRoute' },
  // equipment pages (ledger, records, rules, major hazard installations) and inspection pages
  {
    path: '/companyBasic/production/equipmentMaintenance',
    page: () => import('@/pages/companyBasic/production/equipmentMaintenance/index'),
    access: 'canRoute',
  },
  { path: '/companyBasic/production/detection', page: () => import('@/pages/companyBasic/production/detection/index'), access: 'canRoute' },
  {
    path: '/companyBasic/production/detectionRule',
    page: () => import('@/pages/companyBasic/production/detectionRule/index'),
    access: 'canRoute',
  },
  {
    path: '/companyBasic/production/equipmentService',
    page: () => import('@/pages/companyBasic/production/equipmentService/index'),
    access: 'canRoute',
  },
  { path: '/companyBasic/production/disabled', page: () => import('@/pages/companyBasic/production/disabled/index'), access: 'canRoute' },
  { path: '/companyBasic/production/recover', page: () => import('@/pages/companyBasic/production/recover/index'), access: 'canRoute' },
  { path: '/companyBasic/production/scrap', page: () => import('@/pages/companyBasic/production/scrap/index'), access: 'canRoute' },
  { path: '/companyBasic/production/control', page: () => import('@/pages/companyBasic/production/control/index'), access: 'canRoute' },
  { path: '/dangerousSources/tabForm', page: () => import('@/pages/dangerousSources/tabForm/index'), access: 'canRoute' },
  // the spec's equipment routes under intelligent inspection: the same pages, opened by either menu entry
  {
    path: '/intelligentInspectionNew/equipmentManagement/equipmentMaintenance',
    page: () => import('@/pages/companyBasic/production/equipmentMaintenance/index'),
    access: 'canRoute',
    menu: '/companyBasic/production/equipmentMaintenance',
  },
  {
    path: '/intelligentInspectionNew/equipmentManagement/detection',
    page: () => import('@/pages/companyBasic/production/detection/index'),
    access: 'canRoute',
    menu: '/companyBasic/production/detection',
  },
  {
    path: '/intelligentInspectionNew/equipmentManagement/control',
    page: () => import('@/pages/companyBasic/production/control/index'),
    access: 'canRoute',
    menu: '/companyBasic/production/control',
  },
  {
    path: '/intelligentInspectionNew/equipmentManagement/scrap',
    page: () => import('@/pages/companyBasic/production/scrap/index'),
    access: 'canRoute',
    menu: '/companyBasic/production/scrap',
  },
  {
    path: '/intelligentInspectionNew/equipmentManagement/disabled',
    page: () => import('@/pages/companyBasic/production/disabled/index'),
    access: 'canRoute',
    menu: '/companyBasic/production/disabled',
  },
  {
    path: '/intelligentInspectionNew/equipmentManagement/recover',
    page: () => import('@/pages/companyBasic/production/recover/index'),
    access: 'canRoute',
    menu: '/companyBasic/production/recover',
  },
  { path: '/intelligentInspectionNew/point', page: () => import('@/pages/intelligentInspectionNew/point/index'), access: 'canRoute' },
  { path: '/intelligentInspectionNew/plan', page: () => import('@/pages/intelligentInspectionNew/plan/index'), access: 'canRoute' },
  { path: '/intelligentInspectionNew/task', page: () => import('@/pages/intelligentInspectionNew/task/index'), access: 'canRoute' },
  { path: '/intelligentInspectionNew/record', page: () => import('@/pages/intelligentInspectionNew/record/index'), access: 'canRoute' },
  {
    path: '/intelligentInspectionNew/statistics',
    page: () => import('@/pages/intelligentInspectionNew/statistics/index'),
    access: 'canRoute',
  },
  // emergency and accident pages
  { path: '/emergency/plan', page: () => import('@/pages/emergency/plan/index'), access: 'canRoute' },
  { path: '/emergency/drill', page: () => import('@/pages/emergency/drill/index'), access: 'canRoute' },
  { path: '/emergency/supply', page: () => import('@/pages/emergency/supply/index'), access: 'canRoute' },
  { path: '/emergency/team', page: () => import('@/pages/emergency/team/index'), access: 'canRoute' },
  { path: '/emergency/rule', page: () => import('@/pages/emergency/rule/index'), access: 'canRoute' },
  { path: '/emergency/incident', page: () => import('@/pages/emergency/incident/index'), access: 'canRoute' },
  // on-duty staff (值班值守): duty rosters and today's duty board
  { path: '/emergency/duty', page: () => import('@/pages/emergency/duty/index'), access: 'canRoute' },
  { path: '/emergency/dutyBoard', page: () => import('@/pages/emergency/dutyBoard/index'), access: 'canRoute' },
  // 值班安排 of tenants provisioned before the rosters existed: its page is the roster
  { path: '/onDuty/schedule', redirect: '/emergency/duty' },
  { path: '/accident/report', page: () => import('@/pages/accident/report/index'), access: 'canRoute' },
  { path: '/accident/nearMiss', page: () => import('@/pages/accident/nearMiss/index'), access: 'canRoute' },
  { path: '/accident/rule', page: () => import('@/pages/accident/rule/index'), access: 'canRoute' },
  // health (occupational health) pages
  { path: '/health/post', page: () => import('@/pages/health/post/index'), access: 'canRoute' },
  { path: '/health/detection', page: () => import('@/pages/health/detection/index'), access: 'canRoute' },
  { path: '/health/assignment', page: () => import('@/pages/health/assignment/index'), access: 'canRoute' },
  { path: '/health/exam', page: () => import('@/pages/health/exam/index'), access: 'canRoute' },
  { path: '/health/diagnosis', page: () => import('@/pages/health/diagnosis/index'), access: 'canRoute' },
  { path: '/health/record', page: () => import('@/pages/health/record/index'), access: 'canRoute' },
  { path: '/health/rule', page: () => import('@/pages/health/rule/index'), access: 'canRoute' },
  // change (management of change) pages
  { path: '/change/request', page: () => import('@/pages/change/request/index'), access: 'canRoute' },
  // records (chemicals and business-process records) pages
  { path: '/dangerousSources/chemical', page: () => import('@/pages/dangerousSources/chemical/index'), access: 'canRoute' },
  {
    path: '/businessProcess/organResponsibility/enterpriseAdd',
    page: () => import('@/pages/businessProcess/organResponsibility/enterpriseAdd/index'),
    access: 'canRoute',
  },
  {
    path: '/businessProcess/organResponsibility/enterpriseCheckAdd',
    page: () => import('@/pages/businessProcess/organResponsibility/enterpriseCheckAdd/index'),
    access: 'canRoute',
  },
  {
    path: '/businessProcess/organResponsibility/safetyDutySystemAdd',
    page: () => import('@/pages/businessProcess/organResponsibility/safetyDutySystemAdd/index'),
    access: 'canRoute',
  },
  {
    path: '/businessProcess/safetySystem/enterpriseSystemAdd',
    page: () => import('@/pages/businessProcess/safetySystem/enterpriseSystemAdd/index'),
    access: 'canRoute',
  },
  {
    path: '/businessProcess/safetySystem/operationProcedureAdd',
    page: () => import('@/pages/businessProcess/safetySystem/operationProcedureAdd/index'),
    access: 'canRoute',
  },
  // flow pages
  { path: '/system/flowModel', page: () => import('@/pages/system/flowModel/index'), access: 'canRoute' },
  { path: '/businessProcess/todo', page: () => import('@/pages/businessProcess/todo/index'), access: 'canRoute' },
  // prevention pages (safetyRisk, hiddenDanger, risk-commitment, dual-prophylaxis)
  {
    path: '/safetyRisk/identification/riskObject',
    page: () => import('@/pages/safetyRisk/identification/riskObject/index'),
    access: 'canRoute',
  },
  {
    path: '/safetyRisk/identification/riskUnitItem',
    page: () => import('@/pages/safetyRisk/identification/riskUnitItem/index'),
    access: 'canRoute',
  },
  {
    path: '/safetyRisk/identification/riskUnitDetail',
    page: () => import('@/pages/safetyRisk/identification/riskUnitDetail/index'),
    access: 'canRoute',
    menu: '/safetyRisk/identification/riskUnitItem',
  },
  {
    path: '/safetyRisk/identification/riskEvent',
    page: () => import('@/pages/safetyRisk/identification/riskEvent/index'),
    access: 'canRoute',
  },
  {
    path: '/safetyRisk/identification/riskMeasure',
    page: () => import('@/pages/safetyRisk/identification/riskMeasure/index'),
    access: 'canRoute',
  },
  {
    path: '/safetyRisk/identification/checkPlan',
    page: () => import('@/pages/safetyRisk/identification/checkPlan/index'),
    access: 'canRoute',
  },
  { path: '/hiddenDanger/index', page: () => import('@/pages/hiddenDanger/index'), access: 'canRoute' },
  { path: '/hiddenDanger/checkTask', page: () => import('@/pages/hiddenDanger/checkTask/index'), access: 'canRoute' },
  { path: '/hiddenDanger/checkRecord', page: () => import('@/pages/hiddenDanger/checkRecord/index'), access: 'canRoute' },
  // workticket pages (businessProcess/jobManagement, jobOrdinary, jobBriefing)
  { path: '/businessProcess/jobManagement/list', page: () => import('@/pages/businessProcess/jobManagement/list'), access: 'canRoute' },
  {
    path: '/businessProcess/jobManagement/newJobManagement/:workType/submit',
    page: () => import('@/pages/businessProcess/jobManagement/newJobManagement/submit'),
    access: 'canRoute',
    menu: '/businessProcess/jobManagement/list',
  },
  {
    path: '/businessProcess/jobManagement/newJobManagement/:workType/view',
    page: () => import('@/pages/businessProcess/jobManagement/newJobManagement/view'),
    access: 'canRoute',
    // approvers arrive from their to-dos
    menu: '/businessProcess/jobManagement/list,/businessProcess/todo',
  },
  { path: '/businessProcess/jobOrdinary/submit', page: () => import('@/pages/businessProcess/jobOrdinary/submit'), access: 'canRoute' },
  {
    path: '/businessProcess/jobOrdinary/view',
    page: () => import('@/pages/businessProcess/jobOrdinary/view'),
    access: 'canRoute',
    menu: '/businessProcess/jobManagement/list,/businessProcess/todo',
  },
  { path: '/businessProcess/jobBriefing/detail', page: () => import('@/pages/businessProcess/jobBriefing/detail'), access: 'canRoute' },
  // certificate pages (people and certificates)
  // positioning pages (live map, zones, tags, anchors, alarms)
  { path: '/personnel/positioning', page: () => import('@/pages/personnel/positioning/index'), access: 'canRoute' },
  { path: '/personnel/positioningZone', page: () => import('@/pages/personnel/positioningZone/index'), access: 'canRoute' },
  { path: '/personnel/positioningTag', page: () => import('@/pages/personnel/positioningTag/index'), access: 'canRoute' },
  { path: '/personnel/positioningAnchor', page: () => import('@/pages/personnel/positioningAnchor/index'), access: 'canRoute' },
  { path: '/personnel/positioningAlarm', page: () => import('@/pages/personnel/positioningAlarm/index'), access: 'canRoute' },
  { path: '/personnel/positioningRule', page: () => import('@/pages/personnel/positioningRule/index'), access: 'canRoute' },
  { path: '/personnel/positioningTrack', page: () => import('@/pages/personnel/positioningTrack/index'), access: 'canRoute' },
  { path: '/personnel/certificate', page: () => import('@/pages/personnel/certificate/index'), access: 'canRoute' },
  { path: '/personnel/certificateExpire', page: () => import('@/pages/personnel/certificateExpire/index'), access: 'canRoute' },
  { path: '/personnel/workGuardian', page: () => import('@/pages/personnel/workGuardian/index'), access: 'canRoute' },
  { path: '/personnel/operators', page: () => import('@/pages/personnel/operators/index'), access: 'canRoute' },
  // any other path inside the layout
  { path: '/*', page: () => import('@/pages/fallback/index') },
];

export default routes;

/** the page entry of a path (the catch-all when nothing else matches) */
export function pageOf(pathname: string): PageRoute | undefined {
  const m = matchRoutes(routes, pathname);
  return m?.[m.length - 1]?.route as PageRoute | undefined;
}

/** Starts loading the chunk of the page at a path (a listed page only, not the catch-all). */
export function preloadPage(pathname: string) {
  const r = pageOf(pathname);
  if (r?.page && r.path !== '/*') r.page().catch(() => undefined);
}
