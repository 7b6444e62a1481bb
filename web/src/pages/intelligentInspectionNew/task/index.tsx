import React, { useCallback, useEffect, useState } from 'react';
import { Button, Card, Empty, Input, InputNumber, List, Radio, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useAccess } from '@umijs/max';
import AttachmentUpload from '@/components/AttachmentUpload';
import {
  POINT_STATUSES,
  TASK_STATES,
  completeTask,
  generateTasks,
  makeUpTask,
  taskApi,
  taskDetail,
  type InspectTask,
} from '@/services/equipment';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';

const stateColor = ['blue', 'green', 'red', 'volcano'];

interface PointForm {
  scanCode: string;
  values: Record<string, any>;
  remark: string;
  photos: string;
}

/** One point of the task: the code read from its tag, each check item, photos. */
function PointCard({
  point,
  index,
  form,
  status,
  onChange,
}: {
  point: any;
  index: number;
  form: PointForm;
  status?: number;
  onChange: (f: PointForm) => void;
}) {
  const tt = useText();
  const st = status ? POINT_STATUSES[status] : undefined;
  const scanned = form.scanCode.trim().toLowerCase() === String(point.code).toLowerCase();
  const readNfc = async () => {
    const Reader = (window as any).NDEFReader;
    if (!Reader) {
      message.info(tt('此设备不支持 NFC,请输入或扫描二维码内容'));
      return;
    }
    try {
      const r = new Reader();
      await r.scan();
      r.onreading = (e: any) => {
        const rec = e.message?.records?.[0];
        const text = rec ? new TextDecoder(rec.encoding || 'utf-8').decode(rec.data) : '';
        onChange({ ...form, scanCode: text });
      };
    } catch {
      message.error(tt('无法读取 NFC 标签'));
    }
  };
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={`${index + 1}. ${point.name}`}
      extra={
        <Space size={4}>
          {st && <Tag color={st.color}>{tt(st.label)}</Tag>}
          {scanned ? <Tag color="green">✓</Tag> : null}
        </Space>
      }
    >
      <Typography.Text type="secondary">{point.location}</Typography.Text>
      <Space.Compact style={{ width: '100%', margin: '8px 0' }}>
        <Input
          size="large"
          placeholder={tt('扫码或输入巡检点编码')}
          value={form.scanCode}
          onChange={(e) => onChange({ ...form, scanCode: e.target.value })}
          status={form.scanCode && !scanned ? 'error' : undefined}
        />
        <Button size="large" onClick={readNfc}>
          NFC
        </Button>
      </Space.Compact>
      {(point.items || []).map((it: any) => (
        <div key={it.name} style={{ marginBottom: 10 }}>
          <div style={{ marginBottom: 4 }}>
            {it.name}
            {it.kind === 2 && (
              <Typography.Text type="secondary">
                {' '}
                ({it.min ?? '-'} ~ {it.max ?? '-'} {it.unit})
              </Typography.Text>
            )}
          </div>
          {it.kind === 2 ? (
            <InputNumber
              size="large"
              style={{ width: '100%' }}
              inputMode="decimal"
              value={form.values[it.name]}
              onChange={(v) => onChange({ ...form, values: { ...form.values, [it.name]: v } })}
            />
          ) : (
            <Radio.Group
              size="large"
              buttonStyle="solid"
              value={form.values[it.name]}
              onChange={(e) => onChange({ ...form, values: { ...form.values, [it.name]: e.target.value } })}
            >
              <Radio.Button value="正常">
                <Tx>正常</Tx>
              </Radio.Button>
              <Radio.Button value="异常">
                <Tx>异常</Tx>
              </Radio.Button>
            </Radio.Group>
          )}
        </div>
      ))}
      <Input.TextArea
        rows={2}
        placeholder={tt('备注')}
        value={form.remark}
        onChange={(e) => onChange({ ...form, remark: e.target.value })}
      />
      <div style={{ marginTop: 8 }}>
        <AttachmentUpload accept="image" max={9} value={form.photos} onChange={(v) => onChange({ ...form, photos: v })} />
      </div>
    </Card>
  );
}

const inspected = (s?: number) => s === 2 || s === 4 || s === 6;

/**
 * Doing a task on the phone: every point scanned, every item filled, then one submit. A task
 * past its window (已超期, 漏检) is made up (补检): its points not inspected yet, those scanned.
 */
