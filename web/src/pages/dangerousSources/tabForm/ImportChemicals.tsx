import React from 'react';
import { Alert, Checkbox, Modal, Table, Typography } from 'antd';
import { calculateHazard, majorHazardApi } from '@/services/equipment';
import { chemicalQuantities } from '@/services/records';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';

/** GB 18218-2018 表 3 的毒性气体 β by CAS, and flammable gases; otherwise "other" (爆炸品 "explosive"). */
const BETA_BY_CAS: Record<string, string> = {
  '630-08-0': 'toxic:CO',
  '7446-09-5': 'toxic:SO2',
  '7664-41-7': 'toxic:NH3',
  '75-21-8': 'toxic:EO',
  '7647-01-0': 'toxic:HCl',
  '74-83-9': 'toxic:CH3Br',
  '7782-50-5': 'toxic:Cl2',
  '7783-06-4': 'toxic:H2S',
  '7664-39-3': 'toxic:HF',
  '10102-44-0': 'toxic:NO2',
  '74-90-8': 'toxic:HCN',
  '75-44-5': 'toxic:COCl2',
  '7803-51-2': 'toxic:PH3',
  '624-83-9': 'toxic:MIC',
  '1333-74-0': 'flammable_gas',
  '74-82-8': 'flammable_gas',
};

export interface QuantityRow {
  chemicalId: string;
  name: string;
  cas: string;
  category: number;
  location: string;
  quantity: number;
  unit: number;
  unitName: string;
  criticalQuantity: number;
}

/** Why a quantity row cannot enter the calculation ('' when it can). */
export const unusable = (r: QuantityRow) =>
  r.unit !== 1 ? '数量单位不是吨,请换算后在表单中填写' : !(r.criticalQuantity > 0) ? '台账未填写临界量' : '';

/**
 * The installation's chemicals from the picked stock rows of the chemicals ledger: q summed per
 * chemical, Q the ledger's critical quantity, β the installation's own key for the chemical if it had
 * one, else by CAS (the standard's toxic gases), 爆炸品 by category, else "other".
 */
export function chemicalsFromStock(rows: QuantityRow[], old: any[] = []) {
  const by = new Map<string, any>();
  for (const r of rows) {
    if (unusable(r)) continue;
    const key = r.cas || r.name;
    const prev = (old || []).find((c) => (r.cas && c.cas === r.cas) || c.name === r.name);
    const factorKey = prev?.factorKey || BETA_BY_CAS[r.cas] || (r.category === 0 ? 'explosive' : 'other');
    const cur = by.get(key) || { name: r.name, cas: r.cas, factorKey, quantity: 0, critical: r.criticalQuantity };
    cur.quantity = Math.round((cur.quantity + Number(r.quantity || 0)) * 1000) / 1000;
    by.set(key, cur);
  }
  return [...by.values()];
}

/**
 * 从化学品台账导入: the stock rows (chemical × location) of the records service; the ones at the
 * installation's location are picked first. The equipment service computes S, R and the level (preview),
 * and saving stores the installation with these chemicals.
 */
export default function ImportChemicals({ hazard, onClose }: { hazard: any; onClose: (saved?: boolean) => void }) {
  const tt = useText();
  const [rows, setRows] = React.useState<QuantityRow[]>();
  const [picked, setPicked] = React.useState<string[]>([]);
  const [preview, setPreview] = React.useState<any>();
  const [err, setErr] = React.useState<string>();
  const keyOf = (r: QuantityRow) => `${r.chemicalId}@${r.location}`;
  const here = (hazard.location || '').trim();
  React.useEffect(() => {
    chemicalQuantities().then((l: QuantityRow[]) => {
      setRows(l);
      setPicked(
        l.filter((r) => here && !unusable(r) && r.location.startsWith(here.slice(0, 4))).map((r) => `${r.chemicalId}@${r.location}`),
      );
    });
  }, [here]);
  const chems = React.useMemo(
    () =>
      chemicalsFromStock(
        (rows || []).filter((r) => picked.includes(`${r.chemicalId}@${r.location}`)),
        hazard.chemicals,
      ),
    [rows, picked, hazard.chemicals],
  );
  React.useEffect(() => {
    setErr(undefined);
    if (chems.length === 0) {
      setPreview(undefined);
      return;
    }
    calculateHazard({ ...hazard, chemicals: chems })
      .then(setPreview)
      .catch((e: any) => setErr(e?.message || String(e)));
  }, [chems, hazard]);
  return (
    <Modal
      open
      width={820}
      title={`${tt('从化学品台账导入')}:${hazard.name}`}
      okText={tt('保存')}
      okButtonProps={{ disabled: chems.length === 0 || !!err, 'data-testid': 'import-save' } as any}
      onCancel={() => onClose()}
      onOk={async () => {
        await majorHazardApi.submit!({ ...hazard, chemicals: chems });
        message.success(tt('已保存'));
        onClose(true);
      }}
      destroyOnHidden
    >
      <Table<QuantityRow>
        rowKey={keyOf}
        size="small"
        loading={!rows}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 260 }}
        columns={[
          {
            title: '',
            width: 40,
            render: (_, r) => (
              <Checkbox
                disabled={!!unusable(r)}
                checked={picked.includes(keyOf(r))}
                onChange={(e) => setPicked((p) => (e.target.checked ? [...p, keyOf(r)] : p.filter((k) => k !== keyOf(r))))}
              />
            ),
          },
          { title: tt('化学品名称'), dataIndex: 'name' },
          { title: 'CAS', dataIndex: 'cas', width: 110 },
          { title: tt('储存地点'), dataIndex: 'location' },
          { title: tt('数量'), dataIndex: 'quantity', width: 90, render: (v, r) => `${v} ${tt(r.unitName || '')}` },
          {
            title: tt('临界量'),
            dataIndex: 'criticalQuantity',
            width: 90,
            render: (v, r) => (unusable(r) ? <Typography.Text type="secondary">{tt(unusable(r))}</Typography.Text> : `${v} t`),
          },
        ]}
      />
      <div style={{ marginTop: 12 }} data-testid="import-preview">
        {err ? <Alert type="error" message={err} /> : null}
        {preview ? (
          <Typography.Paragraph>
            {preview.calculation}
            <br />
            <b>
              <Tx>R 值</Tx>: {preview.rValue},<Tx>级别</Tx>: {preview.levelName}
            </b>
          </Typography.Paragraph>
        ) : null}
      </div>
    </Modal>
  );
}
