import React from 'react';
import { Button, Card, Switch, Table, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField, type CrudPageHandle } from '@/components/CrudPage';
import { DETECTION_RESULTS, detectionDue, healthDetectionApi, healthHazardApi, publishDetection } from '@/services/health';
import { Tx, useText } from '@/utils/i18nText';

const hazardOptions = () =>
  healthHazardApi
    .list({ current: 1, size: 1000 })
    .then((p: any) => (p?.records || []).map((h: any) => ({ label: `${h.postName} · ${h.factorName}`, value: h.id })));

const fields: CrudField[] = [
  {
    title: '危害因素',
    dataIndex: 'hazardId',
    type: 'select',
    hideInTable: true,
    form: { required: true, request: hazardOptions, disabledOnEdit: true },
  },
  { title: '岗位', dataIndex: 'postName', form: false },
  { title: '危害因素', dataIndex: 'factorName', form: false },
  { title: '检测日期', dataIndex: 'detectedAt', type: 'date', form: { required: true } },
  { title: '检测机构', dataIndex: 'agency', form: { required: true } },
  { title: '检测结果', dataIndex: 'measured', form: {} },
  { title: '结论', dataIndex: 'result', search: 'equal', options: DETECTION_RESULTS, form: { required: true } },
  { title: '已公示', dataIndex: 'published', form: false, render: (v: boolean) => <Tx>{v ? '是' : '否'}</Tx> },
  { title: '公示时间', dataIndex: 'publishedAt', form: false },
];

/** Workplace detections (by a qualified body) with each factor's next due date by the unit's class. */
export default function HealthDetectionPage() {
  const tt = useText();
  const access = useAccess();
  const ref = React.useRef<CrudPageHandle>(null);
  const [overdue, setOverdue] = React.useState(true);
  const [due, setDue] = React.useState<any[]>([]);
  const load = React.useCallback(() => {
    detectionDue(overdue).then(setDue);
  }, [overdue]);
  React.useEffect(load, [load]);
  return (
    <>
      <Card
        size="small"
        title={tt('检测到期')}
        style={{ marginBottom: 12 }}
        extra={
          <span>
            <Tx>只看超期</Tx> <Switch size="small" checked={overdue} onChange={setOverdue} />
          </span>
        }
      >
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={due}
          data-testid="health-detection-due"
          columns={[
            { title: tt('岗位'), dataIndex: 'postName' },
            { title: tt('危害因素'), dataIndex: 'factorName' },
            { title: tt('检测周期(月)'), dataIndex: 'detectionMonths' },
            { title: tt('上次检测'), dataIndex: 'lastDetectedAt' },
            {
              title: tt('下次检测'),
              dataIndex: 'nextDetectionDue',
              render: (v: string, r: any) => (r.detectionOverdue ? <Tag color="red">{v || tt('未检测')}</Tag> : v),
            },
          ]}
        />
      </Card>
      <CrudPage
        ref={ref}
        title="检测记录"
        fields={fields}
        api={healthDetectionApi}
        permissionPrefix="health_detection"
        exportBtn={false}
        rowEditable={(r: any) => !r.published}
        rowDeletable={(r: any) => !r.published}
        rowActions={(r: any, reload) =>
          !r.published && access.can('health_detection_publish')
            ? [
                <Button key="publish" type="link" size="small" onClick={() => publishDetection(r.id).then(() => (reload(), load()))}>
                  <Tx>结果公示</Tx>
                </Button>,
              ]
            : []
        }
      />
    </>
  );
}
