import React, { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Space, Spin } from 'antd';
import { message } from '@/utils/feedback';
import PolygonPreview from '@/components/PolygonPreview';
import { getMapSetting, getWeather, parsePolygon, submitMapSetting, type MapSetting, type Weather } from '@/services/factory';
import type { Draft } from '@/services/types';
import { useSession } from '@/stores/session';
import { useText } from '@/utils/i18nText';
import { validateOrExplain } from '@/utils/formCheck';

/** Form values: the nested map settings flattened for plain inputs. */
interface Values {
  mapPath: string;
  mapModelUrl: string;
  centreLng: number;
  centreLat: number;
  modelLng: number;
  modelLat: number;
  alt: number;
  x: number;
  y: number;
  z: number;
  scale: number;
  modelAccuracy: number;
  areaLocation: string;
}

const toValues = (m: MapSetting): Values => ({
  mapPath: m.mapPath,
  mapModelUrl: m.mapModelUrl,
  centreLng: m.centralPoint?.[0],
  centreLat: m.centralPoint?.[1],
  modelLng: m.modelPoint?.lng,
  modelLat: m.modelPoint?.lat,
  alt: m.modelPoint?.alt,
  x: m.modelPoint?.x,
  y: m.modelPoint?.y,
  z: m.modelPoint?.z,
  scale: m.modelPoint?.scale,
  modelAccuracy: m.modelAccuracy,
  areaLocation: JSON.stringify((m.areaLocation || []).map((p) => [p.lng, p.lat])),
});

const fromValues = (v: Values): Draft<MapSetting> => {
  const p = v.areaLocation && v.areaLocation.trim() ? parsePolygon(v.areaLocation) : { rings: [] };
  const ring = 'rings' in p && p.rings.length ? p.rings[0] : [];
  return {
    mapPath: v.mapPath,
    mapModelUrl: v.mapModelUrl,
    centralPoint: [v.centreLng, v.centreLat],
    modelPoint: { lng: v.modelLng, lat: v.modelLat, alt: v.alt || 0, x: v.x || 0, y: v.y || 0, z: v.z || 0, scale: v.scale || 1 },
    modelAccuracy: v.modelAccuracy,
    areaLocation: ring.map(([lng, lat]) => ({ lng, lat })),
  };
};

/** The tenant's 3D map settings (served to the map as /config/config.json) and the plant weather. */
export default function MapSettingPage() {
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [weather, setWeather] = useState<Weather>();
  const permission = useSession((s) => s.permission);
  const tt = useText();
  const area = Form.useWatch('areaLocation', form);
  const canEdit = !!permission.map_setting_edit;

  const load = () => {
    setLoading(true);
    getMapSetting()
      .then((m) => form.setFieldsValue(toValues(m)))
      .catch(() => undefined)
      .finally(() => setLoading(false));
    getWeather()
      .then(setWeather)
      .catch(() => undefined);
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once on mount; load only uses the stable form instance and state setters
  useEffect(load, []);

  const save = async () => {
    // an invalid form shows its messages beside the fields; nothing to send
    const v = await validateOrExplain(form).catch(() => undefined);
    if (!v) return;
    setSaving(true);
    try {
      await submitMapSetting(fromValues(v));
      message.success(tt('操作成功!'));
      load();
    } finally {
      setSaving(false);
    }
  };

  const areaRule = {
    validator: async (_: unknown, v?: string) => {
      if (!v || !v.trim() || v.trim() === '[]') return;
      const p = parsePolygon(v);
      if ('error' in p) throw new Error(tt(p.error));
    },
  };
  const num = (name: keyof Values, label: string, props: Record<string, any> = {}, required = false) => (
    <Form.Item name={name} label={tt(label)} rules={required ? [{ required: true, message: tt('请输入') + tt(label) }] : []}>
      <InputNumber style={{ width: '100%' }} {...props} />
    </Form.Item>
  );

  return (
    <Row gutter={16}>
      <Col span={16}>
        <Card bordered={false} title={tt('地图设置')}>
          <Spin spinning={loading}>
            <Form form={form} layout="vertical" disabled={!canEdit}>
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item name="mapPath" label={tt('地图路径')} tooltip={tt('瓦片地址模板，如 /map/tiles/{z}/{x}/{y}.png')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="mapModelUrl" label={tt('模型地址')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={6}>{num('centreLng', '中心点经度', { min: -180, max: 180, precision: 6 }, true)}</Col>
                <Col span={6}>{num('centreLat', '中心点纬度', { min: -90, max: 90, precision: 6 }, true)}</Col>
                <Col span={6}>{num('modelLng', '模型经度', { min: -180, max: 180, precision: 6 })}</Col>
                <Col span={6}>{num('modelLat', '模型纬度', { min: -90, max: 90, precision: 6 })}</Col>
                <Col span={6}>{num('alt', '模型高度', { precision: 2 })}</Col>
                <Col span={6}>{num('x', 'X 偏移', { precision: 2 })}</Col>
                <Col span={6}>{num('y', 'Y 偏移', { precision: 2 })}</Col>
                <Col span={6}>{num('z', 'Z 偏移', { precision: 2 })}</Col>
                <Col span={6}>{num('scale', '缩放比例', { min: 0, precision: 3 })}</Col>
                <Col span={6}>{num('modelAccuracy', '模型精度', { min: 0, precision: 1 })}</Col>
                <Col span={18}>
                  <Form.Item name="areaLocation" label={tt('地图范围')} rules={[areaRule]}>
                    <Input.TextArea
                      autoSize={{ minRows: 2, maxRows: 6 }}
                      placeholder={tt('如 [[118.80,32.27],[118.81,32.27],[118.81,32.28]]')}
                    />
                  </Form.Item>
                </Col>
                <Col span={6} style={{ paddingTop: 30 }}>
                  <PolygonPreview value={area} size={96} />
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
      </Col>
      <Col span={8}>
        <Card bordered={false} title={tt('厂区天气')}>
          {!weather ? null : weather.available ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={tt('数据来源')}>
                {weather.source === 'station' ? tt('厂区气象站') : tt('外部气象服务')} {weather.station}
              </Descriptions.Item>
              <Descriptions.Item label={tt('温度')}>{weather.temperature} ℃</Descriptions.Item>
              <Descriptions.Item label={tt('相对湿度')}>{weather.humidity} %</Descriptions.Item>
              <Descriptions.Item label={tt('风')}>
                {weather.windDirectionName} {weather.windSpeed?.toFixed(1)} m/s
              </Descriptions.Item>
              {weather.weather ? <Descriptions.Item label={tt('天气')}>{weather.weather}</Descriptions.Item> : null}
              <Descriptions.Item label={tt('观测时间')}>{weather.observedAt}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Alert type="info" showIcon message={tt(weather.message || '')} data-testid="weather-none" />
          )}
        </Card>
      </Col>
    </Row>
  );
}
