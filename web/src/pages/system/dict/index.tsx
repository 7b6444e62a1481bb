import React, { useMemo, useState } from 'react';
import { Drawer } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { clearDictCache, dictChildList, dictParentApi } from '@/services/system';
import { useText } from '@/utils/i18nText';

const parentFields: CrudField[] = [
  { title: '字典编号', dataIndex: 'code', search: true, form: { required: true } },
  { title: '字典名称', dataIndex: 'dictValue', search: true, form: { required: true } },
  { title: '英文名称', dataIndex: 'dictValueEn', hideInTable: true, form: {} },
  { title: '字典排序', dataIndex: 'sort', type: 'digit', width: 90, form: { required: true, initialValue: 1 } },
  {
    title: '封存',
    dataIndex: 'isSealed',
    dictCode: 'yes_no',
    width: 80,
    options: [
      { label: '否', value: 0 },
      { label: '是', value: 1 },
    ],
    form: { type: 'radio', initialValue: 0 },
  },
  { title: '字典备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

const childFieldsOf = (code: string): CrudField[] => [
  { title: '字典编号', dataIndex: 'code', form: { initialValue: code, fieldProps: { disabled: true } } },
  { title: '字典名称', dataIndex: 'dictValue', search: true, form: { required: true } },
  { title: '英文名称', dataIndex: 'dictValueEn', form: {} },
  { title: '字典键值', dataIndex: 'dictKey', form: { required: true } },
  { title: '字典排序', dataIndex: 'sort', type: 'digit', width: 90, form: { required: true, initialValue: 1 } },
  { title: '字典备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

/** Dictionaries: parent list, and each parent's entries in a drawer. */
export default function DictPage() {
  const [parent, setParent] = useState<any>();
  const tt = useText();
  const childFields = useMemo(() => (parent ? childFieldsOf(parent.code) : []), [parent]);
  const childApi = useMemo(
    () =>
      parent
        ? {
            ...dictParentApi,
            list: (q: Record<string, any>) => dictChildList(parent.id, q),
            submit: (row: any) => {
              clearDictCache();
              return dictParentApi.submit!({ ...row, parentId: parent.id, code: parent.code });
            },
          }
        : dictParentApi,
    [parent],
  );
  return (
    <>
      <CrudPage
        title="字典"
        fields={parentFields}
        api={{ ...dictParentApi, submit: (r: any) => dictParentApi.submit!({ ...r, parentId: r.parentId || '0' }) }}
        permissionPrefix="dict"
        rowActions={(r) => [
          <a key="cfg" onClick={() => setParent(r)}>
            <SettingOutlined /> {tt('字典配置')}
          </a>,
        ]}
      />
      <Drawer
        title={parent ? `${tt('字典配置')} - ${parent.dictValue} (${parent.code})` : ''}
        width="70%"
        open={!!parent}
        onClose={() => setParent(undefined)}
        destroyOnHidden
      >
        {parent && (
          <CrudPage
            title="字典项"
            fields={childFields}
            api={childApi}
            permissionPrefix="dict"
            params={{ parentId: parent.id }}
            beforeOpen={(r: any) => r}
          />
        )}
      </Drawer>
    </>
  );
}
