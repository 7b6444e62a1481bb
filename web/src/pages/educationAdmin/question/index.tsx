import React, { useRef, useState } from 'react';
import { useAccess } from '@umijs/max';
import { Button, Tabs } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { DIFFICULTIES, FILL_POLICIES, QUESTION_TYPES, categoryApi, categoryOptions, questionApi } from '@/services/education';
import { Tx, useText } from '@/utils/i18nText';
import ImportDialog from './components/ImportDialog';

const questionFields: CrudField[] = [
  {
    title: '试题分类',
    dataIndex: 'categoryId',
    search: 'equal',
    type: 'select',
    form: { required: true, request: categoryOptions },
    render: (_: any, r: any) => r.categoryName || '-',
    hideInTable: true,
  },
  { title: '题型', dataIndex: 'type', search: 'equal', options: QUESTION_TYPES, width: 90, form: { required: true, initialValue: 1 } },
  { title: '题干', dataIndex: 'content', search: true, ellipsis: true, type: 'textarea', form: { required: true, span: 24 } },
  {
    title: '选项',
    dataIndex: 'optionsText',
    type: 'textarea',
    hideInTable: true,
    form: {
      span: 24,
      placeholder: '每行一个选项,依次为 A、B、C…(判断题不填)',
      required: (get) => get('type') === 1 || get('type') === 2,
    },
  },
  {
    title: '正确答案',
    dataIndex: 'answer',
    width: 100,
    form: {
      required: (get) => get('type') <= 3,
      placeholder: '单选如 A;多选如 A,C;判断填 T 或 F',
      tooltip: '单选一个选项,多选两个及以上,判断 T(正确)或 F(错误)',
    },
  },
  {
    title: '填空答案',
    dataIndex: 'blanksText',
    type: 'textarea',
    hideInTable: true,
    form: {
      span: 24,
      placeholder: '填空题:每行一个空,可接受的同义词用 | 分隔,如 通风|强制通风',
      required: (get) => get('type') === 4,
    },
  },
  {
    title: '判分方式',
    dataIndex: 'policy',
    options: FILL_POLICIES,
    hideInTable: true,
    form: { tooltip: '精确匹配只认每空的第一个答案;同义词匹配认任一答案,不分大小写和全半角' },
  },
  {
    title: '参考答案',
    dataIndex: 'reference',
    type: 'textarea',
    hideInTable: true,
    form: { span: 24, placeholder: '简答题的参考答案,阅卷时显示' },
  },
  { title: '难度', dataIndex: 'difficulty', search: 'equal', options: DIFFICULTIES, width: 80, form: { initialValue: 1 } },
  { title: '答案解析', dataIndex: 'analysis', type: 'textarea', hideInTable: true, form: { span: 24 } },
  { title: '创建时间', dataIndex: 'createTime', width: 170, form: false },
];

const categoryFields: CrudField[] = [
  { title: '分类名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '排序', dataIndex: 'sort', type: 'digit', width: 80, form: { initialValue: 1 } },
  { title: '试题数', dataIndex: 'questionCount', width: 90, form: false },
  { title: '备注', dataIndex: 'remark', ellipsis: true, form: { span: 24 } },
];

/** The question bank (题库): questions with their options, answer and analysis, and the categories. */
export default function QuestionBankPage() {
  const tt = useText();
  const access = useAccess();
  const [importing, setImporting] = useState(false);
  const reloadRef = useRef<() => void>();
  return (
    <>
      <ImportDialog open={importing} onClose={() => setImporting(false)} onDone={() => reloadRef.current?.()} />
      <Tabs
        items={[
          {
            key: 'questions',
            label: tt('试题'),
            children: (
              <CrudPage
                title="题库"
                fields={questionFields}
                api={questionApi}
                permissionPrefix="edu_question"
                exportBtn={false}
                dialogWidth={760}
                toolbarExtra={(_, reload) => {
                  reloadRef.current = reload;
                  return access.can('edu_question_import')
                    ? [
                        <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="question-import">
                          <Tx>导入</Tx>
                        </Button>,
                      ]
                    : [];
                }}
                beforeOpen={(r: any) => ({
                  ...r,
                  optionsText: (r.options || []).map((o: any) => o.text).join('\n'),
                  blanksText: (r.blanks || []).map((b: any) => (b.answers || []).join('|')).join('\n'),
                })}
                beforeSubmit={(v: any) => ({
                  ...v,
                  blanks:
                    v.type === 4
                      ? String(v.blanksText || '')
                          .split('\n')
                          .map((s: string) => s.trim())
                          .filter(Boolean)
                          .map((line: string) => ({
                            answers: line
                              .split(/[|｜]/)
                              .map((a) => a.trim())
                              .filter(Boolean),
                          }))
                      : [],
                  blanksText: undefined,
                  options:
                    v.type !== 1 && v.type !== 2
                      ? []
                      : String(v.optionsText || '')
                          .split('\n')
                          .map((s: string) => s.trim())
                          .filter(Boolean)
                          .map((text: string) => ({ text })),
                  optionsText: undefined,
                })}
              />
            ),
          },
          {
            key: 'categories',
            label: tt('试题分类'),
            children: (
              <CrudPage title="试题分类" fields={categoryFields} api={categoryApi} permissionPrefix="edu_question" exportBtn={false} />
            ),
          },
        ]}
      />
    </>
  );
}
