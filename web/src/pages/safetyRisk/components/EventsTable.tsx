import React, { useMemo, useRef, useState } from 'react';
import { useAccess } from '@umijs/max';
import { Button } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import CrudPage, { type CrudPageHandle } from '@/components/CrudPage';
import { riskEventApi } from '@/services/prevention';
import { Tx } from '@/utils/i18nText';
import { eventFields } from '../identification/fields';
import EventFormModal from './EventFormModal';
import useOptions from './useOptions';
import { unitOptions } from './lookups';

/** Risk events (all, or one unit's) with the LEC / LS dialog for adding and editing. */
export default function EventsTable({ unitId, onChanged }: { unitId?: string; onChanged?: () => void }) {
  const ref = useRef<CrudPageHandle>(null);
  const access = useAccess();
  const [editing, setEditing] = useState<{ record?: any } | null>(null);
  const units = useOptions(() => (unitId ? Promise.resolve([]) : unitOptions()));
  const fields = useMemo(() => eventFields({ unitId, units }), [unitId, units]);
  return (
    <>
      <CrudPage
        ref={ref}
        title="风险事件"
        fields={fields}
        api={riskEventApi}
        permissionPrefix="risk_event"
        params={unitId ? { unitId_equal: unitId } : undefined}
        addBtn={false}
        editBtn={false}
        exportBtn={!unitId}
        exportName="风险事件.xlsx"
        toolbarExtra={() =>
          access.can('risk_event_add')
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="event-add" onClick={() => setEditing({})}>
                  <Tx>新增</Tx>
                </Button>,
              ]
            : []
        }
        rowActions={(r: any) =>
          access.can('risk_event_edit')
            ? [
                <a key="edit" onClick={() => setEditing({ record: r })}>
                  <EditOutlined /> <Tx>编辑</Tx>
                </a>,
              ]
            : []
        }
      />
      {editing && (
        <EventFormModal
          record={editing.record}
          unitId={unitId}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              ref.current?.reload();
              onChanged?.();
            }
          }}
        />
      )}
    </>
  );
}
