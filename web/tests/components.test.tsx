import React, { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { history } from '@umijs/max';
import TileBlock from '@/components/TileBlock';
import CardContainer from '@/components/CardContainer';
import TreeLayout from '@/components/TreeLayout';
import { NoticeDetailForm } from '@/components/NoticeDetail';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

describe('shared pieces of spec 2.8', () => {
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
  });

  it('a tile shows text, department line and icon, and opens its route by click or Enter', async () => {
    await act(async () =>
      root.render(<TileBlock to="/info/index" text="个人信息" dept="合成车间" icon={<i className="ico" />} testId="t" />),
    );
    const tile = host.querySelector('[data-testid="t"]') as HTMLElement;
    expect(tile.querySelector('.aq-tile-text')!.textContent).toBe('个人信息');
    expect(tile.querySelector('.aq-tile-dept')!.textContent).toBe('合成车间');
    expect(tile.querySelector('.aq-tile-icon .ico')).not.toBeNull();
    await act(async () => tile.click());
    expect(history.location.pathname).toBe('/info/index');
    history.push('/wel/index');
    await act(async () => tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(history.location.pathname).toBe('/info/index');
  });

  it('a tile without a department line renders none', async () => {
    await act(async () => root.render(<TileBlock to="/x" text="x" />));
    expect(host.querySelector('.aq-tile-dept')).toBeNull();
    expect(host.querySelector('.aq-tile-icon')).toBeNull();
  });

  it('the card container shows title, extra and body', async () => {
    await act(async () =>
      root.render(
        <CardContainer title="快捷入口" extra={<a>更多</a>}>
          body
        </CardContainer>,
      ),
    );
    expect(host.querySelector('.aq-card-container .ant-card-head-title')!.textContent).toContain('快捷入口');
    expect(host.querySelector('.ant-card-extra')!.textContent).toBe('更多');
    expect(host.querySelector('.ant-card-body')!.textContent).toBe('body');
  });

  it('the tree layout starts at 4 of 24 columns and the arrow collapses it', async () => {
    await act(async () =>
      root.render(
        <TreeLayout title="组织机构" tree={<div className="tree" />}>
          content
        </TreeLayout>,
      ),
    );
    expect(host.querySelector('.ant-col-4 .tree')).not.toBeNull();
    await act(async () => (host.querySelector('[data-testid="tree-toggle"]') as HTMLElement).click());
    expect(host.querySelector('.tree')).toBeNull();
    expect(host.textContent).toContain('content');
  });

  it('the notice detail form has three read-only fields and no buttons', async () => {
    await act(async () =>
      root.render(<NoticeDetailForm notice={{ messagePushName: '系统', messageTitle: '标题', messageContent: '内容' }} />),
    );
    const fields = host.querySelectorAll('input, textarea');
    expect(fields).toHaveLength(3);
    fields.forEach((f) => expect((f as HTMLInputElement).readOnly).toBe(true));
    expect((host.querySelector('textarea') as HTMLTextAreaElement).value).toBe('内容');
    expect(host.querySelectorAll('button')).toHaveLength(0);
  });
});
