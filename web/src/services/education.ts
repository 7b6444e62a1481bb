/**
 * education (/api/education): the question bank and its categories, papers, exams, the
 * caller's own attempts (start, answer as one goes, hand in; the server keeps the time) and
 * results with their certificates.
 */
import { get, post, type Page } from '@/utils/request';
import { crudApi } from './system';

const E = '/api/education';

export interface AttemptQuestion {
  questionId: string;
  type: number;
  content: string;
  options?: { key: string; text: string }[];
  score: number;
  given?: string;
  answer?: string;
  analysis?: string;
  correct?: boolean;
  got?: number;
  /** fill-in: the number of blanks and the text per blank */
  blankCount?: number;
  fills?: string[];
  /** once marked (and to the marker): the accepted answers per blank, an essay's reference */
  blanks?: { answers: string[] }[];
  reference?: string;
  /** essay: marked by hand yet, and the marker's comment */
  marked?: boolean;
  comment?: string;
}

export interface AnswerInput {
  questionId: string;
  given?: string;
  fills?: string[];
}

export interface Attempt {
  id: string;
  examId: string;
  examName: string;
  userName: string;
  state: number;
  startTime?: string;
  deadline?: string;
  submitTime?: string;
  score: number;
  totalScore: number;
  passScore: number;
  passed: boolean;
  autoSubmitted: boolean;
  duration: number;
  examStartTime: string;
  examEndTime: string;
  questions?: AttemptQuestion[];
  serverTime?: string;
  certNo?: string;
  /** this attempt's number and the exam's limit */
  attempt?: number;
  maxAttempts?: number;
}

export const categoryApi = crudApi(`${E}/category`, 'list');
export const questionApi = crudApi(`${E}/question`, 'page');
export const paperApi = crudApi(`${E}/paper`, 'page');
export const examApi = crudApi(`${E}/exam`, 'page');
export const recordApi = crudApi(`${E}/record`, 'page', { exportUrl: `${E}/record/export` });
export const certificateApi = crudApi(`${E}/certificate`, 'page');

export const myAttempts = (params: Record<string, any>) =>
  get<{ records: Attempt[]; total: number }>(`${E}/record/mine`, params).then((r) => r.data);
export const attemptDetail = (id: string) => get<Attempt>(`${E}/record/detail`, { id }).then((r) => r.data);
export const startAttempt = (id: string) => post<Attempt>(`${E}/record/start`, undefined, { id }).then((r) => r.data);
export const saveAnswers = (id: string, answers: AnswerInput[]) =>
  post<Attempt>(`${E}/record/answer`, { id, answers }, undefined, { silent: true }).then((r) => r.data);
export const retakeAttempt = (id: string) => post<Attempt>(`${E}/record/retake`, undefined, { id }).then((r) => r.data);
export const submitAttempt = (id: string, answers: AnswerInput[]) =>
  post<Attempt>(`${E}/record/submit`, { id, answers }).then((r) => r.data);
/** 阅卷: handed-in attempts, an exam's essay questions, the answers to one, and marks. */
export const markingApi = crudApi(`${E}/marking`, 'page');
export const markingQuestions = (examId: string) =>
  get<{ records: any[] }>(`${E}/marking/questions`, { id: examId }).then((r) => r.data?.records || []);
export const markingAnswers = (examId: string, questionId: string) =>
  get<{ records: any[] }>(`${E}/marking/answers`, { examId, questionId }).then((r) => r.data?.records || []);
export const submitMarks = (recordId: string, marks: { questionId: string; got: number; comment?: string }[]) =>
  post<Attempt>(`${E}/marking/submit`, { recordId, marks }).then((r) => r.data);
export const certificateByNo = (certNo: string) =>
  get<{ records: any[] }>(`${E}/certificate/page`, { certNo_equal: certNo }).then((r) => r.data?.records?.[0]);
export const certificateDetail = (id: string) => get<any>(`${E}/certificate/detail`, { id }).then((r) => r.data);

