import React from 'react';
import { Alert } from 'antd';
import {
  ModalForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import { explainInvalid } from '@/utils/formCheck';
import { requiredPrompt } from '@/utils/validate';

export interface ActionField {
  name: string;
  label: string;
  type?: 'text' | 'textarea' | 'date' | 'dateTime' | 'digit' | 'select' | 'switch';
  required?: boolean;
  options?: { label: string; value: any }[];
  tooltip?: string;
}

/**
 * A dialog for one state change of a record (review, publish, check, move, evaluate ...): the
 * server's refusal is shown in the dialog, which stays open.
 */
export default function ActionModal({
  title,
  fields,
  initialValues,
  onSubmit,
  onClose,
}: {
  title: string;
  fields: ActionField[];
  initialValues?: Record<string, any>;
  onSubmit: (values: Record<string, any>) => Promise<any>;
  onClose: (saved?: boolean) => void;
}) {
  const tt = useText();
  const [err, setErr] = React.useState('');
  return (
    <ModalForm
      title={tt(title)}
      open
      width={640}
      layout="horizontal"
      labelCol={{ flex: '120px' }}
      initialValues={initialValues}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: () => onClose() }}
      submitter={{ searchConfig: { submitText: tt('提交'), resetText: tt('取消') } }}
      onFinishFailed={({ errorFields }) => explainInvalid(errorFields)}
      onFinish={async (v: Record<string, any>) => {
        setErr('');
        try {
          await onSubmit(v);
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
      {fields.map((f) => {
        const common = {
          key: f.name,
          name: f.name,
          label: tt(f.label),
          tooltip: f.tooltip ? tt(f.tooltip) : undefined,
          rules: f.required ? [{ required: true, message: requiredPrompt(f.type, tt(f.label)) }] : undefined,
        };
        switch (f.type) {
          case 'textarea':
            return <ProFormTextArea {...common} fieldProps={{ autoSize: { minRows: 2, maxRows: 8 } }} />;
          case 'date':
            return <ProFormDatePicker {...common} fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }} />;
          case 'dateTime':
            return <ProFormDateTimePicker {...common} fieldProps={{ format: 'YYYY-MM-DD HH:mm:ss', style: { width: '100%' } }} />;
          case 'digit':
            return <ProFormDigit {...common} min={0} fieldProps={{ style: { width: '100%' } }} />;
          case 'select':
            return <ProFormSelect {...common} options={(f.options || []).map((o) => ({ ...o, label: tt(o.label) }))} />;
          case 'switch':
            return <ProFormSwitch {...common} />;
          default:
            return <ProFormText {...common} />;
        }
      })}
    </ModalForm>
  );
}
