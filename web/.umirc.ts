import path from 'node:path';
import { defineConfig } from '@umijs/max';

/**
 * Routes mirror spec section 2. Pages outside the main layout come first; everything
 * under the layout is listed explicitly and any other path inside the layout falls
 * through to the layout's own catch-all (a menu path of a module that a later issue
 * builds shows the under-development page, anything else goes to /404).
 */
const underDevelopment = './expectation/index';

// evergreen browsers only: keeps core-js polyfills out of the entry chunk
const TARGETS = { chrome: 90, edge: 90, firefox: 90, safari: 14 };

export default defineConfig({
  title: '安全生产管理平台',
  history: { type: 'browser' },
  publicPath: '/',
  outputPath: 'dist',
  hash: true,
  targets: TARGETS,
  // umi hands `targets` to babel at the top level, which babel-preset-umi's preset-env does not
  // read: without this every async function and for-of of src/ went through regenerator (bigger
  // chunks, @babel/runtime helpers in the entry). The same targets, given to preset-env itself.
  chainWebpack(memo) {
    for (const name of ['src', 'jsx-ts-tsx', 'extra-src']) {
      if (!memo.module.rules.has(name) || !memo.module.rule(name).uses.has('babel-loader')) continue;
      memo.module
        .rule(name)
        .use('babel-loader')
        .tap((o: any) => ({
          ...o,
          presets: (o.presets || []).map((p: any) =>
            Array.isArray(p) && /babel-preset-umi/.test(p[0]) ? [p[0], { ...p[1], presetEnv: { ...p[1].presetEnv, targets: TARGETS } }] : p,
          ),
        }));
    }
    // packages without a package.json `sideEffects` flag whose modules are pure: antd's Input reads
    // one context of rc-field-form and Button's style one colour class of @rc-component/color-picker;
    // without the flag their whole index (the form engine, the picker panels) reached /login
    memo.module
      .rule('pure-packages')
      .test(/[\\/]node_modules[\\/](rc-field-form|@rc-component[\\/]color-picker)[\\/]/)
      .sideEffects(false);
    return memo;
  },
  // no <Helmet> in the app: react-helmet-async stays out of the entry chunk
  helmet: false,
  jsMinifierOptions: { target: ['chrome90', 'es2020'] },
  // no core-js and no global regenerator-runtime: async code stays native for these targets
  polyfill: false,
  // the same targets have ResizeObserver: rc-resize-observer gets the native one (src/utils/resizeObserver.ts)
  alias: { 'resize-observer-polyfill$': path.join(__dirname, 'src/utils/resizeObserver.ts') },
  mfsu: false,
  antd: {},
  // button and menu permissions (src/access.ts); the initial state carries the session's codes and roles
  access: {},
  initialState: {},
  model: {},
  // the locale plugin would pull moment into the entry chunk; antd 5 uses dayjs. No preset: the
  // 'antd' preset extended dayjs with ten plugins in the entry chunk (on /login), but antd 5's
  // pickers import the ones they need themselves (rc-picker/es/generate/dayjs) when a page with a
  // picker loads, and the app's own code uses none of them.
  moment2dayjs: { preset: 'none', plugins: [] },
  locale: {
    default: 'zh-CN',
    antd: true,
    baseNavigator: false,
    baseSeparator: '-',
    useLocalStorage: true,
  },
  favicons: ['/favicon.svg'],
  // Cesium's prebuilt files (Cesium.js, its workers, widgets.css and assets such as the NaturalEarthII
  // imagery) served from /cesium/: the 3D map loads them on demand (src/components/PlantMap3D) and
  // never from a CDN or Cesium ion
  // (its index.js and index.cjs, 9 MB of module bundles the script tag does not use, stay out)
  copy: [
    ...['Assets', 'ThirdParty', 'Widgets', 'Workers'].map((d) => ({
      from: `node_modules/cesium/Build/Cesium/${d}`,
      to: `dist/cesium/${d}`,
    })),
    { from: 'node_modules/cesium/Build/Cesium/Cesium.js', to: 'dist/cesium/Cesium.js' },
  ],
  metas: [{ name: 'version', content: '1.9.1' }],
  define: {
    'process.env.ANQUAN_VERSION': '1.9.1',
  },
  proxy: {
    '/api': { target: process.env.ANQUAN_API || 'http://127.0.0.1:8080', changeOrigin: true },
  },
  routes: [
    { path: '/login', component: './login/index', layout: false, meta: { isAuth: false } },
    { path: '/passwordFree', component: './passwordFree/index', layout: false },
    { path: '/oauth/redirect/:source', component: './oauth/redirect', layout: false },
    { path: '/select-module', component: './select-module/index' },
    { path: '/lock', component: './lock/index' },
    { path: '/404', component: './exception/404' },
    { path: '/403', component: './exception/403' },
    { path: '/500', component: './exception/500' },
    { path: '/expectation/index', component: underDevelopment },
    { path: '/myiframe/:routerPath', component: './myiframe/index' },
    { path: '/visualization', component: './video/visualization/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    // the full-window boards follow the menus like the pages inside the layout (src/wrappers/menuGate.tsx)
    { path: '/risk-commitment', component: './risk-commitment/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    {
      path: '/largeSizeScreenMonitor/index',
      component: './largeSizeScreenMonitor/index',
      access: 'canRoute',
      wrappers: ['@/wrappers/menuGate'],
    },
    { path: '/riskMonitoring/index', component: './riskMonitoring/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    { path: '/dual-prophylaxis/index', component: './dual-prophylaxis/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    { path: '/ai-video-alarm/index', component: './video/screen/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    { path: '/wap/wel/index', component: underDevelopment },
    { path: '/test/index', component: underDevelopment },
    { path: '/', redirect: '/wel/index' },
    { path: '/wel', redirect: '/wel/index' },
    {
      path: '/',
      component: '@/layouts/BasicLayout',
      // access: 'canRoute' (src/access.ts): the page opens when the user's menus lead to it
      // (its path, or the menu page given as `menu`); otherwise the layout shows /403 and the
      // page is not mounted. The pages without it are everyone's (dashboard, profile, notices).
      routes: [
        { path: '/wel/index', component: './wel/index' },
        { path: '/info/index', component: './info/index' },
        { path: '/system/myIntegralCenter', component: './system/myIntegralCenter/index' },
        { path: '/system/cache_manage', component: './system/cache_manage/index' },
        { path: '/system/user', component: './system/user/index', access: 'canRoute' },
        { path: '/system/role', component: './system/role/index', access: 'canRoute' },
        { path: '/system/dept', component: './system/dept/index', access: 'canRoute' },
        { path: '/system/post', component: './system/post/index', access: 'canRoute' },
        { path: '/system/menu', component: './system/menu/index', access: 'canRoute' },
        { path: '/system/dict', component: './system/dict/index', access: 'canRoute' },
        { path: '/system/param', component: './system/param/index', access: 'canRoute' },
        { path: '/system/client', component: './system/client/index', access: 'canRoute' },
        { path: '/system/tenant', component: './system/tenant/index', access: 'canRoute' },
        { path: '/system/menuTenantConfig', component: './system/menuTenantConfig/index', access: 'canRoute' },
        { path: '/system/label', component: './system/label/index', access: 'canRoute' },
        { path: '/system/social', component: './system/social/index', access: 'canRoute' },
        { path: '/system/apiKey', component: './system/apiKey/index', access: 'canRoute' },
        { path: '/system/auditLog', component: './system/auditLog/index', access: 'canRoute' },
        { path: '/businessProcess/noticeAnnouncement/index', component: './businessProcess/noticeAnnouncement/index' },
        // factory pages (enterprise, map, areas)
        { path: '/system/factory', component: './system/factory/index', access: 'canRoute' },
        { path: '/system/riskPartition', component: './system/riskPartition/index', access: 'canRoute' },
        { path: '/system/mapSetting', component: './system/mapSetting/index', access: 'canRoute' },
        // monitor pages (live points and alarms)
        { path: '/monitor/point', component: './monitor/point/index', access: 'canRoute' },
        { path: '/monitor/alarm', component: './monitor/alarm/index', access: 'canRoute' },
        { path: '/monitor/hold', component: './monitor/hold/index', access: 'canRoute' },
        { path: '/monitor/rule', component: './monitor/rule/index', access: 'canRoute' },
        { path: '/monitor/online', component: './monitor/online/index', access: 'canRoute' },
        {
          path: '/processAlarmOptimization/floodingAnalysisDetails',
          component: './monitor/analysis/index',
          access: 'canRoute',
        },
        { path: '/monitor/device', component: './monitor/device/index', access: 'canRoute' },
        { path: '/monitor/gateway', component: './monitor/gateway/index', access: 'canRoute' },
        // aichat: the caller's conversations with the safety assistant
        { path: '/aichat/conversation', component: './aichat/conversation/index', access: 'canRoute' },
        { path: '/aichat/document', component: './aichat/document/index', access: 'canRoute' },
        // education pages (question bank, papers, exams, my exams, results)
        { path: '/educationAdmin/question', component: './educationAdmin/question/index', access: 'canRoute' },
        { path: '/educationAdmin/paper', component: './educationAdmin/paper/index', access: 'canRoute' },
        { path: '/educationAdmin/exam', component: './educationAdmin/exam/index', access: 'canRoute' },
        { path: '/safetyEducation/myExam', component: './safetyEducation/myExam/index', access: 'canRoute' },
        { path: '/safetyEducation/result', component: './safetyEducation/result/index', access: 'canRoute' },
        // education (h-edu): 阅卷, marking essays by candidate or by question.
        { path: '/safetyEducation/markingManagement', component: './safetyEducation/markingManagement/index', access: 'canRoute' },
        // education (h-training): courses and my courses, studied with verified playback.
        {
          path: '/safetyEducationNew/courseDxManagement',
          component: './safetyEducationNew/courseDxManagement/index',
          access: 'canRoute',
        },
        { path: '/safetyEducationNew/myonlineCourse', component: './safetyEducationNew/myonlineCourse/index', access: 'canRoute' },
        { path: '/safetyEducation/trainingPlanning', component: './safetyEducation/trainingPlanning/index', access: 'canRoute' },
        { path: '/safetyEducation/myTraining', component: './safetyEducation/myTraining/index', access: 'canRoute' },
        // education (h-hours): each person's 学时 for a year against the required hours.
        { path: '/safetyEducation/trainingDatabase', component: './safetyEducation/trainingDatabase/index', access: 'canRoute' },
        { path: '/safetyEducation/trainingMatrix', component: './safetyEducation/trainingMatrix/index', access: 'canRoute' },
        {
          path: '/safetyEducation/sjOnlineTraining/myTraining',
          component: './safetyEducation/myTraining/index',
          access: 'canRoute',
          menu: '/safetyEducation/myTraining',
        },
        // contractor pages (companies, people, blacklist)
        { path: '/contractor/company', component: './contractor/company/index', access: 'canRoute' },
        { path: '/contractor/person', component: './contractor/person/index', access: 'canRoute' },
        { path: '/contractor/blacklist', component: './contractor/blacklist/index', access: 'canRoute' },
        // video-surveillance pages (camera wall, AI video alarms, cameras)
        { path: '/videoSurveillance', component: './video/wall/index', access: 'canRoute' },
        { path: '/ai-video-alarm/list', component: './video/alarm/index', access: 'canRoute' },
        { path: '/video/camera', component: './video/camera/index', access: 'canRoute' },
        { path: '/video/rule', component: './video/rule/index', access: 'canRoute' },
        // equipment pages (ledger, records, rules, major hazard installations) and inspection pages
        {
          path: '/companyBasic/production/equipmentMaintenance',
          component: './companyBasic/production/equipmentMaintenance/index',
          access: 'canRoute',
        },
        { path: '/companyBasic/production/detection', component: './companyBasic/production/detection/index', access: 'canRoute' },
        { path: '/companyBasic/production/detectionRule', component: './companyBasic/production/detectionRule/index', access: 'canRoute' },
        {
          path: '/companyBasic/production/equipmentService',
          component: './companyBasic/production/equipmentService/index',
          access: 'canRoute',
        },
        { path: '/companyBasic/production/disabled', component: './companyBasic/production/disabled/index', access: 'canRoute' },
        { path: '/companyBasic/production/recover', component: './companyBasic/production/recover/index', access: 'canRoute' },
        { path: '/companyBasic/production/scrap', component: './companyBasic/production/scrap/index', access: 'canRoute' },
        { path: '/companyBasic/production/control', component: './companyBasic/production/control/index', access: 'canRoute' },
        { path: '/dangerousSources/tabForm', component: './dangerousSources/tabForm/index', access: 'canRoute' },
        // the spec's equipment routes under intelligent inspection: the same pages, opened by either menu entry
        {
          path: '/intelligentInspectionNew/equipmentManagement/equipmentMaintenance',
          component: './companyBasic/production/equipmentMaintenance/index',
          access: 'canRoute',
          menu: '/companyBasic/production/equipmentMaintenance',
        },
        {
          path: '/intelligentInspectionNew/equipmentManagement/detection',
          component: './companyBasic/production/detection/index',
          access: 'canRoute',
          menu: '/companyBasic/production/detection',
        },
        {
          path: '/intelligentInspectionNew/equipmentManagement/control',
          component: './companyBasic/production/control/index',
          access: 'canRoute',
          menu: '/companyBasic/production/control',
        },
        {
          path: '/intelligentInspectionNew/equipmentManagement/scrap',
          component: './companyBasic/production/scrap/index',
          access: 'canRoute',
          menu: '/companyBasic/production/scrap',
        },
        {
          path: '/intelligentInspectionNew/equipmentManagement/disabled',
          component: './companyBasic/production/disabled/index',
          access: 'canRoute',
          menu: '/companyBasic/production/disabled',
        },
        {
          path: '/intelligentInspectionNew/equipmentManagement/recover',
          component: './companyBasic/production/recover/index',
          access: 'canRoute',
          menu: '/companyBasic/production/recover',
        },
        { path: '/intelligentInspectionNew/point', component: './intelligentInspectionNew/point/index', access: 'canRoute' },
        { path: '/intelligentInspectionNew/plan', component: './intelligentInspectionNew/plan/index', access: 'canRoute' },
        { path: '/intelligentInspectionNew/task', component: './intelligentInspectionNew/task/index', access: 'canRoute' },
        { path: '/intelligentInspectionNew/record', component: './intelligentInspectionNew/record/index', access: 'canRoute' },
        { path: '/intelligentInspectionNew/statistics', component: './intelligentInspectionNew/statistics/index', access: 'canRoute' },
        // emergency and accident pages
        { path: '/emergency/plan', component: './emergency/plan/index', access: 'canRoute' },
        { path: '/emergency/drill', component: './emergency/drill/index', access: 'canRoute' },
        { path: '/emergency/supply', component: './emergency/supply/index', access: 'canRoute' },
        { path: '/emergency/team', component: './emergency/team/index', access: 'canRoute' },
        { path: '/emergency/rule', component: './emergency/rule/index', access: 'canRoute' },
        { path: '/emergency/incident', component: './emergency/incident/index', access: 'canRoute' },
        // on-duty staff (值班值守): duty rosters and today's duty board
        { path: '/emergency/duty', component: './emergency/duty/index', access: 'canRoute' },
        { path: '/emergency/dutyBoard', component: './emergency/dutyBoard/index', access: 'canRoute' },
        // 值班安排 of tenants provisioned before the rosters existed: its page is the roster
        { path: '/onDuty/schedule', redirect: '/emergency/duty' },
        { path: '/accident/report', component: './accident/report/index', access: 'canRoute' },
        { path: '/accident/nearMiss', component: './accident/nearMiss/index', access: 'canRoute' },
        { path: '/accident/rule', component: './accident/rule/index', access: 'canRoute' },
        // health (occupational health) pages
        { path: '/health/post', component: './health/post/index', access: 'canRoute' },
        { path: '/health/detection', component: './health/detection/index', access: 'canRoute' },
        { path: '/health/assignment', component: './health/assignment/index', access: 'canRoute' },
        { path: '/health/exam', component: './health/exam/index', access: 'canRoute' },
        { path: '/health/diagnosis', component: './health/diagnosis/index', access: 'canRoute' },
        { path: '/health/record', component: './health/record/index', access: 'canRoute' },
        { path: '/health/rule', component: './health/rule/index', access: 'canRoute' },
        // change (management of change) pages
        { path: '/change/request', component: './change/request/index', access: 'canRoute' },
        // records (chemicals and business-process records) pages
        { path: '/dangerousSources/chemical', component: './dangerousSources/chemical/index', access: 'canRoute' },
        {
          path: '/businessProcess/organResponsibility/enterpriseAdd',
          component: './businessProcess/organResponsibility/enterpriseAdd/index',
          access: 'canRoute',
        },
        {
          path: '/businessProcess/organResponsibility/enterpriseCheckAdd',
          component: './businessProcess/organResponsibility/enterpriseCheckAdd/index',
          access: 'canRoute',
        },
        {
          path: '/businessProcess/organResponsibility/safetyDutySystemAdd',
          component: './businessProcess/organResponsibility/safetyDutySystemAdd/index',
          access: 'canRoute',
        },
        {
          path: '/businessProcess/safetySystem/enterpriseSystemAdd',
          component: './businessProcess/safetySystem/enterpriseSystemAdd/index',
          access: 'canRoute',
        },
        {
          path: '/businessProcess/safetySystem/operationProcedureAdd',
          component: './businessProcess/safetySystem/operationProcedureAdd/index',
          access: 'canRoute',
        },
        // flow pages
        { path: '/system/flowModel', component: './system/flowModel/index', access: 'canRoute' },
        { path: '/businessProcess/todo', component: './businessProcess/todo/index', access: 'canRoute' },
        // prevention pages (safetyRisk, hiddenDanger, risk-commitment, dual-prophylaxis)
        { path: '/safetyRisk/identification/riskObject', component: './safetyRisk/identification/riskObject/index', access: 'canRoute' },
        {
          path: '/safetyRisk/identification/riskUnitItem',
          component: './safetyRisk/identification/riskUnitItem/index',
          access: 'canRoute',
        },
        {
          path: '/safetyRisk/identification/riskUnitDetail',
          component: './safetyRisk/identification/riskUnitDetail/index',
          access: 'canRoute',
          menu: '/safetyRisk/identification/riskUnitItem',
        },
        { path: '/safetyRisk/identification/riskEvent', component: './safetyRisk/identification/riskEvent/index', access: 'canRoute' },
        { path: '/safetyRisk/identification/riskMeasure', component: './safetyRisk/identification/riskMeasure/index', access: 'canRoute' },
        { path: '/safetyRisk/identification/checkPlan', component: './safetyRisk/identification/checkPlan/index', access: 'canRoute' },
        { path: '/hiddenDanger/index', component: './hiddenDanger/index', access: 'canRoute' },
        { path: '/hiddenDanger/checkTask', component: './hiddenDanger/checkTask/index', access: 'canRoute' },
        { path: '/hiddenDanger/checkRecord', component: './hiddenDanger/checkRecord/index', access: 'canRoute' },
        // workticket pages (businessProcess/jobManagement, jobOrdinary, jobBriefing)
        { path: '/businessProcess/jobManagement/list', component: './businessProcess/jobManagement/list', access: 'canRoute' },
        {
          path: '/businessProcess/jobManagement/newJobManagement/:workType/submit',
          component: './businessProcess/jobManagement/newJobManagement/submit',
          access: 'canRoute',
          menu: '/businessProcess/jobManagement/list',
        },
        {
          path: '/businessProcess/jobManagement/newJobManagement/:workType/view',
          component: './businessProcess/jobManagement/newJobManagement/view',
          access: 'canRoute',
          // approvers arrive from their to-dos
          menu: '/businessProcess/jobManagement/list,/businessProcess/todo',
        },
        { path: '/businessProcess/jobOrdinary/submit', component: './businessProcess/jobOrdinary/submit', access: 'canRoute' },
        {
          path: '/businessProcess/jobOrdinary/view',
          component: './businessProcess/jobOrdinary/view',
          access: 'canRoute',
          menu: '/businessProcess/jobManagement/list,/businessProcess/todo',
        },
        { path: '/businessProcess/jobBriefing/detail', component: './businessProcess/jobBriefing/detail', access: 'canRoute' },
        // certificate pages (people and certificates)
        // positioning pages (live map, zones, tags, anchors, alarms)
        { path: '/personnel/positioning', component: './personnel/positioning/index', access: 'canRoute' },
        { path: '/personnel/positioningZone', component: './personnel/positioningZone/index', access: 'canRoute' },
        { path: '/personnel/positioningTag', component: './personnel/positioningTag/index', access: 'canRoute' },
        { path: '/personnel/positioningAnchor', component: './personnel/positioningAnchor/index', access: 'canRoute' },
        { path: '/personnel/positioningAlarm', component: './personnel/positioningAlarm/index', access: 'canRoute' },
        { path: '/personnel/positioningRule', component: './personnel/positioningRule/index', access: 'canRoute' },
        { path: '/personnel/positioningTrack', component: './personnel/positioningTrack/index', access: 'canRoute' },
        { path: '/personnel/certificate', component: './personnel/certificate/index', access: 'canRoute' },
        { path: '/personnel/certificateExpire', component: './personnel/certificateExpire/index', access: 'canRoute' },
        { path: '/personnel/workGuardian', component: './personnel/workGuardian/index', access: 'canRoute' },
        { path: '/personnel/operators', component: './personnel/operators/index', access: 'canRoute' },
        { path: '/*', component: './fallback/index' },
      ],
    },
  ],
  npmClient: 'npm',
  // only used with ANALYZE=1 (bundle report for checking the login route size)
  analyze: {
    analyzerMode: 'static',
    openAnalyzer: false,
    generateStatsFile: true,
    statsFilename: '/tmp/aq-stats.json',
    reportFilename: '/tmp/aq-report.html',
    logLevel: 'warn',
  },
});
