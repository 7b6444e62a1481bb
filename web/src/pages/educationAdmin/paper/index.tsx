import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { PAPER_MODES, paperApi, questionOptions } from '@/services/education';

const isFixed = (get: (n: string) => any) => get('mode') === 1;
const isRandom = (get: (n: string) => any) => get('mode') === 2;

const fields: CrudField[] = [
  { title: '试卷名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '组卷方式', dataIndex: 'mode', search: 'equal', options: PAPER_MODES, width: 100, form: { required: true, initialValue: 1 } },
  { title: '题数', dataIndex: 'questionCount', width: 70, form: false },
  { title: '总分', dataIndex: 'totalScore', width: 70, form: false },
  { title: '及格分', dataIndex: 'passScore', type: 'digit', width: 80, form: { required: true, initialValue: 60 } },
  { title: '考试时长(分钟)', dataIndex: 'duration', type: 'digit', width: 120, form: { required: true, initialValue: 30 } },
  {
    title: '固定试题',
    dataIndex: 'questionIds',
    type: 'select',
    hideInTable: true,
    form: { span: 24, multiple: true, request: questionOptions, required: isFixed, tooltip: '固定组卷时选择' },
  },
  {
    title: '每题分值',
    dataIndex: 'scoreEach',
    type: 'digit',
    hideInTable: true,
    form: { initialValue: 10, required: isFixed, tooltip: '固定组卷时每道试题的分值' },
  },
  {
    title: '单选题数量',
    dataIndex: 'singleCount',
    type: 'digit',
    hideInTable: true,
    form: { initialValue: 0, required: isRandom, tooltip: '随机组卷时从题库抽取' },
  },
  { title: '单选题分值', dataIndex: 'singleScore', type: 'digit', hideInTable: true, form: { initialValue: 5 } },
  { title: '多选题数量', dataIndex: 'multipleCount', type: 'digit', hideInTable: true, form: { initialValue: 0 } },
  { title: '多选题分值', dataIndex: 'multipleScore', type: 'digit', hideInTable: true, form: { initialValue: 10 } },
  { title: '判断题数量', dataIndex: 'judgeCount', type: 'digit', hideInTable: true, form: { initialValue: 0 } },
  { title: '判断题分值', dataIndex: 'judgeScore', type: 'digit', hideInTable: true, form: { initialValue: 5 } },
  { title: '填空题数量', dataIndex: 'fillCount', type: 'digit', hideInTable: true, form: { initialValue: 0 } },
  { title: '填空题分值', dataIndex: 'fillScore', type: 'digit', hideInTable: true, form: { initialValue: 10 } },
  { title: '简答题数量', dataIndex: 'essayCount', type: 'digit', hideInTable: true, form: { initialValue: 0 } },
  { title: '简答题分值', dataIndex: 'essayScore', type: 'digit', hideInTable: true, form: { initialValue: 20 } },
  { title: '备注', dataIndex: 'remark', ellipsis: true, form: { span: 24 } },
  { title: '创建时间', dataIndex: 'createTime', width: 170, form: false },
];

/** The form's per-type counts and scores from a paper's draw rules (rules of any category). */
function open(r: any) {
  const out: any = { ...r, questionIds: (r.questions || []).map((q: any) => q.questionId), scoreEach: r.questions?.[0]?.score ?? 10 };
  for (const [type, key] of [
    [1, 'single'],
    [2, 'multiple'],
    [3, 'judge'],
    [4, 'fill'],
    [5, 'essay'],
  ] as const) {
    const rs = (r.rules || []).filter((x: any) => x.type === type);
    out[`${key}Count`] = rs.reduce((n: number, x: any) => n + (x.count || 0), 0);
    if (rs.length) out[`${key}Score`] = rs[0].score;
  }
  return out;
}

function submit(v: any) {
  const body: any = { id: v.id, name: v.name, mode: v.mode, passScore: v.passScore, duration: v.duration, remark: v.remark };
  if (v.mode === 1) {
    body.questions = (v.questionIds || []).map((id: string) => ({ questionId: id, score: v.scoreEach }));
  } else {
    body.rules = (
      [
        [1, v.singleCount, v.singleScore],
        [2, v.multipleCount, v.multipleScore],
        [3, v.judgeCount, v.judgeScore],
        [4, v.fillCount, v.fillScore],
        [5, v.essayCount, v.essayScore],
      ] as const
    )
      .filter(([, n]) => n > 0)
      .map(([type, count, score]) => ({ type, count, score }));
  }
  return body;
}

/** Papers (试卷): fixed questions, or random draw by type from the bank, with pass mark and duration. */
export default function PaperPage() {
  return (
    <CrudPage
      title="试卷"
      fields={fields}
      api={paperApi}
      permissionPrefix="edu_paper"
      exportBtn={false}
      dialogWidth={760}
      beforeOpen={open}
      beforeSubmit={submit}
    />
  );
}
