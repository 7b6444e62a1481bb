import React, { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Row, Space, Spin } from 'antd';
import { message } from '@/utils/feedback';
import PolygonPreview from '@/components/PolygonPreview';
import { creditCodeError, getEnterprise, parsePolygon, submitEnterprise, type Enterprise } from '@/services/factory';
import { reloadEnterprise } from '@/stores/enterprise';
import { useSession } from '@/stores/session';
import { useText } from '@/utils/i18nText';
import { validateOrExplain } from '@/utils/formCheck';
import { rule } from '@/utils/validate';

/**
 * The enterprise record (企业信息) of the tenant: one form. The header and the map title read
 * the short name (else the full name), so a save reloads the header at once.
 */
export default function FactoryPage() {
  const [form] = Form.useForm<Enterprise>();
  const [record, setRecord] = useState<Enterprise>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const permission = useSession((s) => s.permission);
  const tt = useText();
  const area = Form.useWatch('areaLocation', form);
  const canEdit = !!permission.factory_edit;

  const load = () => {
    setLoading(true);
    getEnterprise()
      .then((d) => {
        setRecord(d);
        form.setFieldsValue(d);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once on mount; load only uses the stable form instance and state setters
  useEffect(load, []);

  const save = async () => {
    // an invalid form shows its messages beside the fields; nothing to send
    const v = await validateOrExplain(form).catch(() => undefined);
    if (!v) return;
    setSaving(true);
    try {
      await submitEnterprise({ ...record, ...v, creditCode: v.creditCode.trim().toUpperCase() });
      message.success(tt('操作成功!'));
      load();
      reloadEnterprise();
    } finally {
      setSaving(false);
    }
  };

  const creditRule = {
    validator: async (_: unknown, v?: string) => {
      const e = v ? creditCodeError(v) : '';
      if (e) throw new Error(tt(e));
    },
  };
  const areaRule = {
    validator: async (_: unknown, v?: string) => {
      if (!v || !v.trim()) return;
      const p = parsePolygon(v);
      if ('error' in p) throw new Error(tt(p.error));
    },
  };

  return (
    <Card bordered={false} title={tt('企业信息')}>
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" disabled={!canEdit} data-testid="enterprise-form">
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="enterpriseName"
                label={tt('企业名称')}
                rules={[{ required: true, message: tt('请输入企业名称') }, { max: 100 }]}
              >
                <Input placeholder={tt('请输入企业名称')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="companyShortName" label={tt('企业简称')} tooltip={tt('页头与地图标题优先显示简称')} rules={[{ max: 50 }]}>
                <Input placeholder={tt('请输入企业简称')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="creditCode"
                label={tt('统一社会信用代码')}
                rules={[{ required: true, message: tt('请输入统一社会信用代码') }, creditRule]}
              >
                <Input placeholder={tt('18 位，含校验位')} maxLength={18} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="industry" label={tt('所属行业')}>
                <Input placeholder={tt('请输入所属行业')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="legalPerson" label={tt('法定代表人')}>
                <Input placeholder={tt('请输入法定代表人')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="contactPerson" label={tt('联系人')}>
                <Input placeholder={tt('请输入联系人')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="contactPhone" label={tt('联系电话')} rules={[rule.phone]}>
                <Input placeholder={tt('请输入联系电话')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="address" label={tt('地址')}>
                <Input placeholder={tt('请输入地址')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="longitude" label={tt('经度')} tooltip={tt('留空时取厂区范围的中心')}>
                <InputNumber style={{ width: '100%' }} min={-180} max={180} precision={6} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="latitude" label={tt('纬度')}>
                <InputNumber style={{ width: '100%' }} min={-90} max={90} precision={6} />
              </Form.Item>
            </Col>
            <Col span={18}>
              <Form.Item
                name="areaLocation"
                label={tt('厂区范围')}
                tooltip={tt('第一个环为外边界，其后的环为内部空洞；首尾点可不重复')}
                rules={[areaRule]}
              >
                <Input.TextArea
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  placeholder={tt('如 [[118.80,32.27],[118.81,32.27],[118.81,32.28]]')}
                />
              </Form.Item>
            </Col>
            <Col span={6} style={{ paddingTop: 30 }}>
              <PolygonPreview value={area} size={120} />
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={tt('备注')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Space>
          {canEdit && (
            <Button type="primary" loading={saving} onClick={save}>
              {tt('保存')}
            </Button>
          )}
          <Button onClick={load}>{tt('重置')}</Button>
        </Space>
      </Spin>
    </Card>
  );
}
