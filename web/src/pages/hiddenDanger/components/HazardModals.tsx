import React, { useEffect, useState } from 'react';
import { Alert, Col, Descriptions, Drawer, Form, Row, Space, Spin, Typography } from 'antd';
import {
  ModalForm,
  ProFormDatePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import AttachmentUpload from '@/components/AttachmentUpload';
import FlowHistory from '@/components/FlowHistory';
import { deadlineFrom, getHazard, hazardAction, hazardApi, type HazardStep } from '@/services/prevention';
import { userOptions } from '@/services/user';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import EnumTag from '@/pages/safetyRisk/components/EnumTag';
import Photos from '@/pages/safetyRisk/components/Photos';
import useOptions from '@/pages/safetyRisk/components/useOptions';
import { idsToText } from '@/pages/safetyRisk/identification/fields';
import { DANGER_LEVEL, DANGER_SRC, DANGER_STATE, DANGER_STATE_COLOR, DANGER_TYPE, MANAGE_TYPE, labelOf } from '@/pages/safetyRisk/options';
import HazardFormFields, { nameOf, toDeadline, type Opt } from './HazardFormFields';
import { explainInvalid } from '@/utils/formCheck';

/** The services that raise hidden dangers through events (anquan.<svc>.hazard.raised), by name. */
const SOURCE_NAMES: Record<string, string> = {
  inspection: '智能巡检',
  equipment: '设备管理',
  monitor: '实时监测',
  video: '视频监控',
  emergency: '应急管理',
  accident: '事故管理',
  change: '变更管理',
  health: '职业健康',
  contractor: '承包商管理',
};

/** the tenant's users once per dialog */
export const useUsers = (): Opt[] => useOptions(userOptions);

/** A refusal of the server shown in the dialog as the server wrote it (the client also toasts it). */
function useRefusal() {
  const [err, setErr] = useState('');
  const run = async (fn: () => Promise<any>) => {
    setErr('');
    try {
      await fn();
      return true;
    } catch (e: any) {
      setErr(e?.message || String(e));
      return false;
    }
  };
  const view = err ? <Alert type="error" showIcon message={err} data-testid="server-refusal" style={{ marginBottom: 12 }} /> : null;
  return { run, view };
}

/** 上报隐患 (new) or 编辑 while 待评估. */
export function ReportModal({ record, onClose }: { record?: any; onClose: (saved?: boolean) => void }) {
  const tt = useText();
  const users = useUsers();
  const { run, view } = useRefusal();
  const initial = record ? { ...idsToText(record), deadline: record.deadline ? String(record.deadline).slice(0, 10) : undefined } : {};
  return (
    <ModalForm
      title={tt(record ? '编辑隐患' : '上报隐患')}
      open
      width={860}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      labelWrap
      initialValues={initial}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: () => onClose() }}
      submitter={{ searchConfig: { submitText: tt(record ? '保存' : '上报'), resetText: tt('取消') } }}
      onFinishFailed={({ errorFields }) => explainInvalid(errorFields)}
      onFinish={async (v: any) => {
        const row = {
          // an edit keeps what the dialog does not show
          ...(record ? idsToText(record) : {}),
          ...v,
          deadline: toDeadline(v.deadline),
          liableUserName: nameOf(users, v.liableUserId),
        };
        const ok = await run(() => hazardApi.submit!(row));
        if (ok) {
          message.success(tt('操作成功!'));
          onClose(true);
        }
        return ok;
      }}
    >
      {view}
      <HazardFormFields users={users} reportTime={record?.reportTime} />
    </ModalForm>
  );
}

const STEP_TITLE: Record<HazardStep, string> = { assess: '隐患评估', rectify: '隐患整改', accept: '隐患验收' };

