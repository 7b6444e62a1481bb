import React from 'react';
import { Button } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { DIAGNOSIS_RESULTS, DIAGNOSIS_STATES, diagnosisStep, healthDiagnosisApi } from '@/services/health';
import { getDictionary } from '@/services/system';
import ActionModal, { type ActionField } from '@/pages/emergency/components/ActionModal';
import { Tx } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '姓名', dataIndex: 'userName', search: true, form: false },
  { title: '状态', dataIndex: 'state', search: 'equal', options: DIAGNOSIS_STATES, form: false },
  { title: '诊断机构', dataIndex: 'institution', form: false },
  { title: '诊断结论', dataIndex: 'result', options: DIAGNOSIS_RESULTS, form: false },
  { title: '职业病分类', dataIndex: 'diseaseCategory', dictCode: 'occupational_disease_category', form: false },
  { title: '说明', dataIndex: 'note', form: false },
  { title: '开启时间', dataIndex: 'createTime', form: false },
  { title: '完成时间', dataIndex: 'doneAt', form: false },
];

/** Diagnosis tasks opened by a suspected occupational disease, tracked 待安排 -> 诊断中 -> 已完成. */
export default function HealthDiagnosisPage() {
  const access = useAccess();
  const [act, setAct] = React.useState<{ step: 'arrange' | 'complete'; rec: any; reload: () => void }>();
  const [categories, setCategories] = React.useState<{ label: string; value: any }[]>([]);
  React.useEffect(() => {
    getDictionary('occupational_disease_category').then((d: any[]) =>
      setCategories(d.map((x) => ({ label: x.dictValue, value: Number(x.dictKey) }))),
    );
  }, []);
  const handle = access.can('health_diagnosis_handle');
  const stepFields: Record<string, ActionField[]> = {
    arrange: [{ name: 'institution', label: '诊断机构', required: true }],
    complete: [
      { name: 'result', label: '诊断结论', type: 'select', options: DIAGNOSIS_RESULTS, required: true },
      { name: 'diseaseCategory', label: '职业病分类', type: 'select', options: categories },
      { name: 'note', label: '说明', type: 'textarea' },
    ],
  };
  return (
    <>
      <CrudPage
        title="职业病诊断"
        fields={fields}
        api={healthDiagnosisApi}
        permissionPrefix="health_diagnosis"
        addBtn={false}
        editBtn={false}
        delBtn={false}
        exportBtn={false}
        rowActions={(r: any, reload) =>
          !handle || r.state === 2
            ? []
            : [
                <Button
                  key="step"
                  type="link"
                  size="small"
                  onClick={() => setAct({ step: r.state === 0 ? 'arrange' : 'complete', rec: r, reload })}
                >
                  <Tx>{r.state === 0 ? '安排诊断' : '完成诊断'}</Tx>
                </Button>,
              ]
        }
      />
      {act ? (
        <ActionModal
          title={act.step === 'arrange' ? '安排诊断' : '完成诊断'}
          fields={stepFields[act.step]}
          onSubmit={(v) => diagnosisStep(act.step, { ...v, id: act.rec.id }).then(act.reload)}
          onClose={() => setAct(undefined)}
        />
      ) : null}
    </>
  );
}
