import type { FormInstance } from 'antd';
import { getIntl, getLocale } from '@umijs/max';
import { message } from './feedback';

type ErrorField = { name: (string | number)[]; errors: string[] };

/** The label a field shows (its form item's label), else its error text, else its name. */
function labelOf(e: ErrorField): string {
  const id = e.name.join('_');
  const el = document.getElementById(id);
  const label = el?.closest('.ant-form-item')?.querySelector('.ant-form-item-label label');
  return (label?.textContent || '').trim() || e.errors[0] || id;
}

/**
 * A refused save, in every form (validateOrExplain for the forms that call validateFields,
 * onFinishFailed for the ones that submit; CrudPage's dialog does the same): the first wrong field is scrolled into view and a
 * message names the wrong fields (请检查: 作业单位, 作业内容), so a field below or above the
 * visible part of a long form is never the only feedback.
 */
export function explainInvalid(errorFields: ErrorField[], form?: FormInstance) {
  if (!errorFields.length) return;
  // a form submitted through onFinish scrolls by itself (ConfigProvider's scrollToFirstError, app.tsx)
  form?.scrollToField(errorFields[0].name, { behavior: 'smooth', block: 'center' });
  const names = Array.from(new Set(errorFields.map(labelOf)));
  const title = getIntl(getLocale()).formatMessage({ id: 'crud.invalid' });
  message.error({ content: `${title}: ${names.join(', ')}`, key: 'form-invalid' });
}

/** `form.validateFields()` that explains a refusal (explainInvalid) before it rejects. */
export async function validateOrExplain<T = any>(form: FormInstance<T>): Promise<T> {
  try {
    return await form.validateFields();
  } catch (e) {
    const errorFields = (e as { errorFields?: ErrorField[] })?.errorFields;
    if (errorFields) explainInvalid(errorFields, form as FormInstance);
    throw e;
  }
}
