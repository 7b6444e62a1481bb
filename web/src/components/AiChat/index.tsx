import React, { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Collapse, Input, Modal, Spin } from 'antd';
import { RobotOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import Markdown from '@/components/Markdown';
import { ChatError, streamChat } from '@/services/aichat';
import { message } from '@/utils/feedback';
import './index.less';

interface Turn {
  role: 'user' | 'assistant';
  content: string;
  steps: string[];
}

const RETRIES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The safety assistant (spec 2.7, 4 "Chat"): a round floating button on every page of the
 * main layout opens a dialog 80% wide. A question streams its answer; each thinking step is a
 * collapsible panel; Enter or the send button sends, a blank question or one sent while an
 * answer is loading is ignored; a failed request is retried up to 3 times 1 s apart before the
 * toast; closing the dialog clears the conversation.
 */
export default function AiChat() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `aichat.${id}` });
  const [open, setOpen] = useState(false);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [input, setInput] = useState('');
  const [loading, setLoading] = useState(false);
  const conv = useRef<string>('');
  const abort = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [turns]);

  const close = () => {
    abort.current?.abort();
    abort.current = null;
    setOpen(false);
    setTurns([]);
    setInput('');
    setLoading(false);
    conv.current = '';
  };

  const send = async () => {
    const q = input.trim();
    if (!q || loading) return;
    const history = [...turns, { role: 'user' as const, content: q, steps: [] }];
    setTurns([...history, { role: 'assistant', content: '', steps: [] }]);
    setInput('');
    setLoading(true);
    const ctrl = new AbortController();
    abort.current = ctrl;
    const update = (f: (a: Turn) => Turn) =>
      setTurns((ts) => {
        const copy = ts.slice();
        copy[copy.length - 1] = f(copy[copy.length - 1]);
        return copy;
      });
    let lastErr: Error | null = null;
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      if (attempt > 0) await sleep(1000);
      if (ctrl.signal.aborted) return;
      let got = false;
      try {
        await streamChat(
          history.map((h) => ({ role: h.role, content: h.content })),
          (p) => {
            got = true;
            if (p.kind === 'conversation') conv.current = p.id;
            else if (p.kind === 'step') update((a) => ({ ...a, steps: [...a.steps, p.text] }));
            else update((a) => ({ ...a, content: a.content + p.text }));
          },
          { conversationId: conv.current, signal: ctrl.signal },
        );
        lastErr = null;
        break;
      } catch (e: any) {
        if (ctrl.signal.aborted) return;
        lastErr = e;
        // a refusal (4xx) or a stream that already showed something is not retried
        if (got || (e instanceof ChatError && e.status >= 400 && e.status < 500)) break;
        update((a) => ({ ...a, steps: [], content: '' }));
      }
    }
    if (abort.current === ctrl) abort.current = null;
    setLoading(false);
    if (lastErr) {
      message.error(`${t('failed')}: ${lastErr.message}`);
      update((a) => (a.content || a.steps.length ? a : { ...a, content: `> ${t('failed')}: ${lastErr!.message}` }));
    }
  };

  return (
    <>
      <Button
        className="aq-aichat-fab"
        type="primary"
        shape="circle"
        size="large"
        icon={<RobotOutlined />}
        data-testid="aichat-open"
        aria-label={t('title')}
        onClick={() => setOpen(true)}
      />
      <Modal open={open} onCancel={close} footer={null} width="80%" title={t('title')} className="aq-aichat" destroyOnHidden>
        <div className="aq-aichat-list" data-testid="aichat-list">
          {!turns.length && <div className="aq-aichat-empty">{t('hint')}</div>}
          {turns.map((m, i) => (
            <div key={i} className={`aq-aichat-msg aq-aichat-${m.role}`} data-testid={`aichat-${m.role}`}>
              <Avatar size={32} icon={m.role === 'user' ? <UserOutlined /> : <RobotOutlined />} className="aq-aichat-avatar" />
              <div className="aq-aichat-bubble">
                {m.role === 'assistant' && m.steps.length > 0 && (
                  <Collapse
                    size="small"
                    className="aq-aichat-steps"
                    items={m.steps.map((s, j) => ({
                      key: String(j),
                      label: `${t('step')} ${j + 1}`,
                      children: <div data-testid="aichat-step">{s}</div>,
                    }))}
                  />
                )}
                {m.role === 'assistant' ? (
                  m.content ? (
                    <Markdown text={m.content} />
                  ) : loading && i === turns.length - 1 ? (
                    <span className="aq-aichat-thinking">
                      <Spin size="small" /> {t('thinking')}
                    </span>
                  ) : null
                ) : (
                  <div className="aq-aichat-text">{m.content}</div>
                )}
              </div>
            </div>
          ))}
          <div ref={bottom} />
        </div>
        <div className="aq-aichat-input">
          <Input.TextArea
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t('placeholder')}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={8000}
            data-testid="aichat-input"
            onPressEnter={(e) => {
              if (e.shiftKey || e.nativeEvent.isComposing) return;
              e.preventDefault();
              void send();
            }}
          />
          <Button type="primary" icon={<SendOutlined />} onClick={() => void send()} disabled={loading} data-testid="aichat-send">
            {t('send')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
