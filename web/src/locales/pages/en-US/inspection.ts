/** English texts of the inspection statistics page (issue 18). */
export default {
  巡检统计: 'Inspection statistics',
  统计方式: 'Group by',
  按班组: 'By team',
  按人员: 'By person',
  班组: 'Team',
  应检点数: 'Points due',
  已检点数: 'Inspected',
  按时完成: 'On time',
  超期已检: 'Late',
  漏检已补: 'Made up',
  漏检: 'Missed',
  覆盖率: 'Coverage',
  及时率: 'Timeliness',
  统计区间: 'Range',
  补检: 'Make up',
};
