import React from 'react';
import { Modal, Table, Tag } from 'antd';
import { READING_SOURCES, runReadingApi, type RunReading } from '@/services/equipment';
import { Tx, useText } from '@/utils/i18nText';

/** The run-hour readings of one equipment, newest first (the last 50). */
export default function RunReadings({ equipment, onClose }: { equipment: any; onClose: () => void }) {
  const tt = useText();
  const [rows, setRows] = React.useState<RunReading[]>();
  React.useEffect(() => {
    runReadingApi
      .list({ current: 1, size: 50, equipmentId_equal: equipment.id })
      .then((p) => setRows((Array.isArray(p) ? p : p?.records) || []));
  }, [equipment.id]);
  return (
    <Modal open width={760} title={`${tt('运行小时读数')}:${equipment.name}`} footer={null} onCancel={onClose} destroyOnHidden>
      <div style={{ marginBottom: 8 }} data-testid="run-hours-summary">
        <Tx>累计运行小时</Tx> {equipment.runHours},<Tx>下次维护</Tx> {equipment.nextMaintainHours} h,<Tx>剩余</Tx> {equipment.hoursLeft} h
      </div>
      <Table<RunReading>
        rowKey="id"
        size="small"
        loading={!rows}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: tt('读数时间'), dataIndex: 'readAt' },
          { title: tt('来源'), dataIndex: 'source', render: (v) => tt(READING_SOURCES.find((o) => o.value === v)?.label || '') },
          { title: tt('计时器读数'), dataIndex: 'reading' },
          { title: tt('累计运行小时'), dataIndex: 'runHours' },
          {
            title: tt('计数器清零'),
            dataIndex: 'counterReset',
            render: (v, r) => (v ? <Tag color="orange">{`${tt('清零')}:${r.reason || ''}`}</Tag> : null),
          },
          { title: tt('录入人'), dataIndex: 'operatorName' },
        ]}
      />
    </Modal>
  );
}
