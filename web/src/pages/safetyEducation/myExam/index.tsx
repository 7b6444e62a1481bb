import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Input, List, Radio, Result, Space, Spin, Tag, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { modal, message } from '@/utils/feedback';
import {
  type AnswerInput,
  type Attempt,
  type AttemptQuestion,
  attemptDetail,
  myAttempts,
  retakeAttempt,
  saveAnswers,
  startAttempt,
  submitAttempt,
} from '@/services/education';
import { Tx, useText } from '@/utils/i18nText';

const stateTag = (a: Attempt) => {
  if (a.state === 4)
    return (
      <Tag color="gold">
        <Tx>待阅卷</Tx>
      </Tag>
    );
  if (a.state === 2) return <Tag color={a.passed ? 'green' : 'red'}>{a.passed ? <Tx>合格</Tx> : <Tx>不合格</Tx>}</Tag>;
  if (a.state === 1)
    return (
      <Tag color="blue">
        <Tx>考试中</Tx>
      </Tag>
    );
  if (a.state === 3)
    return (
      <Tag>
        <Tx>缺考</Tx>
      </Tag>
    );
  return (
    <Tag color="orange">
      <Tx>未开始</Tx>
    </Tag>
  );
};

const parse = (s?: string) => (s ? new Date(s.replace(' ', 'T')).getTime() : 0);

function mmss(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Whether a question has an answer (a fill-in: any blank). */
const answered = (q: AttemptQuestion) => (q.type === 4 ? (q.fills || []).some((f) => f) : !!q.given);

/** A marked question's key: the choice keys, T/F, each blank's accepted answers, an essay's reference. */
function keyText(q: AttemptQuestion, tt: (s: string) => string) {
  if (q.type === 3) return tt(q.answer === 'T' ? '正确' : '错误');
  if (q.type === 4) return (q.blanks || []).map((b, i) => `(${i + 1}) ${(b.answers || []).join(' / ')}`).join(';');
  if (q.type === 5) return q.reference || '-';
  return q.answer;
}

/**
 * One question: radio for single choice and true/false, checkboxes for multiple choice, an input
 * per blank for fill-in, a text area for an essay.
 */
function QuestionCard({
  q,
  index,
  disabled,
  onChange,
}: {
  q: AttemptQuestion;
  index: number;
  disabled: boolean;
  onChange: (v: AnswerInput) => void;
}) {
  const tt = useText();
  const marked = q.answer !== undefined && (q.answer !== '' || (q.blanks || []).length > 0 || q.type === 5);
  const opts =
    q.type === 3
      ? [
          { key: 'T', text: tt('正确') },
          { key: 'F', text: tt('错误') },
        ]
      : q.options || [];
  const typeName = ['', '单选题', '多选题', '判断题', '填空题', '简答题'][q.type] || '';
  const setFill = (i: number, v: string) => {
    const fills = Array.from({ length: q.blankCount || 0 }, (_, k) => (q.fills || [])[k] || '');
    fills[i] = v;
    onChange({ questionId: q.questionId, fills });
  };
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="exam-question">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        <b>{index + 1}.</b> <Tag>{tt(typeName)}</Tag>
        {q.content}{' '}
        <Typography.Text type="secondary">
          ({q.score} {tt('分')})
        </Typography.Text>
      </Typography.Paragraph>
      {q.type === 4 ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {Array.from({ length: q.blankCount || 0 }, (_, i) => (
            <Input
              key={i}
              disabled={disabled}
              maxLength={100}
              addonBefore={`${tt('空')} ${i + 1}`}
              value={(q.fills || [])[i] || ''}
              onChange={(e) => setFill(i, e.target.value)}
              data-testid="exam-fill"
            />
          ))}
        </Space>
      ) : q.type === 5 ? (
        <Input.TextArea
          disabled={disabled}
          maxLength={2000}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
          value={q.given || ''}
          onChange={(e) => onChange({ questionId: q.questionId, given: e.target.value })}
          data-testid="exam-essay"
        />
      ) : q.type === 2 ? (
        <Checkbox.Group
          disabled={disabled}
          value={q.given ? q.given.split(',') : []}
          onChange={(v) => onChange({ questionId: q.questionId, given: (v as string[]).slice().sort().join(',') })}
          style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        >
          {opts.map((o) => (
            <Checkbox key={o.key} value={o.key} style={{ marginLeft: 0 }}>
              {o.key}. {o.text}
            </Checkbox>
          ))}
        </Checkbox.Group>
      ) : (
        <Radio.Group
          disabled={disabled}
          value={q.given || undefined}
          onChange={(e) => onChange({ questionId: q.questionId, given: e.target.value })}
          style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        >
          {opts.map((o) => (
            <Radio key={o.key} value={o.key}>
              {q.type === 3 ? o.text : `${o.key}. ${o.text}`}
            </Radio>
          ))}
        </Radio.Group>
      )}
      {marked && (
        <Alert
          style={{ marginTop: 8 }}
          type={q.correct ? 'success' : 'error'}
          message={
            <span>
              {tt(q.type === 5 ? '参考答案' : '正确答案')}: {keyText(q, tt)} · {tt('得分')}: {q.got ?? 0}
            </span>
          }
          description={[q.analysis, q.comment ? `${tt('评语')}: ${q.comment}` : ''].filter(Boolean).join(' · ') || undefined}
        />
      )}
    </Card>
  );
}

