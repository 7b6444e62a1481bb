import React, { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import Markdown from '@/components/Markdown';
import { ChatError, parseChunk } from '@/services/aichat';
import { parseSSE } from '@/utils/liveStream';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

/** The event of one SSE block as the stream reader hands it over. */
const ev = (block: string) => parseSSE(block + '\n\n').events[0];
const chunk = (delta: any, extra: any = {}) =>
  ev('data: ' + JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta }], ...extra }));

describe('the chat stream parser', () => {
  it('reads thinking steps, content, the conversation and the end', () => {
    expect(parseChunk(chunk({ reasoning_content: '[THINKING] 检索知识库：动火 → 1 条\n' }, { conversation_id: '42' }))).toEqual([
      { kind: 'conversation', id: '42' },
      { kind: 'step', text: '检索知识库：动火 → 1 条' },
    ]);
    expect(parseChunk(chunk({ content: '答案' }))).toEqual([{ kind: 'content', text: '答案' }]);
    expect(parseChunk(ev(': ping'))).toEqual([]);
    expect(parseChunk(ev('data: [DONE]'))).toBe('done');
  });

  it('turns an error event into an error and skips a line that does not parse', () => {
    const e = parseChunk(ev('data: {"error":{"message":"模型服务中断"}}'));
    expect(e).toBeInstanceOf(ChatError);
    expect((e as ChatError).message).toBe('模型服务中断');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseChunk(ev('data: {broken'))).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('the answer renderer', () => {
  it('renders markdown as elements and never raw HTML', () => {
    const el = document.createElement('div');
    const root = createRoot(el);
    act(() =>
      root.render(
        <Markdown
          text={
            '**本单位未整改隐患 2 条**\n\n| 隐患 | 等级 |\n|---|---|\n| [泄漏](/hiddenDanger/index) | 一般 |\n\n> 引文 <img src=x onerror=alert(1)>\n\n[坏链接](javascript:alert(1))'
          }
        />,
      ),
    );
    expect(el.querySelector('strong')?.textContent).toBe('本单位未整改隐患 2 条');
    expect(el.querySelector('table a')?.getAttribute('href')).toBe('/hiddenDanger/index');
    expect(el.querySelector('img')).toBeNull();
    expect(el.querySelector('blockquote')?.textContent).toContain('<img src=x onerror=alert(1)>');
    expect([...el.querySelectorAll('a')].some((a) => a.getAttribute('href')?.startsWith('javascript'))).toBe(false);
    act(() => root.unmount());
  });
});
