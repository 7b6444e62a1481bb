import React from 'react';
import { Button, Card, Descriptions, Empty, Select, Space, Table, Tag } from 'antd';
import { PrinterOutlined, DownloadOutlined } from '@ant-design/icons';
import { useAccess } from '@umijs/max';
import { userOptions } from '@/services/user';
import { exportHealthRecord, healthRecord, type HealthRecord } from '@/services/health';
import { Tx, useText } from '@/utils/i18nText';

const TYPES: Record<number, string> = { 1: '上岗前', 2: '在岗期间', 3: '离岗时', 4: '离岗后', 5: '应急' };
const CLASSES: Record<number, string> = { 1: '粉尘', 2: '化学因素', 3: '物理因素', 4: '放射性因素', 5: '生物因素', 6: '其他因素' };
const DEGREES: Record<number, string> = { 1: '轻度危害', 2: '中度危害', 3: '重度危害' };

/** A worker's occupational health record: posts, factors, examinations, diagnoses; printable and exportable. */
export default function HealthRecordPage() {
  const tt = useText();
  const access = useAccess();
  const [users, setUsers] = React.useState<any[]>([]);
  const [userId, setUserId] = React.useState<string>();
  const [rec, setRec] = React.useState<HealthRecord>();
  React.useEffect(() => {
    userOptions().then(setUsers);
  }, []);
  React.useEffect(() => {
    if (userId) healthRecord(userId).then(setRec);
    else setRec(undefined);
  }, [userId]);
  const small = { size: 'small' as const, pagination: false as const, style: { marginBottom: 16 } };
  return (
    <Card
      title={tt('职业健康监护档案')}
      extra={
        <Space className="no-print">
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={tt('请选择人员')}
            style={{ width: 220 }}
            options={users}
            value={userId}
            onChange={setUserId}
            data-testid="health-record-user"
          />
          <Button icon={<PrinterOutlined />} disabled={!rec} onClick={() => window.print()}>
            <Tx>打印</Tx>
          </Button>
          {access.can('health_record_export') ? (
            <Button
              icon={<DownloadOutlined />}
              disabled={!rec}
              onClick={() => rec && exportHealthRecord(userId!, `职业健康监护档案_${rec.userName}.xlsx`)}
            >
              <Tx>导出</Tx>
            </Button>
          ) : null}
        </Space>
      }
    >
      {!rec ? (
        <Empty description={tt('请选择人员')} />
      ) : (
        <div data-testid="health-record">
          <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={tt('姓名')}>{rec.userName}</Descriptions.Item>
            <Descriptions.Item label={tt('下次在岗体检')}>
              {rec.due ? rec.due.overdue ? <Tag color="red">{rec.due.nextDue || tt('未体检')}</Tag> : rec.due.nextDue : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={tt('体检周期(月)')}>{rec.due?.intervalMonths || '-'}</Descriptions.Item>
          </Descriptions>
          <h4>
            <Tx>职业史</Tx>
          </h4>
          <Table
            {...small}
            rowKey="id"
            dataSource={rec.assignments || []}
            columns={[
              { title: tt('岗位'), dataIndex: 'postName' },
              { title: tt('上岗日期'), dataIndex: 'startDate' },
              { title: tt('离岗日期'), dataIndex: 'endDate' },
            ]}
          />
          <h4>
            <Tx>接触危害因素</Tx>
          </h4>
          <Table
            {...small}
            rowKey="id"
            dataSource={rec.hazards || []}
            columns={[
              { title: tt('岗位'), dataIndex: 'postName' },
              { title: tt('危害因素'), dataIndex: 'factorName' },
              { title: tt('类别'), dataIndex: 'factorClass', render: (v: number) => tt(CLASSES[v] || '') },
              { title: tt('危害程度'), dataIndex: 'harmDegree', render: (v: number) => tt(DEGREES[v] || '') },
              { title: tt('体检周期(月)'), dataIndex: 'examMonths' },
            ]}
          />
          <h4>
            <Tx>职业健康检查</Tx>
          </h4>
          <Table
            {...small}
            rowKey="id"
            dataSource={rec.exams || []}
            columns={[
              { title: tt('体检日期'), dataIndex: 'examDate' },
              { title: tt('体检类型'), dataIndex: 'examType', render: (v: number) => tt(TYPES[v] || '') },
              { title: tt('体检机构'), dataIndex: 'institution' },
              { title: tt('体检结论'), dataIndex: 'conclusionName', render: (v: string) => tt(v || '') },
              { title: tt('结论说明'), dataIndex: 'conclusionNote' },
            ]}
          />
          <h4>
            <Tx>职业病诊断</Tx>
          </h4>
          <Table
            {...small}
            rowKey="id"
            dataSource={rec.diagnoses || []}
            columns={[
              { title: tt('开启时间'), dataIndex: 'createTime' },
              { title: tt('状态'), dataIndex: 'stateName', render: (v: string) => tt(v || '') },
              { title: tt('诊断机构'), dataIndex: 'institution' },
              { title: tt('说明'), dataIndex: 'note' },
            ]}
          />
          <p style={{ marginTop: 32, textAlign: 'right' }}>
            <Tx>用人单位 (盖章)</Tx>: ________________ &nbsp; <Tx>日期</Tx>: ____________
          </p>
        </div>
      )}
    </Card>
  );
}
