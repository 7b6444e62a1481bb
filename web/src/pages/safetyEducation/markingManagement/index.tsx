import React, { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { message } from '@/utils/feedback';
import {
  type Attempt,
  type AttemptQuestion,
  attemptDetail,
  examApi,
  markingAnswers,
  markingApi,
  markingQuestions,
  submitMarks,
} from '@/services/education';
import { Tx, useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '考试名称', dataIndex: 'examName', search: true, form: false },
  { title: '考生', dataIndex: 'userName', search: true, width: 100, form: false },
  {
    title: '状态',
    dataIndex: 'state',
    search: 'equal',
    width: 90,
    options: [
      { label: '待阅卷', value: 4 },
      { label: '已阅', value: 2 },
    ],
    form: false,
    render: (_: any, r: any) =>
      r.state === 4 ? (
        <Tag color="gold">
          <Tx>待阅卷</Tx>
        </Tag>
      ) : (
        <Tag color="green">
          <Tx>已阅</Tx>
        </Tag>
      ),
  },
  {
    title: '得分',
    dataIndex: 'score',
    width: 80,
    form: false,
    render: (_: any, r: any) => (r.state === 2 ? `${r.score}/${r.totalScore}` : '-'),
  },
  { title: '交卷时间', dataIndex: 'submitTime', width: 170, form: false },
];

/** What the candidate wrote: the text per blank of a fill-in, an essay's text, a choice's keys. */
function Given({ q }: { q: AttemptQuestion }) {
  const tt = useText();
  if (q.type === 4)
    return (
      <span data-testid="mark-fills">
        {Array.from({ length: q.blankCount || 0 }, (_, i) => `(${i + 1}) ${(q.fills || [])[i] || tt('未作答')}`).join(';')}
      </span>
    );
  return <span style={{ whiteSpace: 'pre-wrap' }}>{q.given || tt('未作答')}</span>;
}

