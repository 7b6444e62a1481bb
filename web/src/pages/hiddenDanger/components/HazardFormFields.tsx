import React from 'react';
import dayjs from 'dayjs';
import { Col, Form, Row } from 'antd';
import {
  ProFormDatePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import AttachmentUpload from '@/components/AttachmentUpload';
import { deadlineError, deadlineFrom } from '@/services/prevention';
import { useText } from '@/utils/i18nText';
import { deptTree, unitOptions } from '@/pages/safetyRisk/components/lookups';
import { DANGER_LEVEL, DANGER_SRC, DANGER_TYPE, MANAGE_TYPE } from '@/pages/safetyRisk/options';

export type Opt = { label: string; value: string };

/** the deadline as the server stores it: the end of the chosen day */
export const toDeadline = (d?: string) => (d ? `${String(d).slice(0, 10)} 23:59:59` : undefined);
/** a picked person's name next to the id (the server keeps both) */
export const nameOf = (opts: Opt[], id?: string) => opts.find((o) => o.value === String(id))?.label || '';

/**
 * The fields of a hazard report (上报隐患), used by the report dialog and by the 排查 dialog
 * of a task when the check finds a hazard (then under the `hazard` prefix).
 */
export default function HazardFormFields({ prefix, users, reportTime }: { prefix?: string; users: Opt[]; reportTime?: string }) {
  const tt = useText();
  const n = (k: string) => (prefix ? [prefix, k] : k);
  const opts = (list: { value: any; label: string }[]) => list.map((o) => ({ value: o.value, label: tt(o.label) }));
  const req = (msg: string) => [{ required: true, message: tt(msg) }];
  return (
    <Row gutter={16}>
      <Col span={12}>
        <ProFormText name={n('dangerName')} label={tt('隐患名称')} rules={req('请输入隐患名称')} />
      </Col>
      <Col span={12}>
        <ProFormRadio.Group
          name={n('dangerLevel')}
          label={tt('隐患等级')}
          initialValue={0}
          options={opts(DANGER_LEVEL)}
          rules={req('请选择隐患等级')}
        />
      </Col>
      <Col span={12}>
        <ProFormSelect
          name={n('dangerSrc')}
          label={tt('隐患来源')}
          initialValue={1}
          options={opts(DANGER_SRC)}
          rules={req('请选择隐患来源')}
        />
      </Col>
      <Col span={12}>
        <ProFormRadio.Group
          name={n('dangerManageType')}
          label={tt('治理类型')}
          initialValue={1}
          options={opts(MANAGE_TYPE)}
          rules={req('请选择治理类型')}
        />
      </Col>
      <Col span={12}>
        <ProFormSelect name={n('hazardDangerType')} label={tt('隐患类别')} options={opts(DANGER_TYPE)} />
      </Col>
      {prefix ? null : (
        <Col span={12}>
          <ProFormSelect
            name="unitId"
            label={tt('分析单元')}
            request={() => unitOptions()}
            fieldProps={{ showSearch: true, optionFilterProp: 'label', allowClear: true }}
          />
        </Col>
      )}
      <Col span={12}>
        <ProFormText name={n('dangerLocation')} label={tt('隐患位置')} />
      </Col>
      <Col span={12}>
        <ProFormDependency name={[n('dangerManageType')] as any}>
          {(v) => {
            const type = prefix ? v?.[prefix]?.dangerManageType : v?.dangerManageType;
            const limited = Number(type) === 1;
            return (
              <ProFormDatePicker
                name={n('deadline')}
                label={tt('整改期限')}
                tooltip={tt('限期整改必填;即查即改默认当天')}
                fieldProps={{
                  style: { width: '100%' },
                  format: 'YYYY-MM-DD',
                  disabledDate: (d: any) => d && d.format('YYYY-MM-DD') < deadlineFrom(reportTime),
                }}
                rules={[
                  ...(limited ? req('请选择整改期限') : []),
                  {
                    validator: (_: any, val: any) =>
                      deadlineError(val ? dayjs(val).format('YYYY-MM-DD') : '', reportTime)
                        ? Promise.reject(new Error(tt('整改期限不能早于上报日期')))
                        : Promise.resolve(),
                  },
                ]}
              />
            );
          }}
        </ProFormDependency>
      </Col>
      <Col span={12}>
        <ProFormSelect
          name={n('liableUserId')}
          label={tt('整改责任人')}
          options={users}
          rules={req('请选择整改责任人')}
          fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
        />
      </Col>
      {prefix ? null : (
        <Col span={12}>
          <ProFormTreeSelect
            name="liableDeptId"
            label={tt('责任部门')}
            request={deptTree}
            fieldProps={{ treeDefaultExpandAll: true, allowClear: true }}
          />
        </Col>
      )}
      <Col span={24}>
        <ProFormTextArea name={n('dangerDesc')} label={tt('隐患描述')} fieldProps={{ autoSize: { minRows: 2, maxRows: 5 } }} />
      </Col>
      {prefix ? null : (
        <ProFormDependency name={['dangerLevel']}>
          {({ dangerLevel }) =>
            Number(dangerLevel) === 1 ? (
              <Col span={24}>
                <ProFormTextArea
                  name="treatmentPlan"
                  label={tt('治理方案')}
                  tooltip={tt('重大隐患须有治理方案,验收前必须填写')}
                  fieldProps={{ autoSize: { minRows: 2, maxRows: 6 } }}
                />
              </Col>
            ) : null
          }
        </ProFormDependency>
      )}
      <Col span={24}>
        <Form.Item name={n('photos')} label={tt('隐患照片')}>
          <AttachmentUpload accept="image" max={9} />
        </Form.Item>
      </Col>
    </Row>
  );
}
