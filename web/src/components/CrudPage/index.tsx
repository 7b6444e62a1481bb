import React, { useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Button, Col, Empty, Row, Space, Typography } from 'antd';
import { message, modal } from '@/utils/feedback';
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ModalForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
  ProFormUploadButton,
  ProTable,
} from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { FormInstance } from 'antd';
import { useIntl, useAccess } from '@umijs/max';
import { getDictionary, type CrudApi } from '@/services/system';
import { exportFile } from '@/utils/download';
import { buildHeaders } from '@/utils/request';
import { useFilePreview } from '@/components/FilePreview';
import { translateOptions, useText } from '@/utils/i18nText';
import { checkDateRange, dateMessages, weekRestrictionDisabled, wholeRangeDisabled, wholeRangePresets } from '@/utils/date';
import type { Dayjs } from 'dayjs';
import { buildQuery, columnWidth, dictLabel, dictValue, indexOf, phrase, readPage, toValueEnum } from './helpers';
import type { CrudAction } from '@/access';
import type { CrudField } from './types';

export type { CrudField } from './types';

export const DELETE_CONFIRM = '确定将选择数据删除?';
export const SELECT_ONE = '请选择至少一条数据';
export const SUCCESS = '操作成功!';

type Mode = 'add' | 'edit' | 'view';

export interface CrudPageHandle {
  reload: () => void;
  openAdd: (defaults?: Record<string, any>) => void;
  selected: () => any[];
  clearSelection: () => void;
}

export interface CrudPageProps<T = any> {
  /** table title shown in the toolbar */
  title: string;
  rowKey?: string;
  fields: CrudField[];
  api: CrudApi<T>;
  /** Blade button code prefix: 'user' → user_add, user_edit, user_delete, user_view, user_export */
  permissionPrefix?: string;
  /** tree list (no paging, expandable rows, add child) */
  tree?: boolean;
  /** extra query sent with every list call (e.g. deptId from a side tree) */
  params?: Record<string, any>;
  toolbarExtra?: (selected: T[], reload: () => void) => React.ReactNode[];
  rowActions?: (record: T, reload: () => void) => React.ReactNode[];
  /** transform form values before submit */
  beforeSubmit?: (values: any, mode: Mode, record?: T) => any;
  /** transform a loaded record before the dialog shows it */
  beforeOpen?: (record: T, mode: Mode) => any;
  /** hide built-in buttons */
  addBtn?: boolean;
  editBtn?: boolean;
  delBtn?: boolean;
  /** per-row edit / delete: hide the button on rows the server would refuse (a submitted request, a closed record) */
  rowEditable?: (record: T) => boolean;
  rowDeletable?: (record: T) => boolean;
  viewBtn?: boolean;
  exportBtn?: boolean;
  /** label of the add-child row action in tree mode */
  addChildText?: string;
  /** actions column width */
  actionWidth?: number;
  dialogWidth?: string | number;
  /** file name for exports */
  exportName?: string;
  /** replaces the built-in view dialog (e.g. a dedicated detail form) */
  onView?: (record: T) => void;
  /**
   * The field the list is sorted on, newest first (sent as `descs`), for lists whose ids do not
   * follow time (seeded rows have larger ids than new ones).
   */
  newestFirst?: string;
}

/** Renders a file list cell with the spec's preview rule (doc/pdf open in a new window). */
export function FileCell({ value }: { value?: string | { name?: string; url: string }[] }) {
  const files = Array.isArray(value)
    ? value
    : String(value || '')
        .split(',')
        .filter(Boolean)
        .map((url) => ({ url, name: decodeURIComponent(url.split('/').pop() || url) }));
  const { preview, lightbox } = useFilePreview();
  if (!files.length) return <span>-</span>;
  return (
    <Space size={4} wrap>
      {files.map((f) => (
        <Typography.Link key={f.url} onClick={() => preview(f.url, f.name || f.url)}>
          {f.name || f.url}
        </Typography.Link>
      ))}
      {lightbox}
    </Space>
  );
}