/** Marks one attempt: every question with the candidate's answer; essays get points and a comment. */
function MarkDialog({ id, onClose }: { id: string; onClose: (changed: boolean) => void }) {
  const tt = useText();
  const [a, setA] = useState<Attempt | null>(null);
  const [marks, setMarks] = useState<Record<string, { got?: number; comment?: string }>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    attemptDetail(id).then((r) => {
      setA(r);
      const m: Record<string, { got?: number; comment?: string }> = {};
      (r.questions || [])
        .filter((q) => q.type === 5)
        .forEach((q) => (m[q.questionId] = { got: q.marked ? q.got : undefined, comment: q.comment }));
      setMarks(m);
    });
  }, [id]);
  const save = async () => {
    const list = Object.entries(marks)
      .filter(([, m]) => m.got !== undefined && m.got !== null)
      .map(([questionId, m]) => ({ questionId, got: Number(m.got), comment: m.comment }));
    if (!list.length) {
      message.warning(tt('请给出评分'));
      return;
    }
    setSaving(true);
    try {
      const r = await submitMarks(id, list);
      message.success(r.state === 2 ? `${tt('阅卷完成')}: ${r.score}/${r.totalScore}` : tt('评分已保存'));
      onClose(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={820}
      title={a ? `${a.examName} · ${a.userName}` : tt('阅卷')}
      onCancel={() => onClose(false)}
      okText={tt('提交评分')}
      okButtonProps={{ loading: saving, disabled: a?.state !== 4, 'data-testid': 'mark-save' } as any}
      onOk={save}
    >
      {a?.state === 2 && <Alert type="success" style={{ marginBottom: 12 }} message={`${tt('已阅')}: ${a.score}/${a.totalScore}`} />}
      {(a?.questions || []).map((q, i) => (
        <Card size="small" key={q.questionId} style={{ marginBottom: 8 }} data-testid="mark-question">
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            <b>{i + 1}.</b> {q.content}{' '}
            <Typography.Text type="secondary">
              ({q.score} {tt('分')})
            </Typography.Text>
          </Typography.Paragraph>
          <div>
            {tt('考生答案')}: <Given q={q} />
          </div>
          {q.type === 5 ? (
            <>
              {q.reference && (
                <Typography.Text type="secondary">
                  {tt('参考答案')}: {q.reference}
                </Typography.Text>
              )}
              <Space wrap style={{ marginTop: 6 }}>
                <InputNumber
                  min={0}
                  max={q.score}
                  precision={0}
                  disabled={a?.state !== 4}
                  addonAfter={`/ ${q.score}`}
                  value={marks[q.questionId]?.got}
                  onChange={(v) => setMarks({ ...marks, [q.questionId]: { ...marks[q.questionId], got: v ?? undefined } })}
                  data-testid="mark-got"
                />
                <Input
                  style={{ width: 360 }}
                  maxLength={500}
                  disabled={a?.state !== 4}
                  placeholder={tt('评语')}
                  value={marks[q.questionId]?.comment}
                  onChange={(e) => setMarks({ ...marks, [q.questionId]: { ...marks[q.questionId], comment: e.target.value } })}
                />
              </Space>
            </>
          ) : (
            <Typography.Text type="secondary">
              {tt('自动判分')}: {q.got ?? 0}
            </Typography.Text>
          )}
        </Card>
      ))}
    </Modal>
  );
}

/** Marking by question: one essay question of an exam, every candidate's answer in a row. */
function ByQuestion() {
  const tt = useText();
  const [exams, setExams] = useState<any[]>([]);
  const [examId, setExamId] = useState<string>();
  const [questions, setQuestions] = useState<any[]>([]);
  const [questionId, setQuestionId] = useState<string>();
  const [rows, setRows] = useState<any[]>([]);
  const [edit, setEdit] = useState<Record<string, { got?: number; comment?: string }>>({});
  useEffect(() => {
    examApi.list({ current: 1, size: 200 }).then((p: any) => setExams(p?.records || []));
  }, []);
  useEffect(() => {
    setQuestions([]);
    setQuestionId(undefined);
    if (examId) markingQuestions(examId).then(setQuestions);
  }, [examId]);
  const load = () => {
    if (examId && questionId) markingAnswers(examId, questionId).then(setRows);
    else setRows([]);
  };
  useEffect(load, [examId, questionId]);
  const q = questions.find((x) => x.questionId === questionId);
  const save = async (r: any) => {
    const m = edit[r.recordId] || {};
    if (m.got === undefined || m.got === null) {
      message.warning(tt('请给出评分'));
      return;
    }
    await submitMarks(r.recordId, [{ questionId: r.questionId, got: Number(m.got), comment: m.comment ?? r.comment }]);
    message.success(tt('评分已保存'));
    load();
    markingQuestions(examId!).then(setQuestions);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          style={{ width: 280 }}
          placeholder={tt('请选择考试')}
          value={examId}
          onChange={setExamId}
          options={exams.map((x) => ({ label: x.name, value: x.id }))}
          showSearch
          optionFilterProp="label"
        />
        <Select
          style={{ width: 420 }}
          placeholder={tt('请选择简答题')}
          value={questionId}
          onChange={setQuestionId}
          options={questions.map((x) => ({
            label: `${x.content} (${tt('待阅')} ${x.pending}/${x.pending + x.marked})`,
            value: x.questionId,
          }))}
        />
      </Space>
      {q?.reference && <Alert type="info" message={`${tt('参考答案')}: ${q.reference}`} />}
      {!questionId ? (
        <Empty description={tt('请选择考试和简答题')} />
      ) : (
        <Table
          rowKey="recordId"
          size="small"
          dataSource={rows}
          pagination={false}
          columns={[
            { title: tt('考生'), dataIndex: 'userName', width: 110 },
            {
              title: tt('考生答案'),
              dataIndex: 'given',
              render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v || tt('未作答')}</span>,
            },
            {
              title: tt('得分'),
              width: 140,
              render: (_: any, r: any) => (
                <InputNumber
                  min={0}
                  max={r.score}
                  precision={0}
                  addonAfter={`/ ${r.score}`}
                  value={edit[r.recordId]?.got ?? (r.marked ? r.got : undefined)}
                  onChange={(v) => setEdit({ ...edit, [r.recordId]: { ...edit[r.recordId], got: v ?? undefined } })}
                />
              ),
            },
            {
              title: tt('评语'),
              width: 220,
              render: (_: any, r: any) => (
                <Input
                  maxLength={500}
                  value={edit[r.recordId]?.comment ?? r.comment}
                  onChange={(e) => setEdit({ ...edit, [r.recordId]: { ...edit[r.recordId], comment: e.target.value } })}
                />
              ),
            },
            {
              title: tt('操作'),
              width: 90,
              render: (_: any, r: any) => (
                <Button size="small" type="link" onClick={() => save(r)}>
                  <Tx>{r.marked ? '改分' : '评分'}</Tx>
                </Button>
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}

/**
 * 阅卷 (marking): handed-in attempts with essays, marked by candidate (every question of one
 * attempt) or by question (one essay question across an exam's candidates); points bounded by the
 * question's score; the last essay marked gives the result, the pass and the certificate.
 */
export default function MarkingPage() {
  const tt = useText();
  const [open, setOpen] = useState<{ id: string; reload: () => void } | null>(null);
  return (
    <>
      <Tabs
        items={[
          {
            key: 'candidate',
            label: tt('按考生阅卷'),
            children: (
              <CrudPage
                title="阅卷"
                fields={fields}
                api={markingApi}
                permissionPrefix="edu_marking"
                addBtn={false}
                editBtn={false}
                delBtn={false}
                viewBtn={false}
                exportBtn={false}
                rowActions={(r: any, reload) => [
                  <Button key="mark" size="small" type="link" onClick={() => setOpen({ id: r.id, reload })} data-testid="mark-open">
                    <Tx>{r.state === 4 ? '阅卷' : '查看'}</Tx>
                  </Button>,
                ]}
              />
            ),
          },
          { key: 'question', label: tt('按试题阅卷'), children: <ByQuestion /> },
        ]}
      />
      {open && (
        <MarkDialog
          id={open.id}
          onClose={(changed) => {
            if (changed) open.reload();
            setOpen(null);
          }}
        />
      )}
    </>
  );
}
