import React, { useEffect, useMemo, useState } from 'react';
import type { FormInstance } from 'antd';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { history } from '@umijs/max';
import AttachmentUpload from '@/components/AttachmentUpload';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import { requiredPrompt } from '@/utils/validate';
import { checkDateRange, dateMessages, FORMAT, startDateDisabled, startTimeDisabled } from '@/utils/date';
import { useSession } from '@/stores/session';
import {
  checkCalendar,
  getOptions,
  getPermit,
  listAreas,
  submitPermit,
  SUB_KEY,
  subOf,
  type PermitDraft,
  type Options,
  type Permit,
  type WorkType,
} from '@/services/workticket';
import { permitType, submitPath, viewPath, type PermitType, type TypeField } from './catalogue';
import { maxValidityHours } from './levels';
import { PersonSelect, TicketNoSelect, useList } from './pickers';
import './permit.less';
import { validateOrExplain } from '@/utils/formCheck';

/** how far before now a permit's planned start may be picked on today (spec 5's start picker counts from now) */
const START_GRACE_MINUTES = 15;

const split = (v?: string) =>
  v
    ? String(v)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const num = (c: string) => (/^-?\d+$/.test(c) ? Number(c) : c);

/** Options of a type field: static, or from ticket/options (server names). */
export function fieldOptions(f: TypeField, opts?: Options, tt: (s: string) => string = (s) => s) {
  if (f.options) return f.options.map((o) => ({ label: tt(o.label), value: o.value }));
  const list = (f.optionsFrom && opts?.[f.optionsFrom]) || [];
  return list.map((o) => ({ label: tt(o.name), value: num(o.code) }));
}

/** The form values → the permit the server takes (only the sub-object of the type). */
export function toPermit(type: PermitType, v: any, id?: string, apply = false): PermitDraft {
  const sub: Record<string, any> = {};
  type.fields.forEach((f) => {
    const x = v.sub?.[f.name];
    if (f.kind === 'checkboxes') sub[f.name] = (x || []).join(',');
    else if (f.kind === 'switch') sub[f.name] = !!x;
    else if (x !== undefined && x !== null && x !== '') sub[f.name] = x;
  });
  const fmt = (d?: Dayjs | string) => (d ? dayjs(d).format(FORMAT) : '');
  const p: PermitDraft = {
    id,
    workType: type.code,
    workUnit: (v.workUnit || '').trim(),
    areaId: v.areaId,
    location: v.location || '',
    content: (v.content || '').trim(),
    operatorIds: (v.operatorIds || []).join(','),
    guardianId: v.guardianId,
    planStartTime: fmt(v.planStartTime),
    planEndTime: fmt(v.planEndTime),
    hazardCodes: (v.hazardCodes || []).join(','),
    safetyMeasures: (v.safetyMeasures || [])
      .filter((m: any) => m && String(m.content || '').trim())
      .map((m: any, i: number) => ({
        seq: i + 1,
        content: String(m.content).trim(),
        involved: !!m.involved,
        confirmUserId: m.confirmUserId || undefined,
      })),
    relatedTicketNos: (v.relatedTicketNos || []).join(','),
    attachments: v.attachments || '',
    remark: v.remark || '',
    apply,
  };
  const key = SUB_KEY[type.code];
  if (key) p[key] = sub;
  return p;
}

/** A stored permit → form values. */
export function toValues(type: PermitType, p: Permit) {
  const raw = subOf(p, type.code);
  const sub: Record<string, any> = {};
  type.fields.forEach((f) => {
    const x = raw[f.name];
    if (f.kind === 'checkboxes') sub[f.name] = split(x);
    else if (f.kind === 'person') sub[f.name] = x && x !== '0' ? String(x) : undefined;
    else sub[f.name] = x;
  });
  const id = (x?: string) => (x && x !== '0' ? x : undefined);
  return {
    workUnit: p.workUnit,
    areaId: id(p.areaId),
    location: p.location,
    content: p.content,
    operatorIds: split(p.operatorIds),
    guardianId: id(p.guardianId),
    planStartTime: p.planStartTime ? dayjs(p.planStartTime) : undefined,
    planEndTime: p.planEndTime ? dayjs(p.planEndTime) : undefined,
    hazardCodes: split(p.hazardCodes),
    safetyMeasures: (p.safetyMeasures || []).map((m) => ({ content: m.content, involved: m.involved, confirmUserId: id(m.confirmUserId) })),
    relatedTicketNos: split(p.relatedTicketNos),
    attachments: p.attachments,
    remark: p.remark,
    sub,
  };
}

