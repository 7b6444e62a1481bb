import type React from 'react';
import type { Rule } from 'antd/es/form';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'digit'
  | 'select'
  | 'treeSelect'
  | 'radio'
  | 'switch'
  | 'date'
  | 'dateTime'
  | 'dateRange'
  | 'upload'
  | 'image';

export interface Option {
  label: React.ReactNode;
  value: any;
}

export interface CrudField {
  title: string;
  dataIndex: string;
  /** shown in the search form: true = contains (bare name), or an operator suffix ('equal', 'like', ...) */
  search?: boolean | string;
  /** enum from a dictionary served by blade-system (dictKey → dictValue) */
  dictCode?: string;
  /** static enum */
  options?: Option[];
  type?: FieldType;
  hideInTable?: boolean;
  width?: number;
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  render?: (value: any, record: any) => React.ReactNode;
  /**
   * A search date range's picker (spec 5): 'whole' at most about a month, never after today,
   * with the shortcuts 今天 … 1年; 'week' within 7 days of the first pick, never in the future.
   */
  range?: 'whole' | 'week';
  /** false hides it in the dialog */
  form?:
    | false
    | {
        /** or a function of the other values (e.g. a path only for menus, not buttons) */
        required?: boolean | ((get: (name: string) => any) => boolean);
        rules?: Rule[];
        /** 24 = full row; default 12 */
        span?: number;
        /** only when adding (e.g. password) */
        addOnly?: boolean;
        /** read-only when editing */
        disabledOnEdit?: boolean;
        hideInView?: boolean;
        /** in the view dialog show this (name) field instead, e.g. roleName for roleId */
        viewAs?: string;
        type?: FieldType;
        placeholder?: string;
        /** options or tree data loader for select / treeSelect */
        request?: () => Promise<any[]>;
        fieldProps?: Record<string, any>;
        initialValue?: any;
        tooltip?: string;
        multiple?: boolean;
        /** an end date: may not be before this (start) field, with the spec's date messages */
        after?: string;
        /**
         * A form item the types above cannot express (e.g. a list of rows): given the item's
         * name, label, rules and placeholder as the other types get them, and the dialog's mode.
         */
        custom?: (
          common: { name: string; label: string; rules: Rule[]; disabled?: boolean; placeholder?: string },
          mode: 'add' | 'edit' | 'view',
        ) => React.ReactNode;
      };
}

export interface Page<T = any> {
  records: T[];
  total: number;
}
