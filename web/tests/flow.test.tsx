import React, { act } from 'react';
import { createRoot } from 'react-dom/client';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import AttachmentUpload from '@/components/AttachmentUpload';
import FlowHistory from '@/components/FlowHistory';
import { configureRequest } from '@/utils/request';
import { fileUrl, splitNames } from '@/utils/fileLink';
import { businessLink } from '@/utils/flowLinks';
import { fromForm, toForm } from '@/pages/system/flowModel';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

async function render(el: React.ReactElement) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  await act(async () => root.render(el));
  await act(async () => new Promise((r) => setTimeout(r, 50)));
  return { host, unmount: () => act(() => root.unmount()) };
}

describe('flow and attachment pieces', () => {
  afterEach(() => Cookies.remove('access_token'));

  it('fileUrl carries the token for <img> and passes full URLs through', () => {
    expect(fileUrl('')).toBe('');
    expect(fileUrl('abc.png')).toBe('/api/upload/preview/abc.png');
    Cookies.set('access_token', 'tok en');
    expect(fileUrl('abc.png')).toBe('/api/upload/preview/abc.png?blade-auth=tok%20en');
    expect(fileUrl('https://x/y.png')).toBe('https://x/y.png');
    expect(splitNames(' a.png, ,b.pdf ')).toEqual(['a.png', 'b.pdf']);
  });

  it('business links follow the process keys of the owning services', () => {
    expect(businessLink('workticket:hotWork:1', '9')).toBe('/businessProcess/jobManagement/newJobManagement/hotWork/view?id=9');
    expect(businessLink('workticket:ordinary:0', '9')).toBe('/businessProcess/jobOrdinary/view?id=9');
    expect(businessLink('hazard', '5')).toBe('/hiddenDanger/index?id=5');
    expect(businessLink('other', '5')).toBe('');
  });

  it('the flow form edits steps as lists and sends comma lists', () => {
    const api = [{ name: '安全审批', roleAliases: 'safety_manager,administrator', userIds: '' }];
    const form = toForm(api);
    expect(form).toEqual([{ name: '安全审批', roles: ['safety_manager', 'administrator'], users: [] }]);
    expect(fromForm([{ name: ' 批准 ', users: ['1', '2'] }])).toEqual([{ name: '批准', roleAliases: '', userIds: '1,2' }]);
  });

  it('AttachmentUpload shows stored images as thumbnails', async () => {
    const { host, unmount } = await render(<AttachmentUpload value="a1.png,b2.pdf" accept="any" />);
    const items = host.querySelectorAll('.ant-upload-list-item');
    expect(items.length).toBe(2);
    expect(host.textContent).toContain('上传附件');
    unmount();
    const img = await render(<AttachmentUpload value="a1.png" accept="image" max={1} />);
    expect(img.host.querySelector('img')?.getAttribute('src')).toContain('/api/upload/preview/a1.png');
    // full: no upload button
    expect(img.host.textContent).not.toContain('上传');
    img.unmount();
  });

  it('FlowHistory renders each recorded action', async () => {
    configureRequest({
      fetch: async () =>
        new Response(
          JSON.stringify({
            code: 200,
            success: true,
            msg: '',
            data: [
              { taskName: '发起申请', userName: '王操作', action: 'start', comment: '请审批', time: '2026-01-01 08:00:00' },
              { taskName: '安全审批', userName: '李安全', action: 'reject', comment: '资料不全', time: '2026-01-01 09:00:00' },
            ],
          }),
          { status: 200 },
        ),
    });
    const { host, unmount } = await render(<FlowHistory processInstanceId="1" />);
    const items = host.querySelectorAll('[data-testid="flow-history-item"]');
    expect(items.length).toBe(2);
    expect(items[1].textContent).toContain('驳回');
    expect(items[1].textContent).toContain('李安全');
    expect(items[1].textContent).toContain('资料不全');
    unmount();
  });
});