/** The spec's range pickers (spec 5) as RangePicker props: disabled days and, for 'whole', the shortcuts. */
function rangeRule(range: CrudField['range'], tt: (s: string) => string) {
  if (range === 'whole')
    return {
      disabledDate: (d: Dayjs, info?: { from?: Dayjs }) => wholeRangeDisabled(d, info?.from),
      presets: wholeRangePresets().map((p) => ({ ...p, label: tt(p.label) })),
    };
  if (range === 'week') return { disabledDate: (d: Dayjs, info?: { from?: Dayjs }) => weekRestrictionDisabled(d, info?.from) };
  return {};
}

/** The rule of an end date (form.after): not before its start. */
function endRule(start: any, end: any, locale: string) {
  const m = checkDateRange(start, end, 'end', dateMessages(locale));
  return m ? Promise.reject(new Error(m)) : Promise.resolve();
}

function FormField({ f, mode, dictOptions }: { f: CrudField; mode: Mode; dictOptions?: { label: string; value: string | number }[] }) {
  const cfg = f.form || {};
  const intl = useIntl();
  const tt = useText();
  const { preview, lightbox } = useFilePreview();
  const label = tt(f.title);
  if (mode === 'view' && cfg.viewAs) return <ProFormText name={cfg.viewAs} label={label} />;
  const type = cfg.type || f.type || (f.dictCode || f.options ? 'select' : 'text');
  const input = intl.formatMessage({ id: 'crud.inputPrefix' });
  const select = intl.formatMessage({ id: 'crud.selectPrefix' });
  // a field one picks from says 请选择, one types into says 请输入 (placeholder and required message alike)
  const picked = ['select', 'treeSelect', 'date', 'dateTime', 'radio', 'upload'].includes(type);
  const prompt = phrase(intl.locale, picked ? select : input, label);
  const req = cfg.required;
  const rules = [
    ...(typeof req === 'function'
      ? [({ getFieldValue }: FormInstance) => ({ required: req(getFieldValue), message: prompt })]
      : req
        ? [{ required: true, message: prompt }]
        : []),
    ...(cfg.rules || []),
    // an end date before its start says so (spec 5's date messages)
    ...(cfg.after
      ? [({ getFieldValue }: FormInstance) => ({ validator: (_: unknown, v: any) => endRule(getFieldValue(cfg.after!), v, intl.locale) })]
      : []),
  ];
  const common = {
    name: f.dataIndex,
    dependencies: cfg.after ? [cfg.after] : undefined,
    label,
    rules,
    tooltip: cfg.tooltip ? tt(cfg.tooltip) : undefined,
    initialValue: cfg.initialValue,
    disabled: mode === 'edit' && cfg.disabledOnEdit,
    placeholder: cfg.placeholder ? tt(cfg.placeholder) : prompt,
  } as any;
  if (cfg.custom) return <>{cfg.custom(common, mode)}</>;
  dictOptions = dictOptions || (translateOptions(f.options, tt) as any);
  const fp = { ...(cfg.fieldProps || {}) };
  switch (type) {
    case 'textarea':
      return <ProFormTextArea {...common} fieldProps={{ autoSize: { minRows: 3, maxRows: 8 }, ...fp }} />;
    case 'password':
      return <ProFormText.Password {...common} fieldProps={fp} />;
    case 'digit':
      return <ProFormDigit {...common} fieldProps={{ style: { width: '100%' }, ...fp }} />;
    case 'switch':
      return <ProFormSwitch {...common} fieldProps={fp} />;
    case 'radio':
      return <ProFormRadio.Group {...common} options={(dictOptions || []) as any} fieldProps={fp} />;
    case 'date':
      return <ProFormDatePicker {...common} fieldProps={{ style: { width: '100%' }, format: 'YYYY-MM-DD', ...fp }} />;
    case 'dateTime':
      return <ProFormDateTimePicker {...common} fieldProps={{ style: { width: '100%' }, format: 'YYYY-MM-DD HH:mm:ss', ...fp }} />;
    case 'treeSelect':
      return (
        <ProFormTreeSelect
          {...common}
          request={cfg.request}
          fieldProps={{
            treeDefaultExpandAll: true,
            showSearch: true,
            treeNodeFilterProp: 'title',
            allowClear: true,
            multiple: cfg.multiple,
            ...fp,
          }}
        />
      );
    case 'upload':
      return (
        <>
          {lightbox}
          <ProFormUploadButton
            {...common}
            title={tt('上传文件')}
            action={fp.action || '/api/upload/put-file'}
            // stored as a comma list of URLs; shown as a file list
            transform={(files: any[]) => ({
              [f.dataIndex]: (files || [])
                .map((x) => x.response?.data?.link || x.url)
                .filter(Boolean)
                .join(','),
            })}
            convertValue={(v: any) =>
              typeof v === 'string'
                ? v
                    .split(',')
                    .filter(Boolean)
                    .map((url, i) => ({ uid: String(i), name: decodeURIComponent(url.split('/').pop() || url), url, status: 'done' }))
                : v
            }
            fieldProps={{
              headers: buildHeaders({}),
              onPreview: (file: any) => preview(file.url || file.response?.data?.link, file.name),
              ...fp,
            }}
          />
        </>
      );
    case 'select':
      return (
        <ProFormSelect
          {...common}
          options={dictOptions as any}
          request={cfg.request}
          fieldProps={{ showSearch: true, optionFilterProp: 'label', allowClear: true, mode: cfg.multiple ? 'multiple' : undefined, ...fp }}
        />
      );
    default:
      return <ProFormText {...common} fieldProps={fp} />;
  }
}