/** 评估 / 整改 / 验收 of one hazard. The server checks the state and the 重大 treatment plan. */
export function StepModal({ step, record, onClose }: { step: HazardStep; record: any; onClose: (saved?: boolean) => void }) {
  const tt = useText();
  const users = useUsers();
  const { run, view } = useRefusal();
  const opts = (list: { value: any; label: string }[]) => list.map((o) => ({ value: o.value, label: tt(o.label) }));
  const major = Number(record.dangerLevel) === 1;
  const initial: Record<string, any> = { pass: true };
  if (step === 'assess') {
    Object.assign(initial, {
      dangerLevel: record.dangerLevel ?? 0,
      dangerManageType: record.dangerManageType ?? 1,
      deadline: record.deadline ? String(record.deadline).slice(0, 10) : undefined,
      liableUserId: record.liableUserId && String(record.liableUserId) !== '0' ? String(record.liableUserId) : undefined,
      treatmentPlan: record.treatmentPlan,
    });
  }
  if (step === 'rectify')
    Object.assign(initial, {
      treatmentPlan: record.treatmentPlan,
      rectifyMeasures: record.rectifyMeasures,
      rectifyPhotos: record.rectifyPhotos,
    });
  return (
    <ModalForm
      title={`${tt(STEP_TITLE[step])} - ${record.dangerName}`}
      open
      width={760}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      labelWrap
      initialValues={initial}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: () => onClose() }}
      submitter={{ searchConfig: { submitText: tt('提交'), resetText: tt('取消') } }}
      onFinishFailed={({ errorFields }) => explainInvalid(errorFields)}
      onFinish={async (v: any) => {
        const body: Record<string, any> = { id: record.id, ...v };
        if (step === 'rectify') body.pass = true;
        if (v.deadline) body.deadline = toDeadline(v.deadline);
        if (v.liableUserId) body.liableUserName = nameOf(users, v.liableUserId);
        const ok = await run(() => hazardAction(step, body));
        if (ok) {
          message.success(tt('操作成功!'));
          onClose(true);
        }
        return ok;
      }}
    >
      {view}
      {step === 'assess' && (
        <>
          <ProFormRadio.Group
            name="pass"
            label={tt('评估结论')}
            options={[
              { label: tt('确认隐患,进入整改'), value: true },
              { label: tt('不构成隐患,作废'), value: false },
            ]}
          />
          <ProFormDependency name={['pass']}>
            {({ pass }) =>
              pass ? (
                <Row gutter={16}>
                  <Col span={12}>
                    <ProFormRadio.Group name="dangerLevel" label={tt('隐患等级')} options={opts(DANGER_LEVEL)} />
                  </Col>
                  <Col span={12}>
                    <ProFormRadio.Group name="dangerManageType" label={tt('治理类型')} options={opts(MANAGE_TYPE)} />
                  </Col>
                  <Col span={12}>
                    <ProFormDatePicker
                      name="deadline"
                      label={tt('整改期限')}
                      fieldProps={{
                        style: { width: '100%' },
                        format: 'YYYY-MM-DD',
                        disabledDate: (d: any) => d && d.format('YYYY-MM-DD') < deadlineFrom(record.reportTime),
                      }}
                    />
                  </Col>
                  <Col span={12}>
                    <ProFormSelect
                      name="liableUserId"
                      label={tt('整改责任人')}
                      options={users}
                      fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
                    />
                  </Col>
                  <Col span={24}>
                    <ProFormTextArea name="treatmentPlan" label={tt('治理方案')} fieldProps={{ autoSize: { minRows: 2, maxRows: 6 } }} />
                  </Col>
                </Row>
              ) : null
            }
          </ProFormDependency>
          <ProFormTextArea name="comment" label={tt('评估意见')} fieldProps={{ autoSize: { minRows: 2, maxRows: 5 } }} />
        </>
      )}
      {step === 'rectify' && (
        <>
          <ProFormTextArea
            name="rectifyMeasures"
            label={tt('整改措施')}
            rules={[{ required: true, message: tt('请输入整改措施') }]}
            fieldProps={{ autoSize: { minRows: 3, maxRows: 8 } }}
          />
          <Form.Item name="rectifyPhotos" label={tt('整改照片')}>
            <AttachmentUpload accept="image" max={9} />
          </Form.Item>
          <ProFormDigit name="rectifyCost" label={tt('整改资金(元)')} min={0} fieldProps={{ precision: 2, style: { width: 200 } }} />
          <ProFormTextArea
            name="treatmentPlan"
            label={tt('治理方案')}
            tooltip={major ? tt('重大隐患须有治理方案,验收前必须填写') : undefined}
            fieldProps={{ autoSize: { minRows: 2, maxRows: 6 } }}
          />
          <ProFormTextArea name="comment" label={tt('备注')} fieldProps={{ autoSize: { minRows: 1, maxRows: 4 } }} />
        </>
      )}
      {step === 'accept' && (
        <>
          {major && !record.treatmentPlan ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={tt('重大隐患尚无治理方案,服务端将拒绝验收通过;请驳回重新整改并在整改时填写治理方案')}
            />
          ) : null}
          <ProFormRadio.Group
            name="pass"
            label={tt('验收结论')}
            options={[
              { label: tt('验收通过'), value: true },
              { label: tt('驳回重新整改'), value: false },
            ]}
          />
          <ProFormDependency name={['pass']}>
            {({ pass }) => (
              <ProFormTextArea
                name="comment"
                label={tt(pass ? '验收意见' : '驳回原因')}
                rules={pass ? [] : [{ required: true, message: tt('请填写驳回原因') }]}
                fieldProps={{ autoSize: { minRows: 2, maxRows: 5 } }}
              />
            )}
          </ProFormDependency>
        </>
      )}
    </ModalForm>
  );
}