function TypeFieldInput({ f, opts, value, onChange }: { f: TypeField; opts?: Options; value?: any; onChange?: (v: any) => void }) {
  const tt = useText();
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} value={value} onChange={(e) => onChange?.(e.target.value)} />;
    case 'digit':
      return <InputNumber style={{ width: '100%' }} min={f.min} addonAfter={f.unit} value={value} onChange={onChange} />;
    case 'select':
      return <Select allowClear options={fieldOptions(f, opts, tt)} value={value} onChange={onChange} placeholder={tt('请选择')} />;
    case 'checkboxes':
      return <Checkbox.Group options={fieldOptions(f, opts, tt)} value={value} onChange={onChange} />;
    case 'switch':
      return <Switch checked={!!value} onChange={onChange} />;
    case 'upload':
      return <AttachmentUpload accept="image" max={3} value={value} onChange={onChange} />;
    case 'person':
      return <PersonSelect source="operators" certKind={f.certKind} value={value} onChange={onChange} />;
    default:
      return <Input value={value} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

/** The live level a field gives (height → 一级..四级, weight → 一级..三级). */
function LiveLevel({ f }: { f: TypeField }) {
  const tt = useText();
  const v = Form.useWatch(['sub', f.name]);
  if (!f.live) return null;
  const level = f.live(v);
  return (
    <div className="wt-live-level" data-testid={`live-${f.name}`}>
      {tt('作业级别')}:{' '}
      {level ? <Tag color="orange">{tt(level)}</Tag> : <Typography.Text type="secondary">{tt('未达到分级标准')}</Typography.Text>}
    </div>
  );
}

/** Hot work: the planned time on a rest day or at night raises the level (the server decides). */
function CalendarHint({ type }: { type: PermitType }) {
  const tt = useText();
  const start = Form.useWatch('planStartTime');
  const [hint, setHint] = useState('');
  const startText = start && dayjs(start).format(FORMAT);
  useEffect(() => {
    if (type.code !== 'hotWork' || !start) return setHint('');
    let live = true;
    checkCalendar(dayjs(start).format(FORMAT))
      .then((c) => live && setHint(c && (c.restDay || c.night) ? c.reason || tt('节假日、休息日或夜间动火,将升级管理') : ''))
      .catch(() => live && setHint(''));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the calendar is asked when the start time (to the minute format) changes; the type is fixed for the form
  }, [startText]);
  return hint ? (
    <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`${hint} ${tt('(将升级管理)')}`} data-testid="calendar-hint" />
  ) : null;
}

function ValidityHint({ type, form }: { type: PermitType; form: FormInstance }) {
  const tt = useText();
  const fire = Form.useWatch(['sub', 'fireLevel'], form);
  const hours = maxValidityHours(type.code, fire);
  return hours ? <Typography.Text type="secondary">{`${tt('作业票有效期不超过')} ${hours} ${tt('小时')}`}</Typography.Text> : null;
}

/**
 * The permit form of every type: the common fields of GB 30871 plus the type's own fields from
 * the catalogue. 保存 stores a draft; 提交审批 saves and starts the approval in one call. With
 * ?id= it edits a draft or rejected permit.
 */
/**
 * SelfConfirm: a measure is confirmed by the person who checked it, never in
 * someone else's name (the server refuses that), so the form offers only
 * "I confirmed this"; a confirmation by someone else stays as it was.
 */
function SelfConfirm({ value, onChange, me, label }: { value?: string; onChange?: (v?: string) => void; me: string; label: string }) {
  const other = !!value && String(value) !== me;
  return (
    <Checkbox checked={!!value} disabled={other || !me} onChange={(e) => onChange?.(e.target.checked ? me : undefined)}>
      {label}
    </Checkbox>
  );
}

