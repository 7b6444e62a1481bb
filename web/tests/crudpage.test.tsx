import React, { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { useSession } from '@/stores/session';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

const fields: CrudField[] = [
  { title: '岗位编号', dataIndex: 'postCode', search: true, form: { required: true } },
  { title: '岗位名称', dataIndex: 'postName', search: true, form: { required: true } },
  { title: '状态', dataIndex: 'status', search: 'equal', options: [{ label: '正常', value: 1 }] },
];

const rows = Array.from({ length: 3 }, (_, i) => ({ id: String(i + 1), postCode: `c${i}`, postName: `岗位${i}`, status: 1 }));

async function flush(ms = 50) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

describe('CrudPage', () => {
  let root: Root;
  let host: HTMLDivElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    document.body.innerHTML = '';
  });

  const api = () => ({
    list: vi.fn(async () => ({ records: rows, total: 3, size: 10, current: 1, pages: 1 })),
    submit: vi.fn(async () => ({ code: 200 })),
    remove: vi.fn(async () => ({ code: 200 })),
    exportUrl: '/api/x/export',
  });

  it('loads the first page with current/size and shows an index column', async () => {
    useSession.setState({ permission: { post_add: true, post_edit: true, post_delete: true, post_view: true } });
    const a = api();
    await act(async () => root.render(<CrudPage title="岗位" fields={fields} api={a} permissionPrefix="post" />));
    await flush(300);
    expect(a.list).toHaveBeenCalled();
    expect((a.list.mock.calls[0] as any)[0]).toMatchObject({ current: 1, size: 10 });
    expect(host.textContent).toContain('序号');
    expect(host.textContent).toContain('岗位1');
    expect(host.textContent).toContain('新增');
  });

  it('hides buttons whose codes the user lacks', async () => {
    useSession.setState({ permission: { post_view: true } });
    await act(async () => root.render(<CrudPage title="岗位" fields={fields} api={api()} permissionPrefix="post" exportBtn />));
    await flush(300);
    const buttons = Array.from(host.querySelectorAll('button')).map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).not.toContain('新增');
    expect(buttons).not.toContain('删除');
    expect(buttons).not.toContain('导出');
    expect(host.textContent).toContain('查看');
    expect(host.textContent).not.toContain('编辑');
  });

  it('batch delete with nothing selected warns', async () => {
    useSession.setState({ permission: { post_delete: true } });
    const a = api();
    await act(async () => root.render(<CrudPage title="岗位" fields={fields} api={a} permissionPrefix="post" />));
    await flush(300);
    const del = Array.from(host.querySelectorAll('button')).find((b) => b.textContent?.replace(/\s/g, '') === '删除')!;
    await act(async () => del.click());
    await flush(100);
    expect(document.body.textContent).toContain('请选择至少一条数据');
    expect(a.remove).not.toHaveBeenCalled();
  });

  it('row delete asks 确定将选择数据删除? and removes by id', async () => {
    useSession.setState({ permission: { post_delete: true } });
    const a = api();
    await act(async () => root.render(<CrudPage title="岗位" fields={fields} api={a} permissionPrefix="post" />));
    await flush(300);
    const link = Array.from(host.querySelectorAll('a')).find((x) => x.textContent?.includes('删除'))!;
    await act(async () => link.click());
    await flush(200);
    expect(document.body.textContent).toContain('确定将选择数据删除?');
    const ok = Array.from(document.querySelectorAll('.ant-modal-confirm-btns button')).pop() as HTMLButtonElement;
    await act(async () => ok.click());
    await flush(200);
    expect(a.remove).toHaveBeenCalledWith('1');
  });
});
