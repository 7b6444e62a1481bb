import React, { useMemo } from 'react';
import { useAccess } from '@umijs/max';
import { Button, Dropdown } from 'antd';
import { CloudUploadOutlined, DownOutlined, ProfileOutlined } from '@ant-design/icons';
import CrudPage from '@/components/CrudPage';
import { exportUpload, riskUnitApi, uploadProvinces } from '@/services/prevention';
import { Tx } from '@/utils/i18nText';
import { idsToText, openUnit, unitFields } from '../fields';
import useOptions from '../../components/useOptions';
import { objectOptions } from '../../components/lookups';

/** 风险分析单元: units with their inherent class and assessed level; the name opens the detail. */
export default function RiskUnitItemPage() {
  const objects = useOptions(objectOptions);
  const access = useAccess();
  const fields = useMemo(() => unitFields({ link: true, objects }), [objects]);
  return (
    <CrudPage
      title="风险分析单元"
      fields={fields}
      api={riskUnitApi}
      permissionPrefix="risk_unit"
      exportBtn
      exportName="风险分析单元.xlsx"
      beforeOpen={idsToText}
      actionWidth={300}
      toolbarExtra={() =>
        access.canAny('risk_unit_export', 'dual_prophylaxis_export')
          ? [
              <Dropdown
                key="upload"
                menu={{
                  items: uploadProvinces.map((p) => ({ key: p.value, label: <Tx>{p.label}</Tx> })),
                  onClick: ({ key }) => exportUpload(key),
                }}
              >
                <Button icon={<CloudUploadOutlined />} data-testid="upload-export">
                  <Tx>上报数据导出</Tx> <DownOutlined />
                </Button>
              </Dropdown>,
            ]
          : []
      }
      rowActions={(r: any) => [
        <a key="detail" data-testid="unit-detail" onClick={() => openUnit(r.id)}>
          <ProfileOutlined /> <Tx>详情</Tx>
        </a>,
      ]}
    />
  );
}