export default function PermitForm({ workType }: { workType: WorkType }) {
  const tt = useText();
  const type = permitType(workType);
  const [form] = Form.useForm();
  const user = useSession((s) => s.userInfo);
  const id = new URLSearchParams(window.location.search).get('id') || undefined;
  const [opts, setOpts] = useState<Options>();
  const [loaded, setLoaded] = useState<Permit | null>(null);
  const [loading, setLoading] = useState(!!id);
  const [saving, setSaving] = useState<'' | 'draft' | 'apply'>('');
  const [areas] = useList(listAreas);

  useEffect(() => {
    getOptions()
      .then((o) => {
        setOpts(o);
        // a new permit starts with the type's checklist of GB 30871 Appendix A
        if (!id && type && !form.getFieldValue('safetyMeasures')?.length) {
          const items = o.measureTemplates?.find((m) => m.workType === type.code)?.items || [];
          form.setFieldsValue({ safetyMeasures: items.map((content) => ({ content, involved: true })) });
        }
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- options load once on mount; id, type and form are those of this mount
  }, []);

  useEffect(() => {
    if (!id || !type) return;
    getPermit(id)
      .then((v) => {
        if (v.permit.workType !== type.code) {
          history.replace(submitPath(v.permit.workType, id));
          return;
        }
        setLoaded(v.permit);
        form.setFieldsValue(toValues(type, v.permit));
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- type follows workType, which is listed; the form instance is stable
  }, [id, workType]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- tt is a new function each render; the options are what change
  const hazardOptions = useMemo(() => (opts?.hazardCodes || []).map((h) => ({ label: `${h.code} ${tt(h.name)}`, value: h.code })), [opts]);

  if (!type) return <Result status="404" title="404" subTitle={tt('没有这种作业类型')} />;

  const save = async (apply: boolean) => {
    const values = await validateOrExplain(form);
    setSaving(apply ? 'apply' : 'draft');
    try {
      const saved = await submitPermit(toPermit(type, values, id, apply));
      message.success(apply ? tt('已提交审批') : tt('已保存'));
      history.push(viewPath(type.code, String(saved.id)));
    } finally {
      setSaving('');
    }
  };

  const readonlyEdit = !!loaded && !(loaded.actions || []).includes('edit');
  const span = (f: TypeField) => f.span || 8;

  return (
    <div className="wt-page" data-testid="permit-form">
      <Spin spinning={loading}>
        <Card
          title={
            <Space>
              <span>{`${tt(type.name)}${tt('申请')}`}</span>
              {loaded?.ticketNo ? <Tag>{loaded.ticketNo}</Tag> : null}
            </Space>
          }
          extra={<ValidityHint form={form} type={type} />}
        >
          {readonlyEdit ? (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message={tt('该作业票已进入审批或已签发,不能修改')} />
          ) : null}
          <Form form={form} layout="vertical" disabled={readonlyEdit} scrollToFirstError>
            <CalendarHint type={type} />
            <Typography.Title level={5}>{tt('基本信息')}</Typography.Title>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="workUnit" label={tt('作业单位')} rules={[{ required: true, message: tt('请填写作业单位') }]}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="areaId" label={tt('作业区域')} rules={[{ required: true, message: tt('请选择作业区域') }]}>
                  <Select
                    showSearch
                    allowClear
                    optionFilterProp="label"
                    placeholder={tt('请选择')}
                    options={areas.map((a) => ({ value: String(a.id), label: a.name }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="location" label={tt('作业地点')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="content" label={tt('作业内容')} rules={[{ required: true, message: tt('请填写作业内容') }]}>
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={tt('申请人')}>
                  <Input disabled value={loaded?.applicantName || user.real_name || user.nick_name || user.account || ''} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="operatorIds"
                  label={tt('作业人员')}
                  rules={[{ required: true, message: tt('请选择作业人员') }]}
                  tooltip={type.certKind ? tt('作业人员须持有效的特种作业操作证') : undefined}
                >
                  <PersonSelect source="operators" certKind={type.certKind} multiple data-testid="operators" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="guardianId"
                  label={tt('监护人')}
                  dependencies={['operatorIds']}
                  rules={[
                    { required: true, message: tt('请选择监护人') },
                    ({ getFieldValue }) => ({
                      validator: (_, v) =>
                        (getFieldValue('operatorIds') || []).includes(v)
                          ? Promise.reject(new Error(tt('监护人不能同时是本作业票的作业人员')))
                          : Promise.resolve(),
                    }),
                  ]}
                >
                  <PersonSelect source="guardians" workType={type.code} data-testid="guardian" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="planStartTime" label={tt('计划开始时间')} rules={[{ required: true, message: tt('请选择计划开始时间') }]}>
                  {/* the spec's start picker: days from yesterday on, on today times from now */}
                  <DatePicker
                    showTime
                    format="YYYY-MM-DD HH:mm"
                    style={{ width: '100%' }}
                    disabledDate={(d) => startDateDisabled(d)}
                    // "from now" less the minutes it takes to fill the form in: a job applied for
                    // as it starts keeps the start time first chosen
                    disabledTime={(d) => startTimeDisabled(d, dayjs().subtract(START_GRACE_MINUTES, 'minute'))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="planEndTime"
                  label={tt('计划结束时间')}
                  dependencies={['planStartTime', ['sub', 'fireLevel']]}
                  rules={[
                    { required: true, message: tt('请选择计划结束时间') },
                    ({ getFieldValue }) => ({
                      validator: (_, v) => {
                        const s = getFieldValue('planStartTime');
                        if (!v || !s) return Promise.resolve();
                        const order = checkDateRange(s, v, 'end', dateMessages());
                        if (order) return Promise.reject(new Error(order));
                        if (!dayjs(v).isAfter(dayjs(s))) return Promise.reject(new Error(tt('计划结束时间必须晚于计划开始时间')));
                        const max = maxValidityHours(type.code, getFieldValue(['sub', 'fireLevel']));
                        if (max && dayjs(v).diff(dayjs(s), 'minute') > max * 60)
                          return Promise.reject(new Error(`${tt('作业票有效期不超过')} ${max} ${tt('小时')}`));
                        return Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>

            {type.fields.length ? (
              <>
                <Typography.Title level={5}>{`${tt(type.name)}${tt('信息')}`}</Typography.Title>
                <Row gutter={16}>
                  {type.fields.map((f) => (
                    <Col key={f.name} xs={24} md={span(f)}>
                      <Form.Item
                        name={['sub', f.name]}
                        label={tt(f.label)}
                        rules={f.required ? [{ required: true, message: requiredPrompt(f.kind, tt(f.label)) }] : undefined}
                        extra={f.live ? <LiveLevel f={f} /> : undefined}
                      >
                        <TypeFieldInput f={f} opts={opts} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </>
            ) : null}

            <Typography.Title level={5}>{tt('危害辨识')}</Typography.Title>
            <Form.Item name="hazardCodes" rules={[{ required: true, message: tt('请至少选择一项危害') }]}>
              <Checkbox.Group className="wt-hazards" options={hazardOptions} />
            </Form.Item>

            <Typography.Title level={5}>{tt('安全措施')}</Typography.Title>
            <Form.List name="safetyMeasures">
              {(items, { add, remove }) => (
                <div className="wt-measures">
                  <Row gutter={8} className="wt-measures-head">
                    <Col span={2}>{tt('序号')}</Col>
                    <Col span={13}>{tt('安全措施')}</Col>
                    <Col span={2}>{tt('涉及')}</Col>
                    <Col span={6}>{tt('确认人')}</Col>
                    <Col span={1} />
                  </Row>
                  {items.map((it, i) => (
                    <Row gutter={8} key={it.key} align="middle" className="wt-measure-row">
                      <Col span={2}>{i + 1}</Col>
                      <Col span={13}>
                        <Form.Item name={[it.name, 'content']} noStyle>
                          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
                        </Form.Item>
                      </Col>
                      <Col span={2}>
                        <Form.Item name={[it.name, 'involved']} valuePropName="checked" noStyle>
                          <Checkbox />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item name={[it.name, 'confirmUserId']} noStyle>
                          <SelfConfirm me={String(user?.user_id || '')} label={tt('本人已确认')} />
                        </Form.Item>
                      </Col>
                      <Col span={1}>
                        <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(it.name)} title={tt('删除')} />
                      </Col>
                    </Row>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ content: '', involved: true })}
                    style={{ marginTop: 8 }}
                  >
                    {tt('添加安全措施')}
                  </Button>
                  <div className="wt-hint">
                    {tt(
                      '每项措施由确认人本人确认:勾选即以本人名义确认;其余措施在作业前由作业人员、监护人于查看页逐项确认,涉及的措施全部确认后才能开始作业',
                    )}
                  </div>
                </div>
              )}
            </Form.List>

            <Row gutter={16} style={{ marginTop: 16 }}>
              <Col xs={24} md={12}>
                <Form.Item name="relatedTicketNos" label={tt('关联作业票')}>
                  <TicketNoSelect excludeId={id} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="remark" label={tt('备注')}>
                  <Input maxLength={500} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="attachments" label={tt('附件')}>
                  <AttachmentUpload accept="any" max={9} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <Space className="wt-actions">
            <Button onClick={() => history.back()}>{tt('返回')}</Button>
            <Button
              disabled={readonlyEdit}
              loading={saving === 'draft'}
              onClick={() => save(false).catch(() => undefined)}
              data-testid="save-draft"
            >
              {tt('保存草稿')}
            </Button>
            <Button
              type="primary"
              disabled={readonlyEdit}
              loading={saving === 'apply'}
              onClick={() => save(true).catch(() => undefined)}
              data-testid="submit-apply"
            >
              {tt('提交审批')}
            </Button>
          </Space>
        </Card>
      </Spin>
    </div>
  );
}
