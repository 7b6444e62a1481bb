import React from 'react';
import { Card, Switch, Table, Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { EXAM_CONCLUSIONS, examDue, healthExamApi } from '@/services/health';
import { Tx, useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '受检人员', dataIndex: 'userId', type: 'select', hideInTable: true, form: { required: true, request: userOptions } },
  { title: '姓名', dataIndex: 'userName', search: true, form: false },
  { title: '体检类型', dataIndex: 'examType', search: 'equal', dictCode: 'health_exam_type', form: { required: true } },
  { title: '体检日期', dataIndex: 'examDate', type: 'date', form: { required: true } },
  { title: '体检机构', dataIndex: 'institution', form: { required: true } },
  { title: '接触危害因素', dataIndex: 'factorNames', form: {} },
  { title: '体检结论', dataIndex: 'conclusion', search: 'equal', options: EXAM_CONCLUSIONS, form: { required: true } },
  { title: '结论说明', dataIndex: 'conclusionNote', type: 'textarea', hideInTable: true, form: { span: 24 } },
  {
    title: '调岗',
    dataIndex: 'needsReassign',
    form: false,
    render: (v: boolean, r: any) =>
      v ? <Tag color={r.reassigned ? 'green' : 'red'}>{<Tx>{r.reassigned ? '已调岗' : '需调岗'}</Tx>}</Tag> : null,
  },
];

/**
 * Occupational health examinations with their conclusions: a contraindication of a worker on a
 * hazard post asks for reassignment; a suspected disease opens a diagnosis task. Above: when each
 * worker's next periodic examination is due (the shortest interval of their posts' factors), and
 * who left a hazard post without the leaving examination (GBZ 188: a periodic one within the rule's
 * days before leaving counts).
 */
export default function HealthExamPage() {
  const tt = useText();
  const [overdue, setOverdue] = React.useState(false);
  const [due, setDue] = React.useState<any[]>([]);
  const load = React.useCallback(() => {
    examDue(overdue).then(setDue);
  }, [overdue]);
  React.useEffect(load, [load]);
  return (
    <>
      <Card
        size="small"
        title={tt('职业健康检查到期')}
        style={{ marginBottom: 12 }}
        extra={
          <span>
            <Tx>只看超期</Tx> <Switch size="small" checked={overdue} onChange={setOverdue} />
          </span>
        }
      >
        <Table
          rowKey="userId"
          size="small"
          pagination={false}
          dataSource={due}
          data-testid="health-exam-due"
          columns={[
            { title: tt('姓名'), dataIndex: 'userName' },
            {
              title: tt('检查类别'),
              dataIndex: 'leaving',
              render: (v: boolean, r: any) =>
                v ? (
                  <span>
                    {tt('离岗时')} <Tag>{`${tt('离岗日期')} ${r.leftOn}`}</Tag>
                  </span>
                ) : (
                  tt('在岗期间')
                ),
            },
            { title: tt('岗位'), dataIndex: 'postNames' },
            { title: tt('上次体检'), dataIndex: 'lastExamDate' },
            {
              title: tt('体检周期(月)'),
              dataIndex: 'intervalMonths',
              render: (v: number, r: any) => (r.leaving ? '-' : v),
            },
            {
              title: tt('下次体检'),
              dataIndex: 'nextDue',
              render: (v: string, r: any) => (r.overdue ? <Tag color="red">{v || tt('未体检')}</Tag> : v),
            },
          ]}
        />
      </Card>
      <CrudPage
        title="职业健康检查"
        fields={fields}
        api={healthExamApi}
        permissionPrefix="health_exam"
        editBtn={false}
        exportName="职业健康检查.xlsx"
      />
    </>
  );
}
