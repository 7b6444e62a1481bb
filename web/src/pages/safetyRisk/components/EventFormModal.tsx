import React, { useEffect, useState } from 'react';
import { Alert, Form, Space } from 'antd';
import { ModalForm, ProFormDependency, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import { gradeEvent, gradeLEC, gradeLS, LEC_C, LEC_E, LEC_L, LS_L, LS_S, riskEventApi, type Grade } from '@/services/prevention';
import { CONTROL_LEVEL } from '../options';
import { unitOptions } from './lookups';
import RiskTag from './RiskTag';
import { explainInvalid } from '@/utils/formCheck';

/** the grade of the form values: LEC D = L·E·C, LS R = L·S */
export function gradeOf(v: Record<string, any>): Grade | undefined {
  return v.method === 'LS' ? gradeLS(v.l, v.s) : gradeLEC(v.l, v.e, v.c);
}

/**
 * Adds or edits a risk event with its LEC or LS assessment; the level and colour follow the
 * chosen factors live (the server grades the same way on save and is the authority).
 */
export default function EventFormModal({ record, unitId, onClose }: { record?: any; unitId?: string; onClose: (saved?: boolean) => void }) {
  const tt = useText();
  const [server, setServer] = useState<{ key: string; score: number; level: number } | null>(null);
  const [error, setError] = useState('');
  const factor = (list: { label: string; value: number }[]) => list.map((o) => ({ value: o.value, label: `${o.value} ${tt(o.label)}` }));
  const initial = { method: 'LEC', controlLevel: 3, ...(record || {}), ...(unitId ? { unitId } : {}) };
  if (record) {
    // a stored 0 means "not used by this method"
    ['l', 'e', 'c', 's'].forEach((k) => {
      if (!Number(initial[k])) delete initial[k];
    });
    if (initial.unitId !== undefined) initial.unitId = String(initial.unitId);
  }
  return (
    <ModalForm
      title={tt(record ? '编辑风险事件' : '新增风险事件')}
      open
      width={720}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      labelWrap
      initialValues={initial}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: () => onClose() }}
      submitter={{ searchConfig: { submitText: tt('保存'), resetText: tt('取消') } }}
      onFinishFailed={({ errorFields }) => explainInvalid(errorFields)}
      onFinish={async (v) => {
        // the unit is not a field of the dialog when it is opened from a unit's detail page
        const row: any = { ...(record ? { id: record.id } : {}), ...v, unitId: v.unitId ?? unitId ?? record?.unitId };
        // only the chosen method's factors are stored
        if (row.method === 'LS') row.e = row.c = 0;
        else row.s = 0;
        setError('');
        try {
          await riskEventApi.submit!(row);
        } catch (e: any) {
          setError(e?.message || String(e));
          return false;
        }
        message.success(tt('操作成功!'));
        onClose(true);
        return true;
      }}
    >
      {error ? <Alert type="error" showIcon message={error} data-testid="server-refusal" style={{ marginBottom: 12 }} /> : null}
      {unitId ? null : (
        <ProFormSelect
          name="unitId"
          label={tt('分析单元')}
          rules={[{ required: true, message: tt('请选择分析单元') }]}
          request={() => unitOptions()}
          fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
        />
      )}
      <ProFormText name="name" label={tt('事件名称')} rules={[{ required: true, message: tt('请输入事件名称') }]} />
      <ProFormTextArea name="description" label={tt('事件描述')} fieldProps={{ autoSize: { minRows: 2, maxRows: 5 } }} />
      <ProFormRadio.Group
        name="method"
        label={tt('评价方法')}
        radioType="button"
        options={[
          { label: tt('LEC 作业条件危险性分析'), value: 'LEC' },
          { label: tt('LS 风险矩阵'), value: 'LS' },
        ]}
      />
      <ProFormDependency name={['method']}>
        {({ method }) =>
          method === 'LS' ? (
            <>
              <ProFormSelect
                name="l"
                label={tt('可能性 L')}
                options={LS_L}
                rules={[{ required: true, message: tt('请选择可能性') }]}
                tooltip={tt('1 极不可能 … 5 很可能')}
              />
              <ProFormSelect
                name="s"
                label={tt('严重性 S')}
                options={LS_S}
                rules={[{ required: true, message: tt('请选择严重性') }]}
                tooltip={tt('1 轻微 … 5 灾难性')}
              />
            </>
          ) : (
            <>
              <ProFormSelect
                name="l"
                label={tt('可能性 L')}
                options={factor(LEC_L)}
                rules={[{ required: true, message: tt('请选择可能性') }]}
              />
              <ProFormSelect
                name="e"
                label={tt('暴露频率 E')}
                options={factor(LEC_E)}
                rules={[{ required: true, message: tt('请选择暴露频率') }]}
              />
              <ProFormSelect
                name="c"
                label={tt('后果 C')}
                options={factor(LEC_C)}
                rules={[{ required: true, message: tt('请选择后果') }]}
              />
            </>
          )
        }
      </ProFormDependency>
      <ProFormDependency name={['method', 'l', 'e', 'c', 's']}>
        {(v) => <GradeLine values={v} server={server} setServer={setServer} />}
      </ProFormDependency>
      <ProFormSelect name="controlLevel" label={tt('管控层级')} options={CONTROL_LEVEL.map((o) => ({ ...o, label: tt(o.label) }))} />
      <ProFormTextArea name="remark" label={tt('备注')} fieldProps={{ autoSize: { minRows: 1, maxRows: 4 } }} />
    </ModalForm>
  );
}

/** The live grade; asks the server's grading as well and says so if it differs. */
function GradeLine({ values, server, setServer }: { values: Record<string, any>; server: any; setServer: (s: any) => void }) {
  const tt = useText();
  const g = gradeOf(values);
  const key = JSON.stringify([values.method, values.l, values.e, values.c, values.s]);
  useEffect(() => {
    if (!g) return;
    const t = setTimeout(() => {
      gradeEvent({ method: values.method || 'LEC', l: values.l, e: values.e, c: values.c, s: values.s })
        .then((r) => r && setServer({ key, score: Number(r.score), level: Number(r.riskLevel) }))
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is the serialized grading inputs: the server grade is asked when they change
  }, [key]);
  const differs = g && server && server.key === key && (server.level !== g.level.level || Math.abs(server.score - g.score) > 0.01);
  return (
    <Form.Item label={tt('风险等级')} data-testid="grade-line">
      {g ? (
        <Space direction="vertical" size={4}>
          <Space>
            <span>
              {tt(values.method === 'LS' ? '风险值 R = L × S' : '风险值 D = L × E × C')} = <b data-testid="grade-score">{g.score}</b>
            </span>
            <RiskTag level={g.level.level} />
          </Space>
          {differs ? <Alert type="warning" showIcon message={`${tt('服务端评定')}: ${server.score} / ${server.level}`} /> : null}
        </Space>
      ) : (
        <span style={{ color: '#999' }}>{tt('选择各项取值后自动计算风险等级')}</span>
      )}
    </Form.Item>
  );
}
