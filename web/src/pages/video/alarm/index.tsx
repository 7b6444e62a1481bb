import React, { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Form, Image, Input, Modal, Radio, Space, Switch, Tag } from 'antd';
import { history, useAccess, useLocation } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { ALARM_TYPES, HANDLE_STATES, alarmStats, handleAlarm, snapshotUrl, subscribeVideoAlarms, videoAlarmApi } from '@/services/video';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';
import { validateOrExplain } from '@/utils/formCheck';

const stateColour: Record<number, string> = { 0: 'red', 1: 'orange', 2: 'default', 3: 'green' };

const fields: CrudField[] = [
  { title: '报警时间', dataIndex: 'alarmTime', width: 170 },
  { title: '摄像头', dataIndex: 'cameraName', search: true },
  { title: '通道编码', dataIndex: 'channelCode', hideInTable: true },
  {
    title: '报警类型',
    dataIndex: 'alarmType',
    search: 'equal',
    options: ALARM_TYPES,
    render: (v: string, r: any) => (
      <Tag color="volcano">
        <Tx>{r.alarmTypeName || v}</Tx>
      </Tag>
    ),
  },
  { title: '置信度', dataIndex: 'confidence', render: (v: number) => `${Math.round((v || 0) * 100)}%` },
  { title: '次数', dataIndex: 'repeatCount', render: (v: number, r: any) => (v > 1 ? `${v}(${r.lastTime})` : v) },
  {
    title: '抓拍',
    dataIndex: 'snapshot',
    render: (v: string, r: any) => {
      if (v) return <Image src={snapshotUrl(v)} width={64} height={36} style={{ objectFit: 'cover' }} />;
      // the retention sweep deleted it (rule snapshot.retention.days): say so, not a broken image
      return r.snapshotExpired ? <Tx>快照已过期清理</Tx> : '-';
    },
  },
  {
    title: '处理状态',
    dataIndex: 'handleStatus',
    search: 'equal',
    options: HANDLE_STATES,
    render: (v: number) => (
      <Tag color={stateColour[v] || 'default'}>
        <Tx>{HANDLE_STATES.find((s) => s.value === v)?.label || String(v)}</Tx>
      </Tag>
    ),
  },
  { title: '处理人', dataIndex: 'handleUserName' },
  { title: '处理时间', dataIndex: 'handleTime', width: 170 },
  { title: '处理说明', dataIndex: 'handleRemark', ellipsis: true },
  { title: '已生成隐患', dataIndex: 'hazardRaised', render: (v: boolean) => <Tx>{v ? '是' : '否'}</Tx> },
];

/** AI video alarms (AI视频报警): live over SSE, handled 0 -> 1 confirmed / 2 false alarm -> 3 closed. */
export default function VideoAlarmPage() {
  const access = useAccess();
  const tt = useText();
  const reloadRef = useRef<() => void>();
  const [unhandled, setUnhandled] = useState<number>(0);
  const [target, setTarget] = useState<any>();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  const refreshStats = () =>
    alarmStats()
      .then((s: any) => setUnhandled(Number(s?.unhandled || 0)))
      .catch(() => undefined);

  useEffect(() => {
    void refreshStats();
    return subscribeVideoAlarms((e) => {
      if (e.event !== 'alarm') return;
      if (e.data?.handleStatus === 0 && Number(e.data?.repeatCount) === 1) {
        message.warning(`${tt('新的视频AI报警')}: ${e.data.cameraName} ${tt(e.data.alarmTypeName || '')}`);
      }
      reloadRef.current?.();
      void refreshStats();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const open = (r: any) => {
    setTarget(r);
    form.setFieldsValue({ handleStatus: r.handleStatus === 0 ? 1 : 3, handleRemark: '', raiseHazard: true });
  };
  const submit = async () => {
    const v = await validateOrExplain(form);
    setSaving(true);
    try {
      await handleAlarm(target.id, v.handleStatus, v.handleRemark || '', v.raiseHazard);
      message.success(tt('处理成功'));
      setTarget(undefined);
      reloadRef.current?.();
      void refreshStats();
    } finally {
      setSaving(false);
    }
  };
  const status = Form.useWatch('handleStatus', form);
  // A hidden danger links back here with ?id= (the alarm that raised it); the notice badge with
  // ?mine=1 (the unhandled alarms of the cameras the caller may handle).
  const { search } = useLocation();
  const params = useMemo(() => {
    const q = new URLSearchParams(search);
    const linked = q.get('id');
    if (linked && /^\d{1,19}$/.test(linked)) return { id: linked };
    if (q.get('mine') === '1') return { mine: '1', handleStatus_equal: '0' };
    return undefined;
  }, [search]);
  const mine = params?.mine === '1';

  return (
    <>
      <CrudPage
        key={mine ? 'mine' : 'all'}
        title="AI视频报警"
        fields={fields}
        api={videoAlarmApi}
        permissionPrefix="video_alarm"
        params={params}
        addBtn={false}
        editBtn={false}
        delBtn={false}
        exportBtn={false}
        toolbarExtra={(_sel, reload) => {
          reloadRef.current = reload;
          return [
            mine ? (
              <Tag key="mine" color="blue" closable onClose={() => history.push('/ai-video-alarm/list')} data-testid="video-alarm-mine">
                <Tx>我的待处理报警</Tx>
              </Tag>
            ) : null,
            <Space key="count">
              <Tx>未处理</Tx>
              <Badge count={unhandled} showZero overflowCount={9999} />
            </Space>,
          ];
        }}
        rowActions={(r: any) =>
          access.can('video_alarm_handle') && r.handleStatus !== 3
            ? [
                <Button key="handle" type="link" size="small" onClick={() => open(r)}>
                  <Tx>{r.handleStatus === 0 ? '处理' : '关闭'}</Tx>
                </Button>,
              ]
            : []
        }
      />
      <Modal
        title={tt('报警处理')}
        open={!!target}
        onCancel={() => setTarget(undefined)}
        onOk={submit}
        confirmLoading={saving}
        destroyOnHidden
      >
        {target && (
          <Form form={form} layout="vertical">
            <p>
              {target.alarmTime} {target.cameraName} <Tx>{target.alarmTypeName || ''}</Tx>
            </p>
            <Form.Item name="handleStatus" label={tt('处理结果')} rules={[{ required: true }]}>
              <Radio.Group
                options={(target.handleStatus === 0
                  ? HANDLE_STATES.filter((s) => s.value === 1 || s.value === 2)
                  : HANDLE_STATES.filter((s) => s.value === 3)
                ).map((s) => ({ label: tt(s.label), value: s.value }))}
              />
            </Form.Item>
            {status === 1 && (
              <Form.Item name="raiseHazard" label={tt('生成隐患')} valuePropName="checked">
                <Switch />
              </Form.Item>
            )}
            <Form.Item
              name="handleRemark"
              label={tt('处理说明')}
              rules={[{ required: status !== 1, message: tt('请填写处理说明') }, { max: 500 }]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