export const QUESTION_TYPES = [
  { label: '单选题', value: 1 },
  { label: '多选题', value: 2 },
  { label: '判断题', value: 3 },
  { label: '填空题', value: 4 },
  { label: '简答题', value: 5 },
];
export const FILL_POLICIES = [
  { label: '精确匹配', value: 1 },
  { label: '同义词匹配', value: 2 },
];
export const DIFFICULTIES = [
  { label: '容易', value: 1 },
  { label: '中等', value: 2 },
  { label: '困难', value: 3 },
];
export const PAPER_MODES = [
  { label: '固定组卷', value: 1 },
  { label: '随机组卷', value: 2 },
];
export const ATTEMPT_STATES = [
  { label: '未开始', value: 0 },
  { label: '考试中', value: 1 },
  { label: '已交卷', value: 2 },
  { label: '缺考', value: 3 },
  { label: '待阅卷', value: 4 },
];

/** Options of the categories (for selects). */
export const categoryOptions = () =>
  categoryApi.list({ current: 1, size: 200 }).then((p: any) => (p?.records || []).map((c: any) => ({ label: c.name, value: c.id })));
/** Options of the questions (for a fixed paper). */
export const questionOptions = () =>
  questionApi.list({ current: 1, size: 1000 }).then((p: any) =>
    (p?.records || []).map((q: any) => ({
      label: `[${QUESTION_TYPES.find((t) => t.value === q.type)?.label}] ${q.content}`,
      value: q.id,
    })),
  );
/** Options of the papers (for an exam). */
export const paperOptions = () =>
  paperApi
    .list({ current: 1, size: 500 })
    .then((p: any) => (p?.records || []).map((x: any) => ({ label: `${x.name}(${x.totalScore}分)`, value: x.id })));

/** h-eduimp: xlsx import of questions, all or nothing; the wrong rows come back in errors. */
export interface QuestionImportError {
  row: number;
  column: string;
  message: string;
}
export const questionImportTemplateUrl = `${E}/question/import-template`;
export const importQuestions = (file: string) =>
  post<{ imported?: number; errors?: QuestionImportError[] }>(`${E}/question/import`, { file }).then((r) => r.data);

/** The caller's points centre (我的积分): computed from passed exams and reported hidden dangers. */
export interface PointItem {
  time: string;
  source: string;
  title: string;
  detail: string;
  points: number;
}
export interface PointsCentre {
  total: number;
  month: number;
  rank: number;
  people: number;
  items: PointItem[];
  rules: { code: string; name: string; points: number; source: string }[];
}
export const myPoints = () => get<PointsCentre>(`${E}/integral/mine`).then((r) => r.data);

// ---------------------------------------------------------------- training (h-training)

export interface Course {
  id: string;
  name: string;
  category?: string;
  /** 1 video 视频 (or audio), 2 document 文档 */
  kind: number;
  /** comma list of stored files (names or preview links) */
  files: string;
  /** seconds of study the course asks for */
  duration: number;
  /** 学时 it credits at most */
  hours: number;
  /** percent of the duration studied that completes it */
  passPercent: number;
  remark?: string;
}

/** One course with the caller's verified study of it. */
export interface Study {
  id?: string;
  courseId: string;
  courseName: string;
  category?: string;
  kind: number;
  files: string;
  duration: number;
  hours: number;
  passPercent: number;
  position?: number;
  furthest?: number;
  creditedSeconds?: number;
  creditedHours?: number;
  progress?: number;
  completed?: boolean;
  completedTime?: string;
  lastBeatTime?: string;
  token?: string;
  creditedNow?: number;
  note?: string;
  minutesPerHour?: number;
}

export interface TrainingRule {
  id?: string;
  code: string;
  name: string;
  value: number;
  unit: string;
  source: string;
  version?: number;
  defaultValue: number;
  updateTime?: string;
}

export const courseApi = crudApi<Course>(`${E}/course`, 'page');
export const COURSE_KINDS = [
  { label: '视频', value: 1 },
  { label: '文档', value: 2 },
];
export const myStudies = (params: Record<string, any>) =>
  get<{ records: Study[]; total: number }>(`${E}/study/mine`, params).then((r) => r.data);
export const startStudy = (courseId: string) => post<Study>(`${E}/study/start`, { courseId }).then((r) => r.data);
export const beatStudy = (id: string, token: string, position: number, playing: boolean) =>
  post<Study>(`${E}/study/beat`, { id, token, position, playing }, undefined, { silent: true }).then((r) => r.data);
