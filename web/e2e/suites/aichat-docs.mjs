// Browser suite of the assistant's document library (助手文件库, /aichat/document).
// `npm run e2e -- aichat-docs` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// The admin of 100001 uploads a small text procedure (Markdown content; the resource service
// accepts .txt, not .md) written here, sees it listed, asks the
// assistant a question whose answer quotes it (《title》 —— 第 n 段), removes it (the assistant
// no longer quotes it), and sees a broken .pdf refused with the clear message.
import { antd, openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('aichat-docs');
const { toast, modalOf, row } = antd(page);

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

const title = `E2E-${Date.now().toString().slice(-7)} 四号罐区清罐规程`;
const md = Buffer.from(
  `# 四号罐区清罐规程\n\n第三条 四号罐区清罐作业前，须由值班长确认氮气置换合格，并连续检测氧含量不低于19.5%。\n`,
  'utf8',
);

/** uploads buffer as name in the 新增 dialog with the title t and submits it */
async function add(t, name, mimeType, buffer) {
  await page
    .locator('.aq-crud button', { hasText: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增');
  await m.locator('#title').fill(t);
  await m.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
  await m.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first().waitFor();
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  return m;
}

/** the assistant's answer to q (the last assistant message of the dialog) */
async function ask(q, waitFor) {
  await page.goto(`${BASE}/aichat/document`);
  await page.getByTestId('aichat-open').click();
  await page.getByTestId('aichat-input').fill(q);
  await page.getByTestId('aichat-input').press('Enter');
  const answer = page.getByTestId('aichat-assistant').last();
  if (waitFor) {
    await answer.getByText(waitFor, { exact: false }).first().waitFor({ timeout: 20000 });
  } else {
    // no text to wait for: the steps show once the answer streams; give it time to finish
    await answer.locator('.ant-collapse-item').first().waitFor({ timeout: 20000 });
    await page.waitForTimeout(3000);
  }
  const text = (await answer.textContent()) || '';
  await page.locator('.aq-aichat .ant-modal-close').click();
  return text;
}

await scenario(
  'a text procedure is uploaded and listed',
  async () => {
    await page.goto(`${BASE}/aichat/document`);
    await add(title, '清罐规程.txt', 'text/plain', md);
    await toast('操作成功').waitFor();
    await page.locator('.aq-crud input#title').first().fill(title.slice(0, 12));
    await page.locator('.aq-crud input#title').first().press('Enter');
    const r = row(title);
    await r.waitFor();
    const text = await r.innerText();
    expect(text.includes('清罐规程.txt') && text.includes('txt'), `listed: ${text}`);
    await shot('aichat-docs-01-listed');
  },
  { critical: true },
);

await scenario('the assistant quotes it with its title and passage', async () => {
  const text = await ask('四号罐区清罐作业前要确认什么？', '《');
  expect(text.includes(`《${title}》`), `title quoted: ${text.slice(0, 300)}`);
  expect(/第 \d+ 段/.test(text), `passage number: ${text.slice(0, 300)}`);
  expect(text.includes('氮气置换合格'), `passage text: ${text.slice(0, 300)}`);
  await shot('aichat-docs-02-quoted');
});

await scenario('a .pdf that is no PDF is refused with the clear message', async () => {
  await page.goto(`${BASE}/aichat/document`);
  const m = await add(`${title} PDF`, '预案.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
  await toast('PDF 文件已损坏、已加密或无法读取').waitFor();
  await shot('aichat-docs-03-pdf-refused');
  await m.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').first().click();
});

await scenario('removing it takes it out of the answers', async () => {
  await page.goto(`${BASE}/aichat/document`);
  await page.locator('.aq-crud input#title').first().fill(title.slice(0, 12));
  await page.locator('.aq-crud input#title').first().press('Enter');
  const r = row(title);
  await r.locator('a', { hasText: '删除' }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await r.waitFor({ state: 'detached' });
  const text = await ask('四号罐区清罐作业前要确认什么？', '');
  expect(!text.includes(title) && !text.includes('氮气置换合格'), `still quoted: ${text.slice(0, 300)}`);
});

await finish();
