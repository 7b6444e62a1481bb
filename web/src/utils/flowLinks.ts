/**
 * Where a process instance's business record is shown, by the process key the owning
 * service starts it with (workticket: "workticket:<type>:<level>", hidden dangers: "hazard").
 * Unknown keys have no link; the history drawer still shows the approval.
 */
export function businessLink(modelKey?: string, businessId?: string | number): string {
  if (!modelKey || !businessId) return '';
  const [biz, type] = modelKey.split(':');
  const id = encodeURIComponent(String(businessId));
  if (biz === 'workticket' && type) {
    if (type === 'ordinary') return `/businessProcess/jobOrdinary/view?id=${id}`;
    return `/businessProcess/jobManagement/newJobManagement/${type}/view?id=${id}`;
  }
  if (biz === 'hazard') return `/hiddenDanger/index?id=${id}`;
  return '';
}