function CrudPageInner<T extends Record<string, any>>(props: CrudPageProps<T>, ref: React.Ref<CrudPageHandle>) {
  const {
    title,
    rowKey = 'id',
    fields,
    api,
    permissionPrefix,
    tree,
    params,
    toolbarExtra,
    rowActions,
    beforeSubmit,
    beforeOpen,
    addBtn = true,
    editBtn = true,
    delBtn = true,
    rowEditable,
    rowDeletable,
    viewBtn = true,
    exportBtn = false,
    addChildText,
    actionWidth,
    dialogWidth = '60%',
    exportName,
    onView,
    newestFirst,
  } = props;
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const tt = useText();
  const actionRef = useRef<ActionType>();
  const formRef = useRef<FormInstance>();
  const access = useAccess();
  const [selected, setSelected] = useState<T[]>([]);
  const [dicts, setDicts] = useState<Record<string, { dictKey: string; dictValue: string; dictValueEn?: string }[]>>({});
  const [dialog, setDialog] = useState<{ mode: Mode; record?: T; defaults?: Record<string, any> } | null>(null);
  const [lastQuery, setLastQuery] = useState<Record<string, any>>({});
  // the 操作 column's width as its links need it (English words are longer than the page's
  // width for two Chinese characters a link): measured once the rows are drawn, never narrower
  // than the page's own width, so no link is cut and the column covers nothing
  const rootRef = useRef<HTMLDivElement>(null);
  const [opsWidth, setOpsWidth] = useState(0);
  const fitOps = () =>
    requestAnimationFrame(() => {
      let need = 0;
      rootRef.current?.querySelectorAll<HTMLElement>('.aq-crud-ops').forEach((el) => {
        const td = el.closest('td');
        if (!td) return;
        const cs = getComputedStyle(td);
        const want = Math.ceil(el.scrollWidth + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 2);
        // only a cell its links overflow widens the column (no new render otherwise)
        if (want > td.clientWidth + 1) need = Math.max(need, want);
      });
      if (need) setOpsWidth((w) => Math.max(w, need));
    });

  useEffect(() => {
    const codes = Array.from(new Set(fields.map((f) => f.dictCode).filter(Boolean))) as string[];
    codes.forEach((code) =>
      getDictionary(code).then((items) =>
        setDicts((d) => ({
          ...d,
          [code]: items.map((i) => ({ dictKey: String(i.dictKey), dictValue: i.dictValue, dictValueEn: i.dictValueEn })),
        })),
      ),
    );
  }, [fields]);

  const reload = () => actionRef.current?.reload();
  const clearSelection = () => {
    setSelected([]);
    actionRef.current?.clearSelected?.();
  };
  const allow = (what: CrudAction) => access.crud(permissionPrefix, what);

  const openDialog = async (mode: Mode, record?: T, defaults?: Record<string, any>) => {
    let data: any = record;
    if (record && api.detail && mode !== 'add') {
      try {
        data = (await api.detail(String(record[rowKey]))) || record;
      } catch {
        data = record;
      }
    }
    if (data && beforeOpen) data = beforeOpen(data, mode);
    setDialog({ mode, record: data, defaults });
  };

  useImperativeHandle(ref, () => ({ reload, openAdd: (d) => openDialog('add', undefined, d), selected: () => selected, clearSelection }));

  const remove = (ids: string[]) =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      type: 'warning',
      onOk: async () => {
        await api.remove!(ids.join(','));
        message.success(t('crud.success'));
        clearSelection();
        reload();
      },
    });

  const batchRemove = () => {
    if (!selected.length) {
      message.warning(t('crud.selectOne'));
      return;
    }
    remove(selected.map((r) => String(r[rowKey])));
  };

  const columns: ProColumns<T>[] = useMemo(() => {
    const cols: ProColumns<T>[] = [];
    if (!tree)
      cols.push({
        title: t('crud.index'),
        dataIndex: '__index',
        width: 60,
        align: 'center',
        hideInSearch: true,
        fixed: 'left',
        // continues across pages: 11, 12, ... on page 2 of ten
        render: (_: any, __: T, index: number, action?: ActionType) => indexOf(action?.pageInfo, index),
      });
    fields.forEach((f) => {
      if (f.hideInTable && !f.search) return;
      // a dictionary wins; static options are the fallback while it is missing or empty
      const dictItems = f.dictCode ? dicts[f.dictCode] || [] : [];
      const enumOpts = dictItems.length
        ? // a dictionary value shows its English label in English (内部人员 → Internal staff), the page texts
          // being the fallback for an entry without one
          toValueEnum(dictItems.map((d) => ({ ...d, dictValue: tt(dictLabel(d, intl.locale)) })))
        : f.options
          ? Object.fromEntries(f.options.map((o) => [String(o.value), { text: typeof o.label === 'string' ? tt(o.label) : o.label }]))
          : f.dictCode
            ? {}
            : undefined;
      const col: ProColumns<T> = {
        title: tt(f.title),
        dataIndex: f.dataIndex,
        width: columnWidth(f, tt(f.title), !!enumOpts),
        // CSS ellipsis in the cell; antd's measured Typography ellipsis forces a layout per
        // cell (about 100 ms for a page of ten users on this machine)
        ellipsis: (f.ellipsis ?? true) ? { showTitle: false } : false,
        fixed: f.fixed,
        hideInTable: f.hideInTable,
        hideInSearch: !f.search,
        valueEnum: enumOpts as any,
        valueType:
          f.type === 'dateRange'
            ? 'dateRange'
            : f.type === 'dateTime'
              ? 'dateTime'
              : f.type === 'date'
                ? 'date'
                : enumOpts
                  ? 'select'
                  : 'text',
        fieldProps: enumOpts ? { showSearch: true } : undefined,
      };
      if (f.type === 'dateRange' || f.search === 'daterange') {
        // the table shows the raw string; the search form a range picker
        col.valueType = 'dateRange';
        col.render = (_: any, r: any) => r[f.dataIndex] || '-';
        col.search = { transform: (v: any) => ({ [f.dataIndex]: v }) } as any;
        // short placeholders: the default 请选择 is cut to 请… in a search column
        col.fieldProps = { placeholder: [tt('开始日期'), tt('结束日期')], ...rangeRule(f.range, tt) };
      }
      if ((f.ellipsis ?? true) && !enumOpts && !f.render && f.type !== 'upload') {
        // the native tooltip shows the whole text of a clipped plain cell
        col.onCell = (r: any) => {
          const v = r[f.dataIndex];
          return (typeof v === 'string' || typeof v === 'number' ? { title: String(v) } : {}) as any;
        };
      }
      if (f.type === 'upload') col.render = (_: any, r: any) => <FileCell value={r[f.dataIndex]} />;
      if (f.render) col.render = (_: any, r: any) => f.render!(r[f.dataIndex], r);
      cols.push(col);
    });
    const showView = viewBtn && allow('view');
    const showEdit = editBtn && !!api.submit && allow('edit');
    const showDel = delBtn && !!api.remove && allow('delete');
    const showChild = tree && addBtn && !!api.submit && allow('add');
    if (showView || showEdit || showDel || showChild || rowActions) {
      const given = actionWidth || 24 + 66 * ([showView, showEdit, showDel, showChild].filter(Boolean).length + (rowActions ? 1 : 0));
      cols.push({
        title: t('crud.option'),
        valueType: 'option',
        fixed: 'right',
        width: Math.max(given, opsWidth),
        render: (_: any, record: T) => (
          <span className="aq-crud-ops">
            {[
              showView && (
                <a key="view" onClick={() => (onView ? onView(record) : openDialog('view', record))}>
                  <EyeOutlined /> {t('crud.view')}
                </a>
              ),
              showEdit && (!rowEditable || rowEditable(record)) && (
                <a key="edit" onClick={() => openDialog('edit', record)}>
                  <EditOutlined /> {t('crud.edit')}
                </a>
              ),
              showDel && (!rowDeletable || rowDeletable(record)) && (
                <a key="del" style={{ color: '#ff4d4f' }} onClick={() => remove([String(record[rowKey])])}>
                  <DeleteOutlined /> {t('crud.delete')}
                </a>
              ),
              showChild && (
                <a key="child" onClick={() => openDialog('add', undefined, { parentId: record[rowKey] })}>
                  <PlusOutlined /> {addChildText ? tt(addChildText) : t('crud.addChild')}
                </a>
              ),
              ...(rowActions ? rowActions(record, reload) : []),
            ].filter(Boolean)}
          </span>
        ),
      });
    }
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the columns are rebuilt when their inputs change (fields, dictionaries, access rules, locale); the handlers they close over are recreated every render and would defeat the memo
  }, [fields, dicts, access, tree, rowActions, rowEditable, rowDeletable, intl.locale, opsWidth]);

  const scrollX = useMemo(
    () => 48 + columns.reduce((n, c) => n + (c.hideInTable ? 0 : typeof c.width === 'number' ? c.width : 120), 0),
    [columns],
  );

  const toolbar = [
    addBtn && api.submit && allow('add') && (
      <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => openDialog('add')}>
        {t('crud.add')}
      </Button>
    ),
    delBtn && api.remove && allow('delete') && (
      <Button key="batch" danger icon={<DeleteOutlined />} onClick={batchRemove}>
        {t('crud.delete')}
      </Button>
    ),
    exportBtn && api.exportUrl && allow('export') && (
      <Button key="export" icon={<DownloadOutlined />} onClick={() => exportFile(api.exportUrl!, lastQuery, exportName || `${title}.xlsx`)}>
        {t('crud.export')}
      </Button>
    ),
    ...(toolbarExtra ? toolbarExtra(selected, reload) : []),
  ].filter(Boolean) as React.ReactNode[];

  const mode = dialog?.mode;
  const shownTitle = tt(title);
  const modalTitle = phrase(intl.locale, t(mode === 'add' ? 'crud.add' : mode === 'edit' ? 'crud.edit' : 'crud.view'), shownTitle);
  const formFields = fields.filter(
    (f) => f.form !== false && !(mode !== 'add' && f.form && f.form.addOnly) && !(mode === 'view' && f.form && f.form.hideInView),
  );

  return (
    <div className="aq-crud" ref={rootRef}>
      <ProTable<T>
        rowKey={rowKey}
        actionRef={actionRef}
        columns={columns}
        params={params}
        headerTitle={
          toolbar.length ? (
            <Space wrap size={8}>
              {toolbar}
            </Space>
          ) : (
            shownTitle
          )
        }
        cardBordered
        search={{
          labelWidth: 120,
          span: { xs: 24, sm: 24, md: 12, lg: 12, xl: 8, xxl: 6 },
          defaultCollapsed: false,
          searchText: t('crud.search'),
          resetText: t('crud.reset'),
        }}
        options={{ density: true, fullScreen: true, reload: true, setting: true }}
        dateFormatter="string"
        // the sum of the column widths (and the check boxes): wider than the card, the table
        // scrolls inside itself; narrower, the columns share the room, and the fixed columns
        // never cover another
        scroll={{ x: scrollX }}
        pagination={
          tree ? false : { defaultPageSize: 10, showSizeChanger: true, showQuickJumper: true, pageSizeOptions: [10, 20, 30, 40, 50, 100] }
        }
        expandable={tree ? { defaultExpandAllRows: false } : undefined}
        rowSelection={{ onChange: (_: any, rows: T[]) => setSelected(rows) }}
        tableAlertOptionRender={({ onCleanSelected }) => <a onClick={onCleanSelected}>{t('crud.clearSelection')}</a>}
        toolBarRender={() => []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} /> }}
        // the rows are drawn in the frame after the load: measure the 操作 links then
        onLoad={() => requestAnimationFrame(fitOps)}
        request={async (p) => {
          const q = buildQuery(p, fields, params);
          if (newestFirst && !q.descs && !q.ascs) q.descs = newestFirst;
          if (tree) {
            delete q.current;
            delete q.size;
          }
          setLastQuery(q);
          try {
            const res = await api.list(q);
            const { data, total } = readPage<T>(res);
            return { data, total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
      />
      <ModalForm
        key={dialog ? `${dialog.mode}-${dialog.record ? dialog.record[rowKey] : 'new'}` : 'closed'}
        title={modalTitle}
        open={!!dialog}
        width={dialogWidth}
        formRef={formRef}
        readonly={mode === 'view'}
        requiredMark={mode !== 'view'}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        labelWrap
        dateFormatter="string"
        initialValues={{ ...(dialog?.defaults || {}), ...(dialog?.record || {}) }}
        modalProps={{
          destroyOnHidden: true,
          maskClosable: false,
          onCancel: () => setDialog(null),
          centered: false,
          styles: { body: { paddingTop: 16 } },
        }}
        submitter={
          mode === 'view'
            ? {
                render: () => [
                  <Button key="close" onClick={() => setDialog(null)}>
                    {t('crud.close')}
                  </Button>,
                ],
              }
            : { searchConfig: { submitText: t(mode === 'add' ? 'crud.save' : 'crud.update'), resetText: t('crud.cancel') } }
        }
        // a refused save names the fields (the form itself scrolls to the first one, app.tsx)
        onFinishFailed={({ errorFields }) => {
          const names = errorFields.map((e) => {
            const f = fields.find((x) => x.dataIndex === String(e.name[0]));
            return f ? tt(f.title) : String(e.name[0]);
          });
          message.error({ content: `${t('crud.invalid')}: ${Array.from(new Set(names)).join(', ')}`, key: 'crud-invalid' });
        }}
        onFinish={async (values) => {
          let row: any = { ...(dialog?.record || {}), ...(dialog?.defaults || {}), ...values };
          if (mode === 'edit' && dialog?.record) row[rowKey] = dialog.record[rowKey];
          if (beforeSubmit) row = beforeSubmit(row, mode!, dialog?.record);
          if (mode === 'edit' && api.update) await api.update(row);
          else await api.submit!(row);
          message.success(t('crud.success'));
          setDialog(null);
          reload();
          return true;
        }}
      >
        <Row gutter={16} style={{ width: '100%' }}>
          {formFields.map((f) => (
            <Col
              key={f.dataIndex}
              span={(f.form && f.form.span) || (f.type === 'textarea' || (f.form && f.form.type === 'textarea') ? 24 : 12)}
            >
              <FormField
                f={f}
                mode={mode || 'add'}
                dictOptions={
                  f.dictCode && (dicts[f.dictCode] || []).length
                    ? dicts[f.dictCode].map((d) => ({ label: tt(dictLabel(d, intl.locale)), value: dictValue(d.dictKey) }))
                    : undefined
                }
              />
            </Col>
          ))}
        </Row>
      </ModalForm>
    </div>
  );
}

const CrudPage = React.forwardRef(CrudPageInner) as <T extends Record<string, any>>(
  p: CrudPageProps<T> & { ref?: React.Ref<CrudPageHandle> },
) => React.ReactElement;

export default CrudPage;
