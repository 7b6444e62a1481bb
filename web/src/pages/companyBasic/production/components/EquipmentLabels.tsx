import React from 'react';
import { Button, Empty, Modal, QRCode } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { Equipment } from '@/services/equipment';
import { Tx, useText } from '@/utils/i18nText';

/** One label: 60 × 40 mm, the QR code of the equipment code beside its code, name, location and person. */
function Label({ e }: { e: Equipment }) {
  const tt = useText();
  return (
    <div className="aq-eq-label" data-testid="equipment-label">
      <QRCode value={e.code || ''} size={104} bordered={false} errorLevel="M" />
      <div className="aq-eq-label-text">
        <div className="aq-eq-label-code">{e.code}</div>
        <div>{e.name}</div>
        {e.location ? <div>{e.location}</div> : null}
        {e.responsibleUserName ? (
          <div>
            {tt('责任人')}: {e.responsibleUserName}
          </div>
        ) : null}
        {e.nextDetectDate ? (
          <div>
            {tt('下次检测')}: {e.nextDetectDate}
          </div>
        ) : null}
      </div>
    </div>
  );
}

// on paper only the labels are printed, several per A4 sheet, none split over two pages
const css = `
.aq-eq-labels { display: flex; flex-wrap: wrap; gap: 4mm; }
.aq-eq-label { width: 60mm; height: 40mm; box-sizing: border-box; border: 1px dashed #999; padding: 2mm;
  display: flex; gap: 2mm; align-items: center; overflow: hidden; break-inside: avoid; background: #fff; color: #000; }
.aq-eq-label-text { font-size: 10px; line-height: 1.35; min-width: 0; word-break: break-all; }
.aq-eq-label-code { font-size: 13px; font-weight: 600; }
@media print {
  body * { visibility: hidden !important; }
  .aq-eq-labels, .aq-eq-labels * { visibility: visible !important; }
  .aq-eq-labels { position: absolute; left: 0; top: 0; }
  .aq-eq-label { border-color: #ccc; }
}`;

/**
 * QR labels of ledger rows (设备二维码标签): the code an inspector's phone scans, printed from the
 * browser (window.print prints only the labels).
 */
export default function EquipmentLabels({ rows, onClose }: { rows: Equipment[]; onClose: () => void }) {
  const tt = useText();
  return (
    <Modal
      open
      width={860}
      title={tt('打印二维码标签')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          <Tx>关闭</Tx>
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!rows.length} onClick={() => window.print()}>
          <Tx>打印</Tx>
        </Button>,
      ]}
    >
      <style>{css}</style>
      {rows.length ? (
        <div className="aq-eq-labels">
          {rows.map((e) => (
            <Label key={e.id} e={e} />
          ))}
        </div>
      ) : (
        <Empty description={tt('请先勾选设备')} />
      )}
    </Modal>
  );
}