/** The whole hazard with its photos and the history of every step. */
export function HazardDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const tt = useText();
  const [h, setH] = useState<any>(null);
  useEffect(() => {
    getHazard(id)
      .then(setH)
      .catch(() => onClose());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads per hazard id; onClose is the parent's inline callback
  }, [id]);
  const lab = (list: { value: any; label: string }[], v: any) => (labelOf(list, v) ? tt(labelOf(list, v)) : '-');
  return (
    <Drawer title={tt('隐患详情')} open width={720} onClose={onClose} destroyOnHidden>
      {!h ? (
        <Spin />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="hazard-detail">
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={tt('隐患名称')} span={2}>
              {h.dangerName}
            </Descriptions.Item>
            <Descriptions.Item label={tt('状态')}>
              <EnumTag value={h.dangerState} options={DANGER_STATE} colors={DANGER_STATE_COLOR} />
              {Number(h.overdue) === 1 ? <EnumTag value={1} options={[{ value: 1, label: '已逾期' }]} colors={{ '1': 'red' }} /> : null}
            </Descriptions.Item>
            <Descriptions.Item label={tt('隐患等级')}>{lab(DANGER_LEVEL, h.dangerLevel)}</Descriptions.Item>
            <Descriptions.Item label={tt('隐患来源')}>{lab(DANGER_SRC, h.dangerSrc)}</Descriptions.Item>
            <Descriptions.Item label={tt('治理类型')}>{lab(MANAGE_TYPE, h.dangerManageType)}</Descriptions.Item>
            <Descriptions.Item label={tt('隐患类别')}>{lab(DANGER_TYPE, h.hazardDangerType)}</Descriptions.Item>
            <Descriptions.Item label={tt('分析单元')}>{h.unitName || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('隐患位置')}>{h.dangerLocation || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('整改期限')}>{h.deadline || '-'}</Descriptions.Item>
            {h.sourceSvc ? (
              <Descriptions.Item label={tt('来源记录')} span={2}>
                {h.sourceLink ? (
                  <Link to={h.sourceLink}>{tt(SOURCE_NAMES[h.sourceSvc] || h.sourceSvc)}</Link>
                ) : (
                  tt(SOURCE_NAMES[h.sourceSvc] || h.sourceSvc)
                )}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={tt('上报人')}>{h.reportUserName || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('上报时间')}>{h.reportTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('整改责任人')}>{h.liableUserName || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('责任部门')}>{h.liableDeptName || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('隐患描述')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{h.dangerDesc || '-'}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={tt('隐患照片')} span={2}>
              <Photos value={h.photos} />
            </Descriptions.Item>
            <Descriptions.Item label={tt('治理方案')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{h.treatmentPlan || '-'}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={tt('评估')} span={2}>
              {h.assessUserName ? `${h.assessUserName} ${h.assessTime || ''} ${h.assessComment || ''}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={tt('整改措施')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{h.rectifyMeasures || '-'}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={tt('整改人')}>{h.rectifyUserName || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('整改时间')}>{h.rectifyTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('整改资金(元)')}>{Number(h.rectifyCost) ? h.rectifyCost : '-'}</Descriptions.Item>
            <Descriptions.Item label={tt('整改照片')}>
              <Photos value={h.rectifyPhotos} />
            </Descriptions.Item>
            <Descriptions.Item label={tt('验收')} span={2}>
              {h.acceptUserName ? `${h.acceptUserName} ${h.acceptTime || ''} ${h.acceptComment || ''}` : '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {tt('处理记录')}
          </Typography.Title>
          <FlowHistory processInstanceId={h.processInstanceId || undefined} />
        </Space>
      )}
    </Drawer>
  );
}
