import React, { useEffect, useState } from 'react';
import { Select, Tag } from 'antd';
import type { SelectProps } from 'antd';
import { listGuardians, listOperators, listUsers, otherTicketNos, type Person } from '@/services/workticket';
import { useText } from '@/utils/i18nText';

/** Loads a list once per mount (and again when `key` changes); failures leave it empty. */
export function useList<T>(load: () => Promise<T[]>, key: string = ''): [T[], boolean] {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((r) => live && setRows(r || []))
      .catch(() => live && setRows([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key names what load fetches; load is the caller's inline function
  }, [key]);
  return [rows, loading];
}

const byText: SelectProps['filterOption'] = (input, opt) =>
  String((opt as any)?.search || '')
    .toLowerCase()
    .includes(input.toLowerCase());

type PickerProps = Omit<SelectProps, 'options' | 'mode'> & { multiple?: boolean };

/**
 * A person select. With `certKind` every option shows the person's valid certificates and
 * whether one of that kind is among them; the server still decides (it refuses an operator
 * without a valid certificate with its own message).
 */
export function PersonSelect({
  source,
  certKind,
  workType,
  multiple,
  ...rest
}: PickerProps & { source: 'operators' | 'guardians' | 'users'; certKind?: string; workType?: string }) {
  const tt = useText();
  const [people, loading] = useList<Person>(
    () => (source === 'operators' ? listOperators(certKind) : source === 'guardians' ? listGuardians(workType || '') : listUsers()),
    `${source}:${certKind || ''}:${workType || ''}`,
  );
  const options = people.map((p) => ({
    value: p.id,
    search: `${p.name} ${p.hint || ''}`,
    label: (
      <span>
        {p.name}
        {p.hint ? <span style={{ color: '#999', marginLeft: 6, fontSize: 12 }}>{p.hint}</span> : null}
        {p.qualified === false ? (
          <Tag color="red" style={{ marginLeft: 6 }}>
            {tt('无有效证书')}
          </Tag>
        ) : null}
      </span>
    ),
  }));
  return (
    <Select
      showSearch
      allowClear
      loading={loading}
      mode={multiple ? 'multiple' : undefined}
      filterOption={byText}
      options={options}
      placeholder={tt('请选择')}
      notFoundContent={loading ? undefined : tt('暂无数据')}
      {...rest}
    />
  );
}

/** Other permits' numbers (fireWork/getOtherWorkTicketNos), searched as the user types; value = ticket numbers. */
export function TicketNoSelect({ excludeId, ...rest }: Omit<SelectProps, 'options' | 'mode'> & { excludeId?: string }) {
  const tt = useText();
  const [q, setQ] = useState('');
  const [rows, loading] = useList(
    () => otherTicketNos({ current: 1, size: 50, ticketNo: q || undefined, excludeId }).then((p) => p?.records || []),
    `${q}:${excludeId || ''}`,
  );
  return (
    <Select
      mode="multiple"
      showSearch
      allowClear
      loading={loading}
      filterOption={false}
      onSearch={setQ}
      placeholder={tt('输入编号搜索')}
      options={rows.map((r) => ({ value: r.ticketNo, label: `${r.ticketNo} ${r.workTypeName || ''} ${r.content || ''}`.trim() }))}
      {...rest}
    />
  );
}
