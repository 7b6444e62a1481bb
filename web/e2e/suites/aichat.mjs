// Browser suite of the safety assistant (the floating dialog and 助手对话).
// `npm run e2e -- aichat` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, opens the dialog from the round button, sees a blank question
// ignored, sends a regulation question with Enter and sees the thinking steps appear as
// collapsed panels that open, the answer quoting GB 30871-2022, asks about the unit's open
// hazards and sees a table linking to the hazard page, closes the dialog (cleared on reopen) and
// finds the conversation on 助手对话; issues an API key on 系统管理 › API 密钥 (shown once, works).
import OpenAI from 'openai';
import { openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('aichat');

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

/** the API key issued on the keys page, for the openai client scenario */
let keySecret = '';

await scenario(
  'the round button opens the dialog; a blank question is ignored',
  async () => {
    await page.goto(`${BASE}/wel/index`);
    await page.getByTestId('aichat-open').click();
    await page.getByTestId('aichat-input').waitFor();
    await page.getByTestId('aichat-input').fill('   ');
    await page.getByTestId('aichat-input').press('Enter');
    await page.waitForTimeout(300);
    expect((await page.getByTestId('aichat-user').count()) === 0, 'a blank question sends nothing');
  },
  { critical: true },
);

await scenario('Enter sends; the steps appear collapsed and open; the answer cites the clause', async () => {
  await page.getByTestId('aichat-input').fill('动火作业票有效期多久？');
  await page.getByTestId('aichat-input').press('Enter');
  const answer = page.getByTestId('aichat-assistant').last();
  await answer.getByText('GB 30871-2022', { exact: false }).first().waitFor({ timeout: 15000 });
  expect((await answer.textContent()).includes('8 小时'), 'the validity limit is quoted');
  const panels = answer.locator('.ant-collapse-item');
  expect((await panels.count()) >= 2, 'at least two thinking steps');
  expect((await answer.getByTestId('aichat-step').count()) === 0, 'steps start collapsed');
  await panels.first().locator('.ant-collapse-header').click();
  await answer.getByTestId('aichat-step').first().getByText('检索知识库', { exact: false }).waitFor();
  await shot('aichat-01-regulation');
});

await scenario("a question about the unit's hazards answers with a table linking to the records", async () => {
  await page.getByTestId('aichat-input').fill('本单位未整改隐患有多少？');
  await page.getByTestId('aichat-send').click();
  const answer = page.getByTestId('aichat-assistant').last();
  await answer.locator('table.aq-md-table').waitFor({ timeout: 15000 });
  expect((await answer.locator('a[href="/hiddenDanger/index"]').count()) > 0, 'rows link to the hazard page');
  await shot('aichat-02-hazards');
});

await scenario('closing the dialog clears the conversation', async () => {
  await page.locator('.aq-aichat .ant-modal-close').click();
  await page.getByTestId('aichat-open').click();
  await page.getByTestId('aichat-input').waitFor();
  expect((await page.getByTestId('aichat-user').count()) === 0, 'no message after reopening');
  await page.locator('.aq-aichat .ant-modal-close').click();
});

await scenario('the conversation is listed on 助手对话 with its steps', async () => {
  await page.goto(`${BASE}/aichat/conversation`);
  const row = page.locator('.ant-table-row', { hasText: '动火作业票有效期' }).first();
  await row.waitFor();
  await row.getByText('查看').click();
  await page.getByTestId('conversation-assistant').first().waitFor();
  await shot('aichat-03-conversations');
});

await scenario('系统管理 › API 密钥: a key issued to operator1 is shown once and answers the models call', async () => {
  await page.goto(`${BASE}/system/apiKey`);
  await page.getByTestId('api-key-issue').click();
  const m = page.locator('.ant-modal-content:visible').last();
  await m.locator('#name').fill('班组长手机助手');
  await m.locator('#userId').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '王操作' }).first().click();
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  const shown = page.getByTestId('api-key-secret');
  await shown.waitFor();
  const secret = ((await shown.locator('code').first().textContent()) || '').trim();
  expect(/^aq-sk-[0-9a-f]{48}$/.test(secret), `secret ${secret}`);
  await shot('aichat-04-api-key');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  const row = page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first();
  await row.getByText('班组长手机助手').waitFor();
  const text = await row.innerText();
  expect(text.includes(secret.slice(0, 10)) && !text.includes(secret), `the list shows the prefix only: ${text}`);
  keySecret = secret;
  const r = await fetch(`${BASE}/api/ai-chat/v1/models`, { headers: { Authorization: `Bearer ${secret}` } });
  expect(r.status === 200, `models with the key: ${r.status}`);
});

await scenario('the official openai npm client streams an answer with the key; a revoked key is its AuthenticationError', async () => {
  expect(keySecret, 'no key from the scenario before');
  const client = new OpenAI({ apiKey: keySecret, baseURL: `${BASE}/api/ai-chat/v1`, maxRetries: 0 });
  const models = await client.models.list();
  expect(
    models.data.some((m) => m.id === 'default'),
    `models ${JSON.stringify(models.data)}`,
  );
  const stream = await client.chat.completions.create({
    model: 'default',
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: '动火作业票有效期多久？' }],
  });
  let content = '';
  let usage;
  for await (const chunk of stream) {
    content += chunk.choices[0]?.delta?.content || '';
    if (chunk.usage) usage = chunk.usage;
  }
  expect(content.includes('GB 30871-2022'), `streamed answer: ${content.slice(0, 200)}`);
  expect(usage && usage.total_tokens > 0, `usage ${JSON.stringify(usage)}`);
  // revoke on the page: the next call is refused at once
  await page.goto(`${BASE}/system/apiKey`);
  const row = page.locator('.aq-crud .ant-table-tbody tr.ant-table-row', { hasText: '班组长手机助手' }).first();
  await row.locator('a', { hasText: '删除' }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await row.waitFor({ state: 'detached' });
  let refused;
  try {
    await client.models.list();
  } catch (e) {
    refused = e;
  }
  expect(refused instanceof OpenAI.AuthenticationError, `after revoking: ${refused}`);
});

await finish();
