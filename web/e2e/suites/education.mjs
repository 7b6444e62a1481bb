// Browser suite of exams with essays (我的考试, 阅卷).
// `npm run e2e -- education` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// 王操作 (operator1) takes the seeded 特殊作业安全知识考试: a true/false, a single choice, a
// fill-in with two blanks (synonym policy) and an essay; after handing in the paper waits for
// marking (待阅卷). The admin opens 阅卷, sees the fill-in answers as text and the essay with
// its reference answer, is refused points above the question's score, gives 25 of 30; the
// operator then sees the score 95 / 100 and the pass.
import fs from 'node:fs';
import path from 'node:path';
import { antd, openSuite } from '../suite.mjs';
import { readRows } from '../xlsx.mjs';
import { here } from '../lib.mjs';

const { BASE, browser, page, shot, scenario, expect, login, finish } = await openSuite('education');
const { toast, row, modalOf, item, openDropdown } = antd(page);

const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
const op = await ctx.newPage();
const EXAM = '特殊作业安全知识考试';
const card = (p) => p.locator('[data-testid="my-exam"]', { hasText: EXAM }).first();

await scenario(
  'operator1 logs in and opens 我的考试',
  async () => {
    await login(op, 'operator1', '123456');
    await op.goto(`${BASE}/safetyEducation/myExam`);
    await card(op).waitFor();
    expect((await card(op).innerText()).includes('未开始'), 'the seeded essay exam is not waiting for operator1');
  },
  { critical: true },
);

await scenario(
  'the operator answers choice, fill-in and essay questions and hands in',
  async () => {
    await card(op).locator('[data-testid="exam-start"]').click();
    const qs = op.locator('[data-testid="exam-question"]');
    await qs.first().waitFor();
    expect((await qs.count()) === 4, `questions: ${await qs.count()}`);
    await qs.nth(0).locator('.ant-radio-wrapper', { hasText: '正确' }).click();
    await qs.nth(1).locator('.ant-radio-wrapper', { hasText: '根部' }).click();
    const fills = qs.nth(2).locator('input[data-testid="exam-fill"]');
    expect((await fills.count()) === 2, `blanks: ${await fills.count()}`);
    await fills.nth(0).fill('强制通风');
    await fills.nth(1).fill('检测');
    await qs.nth(3).locator('textarea[data-testid="exam-essay"]').fill('监护人作业期间不得离开现场,发现异常立即停止作业。');
    await shot('education-01-answers', op);
    await op.locator('[data-testid="exam-submit"]').click();
    await op.locator('.ant-modal-confirm .ant-btn-primary').click();
    await op.locator('[data-testid="exam-pending"]').waitFor();
    await shot('education-02-pending', op);
  },
  { critical: true },
);

await scenario(
  'the manager marks the essay on 阅卷',
  async () => {
    await login();
    await page.goto(`${BASE}/safetyEducation/markingManagement`);
    await row('王操作').waitFor();
    await row('王操作').locator('[data-testid="mark-open"]').click();
    const m = page
      .locator('.ant-modal')
      .filter({ has: page.locator('[data-testid="mark-question"]') })
      .first();
    await m.locator('[data-testid="mark-question"]').first().waitFor();
    const text = await m.innerText();
    expect(text.includes('(1) 强制通风') && text.includes('(2) 检测'), `fill-in answers as text: ${text.slice(0, 300)}`);
    expect(text.includes('参考答案'), 'no reference answer for the marker');
    const got = m.locator('.ant-input-number-input').first();
    await got.fill('31');
    await got.blur();
    // the field keeps points within the score; the server refuses anything beyond it too
    await got.fill('25');
    await m.locator('input[placeholder="评语"]').fill('要点基本齐全');
    await shot('education-03-marking');
    await m.locator('[data-testid="mark-save"]').click();
    await toast('阅卷完成').waitFor();
    expect((await toast('阅卷完成').innerText()).includes('95/100'), 'the marked score is not 95/100');
  },
  { critical: true },
);

await scenario('the operator sees the score and the pass', async () => {
  await op.goto(`${BASE}/safetyEducation/myExam`);
  await card(op).waitFor();
  const text = await card(op).innerText();
  expect(text.includes('合格') && text.includes('95'), `my exam after marking: ${text}`);
  await card(op).locator('[data-testid="exam-view"]').click();
  await op.locator('.ant-result-title', { hasText: '95 / 100' }).waitFor();
  expect((await op.locator('[data-testid="exam-paper"]').innerText()).includes('要点基本齐全'), "the marker's comment is not shown");
  await shot('education-04-score', op);
});

