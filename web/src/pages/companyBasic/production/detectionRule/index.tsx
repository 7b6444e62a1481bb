import React from 'react';
import { Button, Card, Input, Space, Switch, Typography } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { remindRules, ruleApi, runReminders, saveRemindRule, type RemindRule } from '@/services/equipment';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '规则代码', dataIndex: 'kind', search: 'equal', form: { required: true } },
  { title: '规则名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '检测周期(月)', dataIndex: 'intervalMonths', type: 'digit', form: { required: true } },
  { title: '提前提醒(天)', dataIndex: 'leadDays', type: 'digit', form: { initialValue: 30 } },
  { title: '依据', dataIndex: 'basis', form: { span: 24 } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/**
 * The tenant's due-date reminders (到期提醒规则): the days before a maintenance or detection date the
 * responsible person hears of it, and once when it has passed; each reminder goes out once.
 */
function RemindRules() {
  const tt = useText();
  const access = useAccess();
  const canEdit = access.can('equipment_rule_edit');
  const [rules, setRules] = React.useState<RemindRule[]>([]);
  const load = React.useCallback(() => remindRules().then(setRules), []);
  React.useEffect(() => {
    load();
  }, [load]);
  const change = (kind: number, v: Partial<RemindRule>) => setRules((rs) => rs.map((r) => (r.kind === kind ? { ...r, ...v } : r)));
  return (
    <Card size="small" title={<Tx>到期提醒规则</Tx>} style={{ marginBottom: 16 }} data-testid="remind-rules">
      <Space direction="vertical" style={{ width: '100%' }}>
        {rules.map((r) => (
          <Space key={r.kind} wrap>
            <Typography.Text strong style={{ display: 'inline-block', minWidth: 96 }}>
              {tt(r.kindName || '')}
            </Typography.Text>
            <Tx>提前提醒天数</Tx>
            <Input
              style={{ width: 160 }}
              value={r.leads}
              maxLength={64}
              disabled={!canEdit}
              placeholder="30,7,1"
              onChange={(e) => change(r.kind!, { leads: e.target.value })}
            />
            <Tx>逾期提醒</Tx>
            <Switch checked={r.overdue === 1} disabled={!canEdit} onChange={(on) => change(r.kind!, { overdue: on ? 1 : 0 })} />
            {canEdit ? (
              <Button
                size="small"
                type="primary"
                onClick={() =>
                  saveRemindRule({ kind: r.kind, leads: r.leads, overdue: r.overdue }).then(() => {
                    message.success(tt('操作成功!'));
                    load();
                  })
                }
              >
                <Tx>保存</Tx>
              </Button>
            ) : null}
          </Space>
        ))}
        <Space wrap>
          <Typography.Text type="secondary">
            <Tx>天数用逗号分隔,0 表示到期当天;每项提醒只发送一次,发给设备责任人。</Tx>
          </Typography.Text>
          {canEdit ? (
            <Button size="small" onClick={() => runReminders().then((n) => message.success(`${tt('已发送提醒')}: ${n}`))}>
              <Tx>立即发送提醒</Tx>
            </Button>
          ) : null}
        </Space>
      </Space>
    </Card>
  );
}

/** The tenant's detection rule table (检测周期规则): intervals of special equipment and their lead days. */
export default function DetectionRulePage() {
  return (
    <>
      <RemindRules />
      <CrudPage title="检测周期规则" fields={fields} api={ruleApi} permissionPrefix="equipment_rule" exportBtn={false} />
    </>
  );
}