/**
 * 我的考试: the caller's own exams; taking one shows its questions, saves each answer as it is
 * chosen (a reload or a lost connection loses nothing saved), counts down from the server's
 * deadline and hands in at the end (the server does so too); a marked exam shows the key,
 * the analysis and the score. Laid out in one column so it works on a 360 px phone.
 */
export default function MyExamPage() {
  const tt = useText();
  const [list, setList] = useState<Attempt[]>([]);
  const [loading, setLoading] = useState(false);
  const [current, setCurrent] = useState<Attempt | null>(null);
  const [now, setNow] = useState(Date.now());
  const offset = useRef(0);
  const pending = useRef<Record<string, AnswerInput>>({});
  const timer = useRef<any>(null);

  const load = useCallback(() => {
    setLoading(true);
    myAttempts({ current: 1, size: 50 })
      .then((p) => setList(p?.records || []))
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const show = (a: Attempt) => {
    if (a.serverTime) offset.current = parse(a.serverTime) - Date.now();
    pending.current = {};
    setCurrent(a);
  };

  // the countdown ticks against the server's clock
  useEffect(() => {
    if (current?.state !== 1) return undefined;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [current?.state]);

  const flush = useCallback(async () => {
    if (!current) return;
    const answers = Object.values(pending.current);
    if (!answers.length) return;
    pending.current = {};
    try {
      await saveAnswers(current.id, answers);
    } catch (e: any) {
      // over time or handed in meanwhile: show what the server marked
      const a = await attemptDetail(current.id);
      show(a);
      if (a.state === 2 || a.state === 4) message.warning(tt('考试时间已到,试卷已自动提交'));
      else answers.forEach((x) => (pending.current[x.questionId] = x));
    }
  }, [current, tt]);

  const left = current?.deadline ? parse(current.deadline) - (now + offset.current) : 0;
  const over = current?.state === 1 && !!current.deadline && left <= 0;
  const currentId = current?.id;
  useEffect(() => {
    if (!over || !currentId) return;
    // the server hands in at the deadline: read the marked attempt
    attemptDetail(currentId).then((a) => {
      show(a);
      load();
    });
  }, [over, currentId, load]);

  const answer = (q: AttemptQuestion, v: AnswerInput) => {
    if (!current) return;
    pending.current[q.questionId] = v;
    setCurrent({ ...current, questions: current.questions?.map((x) => (x.questionId === q.questionId ? { ...x, ...v } : x)) });
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, 400);
  };

  const start = async (a: Attempt) => {
    show(a.state === 0 || a.state === 1 ? await startAttempt(a.id) : await attemptDetail(a.id));
  };

  const handIn = () => {
    const blank = (current?.questions || []).filter((q) => !answered(q)).length;
    modal.confirm({
      title: tt('确定交卷?'),
      content: blank ? `${tt('还有未作答的试题')}: ${blank}` : undefined,
      onOk: async () => {
        clearTimeout(timer.current);
        const answers = Object.values(pending.current);
        pending.current = {};
        show(await submitAttempt(current!.id, answers));
        load();
      },
    });
  };

  const answeredCount = useMemo(() => (current?.questions || []).filter(answered).length, [current]);

  if (current) {
    const marked = current.state === 2;
    const waiting = current.state === 4;
    return (
      <div style={{ maxWidth: 820, margin: '0 auto' }} data-testid="exam-paper">
        <Card
          size="small"
          style={{ marginBottom: 12, position: 'sticky', top: 0, zIndex: 2 }}
          title={<span style={{ whiteSpace: 'normal' }}>{current.examName}</span>}
          extra={
            <Button size="small" onClick={() => (flush(), setCurrent(null), load())}>
              <Tx>返回</Tx>
            </Button>
          }
        >
          {waiting ? (
            <div data-testid="exam-pending">
              <Result style={{ padding: 8 }} status="info" title={tt('已交卷,待阅卷')} subTitle={tt('简答题由管理员批阅后公布成绩')} />
            </div>
          ) : marked ? (
            <Result
              style={{ padding: 8 }}
              status={current.passed ? 'success' : 'error'}
              title={`${current.score} / ${current.totalScore}`}
              subTitle={
                <Space direction="vertical" size={2}>
                  <span>{current.passed ? tt('考试合格') : tt('考试不合格')}</span>
                  {current.autoSubmitted && <span>{tt('考试时间已到,试卷已自动提交')}</span>}
                  {current.certNo && (
                    <span data-testid="cert-no">
                      {tt('证书编号')}: {current.certNo}
                    </span>
                  )}
                </Space>
              }
            />
          ) : (
            <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
              <span data-testid="exam-countdown">
                <ClockCircleOutlined /> {tt('剩余时间')} <b style={{ color: left < 60000 ? '#cf1322' : undefined }}>{mmss(left)}</b>
              </span>
              <span>
                {tt('已答')} {answeredCount}/{current.questions?.length || 0}
              </span>
              <Button type="primary" onClick={handIn} data-testid="exam-submit">
                <Tx>交卷</Tx>
              </Button>
            </Space>
          )}
        </Card>
        {(current.questions || []).map((q, i) => (
          <QuestionCard key={q.questionId} q={q} index={i} disabled={marked || waiting} onChange={(v) => answer(q, v)} />
        ))}
      </div>
    );
  }

  return (
    <Spin spinning={loading}>
      <div style={{ maxWidth: 820, margin: '0 auto' }}>
        {list.length === 0 && !loading ? (
          <Empty description={tt('暂无考试')} />
        ) : (
          <List
            dataSource={list}
            renderItem={(a) => (
              <Card size="small" style={{ marginBottom: 12 }} data-testid="my-exam">
                <Space direction="vertical" style={{ width: '100%' }} size={4}>
                  <Space wrap>
                    <b>{a.examName}</b>
                    {stateTag(a)}
                  </Space>
                  <Typography.Text type="secondary">
                    {a.examStartTime} ~ {a.examEndTime}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {tt('考试时长')} {a.duration} {tt('分钟')} · {tt('总分')} {a.totalScore} · {tt('及格分')} {a.passScore}
                    {a.state === 2 ? ` · ${tt('得分')} ${a.score}` : ''}
                    {(a.maxAttempts || 1) > 1 ? ` · ${tt('考试次数')} ${a.attempt || 1}/${a.maxAttempts}` : ''}
                  </Typography.Text>
                  <div>
                    {a.state === 0 && (
                      <Button type="primary" onClick={() => start(a)} data-testid="exam-start">
                        <Tx>开始考试</Tx>
                      </Button>
                    )}
                    {a.state === 1 && (
                      <Button type="primary" onClick={() => start(a)} data-testid="exam-resume">
                        <Tx>继续考试</Tx>
                      </Button>
                    )}
                    {(a.state === 2 || a.state === 4) && (
                      <Button onClick={() => start(a)} data-testid="exam-view">
                        <Tx>查看试卷</Tx>
                      </Button>
                    )}
                    {a.state === 2 && !a.passed && (a.attempt || 1) < (a.maxAttempts || 1) && (
                      <Button style={{ marginLeft: 8 }} onClick={async () => (await retakeAttempt(a.id), load())} data-testid="exam-retake">
                        <Tx>重新考试</Tx>
                      </Button>
                    )}
                  </div>
                </Space>
              </Card>
            )}
          />
        )}
      </div>
    </Spin>
  );
}