// h-eduimp: 导入 on the bank. The template downloads; a file with wrong rows imports nothing
// and the dialog lists each wrong row; the template itself (its examples use a seeded
// category) imports its five questions.
await scenario('the manager imports questions from xlsx on 题库管理', async () => {
  // the admin of the marking scenario (critical, so logged in here)
  await page.goto(`${BASE}/educationAdmin/question`);
  await page.locator('.aq-crud .ant-table').first().waitFor();
  await page.locator('[data-testid="question-import"]').click();
  const m = page.locator('.ant-modal', { hasText: '导入试题' });
  const [dl] = await Promise.all([page.waitForEvent('download'), m.locator('[data-testid="question-import-template"]').click()]);
  const template = await dl.path();
  const rows = readRows(template);
  expect(rows[0]?.[0] === '题型' && rows.length === 6, `template rows: ${JSON.stringify(rows[0])} (${rows.length})`);
  // wrong rows: nothing imported, rows 3 and 4 named
  await m.locator('input[type=file]').setInputFiles(path.join(here, 'testdata', 'questions-bad.xlsx'));
  await m.locator('[data-testid="question-import-submit"]').click();
  const errors = m.locator('[data-testid="question-import-errors"]');
  await errors.waitFor();
  const text = await errors.innerText();
  expect(
    text.includes('正确答案') && text.includes('不是本题的选项') && text.includes('分类') && text.includes('不存在'),
    `error table: ${text}`,
  );
  expect((await m.innerText()).includes('没有导入任何试题'), 'the dialog does not say nothing was imported');
  await shot('education-05-import-errors');
  // the template imports all its rows
  await m.locator('input[type=file]').setInputFiles({
    name: '试题导入模板.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: fs.readFileSync(template),
  });
  await m.locator('[data-testid="question-import-submit"]').click();
  await toast('导入成功').waitFor();
  expect((await toast('导入成功').innerText()).includes('5'), 'five questions expected');
  await page.locator('.aq-crud .ant-table', { hasText: '简述动火作业的主要安全措施' }).first().waitFor();
});

await scenario('an exam for a department: its people join the roster when it is saved', async () => {
  await page.goto(`${BASE}/educationAdmin/exam`);
  const r = row(EXAM);
  await r.waitFor();
  await r.locator('a', { hasText: '编辑' }).click();
  const m = modalOf('编辑');
  await item(m, '考试部门').locator('.ant-select-selector').click();
  const node = openDropdown().locator('.ant-select-tree-node-content-wrapper', { hasText: '合成车间' }).first();
  await node.waitFor();
  await node.click();
  // close the (multiple) dropdown without Esc, which would close the dialog
  await m.locator('.ant-modal-title').click();
  const [saved] = await Promise.all([
    page.waitForResponse((x) => x.url().includes('/api/education/exam/submit')),
    m.locator('.ant-modal-footer .ant-btn-primary').click(),
  ]);
  await toast('操作成功').waitFor();
  const names = (await saved.json())?.data?.userNames || '';
  // 孙焊工 and 王操作 were named; 合成车间 adds its director 张主任
  expect(names.split(',').sort().join(',') === ['孙焊工', '王操作', '张主任'].sort().join(','), `roster after adding 合成车间: ${names}`);
  await shot('education-06-exam-by-department');
});

await scenario('the points centre shows the points earned by passed exams and reported hidden dangers', async () => {
  // operator1 passed the seeded exam above (95 of 100): 10 points, listed with the exam's name
  await op.goto(`${BASE}/system/myIntegralCenter`);
  const centre = op.locator('[data-testid="points-centre"]');
  await centre.locator('.ant-table-row', { hasText: EXAM }).first().waitFor();
  const text = await centre.innerText();
  expect(text.includes('通过考试(95分) +10'), `the exam deed: ${text}`);
  expect((await centre.locator('.ant-statistic-content-value').first().innerText()).trim() !== '0', 'the total is not counted');
  expect(text.includes('上报的隐患已验收闭环'), 'the point rules are not listed');
  await shot('education-07-points-centre', op);
});

await ctx.close();
await finish();
