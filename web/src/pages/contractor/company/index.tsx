import React, { useState } from 'react';
import { Input, Modal, Radio, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { ADMISSIONS, CATEGORIES, RISKS, companyApi, reviewCompany } from '@/services/contractor';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';
import { rule } from '@/utils/validate';

const admissionColour = ['orange', 'green', 'red', 'default'];

const fields: CrudField[] = [
  { title: '单位名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '统一社会信用代码', dataIndex: 'creditCode', search: 'equal', width: 190, form: { required: true } },
  { title: '承包商类别', dataIndex: 'category', search: 'equal', options: CATEGORIES, width: 120, form: { required: true } },
  { title: '风险等级', dataIndex: 'risk', search: 'equal', options: RISKS, width: 100, form: { required: true, initialValue: 1 } },
  { title: '联系人', dataIndex: 'contact', hideInTable: true, form: {} },
  { title: '联系电话', dataIndex: 'phone', hideInTable: true, form: { rules: [rule.phone] } },
  { title: '资质证书', dataIndex: 'qualification', hideInTable: true, form: {} },
  { title: '资质证书编号', dataIndex: 'qualificationNo', hideInTable: true, form: {} },
  { title: '资质有效期', dataIndex: 'qualificationExpire', type: 'date', width: 110, form: {} },
  { title: '安全协议有效期', dataIndex: 'agreementExpire', type: 'date', width: 120, form: {} },
  {
    title: '准入状态',
    dataIndex: 'admission',
    search: 'equal',
    options: ADMISSIONS,
    width: 100,
    form: false,
    render: (_: any, r: any) => (
      <Tag color={admissionColour[r.admission] || 'default'}>
        <Tx>{ADMISSIONS.find((a) => a.value === r.admission)?.label || '-'}</Tx>
      </Tag>
    ),
  },
  {
    title: '黑名单',
    dataIndex: 'blacklisted',
    width: 80,
    form: false,
    render: (_: any, r: any) =>
      r.blacklisted ? (
        <Tag color="black">
          <Tx>黑名单</Tx>
        </Tag>
      ) : (
        '-'
      ),
  },
  { title: '人员数', dataIndex: 'personCount', width: 80, form: false },
  { title: '审核意见', dataIndex: 'reviewComment', hideInTable: true, form: false },
  { title: '备注', dataIndex: 'remark', hideInTable: true, form: { span: 24 } },
];

/** 承包商单位: companies with their papers, admission review and exit. */
export default function ContractorCompanyPage() {
  const access = useAccess();
  const tt = useText();
  const [review, setReview] = useState<any>(null);
  const [pass, setPass] = useState(true);
  const [comment, setComment] = useState('');
  const [tick, setTick] = useState(0);
  const submit = async () => {
    await reviewCompany({ id: review.id, pass: pass === true, exit: (pass as any) === 'exit', comment });
    message.success(tt('操作成功!'));
    setReview(null);
    setTick((n) => n + 1);
  };
  return (
    <>
      <CrudPage
        key={tick}
        title="承包商单位"
        fields={fields}
        api={companyApi}
        permissionPrefix="ct_company"
        exportBtn={false}
        dialogWidth={760}
        rowActions={(r: any) =>
          access.canAny('ct_company_review')
            ? [
                <a key="review" data-testid="company-review" onClick={() => (setReview(r), setPass(true), setComment(''))}>
                  <Tx>准入审核</Tx>
                </a>,
              ]
            : []
        }
      />
      <Modal open={!!review} title={tt('准入审核')} onOk={submit} onCancel={() => setReview(null)}>
        <Radio.Group value={pass} onChange={(e) => setPass(e.target.value)} style={{ marginBottom: 12 }}>
          <Radio value={true}>
            <Tx>准入</Tx>
          </Radio>
          <Radio value={false}>
            <Tx>不通过</Tx>
          </Radio>
          {review?.admission === 1 && (
            <Radio value={'exit' as any}>
              <Tx>退场</Tx>
            </Radio>
          )}
        </Radio.Group>
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={tt('审核意见')}
        />
      </Modal>
    </>
  );
}
