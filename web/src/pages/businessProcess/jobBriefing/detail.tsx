import React, { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Input, Row, Select, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { history } from '@umijs/max';
import AttachmentUpload from '@/components/AttachmentUpload';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import { FORMAT } from '@/utils/date';
import { useSession } from '@/stores/session';
import { getOptions, getPermit, permitApi, submitBriefing, type Options, type PermitView } from '@/services/workticket';
import { permitType, viewPath } from '../jobManagement/components/catalogue';
import { hazardText, StatusTags } from '../jobManagement/components/display';
import { PersonSelect } from '../jobManagement/components/pickers';
import { validateOrExplain } from '@/utils/formCheck';

const split = (v?: string) => (v ? v.split(',').filter((x) => x && x !== '0') : []);

/** The briefing text a new record starts from: the permit's hazards and its involved measures. */
export function briefingDraft(v: PermitView, opts: Options | undefined, tt: (s: string) => string): string {
  const p = v.permit;
  const lines = [
    `${tt('作业内容')}: ${p.content || ''}`,
    `${tt('危害辨识')}: ${hazardText(p.hazardCodes, opts, tt) || '-'}`,
    `${tt('安全措施')}:`,
  ];
  (p.safetyMeasures || []).filter((m) => m.involved).forEach((m, i) => lines.push(`${i + 1}. ${m.content}`));
  return lines.join('\n');
}

/**
 * 安全交底 (pre-job safety briefing) of one permit, ?ticketId=: who briefed whom, when, on
 * what. Without a ticketId the page first asks for the permit.
 */
export default function JobBriefing() {
  const tt = useText();
  const [form] = Form.useForm();
  const ticketId = new URLSearchParams(window.location.search).get('ticketId') || '';
  const myId = String(useSession((s) => s.userInfo.user_id) || '');
  const [view, setView] = useState<PermitView>();
  const [opts, setOpts] = useState<Options>();
  const [loading, setLoading] = useState(!!ticketId);
  const [saving, setSaving] = useState(false);
  const [choices, setChoices] = useState<{ value: string; label: string }[]>([]);

  useEffect(() => {
    getOptions()
      .then(setOpts)
      .catch(() => undefined);
    if (!ticketId)
      permitApi
        .list({ current: 1, size: 100, ticketStatus_equal: 1 })
        .then((r: any) =>
          setChoices(
            (r?.records || []).map((p: any) => ({
              value: String(p.id),
              label: `${p.ticketNo} ${p.workTypeName || ''} ${p.content || ''}`,
            })),
          ),
        )
        .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- options and the permit choices load once on mount
  }, []);

  useEffect(() => {
    if (!ticketId) return;
    setLoading(true);
    getPermit(ticketId)
      .then((v) => {
        setView(v);
        const b = v.briefing;
        const has = !!(b && b.id && b.id !== '0');
        form.setFieldsValue({
          brieferId: has && b!.brieferId !== '0' ? b!.brieferId : myId || undefined,
          briefingTime: has && b!.briefingTime ? dayjs(b!.briefingTime) : dayjs(),
          content: has ? b!.content : undefined,
          attendeeIds: has ? split(b!.attendeeIds) : [...split(v.permit.operatorIds), ...split(v.permit.guardianId)],
          attachments: has ? b!.attachments : '',
        });
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the permit loads per ticket; the form instance is stable and the user id is read at that moment
  }, [ticketId]);

  useEffect(() => {
    // the draft needs the hazard names: fill it once both are here, unless a briefing exists
    if (view && opts && !form.getFieldValue('content')) form.setFieldsValue({ content: briefingDraft(view, opts, tt) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft is filled once the permit and the options are here; tt is a new function each render
  }, [view, opts]);

  if (!ticketId)
    return (
      <Card title={tt('安全交底')}>
        <Space>
          <span>{tt('选择作业票')}</span>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 420 }}
            options={choices}
            placeholder={tt('请选择已签发的作业票')}
            onChange={(v) => history.push(`/businessProcess/jobBriefing/detail?ticketId=${v}`)}
          />
        </Space>
      </Card>
    );

  const p = view?.permit;
  const type = permitType(p?.workType);
  const save = async () => {
    const v = await validateOrExplain(form);
    setSaving(true);
    try {
      await submitBriefing({
        ticketId,
        brieferId: v.brieferId,
        briefingTime: v.briefingTime ? dayjs(v.briefingTime).format(FORMAT) : '',
        content: v.content,
        attendeeIds: (v.attendeeIds || []).join(','),
        attachments: v.attachments || '',
      });
      message.success(tt('已保存'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Spin spinning={loading}>
      <Card
        title={tt('安全交底')}
        data-testid="briefing"
        extra={p && type ? <Button onClick={() => history.push(viewPath(p.workType, ticketId))}>{tt('查看作业票')}</Button> : null}
      >
        {p ? (
          <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={tt('作业票编号')}>{p.ticketNo}</Descriptions.Item>
            <Descriptions.Item label={tt('作业类型')}>{type ? tt(type.name) : p.workTypeName}</Descriptions.Item>
            <Descriptions.Item label={tt('状态')}>
              <StatusTags p={p} compact />
            </Descriptions.Item>
            <Descriptions.Item label={tt('作业内容')} span={3}>
              {p.content}
            </Descriptions.Item>
            <Descriptions.Item label={tt('作业人员')}>{p.operatorNames}</Descriptions.Item>
            <Descriptions.Item label={tt('监护人')}>{p.guardianName}</Descriptions.Item>
            <Descriptions.Item label={tt('计划时间')}>{`${p.planStartTime} ~ ${p.planEndTime}`}</Descriptions.Item>
          </Descriptions>
        ) : null}
        {p && p.ticketStatus !== 0 && p.ticketStatus !== 1 ? (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} message={tt('作业票已关闭,交底记录只读')} />
        ) : null}
        <Form form={form} layout="vertical" disabled={!!p && p.ticketStatus !== 0 && p.ticketStatus !== 1}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="brieferId" label={tt('交底人')} rules={[{ required: true, message: tt('请选择交底人') }]}>
                <PersonSelect source="users" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="briefingTime" label={tt('交底时间')} rules={[{ required: true, message: tt('请选择交底时间') }]}>
                <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="attendeeIds" label={tt('接受交底人')} rules={[{ required: true, message: tt('请选择接受交底人') }]}>
                <PersonSelect source="users" multiple />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="content" label={tt('交底内容')} rules={[{ required: true, message: tt('请填写交底内容') }]}>
                <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={4000} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="attachments" label={tt('现场照片')}>
                <AttachmentUpload accept="image" max={9} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Space>
          <Button onClick={() => history.back()}>{tt('返回')}</Button>
          <Button
            type="primary"
            disabled={!!p && p.ticketStatus !== 0 && p.ticketStatus !== 1}
            loading={saving}
            onClick={() => save().catch(() => undefined)}
            data-testid="briefing-save"
          >
            {tt('保存')}
          </Button>
        </Space>
        {view?.briefing?.brieferName ? (
          <div style={{ marginTop: 12, color: '#999' }}>
            {tt('已交底')}: <Tag>{view.briefing.brieferName}</Tag> {view.briefing.briefingTime} · {view.briefing.attendeeNames}
          </div>
        ) : null}
      </Card>
    </Spin>
  );
}