export const trainingRules = () => get<TrainingRule[]>(`${E}/training-rule/list`).then((r) => r.data || []);
export const submitTrainingRule = (rule: { code: string; value: number; source: string }) => post(`${E}/training-rule/submit`, rule);
/** A stored file's name from a name or a preview link. */
export const storedName = (v: string) => v.split('/').pop() || v;

export const planApi = crudApi(`${E}/plan`, 'page');

/** h-hours: each person's 学时 for a calendar year against the required hours of their category. */
export interface HourCounter {
  userId: string;
  userName: string;
  year: number;
  category: string;
  categoryName: string;
  initial: boolean;
  required: number;
  credited: number;
  courses: number;
  short: number;
}
export const archiveDetail = (userId?: string) => get<any>(`${E}/archive/detail`, userId ? { userId } : {}).then((r) => r.data);
export const hoursApi = crudApi<HourCounter>(`${E}/hours`, 'page', { exportUrl: `${E}/hours/export` });
export const myPlans = (params: Record<string, any>) =>
  get<{ records: any[]; total: number }>(`${E}/plan/mine`, params).then((r) => r.data);
export const PLAN_TYPES = [
  { label: '入职', value: 1 },
  { label: '转岗', value: 2 },
  { label: '复岗', value: 3 },
  { label: '取证', value: 4 },
  { label: '日常', value: 5 },
  { label: '四新', value: 6 },
];
export const PLAN_LEVELS = [
  { label: '不分级', value: 0 },
  { label: '公司级', value: 1 },
  { label: '车间级', value: 2 },
  { label: '班组级', value: 3 },
];
export const courseOptions = () =>
  courseApi.list({ current: 1, size: 500 }).then((p: any) => (p?.records || []).map((c: Course) => ({ label: c.name, value: c.id })));

/** h-edu-matrix: the training matrix (post x required course) and who of a post's holders is short. */
export interface MatrixCell {
  postId: string;
  courseId: string;
  required?: boolean;
  hours?: number;
  validMonths?: number;
}
export interface TrainingMatrix {
  posts?: { id: string; name: string }[];
  courses?: { id: string; name: string; hours: number }[];
  cells?: MatrixCell[];
}
export interface ComplianceItem {
  courseId: string;
  courseName: string;
  /** 1 done, 2 not completed, 3 expired, 4 学时 short */
  state: number;
  requiredHours?: number;
  creditedHours?: number;
  validMonths?: number;
  completedTime?: string;
  expireDate?: string;
}
export interface ComplianceRow {
  userId: string;
  userName: string;
  postId: string;
  postName: string;
  required: number;
  done: number;
  missing: number;
  missingNames?: string;
  items?: ComplianceItem[];
}
export const COMPLIANCE_STATES = [
  { label: '已完成', value: 1, color: 'green' },
  { label: '未完成', value: 2, color: 'red' },
  { label: '已过期', value: 3, color: 'orange' },
  { label: '学时不足', value: 4, color: 'gold' },
];
export const matrixDetail = () => get<TrainingMatrix>(`${E}/matrix/detail`).then((r) => r.data || {});
export const submitMatrixCell = (cell: MatrixCell) => post(`${E}/matrix/submit`, cell);
/** The compliance rows keyed by post and person (a person holding two posts has two rows). */
export const complianceApi = crudApi<ComplianceRow & { rowKey: string }>(`${E}/compliance`, 'page', {
  exportUrl: `${E}/compliance/export`,
  list: (params) =>
    get<Page<ComplianceRow>>(`${E}/compliance/page`, params).then((r) => ({
      ...r.data,
      records: (r.data?.records || []).map((x) => ({ ...x, rowKey: `${x.postId}-${x.userId}` })),
    })),
});
export const myShortfalls = () => get<{ posts?: ComplianceRow[]; hours?: HourCounter }>(`${E}/compliance/mine`).then((r) => r.data || {});
export const sendShortfallReminders = () => post<number>(`${E}/compliance/remind`).then((r) => r.data);
