import React, { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { history } from '@umijs/max';
import FlowHistory from '@/components/FlowHistory';
import { FileLinks } from '@/components/FilePreview';
import { message, modal } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import { FORMAT } from '@/utils/date';
import {
  addGuardianChange,
  applyPermit,
  approvePermit,
  confirmMeasures,
  deleteGuardianChange,
  findGuardianChanges,
  getOptions,
  getPermit,
  isMyTask,
  lifecycle,
  submitGas,
  subOf,
  type GasSample,
  type GuardianChange,
  type LifecycleAction,
  type Options,
  type PermitView as View,
  type WorkType,
} from '@/services/workticket';
import { GAS_TYPES, permitType, SAMPLE_KINDS, submitPath, viewPath, WORK_PHASE, type PermitType } from './catalogue';
import { fieldText, hazardText, StatusTags } from './display';
import { PersonSelect } from './pickers';
import type { Draft } from '@/services/types';
import PrintSheet from './PrintSheet';
import './permit.less';
import { validateOrExplain } from '@/utils/formCheck';

/** The lifecycle buttons, in the order a permit goes through them; `reason` = a comment is required. */
const ACTS: { key: LifecycleAction; text: string; danger?: boolean; reason?: boolean; primary?: boolean }[] = [
  { key: 'start', text: '开始作业', primary: true },
  { key: 'pause', text: '暂停作业' },
  { key: 'resume', text: '恢复作业', primary: true },
  { key: 'complete', text: '完成作业', primary: true },
  { key: 'accept', text: '验收', primary: true },
  { key: 'void', text: '作废', danger: true, reason: true },
  { key: 'revoke', text: '撤销', danger: true, reason: true },
];

/** Default readings of a new gas analysis: combustible for hot work; plus oxygen and a toxic gas in confined spaces. */
export function defaultReadings(workType: string) {
  const combustible = { gasName: '甲烷', gasType: 1, unit: '%VOL', lel: 5 };
  if (workType !== 'confinedSpaceWork') return [combustible];
  return [combustible, { gasName: '氧气', gasType: 3, unit: '%VOL' }, { gasName: '硫化氢', gasType: 2, unit: 'mg/m³', limit: 10 }];
}

/** Type fields three to a row; a full-width field or the last of a short row fills the row. */
export function descSpan(fields: { span?: number }[], i: number): number {
  if (fields[i].span === 24) return 3;
  let used = 0;
  for (let j = 0; j < i; j++) used = fields[j].span === 24 ? 0 : (used + 1) % 3;
  const last = i === fields.length - 1 || fields[i + 1].span === 24;
  return last ? 3 - used : 1;
}

/**
 * The view page of every permit type: the permit, its checklist, gas analyses, approval (sign
 * when the caller's signature is awaited), the lifecycle buttons the server offers the caller
 * (`actions`), guardian changes, and the one-page print.
 */
export default function PermitView({ workType }: { workType: WorkType }) {
  const tt = useText();
  const type = permitType(workType);
  const id = new URLSearchParams(window.location.search).get('id') || '';
  const [view, setView] = useState<View>();
  const [opts, setOpts] = useState<Options>();
  const [error, setError] = useState('');
  const [mine, setMine] = useState(false);
  const [busy, setBusy] = useState('');
  const [act, setAct] = useState<(typeof ACTS)[number] | null>(null);
  const [gasOpen, setGasOpen] = useState(false);
  const [guardianOpen, setGuardianOpen] = useState(false);
  const [comment, setComment] = useState('');
  // FlowHistory loads once per instance id: a new key after each reload shows new signatures
  const [version, setVersion] = useState(0);
  const [changes, setChanges] = useState<GuardianChange[]>();

  const load = () =>
    getPermit(id)
      .then((v) => {
        // a permit opened under another type's route goes to its own
        if (type && v.permit.workType !== type.code) {
          history.replace(viewPath(v.permit.workType, id));
          return;
        }
        setView(v);
        setVersion((n) => n + 1);
        setError('');
        const p = v.permit;
        if (p.flowStatus === 0 && p.processInstanceId && (p.actions || []).includes('approve')) {
          // `approve` says the state allows signing; flow's to-do list says whether it waits for me
          isMyTask(p.processInstanceId)
            .then(setMine)
            .catch(() => setMine(true));
        } else setMine(false);
      })
      .catch((e) => setError(e?.message || 'error'));

  useEffect(() => {
    getOptions()
      .then(setOpts)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (id) load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is a new function each render; it reloads per permit (id, workType)
  }, [id, workType]);
  // the guardian changes of this permit (guardian_change/find), newest first; until they come the detail's
  useEffect(() => {
    if (!id || !version) return;
    findGuardianChanges(id)
      .then((pg) => setChanges(pg?.records || []))
      .catch(() => setChanges(undefined));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the guardian changes reload when the loaded version changes (id comes with it)
  }, [version]);
  // print CSS hides the shell only while a permit view is open
  useEffect(() => {
    document.body.classList.add('wt-printing');
    return () => document.body.classList.remove('wt-printing');
  }, []);

  if (!type) return <Result status="404" title="404" subTitle={tt('没有这种作业类型')} />;
  if (!id) return <Result status="warning" subTitle={tt('缺少作业票编号')} />;
  if (error && !view) return <Result status="error" subTitle={error} extra={<Button onClick={load}>{tt('重试')}</Button>} />;
  if (!view) return <Spin style={{ display: 'block', margin: 48 }} />;

  const p = view.permit;
  const actions = p.actions || [];
  const sub = subOf(p, type.code);
  const run = async (key: string, fn: () => Promise<any>, ok = '操作成功') => {
    setBusy(key);
    try {
      await fn();
      message.success(tt(ok));
      await load();
      return true;
    } catch {
      // request.ts showed the server's refusal as it came
      return false;
    } finally {
      setBusy('');
    }
  };

  const sign = (pass: boolean) => {
    if (!pass && !comment.trim()) {
      message.warning(tt('驳回时请填写审批意见'));
      return;
    }
    run(pass ? 'pass' : 'reject', () => approvePermit(p.id!, pass, comment.trim()), pass ? '已通过' : '已驳回').then(
      (done) => done && setComment(''),
    );
  };

  const openMeasures = (p.ticketStatus === 0 || p.ticketStatus === 1) && p.jobStatus === 1;
  const unconfirmed = (p.safetyMeasures || []).filter((m) => !m.confirmUserId || m.confirmUserId === '0');

  return (
    <div className="wt-page" data-testid="permit-view">
      <div className="wt-screen">
        <Card
          title={
            <Space wrap>
              <span>{`${tt(type.name)}${tt('安全作业票')}`}</span>
              <Tag data-testid="ticket-no">{p.ticketNo}</Tag>
              {p.levelName ? <Tag color="orange">{tt(p.levelName)}</Tag> : null}
              <StatusTags p={p} />
            </Space>
          }
          extra={
            <Space wrap>
              {actions.includes('edit') ? (
                <Button onClick={() => history.push(submitPath(type.code, p.id))} data-testid="edit">
                  {tt('编辑')}
                </Button>
              ) : null}
              {actions.includes('apply') ? (
                <Button
                  type="primary"
                  loading={busy === 'apply'}
                  onClick={() => run('apply', () => applyPermit(p.id!), '已提交审批')}
                  data-testid="apply"
                >
                  {tt('提交审批')}
                </Button>
              ) : null}
              {ACTS.filter((a) => actions.includes(a.key)).map((a) => (
                <Button
                  key={a.key}
                  type={a.primary ? 'primary' : 'default'}
                  danger={a.danger}
                  loading={busy === a.key}
                  onClick={() => setAct(a)}
                  data-testid={`act-${a.key}`}
                >
                  {tt(a.text)}
                </Button>
              ))}
              <Button onClick={() => history.push(`/businessProcess/jobBriefing/detail?ticketId=${p.id}`)}>{tt('安全交底')}</Button>
              <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print">
                {tt('打印')}
              </Button>
            </Space>
          }
        >
          {p.closeReason ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`${tt('关闭原因')}: ${p.closeReason}`} />
          ) : null}
          {sub.escalated ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`${tt('升级管理')}: ${sub.escalationReason}`} />
          ) : null}
          <Descriptions bordered size="small" column={3} data-testid="permit-details">
            <Descriptions.Item label={tt('作业票编号')}>{p.ticketNo}</Descriptions.Item>
            <Descriptions.Item label={tt('作业类型')}>{tt(type.name)}</Descriptions.Item>
            <Descriptions.Item label={tt('作业级别')}>{p.levelName ? tt(p.levelName) : '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('作业单位')}>{p.workUnit}</Descriptions.Item>
            <Descriptions.Item label={tt('作业区域')}>{p.areaName}</Descriptions.Item>
            <Descriptions.Item label={tt('作业地点')}>{p.location || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('作业内容')} span={3}>
              {p.content}
            </Descriptions.Item>
            <Descriptions.Item label={tt('申请人')}>{p.applicantName}</Descriptions.Item>
            <Descriptions.Item label={tt('申请时间')}>{p.applyTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('监护人')}>{p.guardianName}</Descriptions.Item>
            <Descriptions.Item label={tt('作业人员')} span={3}>
              {p.operatorNames}
            </Descriptions.Item>
            <Descriptions.Item label={tt('计划开始时间')}>{p.planStartTime}</Descriptions.Item>
            <Descriptions.Item label={tt('计划结束时间')}>{p.planEndTime}</Descriptions.Item>
            <Descriptions.Item label={tt('作业阶段')}>
              {tt(WORK_PHASE.find((w) => w.value === p.workPhase)?.label || '-')}
            </Descriptions.Item>
            <Descriptions.Item label={tt('实际开始时间')}>{p.actualStartTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('实际结束时间')}>{p.actualEndTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('签发时间')}>{p.issueTime || '-'}</Descriptions.Item>
            {type.fields.map((f, i) => (
              <Descriptions.Item key={f.name} label={tt(f.label)} span={descSpan(type.fields, i)}>
                {f.kind === 'upload' ? (
                  <FileLinks value={sub[f.name]} />
                ) : f.kind === 'person' ? (
                  sub.electricianName || '-'
                ) : (
                  fieldText(f, sub[f.name], opts, tt) || '-'
                )}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={tt('危害辨识')} span={3}>
              {hazardText(p.hazardCodes, opts, tt) || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={tt('关联作业票')}>{p.relatedTicketNos || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('验收')}>{p.acceptTime ? `${p.acceptUserName} ${p.acceptTime}` : '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('备注')}>{p.remark || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('附件')} span={3}>
              <FileLinks value={p.attachments} />
            </Descriptions.Item>
          </Descriptions>
        </Card>

        {mine ? (
          <Card title={tt('审批')} className="wt-card" data-testid="approve-card">
            <Typography.Paragraph>
              {tt('当前环节')}: <Tag color="processing">{p.flowTaskName}</Tag>
            </Typography.Paragraph>
            <Input.TextArea
              rows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder={tt('请输入审批意见')}
              maxLength={500}
              data-testid="approve-comment"
            />
            <Space style={{ marginTop: 12 }}>
              <Button type="primary" loading={busy === 'pass'} onClick={() => sign(true)} data-testid="approve-pass">
                {tt('通过')}
              </Button>
              <Button danger loading={busy === 'reject'} onClick={() => sign(false)} data-testid="approve-reject">
                {tt('驳回')}
              </Button>
            </Space>
          </Card>
        ) : null}

        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card
              title={tt('安全措施')}
              className="wt-card"
              extra={
                openMeasures && unconfirmed.length ? (
                  <Button
                    size="small"
                    loading={busy === 'measures'}
                    onClick={() =>
                      run(
                        'measures',
                        () =>
                          confirmMeasures(
                            p.id!,
                            unconfirmed.map((m) => ({ seq: m.seq, involved: m.involved })),
                          ),
                        '已确认',
                      )
                    }
                    data-testid="confirm-all"
                  >
                    {tt('全部确认')}
                  </Button>
                ) : null
              }
            >
              <Table
                size="small"
                rowKey="seq"
                pagination={false}
                dataSource={p.safetyMeasures || []}
                columns={[
                  { title: tt('序号'), dataIndex: 'seq', width: 60 },
                  { title: tt('安全措施'), dataIndex: 'content' },
                  {
                    title: tt('涉及'),
                    dataIndex: 'involved',
                    width: 70,
                    render: (v: boolean) => (v ? <Tag color="blue">{tt('涉及')}</Tag> : <Tag>{tt('不涉及')}</Tag>),
                  },
                  {
                    title: tt('确认人'),
                    dataIndex: 'confirmUserName',
                    width: 200,
                    render: (v: string, m: any) =>
                      v ? (
                        <span>
                          {v} <Typography.Text type="secondary">{(m.confirmTime || '').slice(5, 16)}</Typography.Text>
                        </span>
                      ) : openMeasures ? (
                        <Space size={8}>
                          <a onClick={() => run('measures', () => confirmMeasures(p.id!, [{ seq: m.seq, involved: true }]), '已确认')}>
                            {tt('确认')}
                          </a>
                          <a onClick={() => run('measures', () => confirmMeasures(p.id!, [{ seq: m.seq, involved: false }]), '已确认')}>
                            {tt('不涉及')}
                          </a>
                        </Space>
                      ) : (
                        '-'
                      ),
                  },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title={tt('审批记录')} className="wt-card" data-testid="flow-history">
              <FlowHistory key={version} processInstanceId={p.processInstanceId || undefined} />
            </Card>
          </Col>
        </Row>

        {type.gas ? (
          <Card
            title={tt('气体分析')}
            className="wt-card"
            extra={
              actions.includes('gas') ? (
                <Button size="small" icon={<PlusOutlined />} onClick={() => setGasOpen(true)} data-testid="gas-add">
                  {tt('录入气体分析')}
                </Button>
              ) : null
            }
          >
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={view.gasSamples || []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tt('暂无气体分析')} /> }}
              columns={[
                { title: tt('分析时间'), dataIndex: 'sampleTime', width: 170 },
                {
                  title: tt('类别'),
                  dataIndex: 'sampleKind',
                  width: 110,
                  render: (v: number) => tt(SAMPLE_KINDS.find((k) => k.value === v)?.label || String(v)),
                },
                { title: tt('分析部位'), dataIndex: 'samplePoint' },
                {
                  title: tt('分析结果'),
                  dataIndex: 'readings',
                  render: (rs: GasSample['readings']) => (
                    <Space direction="vertical" size={0}>
                      {(rs || []).map((r, i) => (
                        <span key={i} style={{ color: r.qualified === false ? '#cf1322' : undefined }}>
                          {`${r.gasName} ${r.value}${r.unit || ''}`}
                          {r.reason ? ` (${r.reason})` : ''}
                        </span>
                      ))}
                    </Space>
                  ),
                },
                {
                  title: tt('结论'),
                  dataIndex: 'qualified',
                  width: 90,
                  render: (v: boolean) => (v ? <Tag color="green">{tt('合格')}</Tag> : <Tag color="red">{tt('不合格')}</Tag>),
                },
                { title: tt('分析人'), dataIndex: 'analystName', width: 100 },
              ]}
            />
          </Card>
        ) : null}

        <Card
          title={tt('监护人变更')}
          className="wt-card"
          extra={
            p.ticketStatus === 0 || p.ticketStatus === 1 ? (
              <Button size="small" onClick={() => setGuardianOpen(true)} data-testid="guardian-change">
                {tt('变更监护人')}
              </Button>
            ) : null
          }
        >
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={changes || view.guardianChanges || []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tt('暂无变更')} /> }}
            columns={[
              { title: tt('变更时间'), dataIndex: 'changeTime', width: 170 },
              { title: tt('原监护人'), dataIndex: 'oldGuardianName', width: 110 },
              { title: tt('新监护人'), dataIndex: 'newGuardianName', width: 110 },
              { title: tt('变更原因'), dataIndex: 'reason' },
              { title: tt('交接内容'), dataIndex: 'handoverContent' },
              {
                title: tt('操作'),
                width: 80,
                render: (_: any, g: any, i: number) =>
                  i === 0 && (p.ticketStatus === 0 || p.ticketStatus === 1) ? (
                    <a
                      style={{ color: '#ff4d4f' }}
                      onClick={() =>
                        modal.confirm({
                          title: tt('删除这次变更并恢复原监护人?'),
                          onOk: () => run('guardian-del', () => deleteGuardianChange(g.id)),
                        })
                      }
                    >
                      <DeleteOutlined /> {tt('删除')}
                    </a>
                  ) : null,
              },
            ]}
          />
        </Card>
      </div>

      <PrintSheet view={view} type={type} opts={opts} />

      <ActionDialog
        act={act}
        onClose={() => setAct(null)}
        onOk={(c) => run(act!.key, () => lifecycle(act!.key, p.id!, c)).then((done) => done && setAct(null))}
        busy={!!act && busy === act.key}
      />
      {gasOpen ? (
        <GasDialog
          workType={type.code}
          onClose={() => setGasOpen(false)}
          onOk={(s) => run('gas', () => submitGas({ ...s, ticketId: p.id! }), '已录入').then((done) => done && setGasOpen(false))}
          busy={busy === 'gas'}
        />
      ) : null}
      {guardianOpen ? (
        <GuardianDialog
          type={type}
          onClose={() => setGuardianOpen(false)}
          onOk={(g) =>
            run('guardian', () => addGuardianChange({ ...g, ticketId: p.id! }), '已变更').then((done) => done && setGuardianOpen(false))
          }
          busy={busy === 'guardian'}
          exclude={[...(p.operatorIds || '').split(','), String(p.guardianId)]}
        />
      ) : null}
    </div>
  );
}

function ActionDialog({
  act,
  onClose,
  onOk,
  busy,
}: {
  act: (typeof ACTS)[number] | null;
  onClose: () => void;
  onOk: (comment: string) => void;
  busy: boolean;
}) {
  const tt = useText();
  const [c, setC] = useState('');
  useEffect(() => setC(''), [act?.key]);
  return (
    <Modal
      open={!!act}
      title={act ? tt(act.text) : ''}
      onCancel={onClose}
      okText={tt('确定')}
      cancelText={tt('取消')}
      okButtonProps={{ danger: act?.danger, loading: busy, disabled: !!act?.reason && !c.trim(), 'data-testid': 'act-ok' } as any}
      onOk={() => onOk(c.trim())}
      destroyOnHidden
    >
      <Input.TextArea
        rows={3}
        value={c}
        onChange={(e) => setC(e.target.value)}
        maxLength={500}
        placeholder={act?.reason ? tt('请填写原因(必填)') : tt('备注(可选)')}
      />
    </Modal>
  );
}

function GasDialog({
  workType,
  onClose,
  onOk,
  busy,
}: {
  workType: string;
  onClose: () => void;
  onOk: (s: Omit<Draft<GasSample>, 'ticketId'>) => void;
  busy: boolean;
}) {
  const tt = useText();
  const [form] = Form.useForm();
  const submit = async () => {
    const v = await validateOrExplain(form);
    onOk({
      sampleTime: v.sampleTime ? dayjs(v.sampleTime).format(FORMAT) : undefined,
      samplePoint: v.samplePoint,
      sampleKind: v.sampleKind,
      readings: (v.readings || []).map((r: any) => ({ ...r, value: Number(r.value) })),
    });
  };
  return (
    <Modal
      open
      title={tt('录入气体分析')}
      width={820}
      onCancel={onClose}
      onOk={submit}
      okText={tt('确定')}
      cancelText={tt('取消')}
      okButtonProps={{ loading: busy, 'data-testid': 'gas-ok' } as any}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ sampleKind: 1, readings: defaultReadings(workType) }}>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="sampleTime" label={tt('分析时间')} tooltip={tt('不填则为服务器当前时间')}>
              <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} placeholder={tt('当前时间')} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="samplePoint" label={tt('分析部位')} rules={[{ required: true, message: tt('请填写分析部位') }]}>
              <Input maxLength={100} data-testid="gas-point" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sampleKind" label={tt('类别')}>
              <Select options={SAMPLE_KINDS.map((k) => ({ value: k.value, label: tt(k.label) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="readings">
          {(items, { add, remove }) => (
            <>
              {items.map((it) => (
                <Row gutter={8} key={it.key} align="top">
                  <Col span={5}>
                    <Form.Item
                      name={[it.name, 'gasName']}
                      label={tt('气体名称')}
                      rules={[{ required: true, message: tt('请填写气体名称') }]}
                    >
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[it.name, 'gasType']} label={tt('气体类型')}>
                      <Select options={GAS_TYPES.map((g) => ({ value: g.value, label: tt(g.label) }))} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[it.name, 'value']} label={tt('检测值')} rules={[{ required: true, message: tt('请填写检测值') }]}>
                      <InputNumber style={{ width: '100%' }} min={0} data-testid="gas-value" />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[it.name, 'unit']} label={tt('单位')}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[it.name, 'lel']} label={tt('爆炸下限%')} tooltip={tt('可燃气体的爆炸下限(体积分数),决定合格标准')}>
                      <InputNumber style={{ width: '100%' }} min={0} />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[it.name, 'limit']} label={tt('限值')} tooltip={tt('有毒气体的容许浓度')}>
                      <InputNumber style={{ width: '100%' }} min={0} />
                    </Form.Item>
                  </Col>
                  <Col span={2}>
                    <Button type="text" danger icon={<DeleteOutlined />} style={{ marginTop: 30 }} onClick={() => remove(it.name)} />
                  </Col>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ gasType: 1, unit: '%VOL' })}>
                {tt('添加检测项')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

function GuardianDialog({
  type,
  onClose,
  onOk,
  busy,
  exclude,
}: {
  type: PermitType;
  onClose: () => void;
  onOk: (g: any) => void;
  busy: boolean;
  exclude: string[];
}) {
  const tt = useText();
  const [form] = Form.useForm();
  const submit = async () => {
    const v = await validateOrExplain(form);
    onOk({ newGuardianId: v.newGuardianId, reason: v.reason, handoverContent: v.handoverContent || '' });
  };
  return (
    <Modal
      open
      title={tt('变更监护人')}
      onCancel={onClose}
      onOk={submit}
      okText={tt('确定')}
      cancelText={tt('取消')}
      okButtonProps={{ loading: busy } as any}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="newGuardianId"
          label={tt('新监护人')}
          rules={[
            { required: true, message: tt('请选择新监护人') },
            {
              validator: (_, v) =>
                v && exclude.includes(String(v))
                  ? Promise.reject(new Error(tt('新监护人不能是原监护人或本作业票的作业人员')))
                  : Promise.resolve(),
            },
          ]}
        >
          <PersonSelect source="guardians" workType={type.code} />
        </Form.Item>
        <Form.Item name="reason" label={tt('变更原因')} rules={[{ required: true, message: tt('请填写变更原因') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="handoverContent" label={tt('交接内容')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
