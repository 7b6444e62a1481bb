import React from 'react';
import { Alert, Descriptions, Form } from 'antd';
import { ModalForm, ProFormDateTimePicker, ProFormDependency, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components';
import AttachmentUpload from '@/components/AttachmentUpload';
import { plantToday, submitCheckRecord } from '@/services/prevention';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import { CHECK_STATUS } from '@/pages/safetyRisk/options';
import HazardFormFields, { nameOf, toDeadline } from './HazardFormFields';
import { useUsers } from './HazardModals';
import { explainInvalid } from '@/utils/formCheck';

/** 排查: the result of one inspection task, with photos; a found hazard is reported with it. */
export default function CheckModal({ task, onClose }: { task: any; onClose: (saved?: boolean) => void }) {
  const tt = useText();
  const users = useUsers();
  const [err, setErr] = React.useState('');
  return (
    <ModalForm
      title={tt('排查')}
      open
      width={860}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      labelWrap
      initialValues={{
        checkStatus: 0,
        hazard: {
          dangerName: task.measureDesc ? `${String(task.measureDesc).slice(0, 30)}${tt('未落实')}` : '',
          dangerSrc: 1,
          dangerLevel: 0,
          dangerManageType: 1,
        },
      }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: () => onClose() }}
      submitter={{ searchConfig: { submitText: tt('提交'), resetText: tt('取消') } }}
      onFinishFailed={({ errorFields }) => explainInvalid(errorFields)}
      onFinish={async (v: any) => {
        const row: any = { taskId: task.id, checkStatus: v.checkStatus, checkTime: v.checkTime, photos: v.photos, remark: v.remark };
        if (Number(v.checkStatus) === 1) {
          row.hazard = { ...v.hazard, deadline: toDeadline(v.hazard?.deadline), liableUserName: nameOf(users, v.hazard?.liableUserId) };
        }
        setErr('');
        try {
          await submitCheckRecord(row);
        } catch (e: any) {
          setErr(e?.message || String(e));
          return false;
        }
        message.success(tt('操作成功!'));
        onClose(true);
        return true;
      }}
    >
      {err ? <Alert type="error" showIcon message={err} style={{ marginBottom: 12 }} data-testid="server-refusal" /> : null}
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={tt('分析单元')}>{task.unitName || '-'}</Descriptions.Item>
        <Descriptions.Item label={tt('排查时段')}>{`${task.startTime || ''} ~ ${task.endTime || ''}`}</Descriptions.Item>
        <Descriptions.Item label={tt('管控措施')} span={2}>
          {task.measureDesc || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={tt('隐患排查内容')} span={2}>
          {task.troubleshootContent || '-'}
        </Descriptions.Item>
      </Descriptions>
      <ProFormRadio.Group
        name="checkStatus"
        label={tt('排查结果')}
        options={CHECK_STATUS.map((o) => ({ value: o.value, label: tt(o.label) }))}
        rules={[{ required: true, message: tt('请选择排查结果') }]}
      />
      <ProFormDateTimePicker
        name="checkTime"
        label={tt('排查时间')}
        placeholder={tt('不填则为当前时间')}
        tooltip={tt('工厂时间(北京时间),不能晚于现在')}
        fieldProps={{ format: 'YYYY-MM-DD HH:mm:ss', disabledDate: (d: any) => d && d.format('YYYY-MM-DD') > plantToday() }}
      />
      <Form.Item name="photos" label={tt('现场照片')}>
        <AttachmentUpload accept="image" max={9} />
      </Form.Item>
      <ProFormTextArea name="remark" label={tt('备注')} fieldProps={{ autoSize: { minRows: 1, maxRows: 4 } }} />
      <ProFormDependency name={['checkStatus']}>
        {({ checkStatus }) =>
          Number(checkStatus) === 1 ? (
            <>
              <Alert type="warning" showIcon message={tt('存在隐患:请同时上报隐患,提交后进入隐患治理流程')} style={{ marginBottom: 12 }} />
              <HazardFormFields prefix="hazard" users={users} />
            </>
          ) : null
        }
      </ProFormDependency>
    </ModalForm>
  );
}