function TaskRunner({ id, onDone }: { id: string; onDone: () => void }) {
  const tt = useText();
  const [task, setTask] = useState<InspectTask>();
  const [forms, setForms] = useState<Record<string, PointForm>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    taskDetail(id).then((t) => {
      setTask(t);
      const f: Record<string, PointForm> = {};
      (t.points || []).forEach((p: any) => (f[p.id] = { scanCode: '', values: {}, remark: '', photos: '' }));
      setForms(f);
    });
  }, [id]);
  if (!task) return <Spin />;
  const open = task.state === 0 && task.mine;
  const late = (task.state === 2 || task.state === 3) && task.mine;
  const statusOf: Record<string, number> = {};
  (task.pointStates || []).forEach((s) => (statusOf[String(s.pointId)] = s.inspectStatus || 0));
  const points = late ? (task.points || []).filter((p: any) => !inspected(statusOf[p.id])) : task.points || [];
  const submit = async () => {
    setBusy(true);
    try {
      const results = points
        .filter((p: any) => !late || forms[p.id]?.scanCode.trim())
        .map((p: any) => {
          const f = forms[p.id];
          return {
            pointId: p.id,
            scanCode: f.scanCode,
            remark: f.remark,
            photos: f.photos,
            items: (p.items || []).map((it: any) => ({ name: it.name, value: f.values[it.name] == null ? '' : String(f.values[it.name]) })),
          };
        });
      await (late ? makeUpTask(id, results) : completeTask(id, results));
      message.success(tt('巡检已提交'));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button block size="large" style={{ marginBottom: 12 }} onClick={onDone}>
        <Tx>返回任务列表</Tx>
      </Button>
      <Typography.Title level={5}>{task.planName}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {task.startTime} ~ {task.endTime}
      </Typography.Paragraph>
      {points.map((p: any, i: number) => (
        <PointCard
          key={p.id}
          point={p}
          index={i}
          form={forms[p.id]}
          status={statusOf[p.id]}
          onChange={(f) => setForms({ ...forms, [p.id]: f })}
        />
      ))}
      {open || (late && points.length > 0) ? (
        <Button type="primary" block size="large" loading={busy} onClick={submit}>
          <Tx>{late ? '补检' : '提交巡检'}</Tx>
        </Button>
      ) : (
        <Typography.Text type="secondary">
          <Tx>{task.mine ? '该任务不在可执行状态' : '只有该任务指派的巡检人员可以执行巡检'}</Tx>
        </Typography.Text>
      )}
    </div>
  );
}

/** Inspection tasks (巡检任务): the inspector's list and task page, usable at 360 px wide. */
export default function InspectionTaskPage() {
  const access = useAccess();
  const tt = useText();
  const [state, setState] = useState<number>(0);
  const [rows, setRows] = useState<InspectTask[]>([]);
  const [loading, setLoading] = useState(false);
  const [current, setCurrent] = useState<string>();
  const load = useCallback(() => {
    setLoading(true);
    taskApi
      .list({ current: 1, size: 50, state_equal: state === 2 ? 0 : state })
      .then((p: any) => setRows((p?.records || []).filter((t: InspectTask) => t.state === state)))
      .finally(() => setLoading(false));
  }, [state]);
  useEffect(load, [load]);
  if (current) {
    return (
      <div style={{ maxWidth: 640, margin: '0 auto' }}>
        <TaskRunner
          id={current}
          onDone={() => {
            setCurrent(undefined);
            load();
          }}
        />
      </div>
    );
  }
  return (
    <div style={{ maxWidth: 640, margin: '0 auto' }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          size="large"
          value={state}
          onChange={(v) => setState(Number(v))}
          options={TASK_STATES.map((s) => ({ label: tt(s.label as string), value: s.value }))}
        />
        {access.can('inspection_task_generate') && (
          <Button
            size="large"
            onClick={async () => {
              const r = await generateTasks();
              message.success(`${tt('已生成任务')}: ${r.data?.created ?? 0}`);
              load();
            }}
          >
            <Tx>生成任务</Tx>
          </Button>
        )}
      </Space>
      {rows.length === 0 && !loading ? (
        <Empty />
      ) : (
        <List
          loading={loading}
          dataSource={rows}
          renderItem={(t) => (
            <Card size="small" style={{ marginBottom: 12 }} onClick={() => setCurrent(t.id)} hoverable>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <strong>{t.planName}</strong>
                <Tag color={stateColor[t.state || 0]}>{tt(TASK_STATES[t.state || 0]?.label as string)}</Tag>
              </div>
              <div>
                {t.startTime} ~ {t.endTime}
              </div>
              <div>
                {t.inspectorName}
                {t.abnormalCount ? (
                  <Tag color="red" style={{ marginLeft: 8 }}>
                    {tt('异常')} {t.abnormalCount}
                  </Tag>
                ) : null}
              </div>
            </Card>
          )}
        />
      )}
    </div>
  );
}
